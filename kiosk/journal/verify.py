"""`verify`: walk the hash chain and recompute every logged settlement with the engine.

It stops at the first event that does not hold and names it: a missing sequence number (a
deleted event), a hash that does not match the event's content (an edited event), a previous
hash that does not match (an event moved or slipped in), an index row that points past the
chain (events cut off at the end), or a settlement the round's events do not give.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from multiprocessing import get_context

import sqlite_utils

from kiosk.journal.errors import ChainBroken
from kiosk.journal.events import GENESIS, Event, event_from_row, event_hash_of_text
from kiosk.journal.fold import AFTER_THE_ROUND, FoldError, RoundState, Session, fold_round
from kiosk.journal.store import read_only_uri

INDEXES = {"sessions": "session_open", "shoes": "shoe_open", "rounds": "round_open",
           "settlements": "settlement", "alerts": "alert"}
ROW = "seq, ts, session_id, round_id, kind, data, prev_hash, hash"
READ_CHUNK = 20_000  # events read at a time: a table-year stays small in memory
ROUNDS_PER_JOB = 400  # rounds a worker re-settles per job
PARALLEL_FROM = 2_000  # fewer settled rounds than this: one process is quicker than a pool
END = float("inf")


@dataclass
class VerifyResult:
    events: int = 0
    rounds_settled: int = 0
    rounds_void: int = 0
    rounds_open: int = 0
    head_hash: str = GENESIS


def verify_journal(db: sqlite_utils.Database, processes: int | None = None) -> VerifyResult:
    """Raise ChainBroken naming the first event that does not hold; else the counts.

    The hash chain is walked once, in this process; the finished rounds are handed out in
    jobs that the other cores (`processes`, default all) read back from the journal, rebuild
    with the engine and re-settle. Whatever ran in parallel, the event named is the one a walk
    from the start would stop at first."""
    settled = db.conn.execute("SELECT count(*) FROM settlements").fetchone()[0]
    processes = processes or os.cpu_count() or 1
    if processes > 1 and settled >= PARALLEL_FROM:
        with get_context("fork").Pool(processes, _open_worker, (read_only_uri(db),)) as pool:
            return _Walk(db, pool).run()
    return _Walk(db, None).run()


_WORKER_DB: sqlite3.Connection | None = None  # a worker's own read-only connection


def _open_worker(uri: str) -> None:
    global _WORKER_DB
    _WORKER_DB = sqlite3.connect(uri, uri=True)
    _WORKER_DB.execute("PRAGMA query_only = ON")


class _Walk:
    """One pass over the events: the chain checked here, the finished rounds handed out."""

    def __init__(self, db, pool):
        self.db = db
        self.pool = pool
        self.result = VerifyResult()
        self.sessions: dict[int, Session] = {}
        self.rounds: dict[int, list] = {}  # open rounds: [first seq, last seq, session]
        self.job: list[tuple] = []  # (detected at, session, round, first seq, last seq)
        self.pending = []  # results (or async results) of the jobs
        self.failures: list[tuple] = []  # (detected at, tie, seq, message)
        self.settlements = db.conn.execute(
            "SELECT seq, round_id, settlement FROM settlements ORDER BY seq")
        self.settlement_row = self.settlements.fetchone()

    def run(self) -> VerifyResult:
        prev_seq, prev_hash = 0, GENESIS
        try:
            for row in self._rows():
                _check_link(row, prev_seq, prev_hash)
                prev_seq, prev_hash = row[0], row[7]
                self.result.events += 1
                self._track(row)
        except ChainBroken as exc:
            self.failures.append((exc.seq, 0, exc.seq, str(exc)))
        else:
            for round_id, (first, last, session_id) in self.rounds.items():
                self.job.append((END, self.sessions.get(session_id), round_id, first, last))
                self.result.rounds_open += 1
        self._flush()
        for done in self.pending:
            failure = done.get() if self.pool else done
            if failure is not None:
                self.failures.append(failure)
        if self.failures:
            _, _, seq, message = min(self.failures, key=lambda f: (f[0], f[1]))
            raise ChainBroken(seq, message.removeprefix(f"event {seq}: "))
        self.result.head_hash = prev_hash
        _check_indexes(self.db, prev_seq)
        return self.result

    def _rows(self):
        last = 0
        while True:
            rows = self.db.conn.execute(f"SELECT {ROW} FROM events WHERE seq > ? ORDER BY seq "
                                        "LIMIT ?", (last, READ_CHUNK)).fetchall()
            if not rows:
                return
            yield from rows
            last = rows[-1][0]

    def _track(self, row: tuple) -> None:
        seq, _, session_id, round_id, kind, data, _, _ = row
        if kind == "session_open":
            self.sessions[session_id] = Session.from_event(event_from_row(row))
        if round_id is None:
            return
        if kind == "round_open":
            self.rounds[round_id] = [seq, seq, session_id]
            return
        span = self.rounds.get(round_id)
        if span is None:
            if kind in AFTER_THE_ROUND:
                return  # after the settlement: nothing left to recompute
            raise ChainBroken(seq, f"{kind} for round {round_id}, which is not open at this "
                                   "point")
        span[1] = seq
        if kind == "settlement":
            self._check_settlement_row(seq, round_id, data)
            self._finished(seq, round_id)
            self.result.rounds_settled += 1
        elif kind == "void":
            self._finished(seq, round_id)
            self.result.rounds_void += 1

    def _finished(self, seq: int, round_id: int) -> None:
        first, last, session_id = self.rounds.pop(round_id)
        self.job.append((seq, self.sessions.get(session_id), round_id, first, last))
        if len(self.job) >= ROUNDS_PER_JOB:
            self._flush()

    def _flush(self) -> None:
        if not self.job:
            return
        job, self.job = self.job, []
        if self.pool is None:
            self.pending.append(_resettle(job, self.db.conn))
        else:
            self.pending.append(self.pool.apply_async(_resettle, (job,)))

    def _check_settlement_row(self, seq: int, round_id: int, data: str) -> None:
        """The settlements table holds this event's document, read alongside the events."""
        row = self.settlement_row
        while row is not None and row[0] < seq:
            row = self.settlements.fetchone()
        self.settlement_row = row
        if row is None or tuple(row) != (seq, round_id, data):
            self.failures.append((seq, 1, seq, f"round {round_id}: the settlements table does "
                                                "not hold this settlement event's document"))


def _check_link(row: tuple, prev_seq: int, prev_hash: str) -> None:
    seq, ts, session_id, round_id, kind, data, stored_prev, digest = row
    expected = prev_seq + 1
    if seq != expected:
        raise ChainBroken(expected, f"is missing: the chain jumps from event {expected - 1} to "
                                    f"event {seq} (an event was deleted)")
    if event_hash_of_text(stored_prev, seq, ts, session_id, round_id, kind, data) != digest:
        raise ChainBroken(seq, f"its hash does not match its content: the {kind} event was "
                               "edited")
    if stored_prev != prev_hash:
        raise ChainBroken(seq, f"its previous hash is not event {expected - 1}'s hash: "
                               "events were deleted, moved or slipped in before it")


def _resettle(job: list[tuple], conn: sqlite3.Connection | None = None) -> tuple | None:
    """Read a job's rounds back, rebuild each with the engine and compare its settlement; the
    first failure as (detected at, tie, seq, message), or None. The rows read are the ones the
    chain walk hashed: the journal is append-only and read read-only."""
    conn = conn or _WORKER_DB
    wanted = {round_id for _, _, round_id, _, _ in job}
    rows: dict[int, list[Event]] = {round_id: [] for round_id in wanted}
    low, high = min(j[3] for j in job), max(j[4] for j in job)
    for row in conn.execute("SELECT seq, ts, session_id, round_id, kind, data, '', '' FROM "
                            "events WHERE seq BETWEEN ? AND ? AND round_id IS NOT NULL "
                            "ORDER BY seq", (low, high)).fetchall():
        if row[3] in wanted:
            rows[row[3]].append(row)
    known: dict[str, dict] = {}
    for detected, session, round_id, first, last in job:
        try:
            events = [_event(r, known) for r in rows[round_id] if first <= r[0] <= last]
            state = _fold(session, events)
            if events[-1].kind == "settlement":
                _check_settlement(state, events[-1])
        except ChainBroken as exc:
            return (detected, 0, exc.seq, str(exc))
    return None


FLAT_KINDS = ("card", "bet")  # data of flat strings and numbers: safe to share when equal


def _event(row: tuple, known: dict[str, dict]) -> Event:
    """The row as an Event; a card's or a bet's data, which repeat endlessly ("TS" from the
    shoe, anna's 10 on box 1), parsed once per job and shared (the fold only reads them)."""
    if row[4] in FLAT_KINDS:
        data = known.get(row[5])
        if data is None:
            data = event_from_row(row).data
            if len(known) < 4096:
                known[row[5]] = data
        return Event(row[0], row[1], row[2], row[3], row[4], data, "", "")
    return event_from_row(row)


def _fold(session: Session | None, events: list[Event]) -> RoundState:
    if session is None:
        raise ChainBroken(events[0].seq, f"round {events[0].round_id} belongs to table session "
                                         f"{events[0].session_id}, which was never opened")
    try:
        return fold_round(session, events)
    except FoldError as exc:
        raise ChainBroken(exc.seq, f"the engine refuses it while rebuilding round "
                                   f"{events[0].round_id}: {exc.reason}") from None


def _check_settlement(state: RoundState, event: Event) -> None:
    logged, computed = state.logged_settlement, state.computed_settlement
    if logged != computed:
        why = _first_difference(logged, computed)
        raise ChainBroken(event.seq, f"round {state.round_id}: the logged settlement does not "
                                     f"follow from the round's events ({why})")


def _first_difference(logged: dict, computed: dict) -> str:
    for player in sorted(set(logged.get("net", {})) | set(computed.get("net", {}))):
        a, b = logged.get("net", {}).get(player), computed.get("net", {}).get(player)
        if a != b:
            return f"net of {player}: logged {a}, computed {b}"
    for key in sorted(set(logged) | set(computed)):
        if logged.get(key) != computed.get(key):
            return f"{key}: logged {logged.get(key)!r}, computed {computed.get(key)!r}"
    return "documents differ"


def _check_indexes(db, last_seq: int) -> None:
    """Each index row points at an event of its kind; one pointing past the chain's end shows
    that events were cut off the end."""
    for table, kind in INDEXES.items():
        row = db.conn.execute(
            f"SELECT t.seq, e.kind FROM {table} t LEFT JOIN events e ON e.seq = t.seq "
            f"WHERE e.kind IS NULL OR e.kind != ? ORDER BY t.seq LIMIT 1", (kind,)).fetchone()
        if row:
            seq, found = row
            what = "is missing" if found is None else f"is a {found}, not a {kind}"
            cut = " (events were cut off the end)" if seq > last_seq else ""
            raise ChainBroken(seq, f"{what}: the {table} table points at it{cut}")
