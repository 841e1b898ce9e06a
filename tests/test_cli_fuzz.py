"""Property tests: generated command lines and round records end in a clean result or a clean
refusal (exit status 2, one line), never a traceback, and a refused command changes nothing."""

from __future__ import annotations

import copy
import io
import json
import os
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk.cli import main
from models.errors import GameError
from models.record import loads, settle_record

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = json.loads((ROOT / "docs" / "examples" / "round.json").read_text())
# FUZZ_EXAMPLES=2000 FUZZ_RANDOM=1 for a long hunt by hand; CI runs the fixed, quick set
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 120)),
                derandomize=os.environ.get("FUZZ_RANDOM") is None, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

# values a hostile or careless hand types
texts = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", "-1", "0", "1", "3", "1e308", "9" * 30, "NaN", "inf", "-0", "1.5",
                     "=SUM(A1)", "anna\nbert", "a\x00b", "../../etc/passwd", "/nonexistent/x",
                     "2024-05-01", "2024-13-45T99:99", "☃", " ", "--help"]),
)
numbers = st.one_of(st.integers(min_value=-10**30, max_value=10**30), st.floats(),
                    st.sampled_from(["1e308", "9" * 30, "-5", "0.001", "10", 10]))

# the commands whose every run is quick: review, records, configuration
COMMANDS = {
    "rounds": ["--format"],
    "verify": [],
    "replay": ["--round"],
    "export": ["--round", "--out"],
    "report": ["--from", "--to", "--format"],
    "backup": ["--to", "--into", "--keep-daily", "--keep-monthly"],
    "settle": [],
    "config": [],
}


@pytest.fixture(scope="module")
def journal(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "journal.sqlite"
    assert main(["demo", "--headless", "--rounds", "3", "--db", str(path)]) == 0
    return path


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse: --help (0) or a refused argument (2)
            code = exc.code
    return code, out.getvalue(), err.getvalue()


@st.composite
def command_lines(draw, journal: Path, scratch: Path):
    name = draw(st.sampled_from(sorted(COMMANDS)))
    argv = [name]
    if name == "config":
        argv += ["check", draw(st.sampled_from([str(journal), str(scratch / "none.toml"),
                                               str(ROOT / "docs" / "config.example.toml")]))]
    elif name == "settle":
        argv.append(draw(st.sampled_from([str(journal), str(scratch / "none.json"),
                                          str(ROOT / "docs" / "examples" / "round.json")])))
    else:
        argv += ["--db", draw(st.sampled_from([str(journal), str(scratch / "none.sqlite"),
                                              str(scratch)]))]
    for option in draw(st.lists(st.sampled_from(COMMANDS[name] or ["--x"]), max_size=3)):
        value = draw(st.one_of(texts, numbers.map(str)))
        if option in ("--out", "--to", "--into") and draw(st.booleans()):
            value = str(scratch / "out" / value.replace("/", "_").replace("\x00", "")[:20])
        argv += [option, value]
    return argv


def tree(folder: Path) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


@FUZZ
@given(data=st.data())
def test_generated_command_lines_end_cleanly_and_a_refusal_changes_nothing(journal, tmp_path,
                                                                        monkeypatch, data):
    scratch = tmp_path / "scratch"
    shutil.rmtree(scratch, ignore_errors=True)
    (scratch / "out").mkdir(parents=True)
    monkeypatch.chdir(scratch)  # a relative path the fuzzer makes up lands here, and is seen
    argv = data.draw(command_lines(journal, scratch))
    before = journal.read_bytes()
    code, out, err = run(argv)
    assert code in (0, 2), (argv, code, err)
    assert "Traceback" not in err, (argv, err)
    assert journal.read_bytes() == before  # review never writes the journal
    if code == 2 and argv[-1] != "--help":
        assert err.strip() and err.count("\n") == 1, (argv, err)
        assert tree(scratch) == {}, (argv, tree(scratch))  # nothing written by a refusal


def test_the_fuzzing_leaves_the_checkout_as_it_was():
    """Whatever the generated command lines wrote went to their scratch folders."""
    tracked = {p for p in ROOT.iterdir() if p.is_file()}
    # (.git is a file, not a folder, in a worktree of the repository)
    assert {p.name for p in tracked} <= {".git", ".gitignore", "README.md", "pyproject.toml"}


# -- records -------------------------------------------------------------------------------

def mutate(record: dict, draw) -> dict:
    rec = copy.deepcopy(record)
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.sampled_from(["bets", "play", "limits", "seats", "top"]))
        value = draw(st.one_of(texts, numbers, st.none(), st.booleans(),
                               st.lists(st.integers(), max_size=3),
                               st.dictionaries(st.text(max_size=5), st.integers(), max_size=2)))
        bets = [b for b in rec.get("bets") or [] if isinstance(b, dict)] \
            if isinstance(rec.get("bets"), list) else []
        plays = [e for e in rec.get("play") or [] if isinstance(e, dict)] \
            if isinstance(rec.get("play"), list) else []
        if where == "bets" and bets:
            bet = draw(st.sampled_from(bets))
            bet[draw(st.sampled_from(["player", "box", "amount", "side", "x"]))] = value
        elif where == "play" and plays:
            entry = draw(st.sampled_from(plays))
            if isinstance(entry, dict):
                entry[draw(st.sampled_from(["do", "box", "hand", "card", "follow", "player"]))] \
                    = value
        elif where == "limits":
            rec["limits"] = {"min": value, "max": draw(numbers)} if draw(st.booleans()) \
                else value
        elif where == "seats":
            rec["seats"] = {str(draw(st.integers(-2, 9))): value}
        else:
            rec[draw(st.sampled_from(["rules", "format", "bets", "play", "extra"]))] = value
    return rec


def as_json(value) -> str:
    return json.dumps(value, default=str, allow_nan=True)


@FUZZ
@given(data=st.data())
def test_generated_records_settle_or_are_refused_with_a_reason(data):
    rec = mutate(EXAMPLE, data.draw)
    text = as_json(rec)
    if data.draw(st.booleans()):  # and the text itself: a key said twice, a cut, nesting
        trick = data.draw(st.sampled_from(["dup", "cut", "deep", "none"]))
        if trick == "dup":
            text = text.replace('"bets"', '"bets": [], "bets"', 1)
        elif trick == "cut":
            text = text[:data.draw(st.integers(0, len(text)))]
        elif trick == "deep":
            text = "[" * 50_000 + "]" * 50_000
    try:
        settle_record(loads(text))
    except GameError as exc:
        assert str(exc).strip() and "\n" not in str(exc)
