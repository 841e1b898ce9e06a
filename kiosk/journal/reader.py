"""Reading the journal: events, sessions, rounds and their folded state, for the service and
the review tools. Nothing here writes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

import sqlite_utils

from kiosk.journal.errors import NotFound
from kiosk.journal.events import EVENT_COLUMNS, Event, event_from_row
from kiosk.journal.fold import RoundState, Session, effective_events, fold_round


def all_events(db: sqlite_utils.Database, chunk: int = 5000) -> Iterator[Event]:
    """Every event in sequence order, read in chunks so a big journal stays small in memory."""
    last = 0
    while True:
        rows = db.conn.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE seq > ? ORDER BY seq "
                               "LIMIT ?", (last, chunk)).fetchall()
        if not rows:
            return
        for row in rows:
            yield event_from_row(row)
        last = rows[-1][0]


def all_rows(db: sqlite_utils.Database, chunk: int = 20000) -> Iterator[tuple]:
    """Every event as its stored row (seq, ts, session, round, kind, data text, prev, hash), in
    sequence order: for `verify`, which hashes the stored text and parses only what it folds."""
    last = 0
    while True:
        rows = db.conn.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE seq > ? ORDER BY seq "
                               "LIMIT ?", (last, chunk)).fetchall()
        if not rows:
            return
        yield from rows
        last = rows[-1][0]


def settlement_rows(db: sqlite_utils.Database, first_round: int, last_round: int) -> dict:
    """The settlements index for rounds first..last: round id -> (seq, settlement text)."""
    return {r: (seq, text) for r, seq, text in db.conn.execute(
        "SELECT round_id, seq, settlement FROM settlements WHERE round_id BETWEEN ? AND ?",
        (first_round, last_round))}


def round_events(db: sqlite_utils.Database, round_id: int) -> list[Event]:
    rows = db.conn.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE round_id = ? ORDER BY seq",
                           (round_id,)).fetchall()
    if not rows:
        raise NotFound(f"round {round_id} is not in the journal")
    return [event_from_row(r) for r in rows]


def session(db: sqlite_utils.Database, session_id: int) -> Session:
    row = db.conn.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE kind = 'session_open' AND "
                          "session_id = ?", (session_id,)).fetchone()
    if row is None:
        raise NotFound(f"table session {session_id} is not in the journal")
    return Session.from_event(event_from_row(row))


def fold(db: sqlite_utils.Database, round_id: int) -> tuple[RoundState, list[Event]]:
    """A round's state and its events."""
    events = round_events(db, round_id)
    return fold_round(session(db, events[0].session_id), events), events


def open_round_id(db: sqlite_utils.Database, table: str) -> int | None:
    """The newest round of this table that is not finished (neither voided nor settled with
    its payout confirmed): the one a restart resumes."""
    row = db.conn.execute(
        "SELECT r.id FROM rounds r JOIN sessions s ON s.id = r.session_id "
        "WHERE s.table_name = ? AND r.id NOT IN (SELECT round_id FROM events WHERE "
        "kind IN ('void', 'payout') AND round_id IS NOT NULL) "
        "ORDER BY r.id DESC LIMIT 1", (table,)).fetchone()
    return row[0] if row else None


def latest_session(db: sqlite_utils.Database, table: str) -> Session | None:
    row = db.conn.execute("SELECT id FROM sessions WHERE table_name = ? ORDER BY id DESC LIMIT 1",
                          (table,)).fetchone()
    return session(db, row[0]) if row else None


def live_rounds(db: sqlite_utils.Database) -> int:
    """Rounds played in sessions not marked simulated (at a live table)."""
    row = db.conn.execute(
        "SELECT count(*) FROM rounds r JOIN events e ON e.kind = 'session_open' AND "
        "e.session_id = r.session_id WHERE json_extract(e.data, '$.simulated') IS NULL"
    ).fetchone()
    return row[0]


def table_closed(db: sqlite_utils.Database, table: str) -> bool:
    """Whether a supervisor's last open or close of the table closed it (a table no supervisor
    ever closed is open)."""
    row = db.conn.execute("SELECT json_extract(data, '$.act') FROM events WHERE kind = "
                          "'supervisor' AND json_extract(data, '$.table') = ? AND "
                          "json_extract(data, '$.act') IN ('open_table', 'close_table') "
                          "ORDER BY seq DESC LIMIT 1", (table,)).fetchone()
    return row is not None and row[0] == "close_table"


def open_shoe_event(db: sqlite_utils.Database, session_id: int) -> Event | None:
    """The session's newest shoe if no shoe_close has ended it."""
    row = db.conn.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE kind = 'shoe_open' AND "
                          "session_id = ? ORDER BY seq DESC LIMIT 1", (session_id,)).fetchone()
    if row is None:
        return None
    event = event_from_row(row)
    closed = db.conn.execute("SELECT 1 FROM events WHERE kind = 'shoe_close' AND seq > ? AND "
                             "session_id = ? AND json_extract(data, '$.shoe') = ?",
                             (event.seq, session_id, event.data["shoe"])).fetchone()
    return None if closed else event


@dataclass(frozen=True, slots=True)
class ShoeDealt:
    """What has left a shoe: its cards in order (burn cards too), and whether the shoe itself
    signalled the cut card."""

    cards: list[str]
    cut_card_signalled: bool


def shoe_cards(db: sqlite_utils.Database, shoe_id: int, but_round: int | None = None) \
        -> ShoeDealt:
    """Every card dealt from the shoe so far (but those of `but_round`), corrections applied,
    burn cards included, in the order they came out."""
    dealt: list[tuple[int, str]] = []
    for (round_id,) in db.conn.execute("SELECT id FROM rounds WHERE shoe_id = ? ORDER BY id",
                                       (shoe_id,)).fetchall():
        if round_id == but_round:
            continue
        for e in effective_events(round_events(db, round_id)):
            if e.kind == "card":
                dealt.append((e.seq, e.data["card"]))
    cut = False
    for seq, data in db.conn.execute(
            "SELECT seq, data FROM events WHERE kind = 'source' AND "
            "json_extract(data, '$.shoe') = ? ORDER BY seq", (shoe_id,)):
        d = json.loads(data)
        if d["status"] == "burn" and "card" in d:
            dealt.append((seq, d["card"]))
        elif d["status"] == "cut_card":
            cut = True
    dealt.sort()
    return ShoeDealt([card for _, card in dealt], cut)


def latest_round_id(db: sqlite_utils.Database, table: str) -> int | None:
    """The table's newest round, finished or not."""
    row = db.conn.execute("SELECT r.id FROM rounds r JOIN sessions s ON s.id = r.session_id "
                          "WHERE s.table_name = ? ORDER BY r.id DESC LIMIT 1", (table,)).fetchone()
    return row[0] if row else None


def previous_round_id(db: sqlite_utils.Database, table: str, round_id: int) -> int | None:
    """The table's round before `round_id` (the one whose stakes stand in it)."""
    row = db.conn.execute("SELECT r.id FROM rounds r JOIN sessions s ON s.id = r.session_id "
                          "WHERE s.table_name = ? AND r.id < ? ORDER BY r.id DESC LIMIT 1",
                          (table, round_id)).fetchone()
    return row[0] if row else None


def round_rows(db: sqlite_utils.Database, since: str | None = None,
               until: str | None = None, table: str | None = None,
               last: int | None = None) -> list[dict]:
    """Every round (of `table`, the `last` few) with its table, time, status, seats and logged
    settlement, oldest first."""
    sql = ("SELECT r.id, r.session_id, s.table_name, r.shoe_id, r.opened_at, r.seats, "
           "st.settlement, (SELECT data FROM events v WHERE v.round_id = r.id AND "
           "v.kind = 'void' LIMIT 1) AS void FROM rounds r JOIN sessions s ON "
           "s.id = r.session_id LEFT JOIN settlements st ON st.round_id = r.id")
    where, params = [], []
    if since:
        where.append("r.opened_at >= ?")
        params.append(since)
    if until:
        where.append("r.opened_at < ?")
        params.append(until)
    if table:
        where.append("s.table_name = ?")
        params.append(table)
    if where:
        sql += " WHERE " + " AND ".join(where)
    if last is not None:
        sql = f"SELECT * FROM ({sql} ORDER BY r.id DESC LIMIT {int(last)})"
    out = []
    for row in db.conn.execute(sql + (" ORDER BY id" if last is not None else " ORDER BY r.id"),
                               params):
        rid, sid, table, shoe, opened, seats, settlement, void = row
        status = "settled" if settlement else "void" if void else "open"
        out.append({"id": rid, "session": sid, "table": table, "shoe": shoe, "opened_at": opened,
                    "seats": json.loads(seats), "status": status,
                    "settlement": json.loads(settlement) if settlement else None,
                    "void": json.loads(void) if void else None})
    return out
