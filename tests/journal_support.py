"""Helpers for the journal tests: real journals on disk, and an attacker's hands on them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from kiosk.demo.headless import play_direct
from kiosk.journal.events import GENESIS, event_hash
from kiosk.journal.schema import APPEND_ONLY
from kiosk.table.service import TableService


def demo_journal(path: Path, rounds: int, seed: int = 1, rules="bayern",
                 table: str = "table-1") -> Path:
    service = TableService.open(path, table=table, rules=rules, simulated=True)  # the demo's
    try:
        play_direct(service, rounds, seed)
    finally:
        service.close()
    return path


def raw(path: Path) -> sqlite3.Connection:
    """A plain connection that has dropped the append-only guards, as a forger would."""
    conn = sqlite3.connect(str(path), isolation_level=None)
    for table in APPEND_ONLY:
        for op in ("update", "delete"):
            conn.execute(f"DROP TRIGGER IF EXISTS {table}_no_{op}")
    return conn


def rehash_chain(conn: sqlite3.Connection) -> None:
    """Recompute every hash from the start: a forger covering his tracks in the chain."""
    prev = GENESIS
    rows = conn.execute("SELECT seq, ts, session_id, round_id, kind, data FROM events "
                        "ORDER BY seq").fetchall()
    for seq, ts, session_id, round_id, kind, data in rows:
        digest = event_hash(prev, seq, ts, session_id, round_id, kind, data)
        conn.execute("UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?",
                     (prev, "x" + str(seq), seq))  # avoid UNIQUE clashes while rewriting
        conn.execute("UPDATE events SET hash = ? WHERE seq = ?", (digest, seq))
        prev = digest


def event_rows(path: Path) -> list[tuple]:
    conn = sqlite3.connect(str(path))
    try:
        return conn.execute("SELECT seq, kind, data, hash FROM events ORDER BY seq").fetchall()
    finally:
        conn.close()
