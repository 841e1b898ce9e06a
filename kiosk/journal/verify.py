"""`verify`: walk the hash chain and recompute every logged settlement with the engine.

It stops at the first event that does not hold and names it: a missing sequence number (a
deleted event), a hash that does not match the event's content (an edited event), a previous
hash that does not match (an event moved or slipped in), an index row that points past the
chain (events cut off at the end), or a settlement the round's events do not give.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from kiosk.journal.errors import ChainBroken
from kiosk.journal.events import GENESIS, Event, canonical, event_hash
from kiosk.journal.fold import AFTER_THE_ROUND, FoldError, RoundState, Session, fold_round
from kiosk.journal.reader import all_events

INDEXES = {"sessions": "session_open", "shoes": "shoe_open", "rounds": "round_open",
           "settlements": "settlement", "alerts": "alert"}


@dataclass
class VerifyResult:
    events: int = 0
    rounds_settled: int = 0
    rounds_void: int = 0
    rounds_open: int = 0
    head_hash: str = GENESIS


def verify_journal(db: sqlite_utils.Database) -> VerifyResult:
    """Raise ChainBroken naming the first event that does not hold; else the counts."""
    result = VerifyResult()
    sessions: dict[int, Session] = {}
    rounds: dict[int, list[Event]] = {}
    prev = None
    for event in all_events(db):
        _check_link(event, prev)
        prev = event
        result.events += 1
        _track(db, event, sessions, rounds, result)
    for events in rounds.values():
        _fold(sessions, events)
        result.rounds_open += 1
    result.head_hash = prev.hash if prev else GENESIS
    _check_indexes(db, prev.seq if prev else 0)
    return result


def _check_link(event: Event, prev: Event | None) -> None:
    expected = prev.seq + 1 if prev else 1
    if event.seq != expected:
        raise ChainBroken(expected, f"is missing: the chain jumps from event {expected - 1} to "
                                    f"event {event.seq} (an event was deleted)")
    digest = event_hash(event.prev_hash, event.seq, event.ts, event.session_id, event.round_id,
                        event.kind, canonical(event.data))
    if digest != event.hash:
        raise ChainBroken(event.seq, f"its hash does not match its content: the {event.kind} "
                                     "event was edited")
    if event.prev_hash != (prev.hash if prev else GENESIS):
        raise ChainBroken(event.seq, f"its previous hash is not event {expected - 1}'s hash: "
                                     "events were deleted, moved or slipped in before it")


def _track(db, event: Event, sessions: dict, rounds: dict, result: VerifyResult) -> None:
    if event.kind == "session_open":
        sessions[event.session_id] = Session.from_event(event)
    if event.round_id is None:
        return
    if event.kind == "round_open":
        rounds[event.round_id] = [event]
        return
    events = rounds.get(event.round_id)
    if events is None:
        if event.kind in AFTER_THE_ROUND:
            return  # after the settlement: nothing left to recompute
        raise ChainBroken(event.seq, f"{event.kind} for round {event.round_id}, which is not "
                                     "open at this point")
    events.append(event)
    if event.kind == "settlement":
        state = _fold(sessions, rounds.pop(event.round_id))
        _check_settlement(db, state, event)
        result.rounds_settled += 1
    elif event.kind == "void":
        _fold(sessions, rounds.pop(event.round_id))
        result.rounds_void += 1


def _fold(sessions: dict, events: list[Event]) -> RoundState:
    session = sessions.get(events[0].session_id)
    if session is None:
        raise ChainBroken(events[0].seq, f"round {events[0].round_id} belongs to table session "
                                         f"{events[0].session_id}, which was never opened")
    try:
        return fold_round(session, events)
    except FoldError as exc:
        raise ChainBroken(exc.seq, f"the engine refuses it while rebuilding round "
                                   f"{events[0].round_id}: {exc.reason}") from None


def _check_settlement(db, state: RoundState, event: Event) -> None:
    logged, computed = state.logged_settlement, state.computed_settlement
    if logged != computed:
        why = _first_difference(logged, computed)
        raise ChainBroken(event.seq, f"round {state.round_id}: the logged settlement does not "
                                     f"follow from the round's events ({why})")
    row = db.conn.execute("SELECT seq, settlement FROM settlements WHERE round_id = ?",
                          (state.round_id,)).fetchone()
    if row is None or row[0] != event.seq or row[1] != canonical(logged):
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
