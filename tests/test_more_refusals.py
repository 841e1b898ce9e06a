"""Refusals beyond the common ones: a record holding an integer too long to read, a table
name a spreadsheet would run, a report window that ends before it starts, and a reader that
goes away in the middle of a listing (quietly, exit 0)."""

from __future__ import annotations

import io
import json

import pytest
from journal_support import demo_journal

from kiosk.cli import main
from tests.conftest import ROOT

RECORD = (ROOT / "docs" / "examples" / "round.json").read_text()


@pytest.fixture(scope="module")
def journal(tmp_path_factory):
    return demo_journal(tmp_path_factory.mktemp("more") / "journal.sqlite", 2)


def refusal(capsys, *argv: str) -> str:
    try:
        status = main(list(argv))
    except SystemExit as exit_:  # argparse's refusals
        status = exit_.code
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_an_integer_too_long_to_read_is_refused_by_the_record_reader(capsys, tmp_path):
    record = json.loads(RECORD)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record).replace('"rules": "bayern"',
                                               '"rules": ' + "9" * 5000))
    assert refusal(capsys, "settle", str(path)).startswith("record: not a readable record")
    db = tmp_path / "j.sqlite"
    assert "not a readable record" in refusal(capsys, "import", "--db", str(db), str(path))
    assert not db.exists()


@pytest.mark.parametrize("name, says", [("=HYPERLINK(1)", "may not begin with ="),
                                        ("t\nable", "control character"),
                                        ("@x", "may not begin with @")])
def test_a_table_name_is_held_to_a_players_rules(capsys, tmp_path, name, says):
    db = str(tmp_path / "j.sqlite")
    assert says in refusal(capsys, "demo", "--headless", "--db", db, "--table", name)
    assert says in refusal(capsys, "import", "--db", db, "--table", name,
                           str(ROOT / "docs" / "examples" / "round.json"))
    assert not (tmp_path / "j.sqlite").exists()


def test_a_report_window_that_ends_before_it_starts_is_refused(capsys, journal):
    assert "--to 2024-01-01 is not after --from 2025-01-01" in refusal(
        capsys, "report", "--db", str(journal), "--from", "2025-01-01", "--to", "2024-01-01")


def test_a_reader_that_goes_away_ends_the_listing_quietly(monkeypatch, tmp_path, journal):
    class GoneAway(io.StringIO):
        """A pipe whose reader closed it (`rounds | head -1`)."""

        def __init__(self, fd: int) -> None:
            super().__init__()
            self.fd = fd

        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self) -> int:
            return self.fd

    with open(tmp_path / "stdout", "w") as sink:
        monkeypatch.setattr("sys.stdout", GoneAway(sink.fileno()))
        err = io.StringIO()
        monkeypatch.setattr("sys.stderr", err)
        assert main(["rounds", "--db", str(journal)]) == 0
    assert err.getvalue() == ""
