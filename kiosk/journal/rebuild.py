"""A journal file rebuilt from events read elsewhere (the pit's copy of a table): the events
inserted as they were recorded, byte for byte, and the index tables the writer keeps beside
them (sessions, shoes, rounds, settlements, alerts) derived from them exactly as the writer
derives them. The review tools then read it as they read any journal, so they print for a
shipped table exactly what they print for the table's own file."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import sqlite_utils

from kiosk.journal.events import EVENT_COLUMNS, canonical, event_from_row
from kiosk.journal.store import open_journal


def rebuild_journal(path: str | Path, rows: Iterable[tuple], chunk: int = 20000) \
        -> sqlite_utils.Database:
    """A new journal at `path` holding `rows` (seq, ts, session, round, kind, data text,
    previous hash, hash), in order. The rows may be a selection (the events one review needs):
    the index tables then point only at what is there, so foreign keys are not enforced."""
    db = open_journal(path, create=True)
    conn = db.conn
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute("PRAGMA synchronous = OFF")  # a private scratch copy: rebuilt if lost
    conn.execute("BEGIN")
    batch: list[tuple] = []
    for row in rows:
        batch.append(row)
        if len(batch) >= chunk:
            _insert(conn, batch)
            batch = []
    _insert(conn, batch)
    conn.execute("COMMIT")
    return db


def _insert(conn, rows: list[tuple]) -> None:
    if not rows:
        return
    conn.executemany(f"INSERT INTO events ({EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                     rows)
    sessions, shoes, rounds, settlements, alerts = [], [], [], [], []
    for row in rows:
        kind = row[4]
        if kind not in ("session_open", "shoe_open", "round_open", "settlement", "alert"):
            continue
        try:
            event = event_from_row(row)
        except Exception:  # noqa: BLE001 (verify names an event whose data does not read)
            continue
        d = event.data
        try:
            if kind == "session_open":
                sessions.append((event.session_id, event.seq, event.ts, d["table"],
                                 canonical(d["rules"]), canonical(d["limits"])))
            elif kind == "shoe_open":
                shoes.append((d["shoe"], event.seq, event.session_id, event.ts, d["decks"],
                              d["cut_position"]))
            elif kind == "round_open":
                rounds.append((event.round_id, event.seq, event.session_id, d["shoe"],
                               event.ts, canonical(d["seats"])))
            elif kind == "settlement":
                settlements.append((event.round_id, event.seq, event.ts, row[5], d["house"]))
            else:
                alerts.append((event.seq, event.round_id, event.ts, d["alert"], d["message"]))
        except (KeyError, TypeError):
            continue  # a malformed event: verify names it by its hash or its fold
    conn.executemany("INSERT OR IGNORE INTO sessions (id, seq, opened_at, table_name, rules, "
                     "limits) VALUES (?, ?, ?, ?, ?, ?)", sessions)
    conn.executemany("INSERT OR IGNORE INTO shoes (id, seq, session_id, opened_at, decks, "
                     "cut_position) VALUES (?, ?, ?, ?, ?, ?)", shoes)
    conn.executemany("INSERT OR IGNORE INTO rounds (id, seq, session_id, shoe_id, opened_at, "
                     "seats) VALUES (?, ?, ?, ?, ?, ?)", rounds)
    conn.executemany("INSERT OR IGNORE INTO settlements (round_id, seq, settled_at, settlement, "
                     "house) VALUES (?, ?, ?, ?, ?)", settlements)
    conn.executemany("INSERT INTO alerts (seq, round_id, raised_at, kind, message) "
                     "VALUES (?, ?, ?, ?, ?)", alerts)
