"""`JournalWriter`: the one place that writes to the journal.

Every write is an explicit transaction (`BEGIN IMMEDIATE` ... `COMMIT`) that appends one or
more events and the index rows that go with them. A method returns only after the commit is
on disk, so the caller may act on the event; if the commit fails (disk full, I/O error,
locked) the transaction is rolled back, nothing of it remains, and `JournalWriteError` stops
the caller: the table must not go on unrecorded.
"""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager

import sqlite_utils

from kiosk.journal.errors import JournalLocked, JournalWriteError
from kiosk.journal.events import EVENT_COLUMNS, GENESIS, KINDS, Event, canonical, event_hash
from models.clock import utc_iso


class JournalWriter:
    """Appends events to the chain. Who needs to hear of an event subscribes to the table
    service, which tells its listeners once the event is committed and applied."""

    def __init__(self, db: sqlite_utils.Database, path: str = "journal"):
        self.db = db
        self.conn: sqlite3.Connection = db.conn
        self.path = path
        self._batch = False
        self._load_head()

    def _load_head(self) -> None:
        row = self.conn.execute("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1") \
            .fetchone()
        self.head_seq, self.head_hash = row if row else (0, GENESIS)

    # ------------------------------------------------------------------ transactions

    @contextmanager
    def transaction(self):
        """One commit; nested uses (inside `batch`) join the outer one."""
        if self._batch:
            yield
            return
        self._begin()
        try:
            yield
        except BaseException:
            self._rollback()
            raise
        self._commit()

    @contextmanager
    def batch(self):
        """Many writes in one commit (bulk generation and import): fewer fsyncs, same chain."""
        with self.transaction():
            self._batch = True
            try:
                yield
            finally:
                self._batch = False

    def _begin(self) -> None:
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise JournalLocked(f"{self.path}: the journal is locked by another program "
                                    f"({exc}); nothing was recorded") from None
            raise self._failure(exc) from None

    def _commit(self) -> None:
        try:
            self.conn.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            self._rollback()
            raise self._failure(exc) from None

    def _rollback(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")
        self._load_head()  # the head moved with the rolled-back events: read it again

    def _failure(self, exc: Exception) -> JournalWriteError:
        return JournalWriteError(f"ALARM: the journal {self.path} could not record the event "
                                 f"({exc}); the round is stopped, nothing after the last "
                                 "recorded event happened for the kiosk")

    def _execute(self, sql: str, params=()) -> sqlite3.Cursor:
        try:
            return self.conn.execute(sql, params)
        except sqlite3.DatabaseError as exc:
            raise self._failure(exc) from None

    # ------------------------------------------------------------------ events

    def _append(self, kind: str, data: dict, session_id: int | None,
                round_id: int | None) -> Event:
        if kind not in KINDS:
            raise ValueError(f"unknown event kind {kind!r}")
        seq = self.head_seq + 1
        ts = utc_iso()
        data_json = canonical(data)
        digest = event_hash(self.head_hash, seq, ts, session_id, round_id, kind, data_json)
        self._execute(f"INSERT INTO events ({EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                      (seq, ts, session_id, round_id, kind, data_json, self.head_hash, digest))
        event = Event(seq, ts, session_id, round_id, kind, data, self.head_hash, digest)
        self.head_seq, self.head_hash = seq, digest
        return event

    def append(self, kind: str, data: dict, session_id: int | None,
               round_id: int | None = None) -> Event:
        """One event, committed before this returns."""
        with self.transaction():
            return self._append(kind, data, session_id, round_id)

    def open_session(self, table_name: str, rules_spec, limits_json: dict,
                     by: str | None = None, simulated: bool = False) -> Event:
        """A new session; `by` names the supervisor whose change opened it; a `simulated`
        one is dealt from the mock shoe (demo, training), not at a live table."""
        with self.transaction():
            session_id = self._next_id("sessions")
            data = {"table": table_name, "rules": rules_spec, "limits": limits_json}
            if by is not None:
                data["by"] = by
            if simulated:
                data["simulated"] = True
            event = self._append("session_open", data, session_id, None)
            self._execute("INSERT INTO sessions (id, seq, opened_at, table_name, rules, limits) "
                          "VALUES (?, ?, ?, ?, ?, ?)",
                          (session_id, event.seq, event.ts, table_name, canonical(rules_spec),
                           canonical(limits_json)))
        return event

    def open_shoe(self, session_id: int, decks: int, cut_position: int,
                  extra: dict | None = None) -> Event:
        with self.transaction():
            shoe_id = self._next_id("shoes")
            data = {"shoe": shoe_id, "decks": decks, "cut_position": cut_position,
                    **(extra or {})}
            event = self._append("shoe_open", data, session_id, None)
            self._execute("INSERT INTO shoes (id, seq, session_id, opened_at, decks, "
                          "cut_position) VALUES (?, ?, ?, ?, ?, ?)",
                          (shoe_id, event.seq, session_id, event.ts, decks, cut_position))
        return event

    def open_round(self, session_id: int, shoe_id: int, seats: dict[str, str]) -> Event:
        with self.transaction():
            round_id = self._next_id("rounds")
            event = self._append("round_open", {"round": round_id, "shoe": shoe_id,
                                                "seats": seats}, session_id, round_id)
            self._execute("INSERT INTO rounds (id, seq, session_id, shoe_id, opened_at, seats) "
                          "VALUES (?, ?, ?, ?, ?, ?)",
                          (round_id, event.seq, session_id, shoe_id, event.ts, canonical(seats)))
        return event

    def settle(self, session_id: int, round_id: int, settlement_json: dict) -> Event:
        with self.transaction():
            event = self._append("settlement", settlement_json, session_id, round_id)
            self._execute("INSERT INTO settlements (round_id, seq, settled_at, settlement, house)"
                          " VALUES (?, ?, ?, ?, ?)",
                          (round_id, event.seq, event.ts, canonical(settlement_json),
                           settlement_json["house"]))
        return event

    def alert(self, session_id: int | None, round_id: int | None, kind: str, message: str,
              detail: dict | None = None) -> Event:
        with self.transaction():
            data = {"alert": kind, "message": message, **(detail or {})}
            event = self._append("alert", data, session_id, round_id)
            self._execute("INSERT INTO alerts (seq, round_id, raised_at, kind, message) "
                          "VALUES (?, ?, ?, ?, ?)", (event.seq, round_id, event.ts, kind, message))
        return event

    def _next_id(self, table: str) -> int:
        return self._execute(f"SELECT coalesce(max(id), 0) + 1 FROM {table}").fetchone()[0]
