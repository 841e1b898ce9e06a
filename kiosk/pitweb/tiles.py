"""Each table's tile: its shipped events folded as the table itself folds them.

The round in play is rebuilt by the journal's fold (`fold_round`, corrections applied) and shown
through the table's own `build_view(..., "pit")`, so the tile obeys the views' rule: the
dealer's hole card, and any total that gives it away, are left out until he turns it. The shoe
is not passed to the view at all: the pit never sees what the shoe still holds. The card
source's state and the faults come from the table's own `FaultBoard`. Pure: no I/O.
"""

from __future__ import annotations

import datetime as dt
from collections import deque
from dataclasses import dataclass, field
from decimal import Decimal

from kiosk.journal.events import Event
from kiosk.journal.fold import FoldError, RoundState, Session, fold_round
from kiosk.journal.shift_report import TableReport
from kiosk.table.faults import FaultBoard
from kiosk.table.view import TableParts, TableView, build_view
from models.errors import GameError
from models.rules import rules_from_spec
from models.table import Limits

WINDOW = 1000  # events read back when a server starts: the round in play and recent faults


def parse_ts(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


@dataclass
class TableFold:
    """One table as the pit sees it, advanced event by event."""

    table_id: int
    name: str
    seq: int = 0
    session: Session | None = None
    rules: object = None
    limits: Limits | None = None
    round_events: list[Event] = field(default_factory=list)
    board: FaultBoard = field(default_factory=FaultBoard)
    closed: bool = False
    settlements: list[tuple[str, dict]] = field(default_factory=list)  # of the current shift
    voids: list[str] = field(default_factory=list)
    opened: deque = field(default_factory=deque)  # round_open times of the last hour
    fault: str | None = None  # the fold could not rebuild the round (verify names why)
    _state: RoundState | None = None
    _stale: bool = True

    def apply(self, event: Event) -> None:
        if event.seq <= self.seq:
            return  # a re-read event: folded already
        self.seq = event.seq
        self.board.apply(event)
        kind = event.kind
        if kind == "session_open":
            self.session = Session.from_event(event)
            try:
                self.rules = rules_from_spec(self.session.rules)
                self.limits = Limits.parse(self.session.limits["min"],
                                           self.session.limits["max"])
            except (GameError, KeyError, TypeError, ValueError) as exc:
                self.fault = f"event {event.seq}: {exc}"
        elif kind == "round_open":
            self.round_events = [event]
            self.opened.append(event.ts)
            self._stale = True
        elif kind == "supervisor" and event.data.get("act") in ("close_table", "open_table"):
            self.closed = event.data["act"] == "close_table"
        elif self.round_events and event.round_id == self.round_events[0].round_id:
            self.round_events.append(event)
            self._stale = True
        if kind == "settlement":
            self.settlements.append((event.ts, event.data))
        elif kind == "void":
            self.voids.append(event.ts)

    def state(self) -> RoundState | None:
        if self._stale:
            self._stale = False
            self._state = None
            if self.round_events and self.session is not None:
                try:
                    self._state = fold_round(self.session, self.round_events)
                    self.fault = None
                except FoldError as exc:
                    self.fault = str(exc)
        return self._state

    def view(self) -> TableView | None:
        if self.session is None or self.rules is None:
            return None
        state = self.state()
        seats = dict(state.round.seats) if state is not None else {}
        parts = TableParts(self.name, self.rules, self.limits, self.seq, state, None,
                           self.board, None, seats, self.closed)
        return build_view(parts, "pit")

    def forget_before(self, shift_start: dt.datetime, hour_ago: dt.datetime) -> None:
        self.settlements = [(ts, d) for ts, d in self.settlements
                            if parse_ts(ts) >= shift_start]
        self.voids = [ts for ts in self.voids if parse_ts(ts) >= shift_start]
        while self.opened and parse_ts(self.opened[0]) < hour_ago:
            self.opened.popleft()

    def shift_tally(self) -> TableReport:
        report = TableReport(self.name)
        for _, settlement in self.settlements:
            report.add_settlement(settlement)
        return report


@dataclass(frozen=True)
class Store:
    """What the pit's registry says of a table (`pit.tables`) and its open alerts."""

    state: str = "new"  # new, shipping, refused
    head_seq: int = 0
    journal_seq: int | None = None
    heard_at: dt.datetime | None = None
    shipped_at: dt.datetime | None = None
    open_alerts: int = 0
    simulated: bool = False


@dataclass(frozen=True)
class Tile:
    """Everything one tile shows, plain values for the template."""

    name: str
    dom_id: str
    seq: int
    is_open: bool
    preset: str
    limits: tuple[Decimal, Decimal] | None
    round_id: int | None
    phase: str
    boxes_occupied: int
    rounds_per_hour: int
    source: str  # none, connected, lost, silent
    source_kind: str
    faults: int
    heard_at: dt.datetime | None
    behind: int | None
    store_state: str
    open_alerts: int
    drop: Decimal
    win: Decimal
    hold_pct: Decimal | None
    dealer_cards: tuple[str, ...]
    dealer_face_down: int
    dealer_label: str
    boxes: tuple
    fault: str | None
    simulated: bool


def dom_id(name: str) -> str:
    return "tile-" + "".join(c if c.isalnum() or c in "-_" else f"_{ord(c):x}_" for c in name)


def tile(fold: TableFold, store: Store) -> Tile:
    view = fold.view()
    report = fold.shift_tally()
    main = report.main
    sides = sum((t.drop for t in report.side.values()), Decimal(0))
    side_house = sum((t.house for t in report.side.values()), Decimal(0))
    drop = main.drop + sides
    win = main.house + side_house
    hold = (win * 100 / drop).quantize(Decimal("0.1")) if drop else None
    behind = None if store.journal_seq is None else max(store.journal_seq - store.head_seq, 0)
    boxes = ()
    occupied = 0
    if view is not None:
        boxes = tuple(b for b in view.boxes if b.hands and b.hands[0].stakes)
        occupied = len(boxes) if view.phase != "closed" else 0
    return Tile(
        name=fold.name, dom_id=dom_id(fold.name), seq=fold.seq,
        is_open=not fold.closed and view is not None,
        preset=view.preset if view else "", limits=view.limits if view else None,
        round_id=view.round_id if view else None,
        phase=("void" if view.status == "void" else view.phase) if view else "closed",
        boxes_occupied=occupied, rounds_per_hour=len(fold.opened),
        source=fold.board.source.state, source_kind=fold.board.source.kind,
        faults=len(fold.board.open), heard_at=store.heard_at, behind=behind,
        store_state=store.state, open_alerts=store.open_alerts, drop=drop, win=win,
        hold_pct=hold,
        dealer_cards=view.dealer.cards if view else (),
        dealer_face_down=view.dealer.face_down if view else 0,
        dealer_label=view.dealer.label if view else "",
        boxes=boxes if view and view.phase != "closed" else (),
        fault=fold.fault, simulated=store.simulated)
