"""Helpers for the pit's tests: journals with every kind of round, the pit set up, the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from kiosk.cli import main
from kiosk.demo.headless import play_direct
from kiosk.pit.store import add_table, connect, init
from kiosk.table.service import TableService


def varied_journal(path: Path, table: str = "table-1", rounds: int = 12, seed: int = 1) -> Path:
    """A live session with a correction, a refused card (an alert) and a void, then demo
    rounds (a simulated session) at the same table."""
    svc = TableService.open(path, table=table, rules={"preset": "bayern", "decks": 1})
    try:
        svc.open_round({1: "anna"})
        bet = svc.bet("anna", 1, "50")
        svc.correct(bet.seq, {"player": "anna", "box": 1, "amount": "20"}, "Frau Weber",
                    "chips")
        for card in ("AS", "6D"):
            svc.card(card)
        with pytest.raises(Exception, match="cannot come from this 1-deck shoe"):
            svc.card("AS")
        svc.void("Frau Weber", "card fell on the floor")
    finally:
        svc.close()
    more(path, table, rounds, seed)
    return path


def more(path: Path, table: str, rounds: int, seed: int) -> None:
    svc = TableService.open(path, table=table, simulated=True, allow_live=True)
    try:
        play_direct(svc, rounds, seed)
    finally:
        svc.close()


def pit_with_tables(url: str, *names: str) -> dict[str, str]:
    """`pit init`, then each table added: name -> the URL its configuration ships with."""
    init(url)
    return {name: add_table(url, name) for name in names}


def cli(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def pit_rows(url: str, table: str) -> list[tuple]:
    with connect(url) as conn:
        return conn.execute(
            "SELECT e.seq, e.kind, e.data, encode(e.hash, 'hex') FROM pit.events e JOIN "
            "pit.tables t ON t.id = e.table_id WHERE t.name = %s ORDER BY e.seq",
            (table,)).fetchall()


def alerts(url: str) -> list[tuple]:
    with connect(url) as conn:
        return conn.execute("SELECT t.name, a.kind, a.seq, a.message FROM pit.alerts a "
                            "JOIN pit.tables t ON t.id = a.table_id ORDER BY a.id").fetchall()
