"""The review tools on journals the headless demo writes: rounds, replay, export (settles to
the logged settlement), import, report, backup, and start without a display."""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
from decimal import Decimal

import pytest
from journal_support import demo_journal

from kiosk.cli import main
from kiosk.demo.dealers import ServiceDealer
from kiosk.demo.table import DemoTable
from kiosk.table.service import TableService
from models.record import loads, settle_record
from tests.conftest import run_cli


@pytest.fixture(scope="module")
def journal(tmp_path_factory):
    path = tmp_path_factory.mktemp("cli") / "journal.sqlite"
    result = run_cli("demo", "--headless", "--db", str(path), "--rounds", "15", "--seed", "11")
    assert result.returncode == 0, result.stderr
    assert "played 15 rounds (1-15)" in result.stdout
    demo_journal(path, 10, seed=12, rules="holecard", table="table-2")
    return path


def settlements(path) -> dict[int, dict]:
    conn = sqlite3.connect(str(path))
    try:
        return {rid: json.loads(doc) for rid, doc in
                conn.execute("SELECT round_id, settlement FROM settlements")}
    finally:
        conn.close()


def cli(capsys, *args) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_the_demo_plays_a_full_table(journal):
    conn = sqlite3.connect(str(journal))
    decisions = {r[0] for r in conn.execute(
        "SELECT json_extract(data, '$.do') FROM events WHERE kind = 'decision'")}
    sides = {r[0] for r in conn.execute(
        "SELECT json_extract(data, '$.side') FROM events WHERE kind = 'bet'")}
    players = {r[0] for r in conn.execute(
        "SELECT json_extract(data, '$.player') FROM events WHERE kind = 'bet'")}
    assert {"stand", "double", "split", "insure"} <= decisions
    assert {"twins", "bust"} <= sides
    assert {"xaver", "yvonne", "zoe"} & players  # standing co-players bet too


def test_rounds_json_gives_each_round_its_id_and_net(journal):
    result = run_cli("rounds", "--db", str(journal), "--format", "json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    logged = settlements(journal)
    assert [r["id"] for r in rows] == list(range(1, 26))
    assert {r["id"]: r["net"] for r in rows} == {k: v["net"] for k, v in logged.items()}
    text = run_cli("rounds", "--db", str(journal)).stdout
    assert "25 rounds" in text and "round    25" in text


def test_export_of_every_round_settles_to_the_logged_settlement(journal, capsys, tmp_path):
    logged = settlements(journal)
    for round_id, settlement in logged.items():
        record = cli(capsys, "export", "--db", str(journal), "--round", str(round_id))
        assert settle_record(loads(record)).to_json() == settlement, round_id
    target = tmp_path / "round3.json"
    cli(capsys, "export", "--db", str(journal), "--round", "3", "--out", str(target))
    settled = run_cli("settle", str(target))  # and through the real command once
    assert json.loads(settled.stdout) == logged[3]


def test_export_refuses_a_missing_round(journal):
    result = run_cli("export", "--db", str(journal), "--round", "999")
    assert result.returncode == 2
    assert result.stderr.strip() == "round 999 is not in the journal"


def test_import_journals_a_record_that_settles_the_same(journal, capsys, tmp_path):
    record = cli(capsys, "export", "--db", str(journal), "--round", "18")
    source = tmp_path / "r.json"
    source.write_text(record)
    target = tmp_path / "imported.sqlite"
    result = run_cli("import", "--db", str(target), str(source))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("imported as round 1 at imports")
    assert settlements(target)[1] == settlements(journal)[18]
    assert run_cli("verify", "--db", str(target)).returncode == 0


def test_import_refuses_a_bad_record_and_writes_nothing(tmp_path):
    source = tmp_path / "bad.json"
    source.write_text(json.dumps({"format": "blackjack-round/1", "rules": "bayern",
                                  "limits": {"min": "10", "max": "500"}, "seats": {"1": "a"},
                                  "bets": [{"player": "a", "box": 1, "amount": "25"}],
                                  "play": []}))
    target = tmp_path / "imported.sqlite"
    result = run_cli("import", "--db", str(target), str(source))
    assert result.returncode == 2
    assert result.stderr.startswith("bets[0]: stake 25 is not a multiple")
    assert not target.exists()


def test_replay_shows_each_event_and_the_state_after_it(journal, capsys):
    out = cli(capsys, "replay", "--db", str(journal), "--round", "2")
    conn = sqlite3.connect(str(journal))
    seqs = [r[0] for r in conn.execute("SELECT seq FROM events WHERE round_id = 2 ORDER BY seq")]
    shown = [int(line.split()[0][1:]) for line in out.splitlines() if line.startswith("#")]
    assert shown == seqs
    assert "phase settled" in out
    assert "box 1 hand 1:" in out and "stakes " in out and "settled: " in out


def test_the_report_balances_with_the_settlements(journal, capsys):
    tables = json.loads(cli(capsys, "report", "--db", str(journal), "--format", "json"))
    assert [t["table"] for t in tables] == ["table-1", "table-2"]
    logged = settlements(journal)
    house = sum(Decimal(s["house"]) for s in logged.values())
    reported = sum(Decimal(t["main"]["house"]) + sum(Decimal(v["house"]) for v in
                   t["side_bets"].values()) for t in tables)
    assert reported == house
    assert sum(t["rounds"] for t in tables) == 25
    assert set(tables[0]["side_bets"]) == {"twins", "bust"}
    assert sum(Decimal(b["house"]) for b in tables[0]["boxes"].values()) == \
        Decimal(tables[0]["main"]["house"])
    rows = list(csv.DictReader(io.StringIO(cli(capsys, "report", "--db", str(journal),
                                                "--format", "csv"))))
    assert {r["section"] for r in rows} >= {"main", "side_bet", "box", "player"}
    text = cli(capsys, "report", "--db", str(journal))
    assert "table table-1: 15 rounds settled" in text and "hold" in text
    later = json.loads(cli(capsys, "report", "--db", str(journal), "--from", "2999-01-01",
                           "--format", "json"))
    assert later == []


def test_the_report_lists_voids_corrections_and_alerts(tmp_path, capsys):
    path = tmp_path / "j.sqlite"
    svc = TableService.open(path, rules={"preset": "bayern", "decks": 1})
    svc.open_round({1: "anna"})
    bet = svc.bet("anna", 1, "50")
    svc.correct(bet.seq, {"player": "anna", "box": 1, "amount": "20"}, "Frau Weber", "chips")
    for card in ("AS", "6D"):
        svc.card(card)
    with pytest.raises(Exception, match="cannot come from this 1-deck shoe"):
        svc.card("AS")
    svc.void("Frau Weber", "card fell on the floor")
    svc.close()
    text = cli(capsys, "report", "--db", str(path))
    assert "VOID round 1: Frau Weber: card fell on the floor" in text
    assert f"CORRECTION event {bet.seq + 1} (round 1, of event {bet.seq}): Frau Weber: chips" \
        in text
    assert "ALERT event" in text and "card AS from the shoe refused" in text


def test_a_bad_report_time_is_refused(journal):
    result = run_cli("report", "--db", str(journal), "--from", "yesterday")
    assert result.returncode == 2
    assert result.stderr.strip() == ("--from: 'yesterday' is not a date such as 2024-05-01 or "
                                     "2024-05-01T18:00")


def test_backup_copies_and_checks_the_journal(journal, tmp_path):
    target = tmp_path / "backup.sqlite"
    result = run_cli("backup", "--db", str(journal), "--to", str(target))
    assert result.returncode == 0, result.stderr
    assert "integrity_check ok" in result.stdout
    assert run_cli("verify", "--db", str(target)).returncode == 0
    again = run_cli("backup", "--db", str(journal), "--to", str(target))
    assert again.returncode == 2
    assert again.stderr.strip() == f"{target}: exists already; a backup never overwrites a file"


def test_the_demo_resumes_an_unfinished_round_first(tmp_path):
    path = tmp_path / "j.sqlite"
    svc = TableService.open(path, simulated=True)  # as the demo opens it
    table = DemoTable(svc, ServiceDealer(svc), 4)
    table._open_round()
    for bet in [{"player": p, "box": b, "amount": "10"} for b, p in svc.round.seats.items()]:
        svc.bet(**bet)
    svc.close()
    result = run_cli("demo", "--headless", "--db", str(path), "--rounds", "2", "--seed", "4")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("resumed unfinished round 1 where the journal left it")
    assert "played 2 rounds (1-2)" in result.stdout


def test_start_without_a_display_runs_the_headless_table(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    result = run_cli("start", "--rounds", "2", cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    assert "journal: var/journal.sqlite" in result.stdout
    assert (tmp_path / "var" / "journal.sqlite").exists()
    assert run_cli("verify", "--db", str(tmp_path / "var" / "journal.sqlite")).returncode == 0
