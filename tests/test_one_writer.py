"""One writer per journal: a second table on a journal in use is refused at once, naming the
journal and the process that holds it, and the first runs on; a simulated table (the mock shoe)
never writes into a journal that holds live rounds unless told to, and marks its sessions."""

from __future__ import annotations

import json
import os
import sqlite3

import pytest
from table_support import play_short_rounds

from kiosk.journal.errors import JournalLocked
from kiosk.journal.verify import verify_journal
from kiosk.table.service import TableService


def sessions(path) -> list[dict]:
    conn = sqlite3.connect(path)
    try:
        return [json.loads(d) for (d,) in conn.execute(
            "SELECT data FROM events WHERE kind = 'session_open' ORDER BY seq")]
    finally:
        conn.close()


def test_a_second_table_is_refused_at_once_and_the_first_runs_on(tmp_path, cli):
    path = tmp_path / "journal.sqlite"
    first = TableService.open(path)
    play_short_rounds(first)
    for args in (["demo", "--headless", "--rounds", "1"], ["start", "--rounds", "1"],
                 ["demo", "--headless", "--rounds", "1", "--allow-live"]):
        done = cli(*args, "--db", str(path))
        assert done.returncode == 2
        assert done.stderr == (f"{path}: in use by another table (process {os.getpid()} holds "
                               f"{path}.lock); one table writes a journal at a time, nothing "
                               "was changed\n")
    with pytest.raises(JournalLocked, match="in use by another table"):
        TableService.open(path)
    play_short_rounds(first)  # undisturbed
    assert verify_journal(first.writer.db).rounds_settled == 2
    first.close()
    again = TableService.open(path)  # the lock goes with the table that held it
    again.close()


def test_a_demo_never_writes_into_a_live_journal_unless_told_and_marks_its_sessions(
        tmp_path, cli):
    path = tmp_path / "journal.sqlite"
    live = TableService.open(path)
    play_short_rounds(live)
    live.close()
    refused = cli("demo", "--headless", "--rounds", "1", "--db", str(path))
    assert refused.returncode == 2
    assert refused.stderr == (f"{path}: holds 1 live rounds; a simulated table (the mock "
                              "shoe) never writes into a live journal (choose another --db)\n")
    assert len(sessions(path)) == 1
    told = cli("demo", "--headless", "--rounds", "1", "--db", str(path), "--allow-live")
    assert told.returncode == 0, told.stderr
    marks = [s.get("simulated", False) for s in sessions(path)]
    assert marks == [False, True]
    demo = tmp_path / "demo.sqlite"
    assert cli("demo", "--headless", "--rounds", "1", "--db", str(demo)).returncode == 0
    assert [s.get("simulated") for s in sessions(demo)] == [True]
