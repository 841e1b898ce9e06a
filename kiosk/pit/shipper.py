"""Shipping a table's journal to the pit: store and forward, effectively once.

The journal is the outbox. Each pass asks the pit for its head (the last event it stores for
this table), compares it with the journal's own event under that number (missing or different:
a fork, refused with one line and an alert in the pit), and sends the events after it in
order, in batches; the pit's `pit.ingest` checks every hash and link again and stores a batch
whole or refuses it whole. Delivery is at least once: a batch whose answer was lost is sent
again, and the pit accepts an event it has only with the same hash. Nothing is resumed from a
local guess: every pass starts from the head the pit acknowledges.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

from kiosk.journal.errors import JournalError
from kiosk.journal.events import EVENT_COLUMNS
from kiosk.journal.store import open_journal
from kiosk.pit.status import PitStatus, write_status
from kiosk.pit.store import PitError, connect, shown
from models.clock import utc_iso

BATCH = 1000  # events per batch: one round trip and one commit in the pit
HEARTBEAT_S = 5.0  # how often a following shipper tells the pit it is alive


class Refused(PitError):
    """The pit refused the journal (a fork or a forged event): shipping stops."""


@dataclass
class Pass:
    table: str
    shipped: int  # the pit's head after the pass
    journal: int  # the journal's last event
    sent: int  # events stored by this pass


class Shipper:
    """Ships one journal to one pit table (the one the URL's role ships)."""

    def __init__(self, journal: str | Path, url: str, batch: int = BATCH) -> None:
        self.journal = Path(journal)
        self.url = url
        self.batch = batch
        self.db = open_journal(self.journal)  # refuses a missing or foreign file by name
        self.db.conn.execute("PRAGMA query_only = ON")
        self.conn = None
        self.table: str | None = None
        self.since: str | None = None  # unreachable or refused since
        self.pit_head = 0  # the last event the pit acknowledged, as last heard

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        self.db.conn.close()

    # -- the journal -------------------------------------------------------------------------

    def journal_head(self) -> int:
        return self.db.conn.execute("SELECT coalesce(max(seq), 0) FROM events").fetchone()[0]

    def _local_hash(self, seq: int) -> str | None:
        row = self.db.conn.execute("SELECT hash FROM events WHERE seq = ?", (seq,)).fetchone()
        return row[0] if row else None

    def _rows(self, after: int) -> list[tuple]:
        return self.db.conn.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE seq > ? "
                                    "ORDER BY seq LIMIT ?", (after, self.batch)).fetchall()

    # -- the pit ------------------------------------------------------------------------------

    def _connection(self):
        if self.conn is None or self.conn.closed:
            self.conn = connect(self.url, application="blackjack-kiosk ship")
        return self.conn

    def _drop(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(Exception):  # a broken connection may fail to close
                self.conn.close()
            self.conn = None

    def head(self) -> tuple[str, int, str]:
        return self._connection().execute("SELECT * FROM pit.head()").fetchone()

    def ship_pass(self) -> Pass:
        """Everything the journal holds beyond the pit's head, batch after batch, until the
        pit holds all of it. Raises Refused on a fork or a refused batch, PitError when the
        pit cannot be reached (nothing is lost: the next pass starts from the pit's head)."""
        import psycopg

        try:
            self.table, seq, digest = self.head()
            self.pit_head = seq
            sent = 0
            while True:
                if seq:
                    mine = self._local_hash(seq)
                    if mine != digest:
                        self._fork(seq, mine)
                rows = self._rows(seq)
                if not rows:
                    return Pass(self.table, seq, self.journal_head(), sent)
                why = self._send(rows)
                if why is not None:
                    raise Refused(f"pit refused {self.journal}: {why}")
                sent += len(rows)
                seq, digest = rows[-1][0], rows[-1][7]
                self.pit_head = seq
        except psycopg.Error as exc:
            self._drop()
            text = str(exc).strip().splitlines()
            raise PitError(f"{shown(self.url)}: {text[0] if text else type(exc).__name__}") \
                from None
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{self.journal}: cannot read the journal ({exc})") from None

    def _send(self, rows: list[tuple]) -> str | None:
        columns = list(zip(*rows, strict=True))
        return self._connection().execute(
            "SELECT pit.ingest(%s::bigint[], %s::text[], %s::bigint[], %s::bigint[], "
            "%s::text[], %s::text[], %s::text[], %s::text[])",
            [list(c) for c in columns]).fetchone()[0]

    def _fork(self, seq: int, mine: str | None) -> None:
        last = self.journal_head()
        if mine is None:
            why = (f"the pit holds events up to {seq} of table {self.table} but this journal "
                   f"ends at event {last} (a restored older copy, or another journal under "
                   "the same name)")
        else:
            why = (f"event {seq} of this journal differs from event {seq} the pit holds for "
                   f"table {self.table} (a fork: another journal under the same name, or a "
                   "changed copy)")
        self._connection().execute("SELECT pit.report_fork(%s, %s)", (seq, why))
        raise Refused(f"pit refused {self.journal}: {why}; nothing more is shipped "
                      "(docs/pit.md: resolving a refused fork)")

    def heartbeat(self) -> None:
        """Tell the pit the table is alive and how far its journal reaches."""
        import psycopg

        try:
            self._connection().execute("SELECT pit.heartbeat(%s)", (self.journal_head(),))
        except psycopg.Error as exc:
            self._drop()
            text = str(exc).strip().splitlines()
            raise PitError(f"{shown(self.url)}: {text[0] if text else type(exc).__name__}") \
                from None

    # -- following ------------------------------------------------------------------------------

    def follow(self, stop: threading.Event, interval: float = 0.2,
               heartbeat: float = HEARTBEAT_S, on_status=None) -> str | None:
        """Ship until `stop` is set: a pass every `interval` seconds, a heartbeat every
        `heartbeat` seconds, reconnecting by itself. Returns the refusal's line if the pit
        refused the journal (then nothing more is shipped; the heartbeat goes on, so the pit
        still sees the table alive and how far its journal reaches). `on_status(status)`
        hears every pass's state (the ship command prints each change of state)."""
        import time

        refused: str | None = None
        beat_at = passed_at = float("-inf")
        while not stop.is_set():
            now = time.monotonic()
            # a pass asks the pit for its head; while the journal has nothing beyond what the
            # pit last acknowledged, a short interval costs one local query until the next beat
            quiet = refused is None and self.since is None and \
                self.journal_head() == self.pit_head and now - passed_at < heartbeat
            if quiet:
                stop.wait(interval)
                continue
            passed_at = now
            try:
                if refused is None:
                    done = self.ship_pass()
                    self.since = None
                    state = "shipped" if done.shipped >= self.journal_head() else "behind"
                    self._status(on_status, state)
                else:  # said again each pass: a silent shipper would read as not running
                    self._status(on_status, "refused", refused)
                if now - beat_at >= heartbeat:
                    self.heartbeat()
                    beat_at = now
            except Refused as exc:
                refused = str(exc)
                self.since = self.since or utc_iso()
                self._status(on_status, "refused", refused)
            except PitError as exc:
                self.since = self.since or utc_iso()
                self._status(on_status, "unreachable", str(exc))
            stop.wait(interval)
        return refused

    def _status(self, on_status, state: str, message: str | None = None) -> None:
        status = PitStatus(state, self.pit_head, self.journal_head(), utc_iso(),
                           self.since if state in ("unreachable", "refused") else None,
                           message)
        write_status(self.journal, status)
        if on_status is not None:
            on_status(status)
