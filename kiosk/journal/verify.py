"""`verify`: walk the hash chain and recompute every logged settlement with the engine.

It stops at the first event that does not hold and names it: a missing sequence number (a
deleted event), a hash that does not match the event's content (an edited event), a previous
hash that does not match (an event moved or slipped in), an index row that points past the
chain (events cut off at the end), or a settlement the round's events do not give.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from multiprocessing import get_context

import sqlite_utils

from kiosk.journal.errors import ChainBroken
from kiosk.journal.events import GENESIS, Event, canonical, event_from_row, event_hash
from kiosk.journal.fold import AFTER_THE_ROUND, FoldError, RoundState, Session, fold_round
from kiosk.journal.reader import all_rows, settlement_rows

INDEXES = {"sessions": "session_open", "shoes": "shoe_open", "rounds": "round_open",
           "settlements": "settlement", "alerts": "alert"}


@dataclass
class VerifyResult:
    events: int = 0
    rounds_settled: int = 0
    rounds_void: int = 0
    rounds_open: int = 0
    head_hash: str = GENESIS


BATCH = 256  # rounds a worker re-settles at a time


def verify_journal(db: sqlite_utils.Database, processes: int | None = None) -> VerifyResult:
    """Raise ChainBroken naming the first event that does not hold; else the counts.

    One pass over the stored rows checks the chain (hashing the data as stored, parsing none of
    it) and the rounds' shape; each finished round is re-settled by the engine, in batches
    spread over `processes` worker processes (default: every core). Where several events do
    not hold, the one with the lowest sequence number is named."""
    result = VerifyResult()
    sessions: dict[int, Session] = {}
    rounds: dict[int, list] = {}
    finished: list = []  # (session, raw events) of rounds to re-settle
    problems: list[ChainBroken] = []
    prev = None
    with _Settler(db, processes) as settler:
        try:
            for row in all_rows(db):
                _check_link(row, prev)
                prev = row
                result.events += 1
                done = _track(row, sessions, rounds, result)
                if done is not None:
                    finished.append(done)
                    if len(finished) >= BATCH:
                        settler.submit(finished)
                        finished = []
        except ChainBroken as exc:
            problems.append(exc)
        if finished:
            settler.submit(finished)
        problems.extend(settler.results())
    if not problems:
        for events in rounds.values():
            try:
                _fold(sessions.get(events[0][2]), [event_from_row(r) for r in events])
            except ChainBroken as exc:
                problems.append(exc)
            result.rounds_open += 1
    if problems:
        raise min(problems, key=lambda p: (p.seq is None, p.seq or 0))
    result.head_hash = prev[7] if prev else GENESIS
    _check_indexes(db, prev[0] if prev else 0)
    return result


def _check_link(row: tuple, prev: tuple | None) -> None:
    seq, ts, session_id, round_id, kind, data_text, prev_hash, digest = row
    expected = prev[0] + 1 if prev else 1
    if seq != expected:
        raise ChainBroken(expected, f"is missing: the chain jumps from event {expected - 1} to "
                                    f"event {seq} (an event was deleted)")
    if event_hash(prev_hash, seq, ts, session_id, round_id, kind, data_text) != digest:
        raise ChainBroken(seq, f"its hash does not match its content: the {kind} "
                               "event was edited")
    if prev_hash != (prev[7] if prev else GENESIS):
        raise ChainBroken(seq, f"its previous hash is not event {expected - 1}'s hash: "
                               "events were deleted, moved or slipped in before it")


def _track(row: tuple, sessions: dict, rounds: dict, result: VerifyResult):
    """Follow the rounds' shape; a finished round (settled or void) as (session, rows)."""
    seq, _, session_id, round_id, kind = row[:5]
    if kind == "session_open":
        sessions[session_id] = Session.from_event(event_from_row(row))
    if round_id is None:
        return None
    if kind == "round_open":
        rounds[round_id] = [row]
        return None
    events = rounds.get(round_id)
    if events is None:
        if kind in AFTER_THE_ROUND:
            return None  # after the settlement: nothing left to recompute
        raise ChainBroken(seq, f"{kind} for round {round_id}, which is not open at this point")
    events.append(row)
    if kind == "settlement":
        result.rounds_settled += 1
    elif kind == "void":
        result.rounds_void += 1
    else:
        return None
    events = rounds.pop(round_id)
    session = sessions.get(events[0][2])
    if session is None:
        raise ChainBroken(events[0][0], f"round {round_id} belongs to table session "
                                        f"{events[0][2]}, which was never opened")
    return session, events


class _Settler:
    """Re-settles batches of finished rounds: in worker processes where there are cores to
    spare, else here. `results()` gives every problem found."""

    def __init__(self, db, processes: int | None) -> None:
        self.db = db
        self.processes = processes if processes is not None else (os.cpu_count() or 1)
        self.pool = None
        self.pending: list = []
        self.problems: list[ChainBroken] = []

    def __enter__(self) -> _Settler:
        return self

    def __exit__(self, *exc) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool = None

    def submit(self, batch: list) -> None:
        ids = [events[0][3] for _, events in batch]
        index = settlement_rows(self.db, min(ids), max(ids))
        work = [(session, events, index.get(events[0][3])) for session, events in batch]
        if self.processes <= 1 or (self.pool is None and len(batch) < BATCH):
            self.problems.extend(_settle_batch(work))  # a small journal: no processes
            return
        if self.pool is None:
            self.pool = get_context("fork").Pool(self.processes)
        self.pending.append(self.pool.apply_async(_settle_batch, (work,)))
        if len(self.pending) > 4 * self.processes:  # keep memory flat on a table-year
            self.problems.extend(self.pending.pop(0).get())

    def results(self) -> list[ChainBroken]:
        for job in self.pending:
            self.problems.extend(job.get())
        self.pending = []
        return self.problems


def _settle_batch(work: list) -> list[ChainBroken]:
    """Fold each round of the batch with the engine and check its settlement; the problems."""
    problems = []
    for session, rows, index_row in work:
        try:
            events = [event_from_row(r) for r in rows]
            state = _fold(session, events)
            if state.status == "settled":
                _check_settlement(state, events[-1], index_row)
        except ChainBroken as exc:
            problems.append(exc)
    return problems


def _fold(session: Session | None, events: list[Event]) -> RoundState:
    if session is None:
        raise ChainBroken(events[0].seq, f"round {events[0].round_id} belongs to table session "
                                         f"{events[0].session_id}, which was never opened")
    try:
        return fold_round(session, events)
    except FoldError as exc:
        raise ChainBroken(exc.seq, f"the engine refuses it while rebuilding round "
                                   f"{events[0].round_id}: {exc.reason}") from None


def _check_settlement(state: RoundState, event: Event, index_row) -> None:
    logged, computed = state.logged_settlement, state.computed_settlement
    if logged != computed:
        why = _first_difference(logged, computed)
        raise ChainBroken(event.seq, f"round {state.round_id}: the logged settlement does not "
                                     f"follow from the round's events ({why})")
    if index_row is None or index_row[0] != event.seq or index_row[1] != canonical(logged):
        raise ChainBroken(event.seq, f"round {state.round_id}: the settlements table does not "
                                     "hold this settlement event's document")


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
