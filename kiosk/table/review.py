"""Game recall for the screen: the table's last rounds, any round replayed step by step (the
table after each event, as the pit's view shows it: the hole card face down until turned),
its round record for a dispute file, and the shift report. Read from the journal the table
writes; nothing here writes.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from decimal import Decimal

from kiosk.journal import reader
from kiosk.journal.fold import fold_round
from kiosk.journal.shift_report import shift_report
from kiosk.journal.view import describe, face_down
from kiosk.table.faults import FaultBoard
from kiosk.table.view import TableParts, TableView, build_view
from models.clock import utc_now
from models.errors import IllegalAction
from models.record import to_record
from models.rules import rules_from_spec
from models.table import Limits

RECALL = 10  # rounds always one touch away
SHIFT_HOURS = 12


@dataclass(frozen=True, slots=True)
class RoundSummary:
    round_id: int
    opened_at: str  # UTC, ISO 8601
    status: str  # open, settled, void
    net: tuple[tuple[str, Decimal], ...]  # each player's result
    house: Decimal | None


@dataclass(frozen=True, slots=True)
class ReplayStep:
    seq: int
    kind: str
    words: str  # the event in a supervisor's words (English, as `replay` prints it)
    view: TableView  # the table after it
    data: dict  # the event's data, for a screen that says it in its own language
    face_down: bool = False  # a card dealt to the dealer face down: not to be named yet


def replay_steps(session, events: list) -> tuple[ReplayStep, ...]:
    """A round's events (its round_open first) step by step, each with the table as the pit's
    view shows it after it: the hole card face down, and not named, until it is turned. The
    recall and the pit page (kiosk/pitweb) replay through this one function."""
    rules = rules_from_spec(session.rules)
    limits = Limits.parse(session.limits["min"], session.limits["max"])
    steps = []
    for i, event in enumerate(events):
        state = fold_round(session, events[:i + 1])
        parts = TableParts(session.table, rules, limits, event.seq, state, None, FaultBoard(),
                           None, dict(state.round.seats))
        hidden = event.kind == "card" and face_down(state.round, event.data["card"])
        steps.append(ReplayStep(event.seq, event.kind, describe(event, state.round),
                                build_view(parts, "pit"),
                                {} if hidden else dict(event.data), hidden))
    return tuple(steps)


class Review:
    """Recall, replay, export and shift report for one table service."""

    def __init__(self, service) -> None:
        self.service = service

    @property
    def db(self):
        return self.service.writer.db

    def recent(self, n: int = RECALL) -> tuple[RoundSummary, ...]:
        """The table's last `n` rounds, newest first."""
        rows = reader.round_rows(self.db, table=self.service.table, last=n)
        out = []
        for row in reversed(rows):
            settlement = row["settlement"] or {}
            net = tuple((p, Decimal(v)) for p, v in settlement.get("net", {}).items())
            house = Decimal(settlement["house"]) if "house" in settlement else None
            out.append(RoundSummary(row["id"], row["opened_at"], row["status"], net, house))
        return tuple(out)

    def replay(self, round_id: int) -> tuple[ReplayStep, ...]:
        """The round event by event, each with the table as it stood after it."""
        events = reader.round_events(self.db, round_id)
        if not events:
            raise IllegalAction(f"round {round_id} is not in the journal")
        return replay_steps(reader.session(self.db, events[0].session_id), events)

    def export(self, round_id: int) -> str:
        """The settled round as a round record (the text `blackjack-kiosk export` writes)."""
        state, _ = reader.fold(self.db, round_id)
        if state.status != "settled":
            raise IllegalAction(f"round {round_id} is {state.status}: only a settled round "
                                "makes a complete round record")
        return json.dumps(to_record(state.round), indent=2) + "\n"

    def shift(self, hours: int = SHIFT_HOURS) -> dict | None:
        """The shift report of this table over the last `hours` (None if it played no round)."""
        since = (utc_now() - dt.timedelta(hours=hours)).strftime("%Y-%m-%dT%H:%M:%S")
        for table in shift_report(self.db, since, None):
            doc = table.to_json()
            if doc["table"] == self.service.table:
                return doc
        return None
