"""`verify`: walk the hash chain and recompute every logged settlement with the engine.

It stops at the first event that does not hold and names it: a missing sequence number (a
deleted event), a hash that does not match the event's content (an edited event), a previous
hash that does not match (an event moved or slipped in), an index row that points past the
chain (events cut off at the end), or a settlement the round's events do not give.
"""

from __future__ import annotations

import heapq
import os
import sqlite3
from dataclasses import dataclass
from multiprocessing import get_context

import sqlite_utils

from kiosk.journal.errors import ChainBroken
from kiosk.journal.events import GENESIS, Event, event_from_row, event_hash_of_text, quick_event
from kiosk.journal.fold import AFTER_THE_ROUND, FoldError, RoundState, Session, fold_round
from kiosk.journal.store import read_only_uri

INDEXES = {"sessions": "session_open", "shoes": "shoe_open", "rounds": "round_open",
           "settlements": "settlement", "alerts": "alert"}
# The events that give the journal its shape: the walk reads only these (through the kind
# index); the jobs read everything else.
STRUCTURE = ("session_open", "round_open", "settlement", "void")
SHAPE = ("seq, session_id, round_id, kind, "
         "CASE WHEN kind = 'session_open' THEN data END")
ROW = "seq, ts, session_id, round_id, kind, data, prev_hash, hash"
READ_CHUNK = 20_000  # structural events read at a time: a table-year stays small in memory
BATCH = 256  # finished rounds per job
PARALLEL_FROM = 2 * BATCH  # fewer settled rounds than this: one process is quicker than a pool
END = float("inf")
# At one event, what a walk from the start finds first: a gap before the event, its content
# against its hash, its link to the event before, its place in a round, the round's rebuild,
# the settlements table.
GAP, CONTENT, LINK, PLACE, REBUILD, INDEX = range(6)


@dataclass
class VerifyResult:
    events: int = 0
    rounds_settled: int = 0
    rounds_void: int = 0
    rounds_open: int = 0
    head_hash: str = GENESIS


def verify_journal(db: sqlite_utils.Database, processes: int | None = None) -> VerifyResult:
    """Raise ChainBroken naming the first event that does not hold; else the counts.

    One pass over the journal's structure (sessions opened, rounds opened, settled or voided,
    read through the kind index) cuts the journal into jobs of consecutive events holding
    about 256 finished rounds. Each job, on every core (`processes`, default all), reads its
    events back read-only and checks every one of them: its number follows the one before
    (no gap), its hash matches its content, its previous hash is the hash before it, it
    belongs to a round open at that point; then it rebuilds its rounds with the engine and
    re-settles them. Whatever ran in parallel, the event named is the one a walk from the
    start would stop at first."""
    settled = db.conn.execute("SELECT count(*) FROM settlements").fetchone()[0]
    processes = processes or os.cpu_count() or 1
    if processes > 1 and settled >= PARALLEL_FROM:
        with get_context("fork").Pool(processes, _open_worker, (read_only_uri(db),)) as pool:
            result = _Walk(db, pool).run()  # every job it handed out is back
            pool.close()  # idle workers leave on their own; the exit's terminate() finds none
            pool.join()
            return result
    return _Walk(db, None).run()


_WORKER_DB: sqlite3.Connection | None = None  # a worker's own read-only connection


def _open_worker(uri: str) -> None:
    global _WORKER_DB
    _WORKER_DB = sqlite3.connect(uri, uri=True)
    _WORKER_DB.execute("PRAGMA query_only = ON")


class _Walk:
    """The one pass over the journal's structure; every event handed out to a job."""

    def __init__(self, db, pool):
        self.db = db
        self.pool = pool
        self.result = VerifyResult()
        self.sessions: dict[int, Session] = {}
        self.rounds: dict[int, list] = {}  # open rounds: [first seq, session]
        self.opened: dict[int, int] = {}  # every round opened so far: its round_open's seq
        self.job: list[tuple] = []  # (detected at, session, round, first seq, last seq)
        self.job_from = 1  # the first event no job has yet

    def run(self) -> VerifyResult:
        conn = self.db.conn
        last = conn.execute("SELECT max(seq) FROM events").fetchone()[0] or 0
        pending, failures = [], []
        try:
            for row in self._structure():
                self._track(row, pending)
        except _Failure as failure:
            failures.append(failure.args)
            last = failure.args[2]  # what follows is moot: a walk from the start stops here
        else:
            for round_id, (first, session_id) in self.rounds.items():
                self.job.append((END, self.sessions.get(session_id), round_id, first, last))
                self.result.rounds_open += 1
            self.rounds = {}
        if last >= self.job_from or self.job:
            self._flush(last, pending)
        for done in pending:
            failure = done.get() if self.pool else done
            if failure is not None:
                failures.append(failure)
        if failures:
            _, _, seq, message = min(failures, key=lambda f: (f[0], f[1]))
            raise ChainBroken(seq, message)
        self.result.events = last  # every number from 1 to the last is there: no gap was found
        if last:
            self.result.head_hash = conn.execute("SELECT hash FROM events WHERE seq = ?",
                                                 (last,)).fetchone()[0]
        _check_indexes(self.db, last)
        return self.result

    def _structure(self):
        """The structural events in order: each kind read through the kind index, merged."""
        def of_kind(kind: str):
            after = 0
            while True:
                rows = self.db.conn.execute(
                    f"SELECT {SHAPE} FROM events WHERE kind = ? AND seq > ? ORDER BY seq "
                    "LIMIT ?", (kind, after, READ_CHUNK)).fetchall()
                if not rows:
                    return
                yield from rows
                after = rows[-1][0]
        return heapq.merge(*(of_kind(kind) for kind in STRUCTURE))

    def _track(self, row: tuple, pending: list) -> None:
        seq, session_id, round_id, kind, data = row
        if kind == "session_open":
            try:
                event = event_from_row((seq, "", session_id, round_id, kind, data, "", ""))
                self.sessions[session_id] = Session.from_event(event)
            except (ChainBroken, KeyError, TypeError) as exc:
                raise _Failure(seq, PLACE, "the session_open event cannot be read "
                                           f"({exc})") from None
        if round_id is None:
            return
        if kind == "round_open":
            if round_id in self.opened:
                raise _Failure(seq, PLACE, f"round_open for round {round_id}, which event "
                                           f"{self.opened[round_id]} opened already")
            self.opened[round_id] = seq
            self.rounds[round_id] = [seq, session_id]
            return
        span = self.rounds.pop(round_id, None)
        if span is None:
            raise _Failure(seq, PLACE, f"{kind} for round {round_id}, which is not open at "
                                       "this point")
        first, session_id = span
        self.job.append((seq, self.sessions.get(session_id), round_id, first, seq))
        if kind == "settlement":
            self.result.rounds_settled += 1
        else:
            self.result.rounds_void += 1
        if len(self.job) >= BATCH:
            self._flush(seq, pending)

    def _flush(self, high: int, pending: list) -> None:
        """Hand out the events up to `high` that no job has yet, with the rounds finished
        among them and the rounds still open at `high` (their later events are theirs)."""
        job = (self.job_from, high, self.job,
               {round_id: first for round_id, (first, _) in self.rounds.items()})
        self.job_from, self.job = high + 1, []
        if self.pool is None:
            pending.append(_check_job(job, self.db.conn))
        else:
            pending.append(self.pool.apply_async(_check_job, (job,)))


class _Failure(Exception):
    """(detected at, tie, seq, message): where the walk found an event that does not hold."""

    def __init__(self, seq: int, tie: int, message: str):
        super().__init__(seq, tie, seq, message)


def _check_job(job: tuple, conn: sqlite3.Connection | None = None) -> tuple | None:
    """Check each of the job's events (number, content against hash, link to the event before,
    place in an open round), then rebuild each of its finished rounds with the engine and
    compare its settlement; the first failure as (detected at, tie, seq, message), or None.
    The journal is append-only and read read-only: the rows read here are the rows the walk
    saw."""
    conn = conn or _WORKER_DB
    low, high, rounds, still_open = job
    failures = []
    wanted = {r[2] for r in rounds}
    members: dict[int, list] = {round_id: [] for round_id in wanted}
    # where each round may hold events: after its round_open, before its end (the walk
    # refuses a second round_open of a round, so each round has one span)
    spans = {round_id: (first, END if detected == END else last)
             for detected, _, round_id, first, last in rounds}
    spans.update((round_id, (first, END)) for round_id, first in still_open.items())
    nowhere = (0, 0)
    start = max(1, min([low - 1] + [r[3] for r in rounds]))
    expected = low
    before = GENESIS if low == 1 else None  # the hash of the event before, once read
    after_the_round, structure = AFTER_THE_ROUND, STRUCTURE
    for row in conn.execute(f"SELECT {ROW} FROM events WHERE seq BETWEEN ? AND ? ORDER BY seq",
                            (start, high)):
        seq, ts, session_id, round_id, kind, data, prev_hash, digest = row
        if seq >= low:
            if seq != expected:
                failures.append((expected, GAP, expected, _gap(expected, seq)))
                break
            expected += 1
            if event_hash_of_text(prev_hash, seq, ts, session_id, round_id, kind,
                                  data) != digest:
                failures.append((seq, CONTENT, seq, f"its hash does not match its content: "
                                                    f"the {kind} event was edited"))
                break
            if before is not None and prev_hash != before:
                failures.append((seq, LINK, seq, f"its previous hash is not event {seq - 1}'s "
                                 "hash: events were deleted, moved or slipped in before it"))
                break
            if round_id is not None and kind not in structure and kind not in after_the_round \
                    and not (span := spans.get(round_id, nowhere))[0] < seq < span[1]:
                failures.append((seq, PLACE, seq, f"{kind} for round {round_id}, which is not "
                                                  "open at this point"))
                break
        before = digest if seq == expected - 1 or seq == low - 1 else None
        if round_id in wanted:
            members[round_id].append(row)
    else:
        if expected <= high:  # the range ends in a gap (never so for a range the walk cut)
            failures.append((expected, GAP, expected, _gap(expected, None, conn)))
    known: dict[str, dict] = {}
    logged = _logged_settlements(conn, rounds)
    for detected, session, round_id, first, last in rounds:
        if failures and detected > failures[0][0]:
            break
        try:
            events = [_event(r, known) for r in members[round_id] if first <= r[0] <= last]
            state = _fold(session, events)
            if events[-1].kind == "settlement":
                _check_settlement(state, events[-1])
                if logged.get(round_id) != (events[-1].seq, _text(members[round_id], last)):
                    failures.append((detected, INDEX, detected, f"round {round_id}: the "
                                     "settlements table does not hold this settlement event's "
                                     "document"))
                    break
        except ChainBroken as exc:
            failures.append((detected, REBUILD, exc.seq, str(exc).removeprefix(
                f"event {exc.seq}: ")))
            break
    return min(failures, key=lambda f: (f[0], f[1])) if failures else None


def _gap(missing: int, found: int | None, conn: sqlite3.Connection | None = None) -> str:
    if found is None:
        found = conn.execute("SELECT min(seq) FROM events WHERE seq > ?",
                             (missing,)).fetchone()[0]
    return (f"is missing: the chain jumps from event {missing - 1} to event {found} (an event "
            "was deleted)")


def _logged_settlements(conn: sqlite3.Connection, rounds: list[tuple]) -> dict:
    ids = [r[2] for r in rounds]
    if not ids:
        return {}
    rows = conn.execute("SELECT round_id, seq, settlement FROM settlements WHERE round_id "
                        "BETWEEN ? AND ?", (min(ids), max(ids))).fetchall()
    return {round_id: (seq, text) for round_id, seq, text in rows}


def _text(rows: list[tuple], seq: int) -> str | None:
    for row in reversed(rows):
        if row[0] == seq:
            return row[5]
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
        return quick_event(row[0], row[1], row[2], row[3], row[4], data)
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
