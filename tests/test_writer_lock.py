"""One writer per journal: a second table on a journal in use is refused at once, naming the
journal and the process holding it, and the running table goes on undisturbed; a demo never
writes into a live table's journal unless told to, and marks its sessions simulated."""

from __future__ import annotations

import json
import os
import sqlite3

import pytest

from kiosk.journal.errors import JournalInUse, JournalLive
from kiosk.journal.verify import verify_journal
from kiosk.table.service import TableService
from tests.conftest import ROOT


def play_one(service: TableService) -> None:
    service.open_round({1: "anna"})
    service.bet("anna", 1, "10")
    for card in ("TS", "6D", "7C"):
        service.card(card)
    service.stand(1)
    service.card("KD")
    service.card("9H")
    service.settle()
    service.confirm_payout("dealer")


def test_a_second_table_on_a_journal_in_use_is_refused_and_the_first_runs_on(cli, tmp_path):
    db = tmp_path / "journal.sqlite"
    first = TableService.open(db)
    play_one(first)
    case = json.loads((ROOT / "tests/rounds/ace_counts_one_when_eleven_would_bust.json")
                      .read_text())
    record = tmp_path / "record.json"
    record.write_text(json.dumps(case["record"]))
    for args in (["demo", "--headless", "--db", str(db), "--rounds", "1", "--allow-live"],
                 ["start", "--headless", "--db", str(db), "--rounds", "1"],
                 ["import", "--db", str(db), str(record)]):
        done = cli(*args)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr == (f"{db}: in use by another table (process {os.getpid()} holds "
                               f"{db}.lock); one table writes a journal at a time, nothing "
                               "was written\n"), args
    play_one(first)  # undisturbed
    assert verify_journal(first.writer.db).rounds_settled == 2
    first.close()
    again = TableService.open(db)  # released: the next table comes in
    assert again.writer.head_seq == verify_journal(again.writer.db).events
    again.close()


def test_in_one_process_too_a_second_writer_is_refused(tmp_path):
    first = TableService.open(tmp_path / "j.sqlite")
    with pytest.raises(JournalInUse, match="in use by another table"):
        TableService.open(tmp_path / "j.sqlite")
    first.close()
    first.close()  # closing twice is harmless


def test_a_demo_refuses_a_live_tables_journal_unless_told(cli, tmp_path):
    db = tmp_path / "live.sqlite"
    live = TableService.open(db)  # a live table: a shoe of its own, no seed, no mark
    play_one(live)
    play_one(live)
    live.close()
    before = db.read_bytes()
    with pytest.raises(JournalLive, match="holds 2 rounds of a live table"):
        TableService.open(db, simulated=True)
    done = cli("demo", "--headless", "--db", str(db), "--rounds", "1")
    assert done.returncode == 2
    assert done.stderr == (f"{db}: holds 2 rounds of a live table; a demo or a simulated shoe "
                           "writes there only when told to (--allow-live); nothing was "
                           "written\n")
    assert db.read_bytes() == before
    done = cli("demo", "--headless", "--db", str(db), "--rounds", "1", "--allow-live")
    assert done.returncode == 0, done.stderr
    conn = sqlite3.connect(db)
    marks = conn.execute("SELECT json_extract(data, '$.simulated') FROM events "
                         "WHERE kind = 'session_open' ORDER BY seq").fetchall()
    conn.close()
    assert marks == [(None,), (1,)]  # the live session as it was, the demo's marked


def test_a_demo_goes_on_in_its_own_journal(cli, tmp_path):
    db = tmp_path / "demo.sqlite"
    for _ in range(2):
        done = cli("demo", "--headless", "--db", str(db), "--rounds", "1")
        assert done.returncode == 0, done.stderr
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT count(*) FROM rounds").fetchone()[0] == 2
    conn.close()
