"""Bad input at the command line ends in a clean refusal: exit status 2, one line on standard
error naming the input and what is wrong, no traceback, nothing changed. The cases are the
ones a new user, a pit supervisor and a hostile record brought; a property-based test then
drives the command line and the record reader with generated input."""

from __future__ import annotations

import contextlib
import json
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from journal_support import demo_journal

from kiosk.cli import main
from models.errors import GameError
from models.record import loads, settle_record
from tests.conftest import ROOT

RECORD = json.loads((ROOT / "docs" / "examples" / "round.json").read_text())


@pytest.fixture(scope="module")
def journal(tmp_path_factory):
    return demo_journal(tmp_path_factory.mktemp("refusals") / "journal.sqlite", 3)


def refused(capsys, *argv: str) -> str:
    """Run the command line in this process; the one line it refused with."""
    try:
        status = main(list(argv))
    except SystemExit as exit_:  # argparse's refusals
        status = exit_.code
    out = capsys.readouterr()
    assert status == 2, (argv, out.err)
    assert "Traceback" not in out.err
    assert out.err.count("\n") == 1 and out.err.endswith("\n"), out.err
    return out.err


def record_file(tmp_path, change=None, text: str | None = None):
    path = tmp_path / "record.json"
    record = json.loads(json.dumps(RECORD))
    if change:
        change(record)
    path.write_text(text if text is not None else json.dumps(record))
    return str(path)


def name_player(name):
    def change(record):
        record["seats"]["1"] = name
        for bet in record["bets"]:
            if bet["player"] == "anna":
                bet["player"] = name
    return change


def stake(amount):
    def change(record):
        record["bets"][0]["amount"] = amount
    return change


def test_bad_numbers_are_refused_naming_the_option(capsys, journal):
    db = str(journal)
    assert "--round: '11111111111111111111'... (25 characters) is out of range" in \
        refused(capsys, "replay", "--db", db, "--round", "1" * 25)
    assert "--round" in refused(capsys, "export", "--db", db, "--round", "-3")
    assert "--rounds: '0' is out of range" in refused(capsys, "start", "--rounds", "0")
    assert "--rounds" in refused(capsys, "demo", "--headless", "--rounds", "1e9")
    assert "--seed" in refused(capsys, "demo", "--headless", "--seed", "x")
    assert "--rounds: 0 is out of range" in refused(capsys, "analyse", "--rules", "bayern",
                                                    "--rounds", "0")
    assert "--keep-daily" in refused(capsys, "backup", "--db", db, "--into", ".",
                                     "--keep-daily", "0")
    assert "--currency" in refused(capsys, "report", "--db", db, "--currency", "euro")
    assert "--table: table name '=x' starts with '='" in refused(
        capsys, "demo", "--headless", "--table", "=x", "--db", db)
    assert "control character" in refused(capsys, "import", "--db", db, "--table", "a\nb",
                                           "docs/examples/round.json")


def test_missing_and_wrong_files_and_folders_are_refused_by_name(capsys, journal, tmp_path):
    db = str(journal)
    before = journal.read_bytes()
    missing = tmp_path / "no" / "round.json"
    assert str(missing) in refused(capsys, "export", "--db", db, "--round", "1", "--out",
                                   str(missing))
    assert "out.txt" in refused(capsys, "analyse", "--rules", "bayern", "--rounds", "10",
                                "--chart", "out.txt")
    assert str(tmp_path) in refused(capsys, "verify", "--db", str(tmp_path))
    assert str(tmp_path) in refused(capsys, "settle", str(tmp_path))
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    assert "is empty, not a journal" in refused(capsys, "verify", "--db", str(empty))
    assert empty.read_bytes() == b""
    assert "backup" not in refused(capsys, "backup", "--db", db, "--to", str(missing))
    assert journal.read_bytes() == before
    assert not missing.parent.exists()


@pytest.mark.parametrize("change, text, says", [
    (stake("1e308"), None, "beyond any table's limits"),
    (stake("1" * 30), None, "beyond any table's limits"),
    (stake(10**30), None, "beyond any table's limits"),
    (stake("NaN"), None, "not a number"),
    (name_player("an\nna"), None, "control character"),
    (name_player("anna\x00"), None, "control character"),
    (name_player("=HYPERLINK(\"x\")"), None, "formula"),
    (name_player("@SUM(A1)"), None, "formula"),
    (None, "[" * 100_000 + "]" * 100_000, "nested deeper"),
    (None, '{"a": ' * 50_000 + "1" + "}" * 50_000, "nested deeper"),
    (None, json.dumps(RECORD).replace('"amount": "100"', '"amount": "100", "amount": "500"'),
     "key 'amount' is given twice"),
    (None, '{"format": NaN}', "not a readable record"),
    (None, "9" * 5000, "not a readable record"),
])
def test_hostile_records_are_refused(capsys, tmp_path, change, text, says):
    path = record_file(tmp_path, change, text)
    assert says in refused(capsys, "settle", path)
    journal = tmp_path / "imports.sqlite"
    assert says in refused(capsys, "import", "--db", str(journal), path)
    assert not journal.exists() or b"anna" not in journal.read_bytes()


def test_the_csv_report_neutralises_formula_like_cells(capsys, tmp_path):
    from kiosk.commands._common import spreadsheet_safe
    assert spreadsheet_safe("=cmd()") == "'=cmd()"
    assert spreadsheet_safe("-50") == "-50"  # an amount stays a number
    assert spreadsheet_safe("@x") == "'@x"
    db = demo_journal(tmp_path / "j.sqlite", 2)
    assert main(["report", "--db", str(db), "--format", "csv"]) == 0
    header, first = capsys.readouterr().out.splitlines()[:2]
    assert header.split(",")[3] == "currency" and first.split(",")[3] == "EUR"


def test_shoe_monitor_fails_when_the_port_never_opens(capsys, tmp_path):
    port = str(tmp_path / "no-shoe")
    assert port in refused(capsys, "shoe-monitor", "--port", port, "--seconds", "0.5")


# -- generated input -------------------------------------------------------------------------

WORDS = st.sampled_from(["--db", "--round", "--rounds", "--out", "--format", "--from", "--to",
                         "--seed", "--table", "--currency", "text", "json", "csv", "-", "1",
                         "0", "-1", "1e308", "9" * 25, "", "\x00", "=1+1", "\n", "nan",
                         "2024-13-45", "/nonexistent/x", "."])
ARGS = st.lists(st.one_of(WORDS, st.text(string.printable, max_size=12),
                          st.integers(min_value=-10**30, max_value=10**30).map(str)),
                max_size=6)
REVIEW = st.sampled_from(["rounds", "verify", "replay", "export", "report", "settle",
                          "backup", "import"])


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=REVIEW, args=ARGS)
def test_generated_command_lines_end_cleanly(capsys, journal, tmp_path, command, args):
    args = [a.replace("JOURNAL", str(journal)) for a in args]
    if command == "backup":
        args = [a for a in args if a not in ("--to", "--into")]  # nothing written
    if command == "import":
        args = ["--db", str(tmp_path / "scratch.sqlite")] + args
    if command in ("rounds", "verify", "replay", "export", "report") and "--db" not in args:
        args = ["--db", str(journal)] + args
    if "--out" in args:
        args = args[:args.index("--out")]  # export writes nothing during the property test
    try:
        status = main([command, *args])
    except SystemExit as exit_:
        status = exit_.code
    out = capsys.readouterr()
    assert status in (0, 2), (command, args, out.err)
    assert "Traceback" not in out.err and "internal error" not in out.err
    if status == 2:
        assert out.err.count("\n") == 1, out.err


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10**40, max_value=10**40)
    | st.text(max_size=8) | st.sampled_from(["10", "1e308", "=x", "an\nna", "AS", "stand"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=12)
PATHS = st.sampled_from([("bets", 0, "amount"), ("bets", 0, "player"), ("bets", 1, "box"),
                         ("seats", "1"), ("limits", "min"), ("limits", "max"), ("play", 0),
                         ("play", 5), ("rules",), ("format",), ("bets",), ("play",),
                         ("seats",), ("bets", 2, "side")])


@settings(max_examples=300, deadline=None)
@given(path=PATHS, value=JSON_VALUES)
def test_the_record_reader_refuses_generated_records_with_a_game_error(path, value):
    record = json.loads(json.dumps(RECORD))
    target = record
    try:
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    except (KeyError, IndexError, TypeError):
        return
    with contextlib.suppress(GameError):  # a refusal is a GameError; nothing else escapes
        settle_record(loads(json.dumps(record)))
