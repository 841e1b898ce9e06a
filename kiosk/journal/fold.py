"""The fold: a round's state rebuilt from its events through the game engine. Pure, no I/O.

Crash recovery, replay, export and verify all use this one function, so what the kiosk shows
after a restart is by construction what the journal says. Corrections are applied here: a
correction names an earlier event of the round and replaces its data (or strikes it); the
original stays in the journal and in the replay, the fold plays the corrected round.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from decimal import Decimal

from kiosk.journal.events import Event
from models.errors import GameError, IllegalAction
from models.money import parse_amount
from models.record import apply_entry
from models.round import Round
from models.table import Limits

CORRECTABLE = ("bet", "withdraw", "card", "decision", "seat")
# events that may follow a round's settlement or void: they change no game state
AFTER_THE_ROUND = ("payout", "alert", "source", "acknowledge", "supervisor")


class FoldError(GameError):
    """An event the engine refuses while rebuilding a round: the journal does not hold."""

    def __init__(self, seq: int, message: str):
        super().__init__(f"event {seq}: {message}")
        self.seq = seq
        self.reason = message


@dataclass(frozen=True, slots=True)
class Session:
    """A table session: the table's name, its rules and limits, from its session_open event."""

    id: int
    table: str
    rules: object
    limits: dict
    by: str | None = None  # the supervisor whose change of preset or limits opened it
    simulated: bool = False  # dealt from the mock shoe (demo, training), not a live table

    @classmethod
    def from_event(cls, event: Event) -> Session:
        d = event.data
        return cls(event.session_id, d["table"], d["rules"], d["limits"], d.get("by"),
                   bool(d.get("simulated", False)))


@dataclass(slots=True)
class RoundState:
    """A round as its events leave it."""

    round_id: int
    session_id: int
    shoe_id: int
    round: Round
    status: str = "open"  # open, settled, void
    logged_settlement: dict | None = None
    computed_settlement: dict | None = None
    settlement_seq: int | None = None
    payout_by: str | None = None
    void: dict | None = None
    cards: list[str] = field(default_factory=list)  # effective cards, for the shoe's count
    corrections: list[Event] = field(default_factory=list)
    # lines paid during play: (player, box, hand, bet) -> amount
    paid: dict[tuple, Decimal] = field(default_factory=dict)
    last_seq: int = 0

    @property
    def is_open(self) -> bool:
        return self.status == "open"


# what no decision may be undone after: a card, a later decision, a payment, the round's end
AFTER_A_DECISION = ("card", "decision", "paid", "settlement", "void")


def effective_events(events: Iterable[Event]) -> list[Event]:
    """The round's events with every correction and undo applied: replaced data swapped in,
    struck and undone events left out, the correction and undo events themselves removed (a
    later correction of the same event wins)."""
    events = list(events)
    kinds = {e.seq: e.kind for e in events}
    fixes = {}
    undone: set[int] = set()
    for i, e in enumerate(events):
        if e.kind == "undo":
            target = e.data.get("undoes")
            if kinds.get(target) != "decision" or target >= e.seq or target in undone:
                raise FoldError(e.seq, f"an undo must name an earlier decision of its round "
                                       f"not undone yet, not event {target!r}")
            later = [x for x in events[:i] if x.seq > target and x.kind in AFTER_A_DECISION
                     and x.seq not in undone]
            if later:
                raise FoldError(e.seq, f"decision {target} cannot be undone: a {later[0].kind} "
                                       f"(event {later[0].seq}) followed it")
            undone.add(target)
            continue
        if e.kind != "correction":
            continue
        target = e.data.get("corrects")
        if kinds.get(target) not in CORRECTABLE or target >= e.seq:
            raise FoldError(e.seq, f"a correction must name an earlier bet, card or decision "
                                   f"of its round, not event {target!r}")
        fixes[target] = e.data.get("replace")
    out = []
    for e in events:
        if e.kind in ("correction", "undo") or e.seq in undone:
            continue
        if e.seq in fixes:
            if fixes[e.seq] is None:
                continue
            e = replace(e, data=fixes[e.seq])
        out.append(e)
    return out


def new_round(session: Session, opening: Event) -> RoundState:
    seats = {int(k): v for k, v in opening.data["seats"].items()}
    limits = Limits.parse(session.limits["min"], session.limits["max"])
    rnd = Round(session.rules, limits, seats)
    return RoundState(opening.round_id, opening.session_id, opening.data["shoe"], rnd,
                      last_seq=opening.seq)


def fold_round(session: Session, events: list[Event]) -> RoundState:
    """The round from its events (the first is its round_open)."""
    opening = events[0]
    if opening.kind != "round_open":
        raise FoldError(opening.seq, f"a round starts with round_open, not {opening.kind}")
    try:
        state = new_round(session, opening)
    except GameError as exc:
        raise FoldError(opening.seq, str(exc)) from None
    state.corrections = [e for e in events if e.kind == "correction"]
    for event in effective_events(events[1:]):
        apply_event(state, event)
    state.last_seq = events[-1].seq
    return state


def apply_event(state: RoundState, event: Event) -> None:
    """Apply one (already corrected) event of the round to its state."""
    if state.status != "open" and event.kind not in AFTER_THE_ROUND:
        raise FoldError(event.seq, f"{event.kind} after the round was {state.status}")
    try:
        _APPLY.get(event.kind, _ignore)(state, event)
    except GameError as exc:
        if isinstance(exc, FoldError):
            raise
        raise FoldError(event.seq, str(exc)) from None


def _bet(state: RoundState, e: Event) -> None:
    d = e.data
    state.round.bet(d["player"], d["box"], d["amount"], d.get("side"))


def _withdraw(state: RoundState, e: Event) -> None:
    state.round.withdraw(e.data["player"], e.data["box"], e.data.get("side"),
                         e.data.get("amount"))


def _seat(state: RoundState, e: Event) -> None:
    state.round.seat(e.data["seat"], e.data["player"])


def _card(state: RoundState, e: Event) -> None:
    state.round.card(e.data["card"])
    state.cards.append(e.data["card"])


def _decision(state: RoundState, e: Event) -> None:
    apply_entry(state.round, e.data)


def paid_line(state: RoundState, data: dict):
    """The line of the engine's `payable_now` a `paid` event names, checked: payable now, for
    exactly that amount, not paid already. Raises GameError naming what does not hold."""
    try:
        key = (data["player"], data["box"], data["hand"], data["bet"])
        amount = parse_amount(data["amount"])
    except (KeyError, TypeError, GameError):
        raise IllegalAction("a payment names player, box, hand, bet and amount") from None
    if key in state.paid:
        raise IllegalAction(f"{key[0]}'s {key[3]} line on box {key[1]} hand {key[2]} was "
                            f"paid already ({state.paid[key]})", "paid_already")
    for ln in state.round.payable_now():
        if (ln.player, ln.box, ln.hand, ln.bet) == key:
            if ln.net != amount:
                raise IllegalAction(f"{key[0]}'s {key[3]} line on box {key[1]} pays "
                                    f"{ln.net}, not {amount}")
            return ln
    raise IllegalAction(f"nothing is to pay now to {key[0]} for {key[3]} on box {key[1]} "
                        f"hand {key[2]}", "nothing_to_pay")


def _paid(state: RoundState, e: Event) -> None:
    ln = paid_line(state, e.data)
    state.paid[(ln.player, ln.box, ln.hand, ln.bet)] = ln.net


def _settlement(state: RoundState, e: Event) -> None:
    state.computed_settlement = state.round.settle().to_json()
    state.logged_settlement = e.data
    state.settlement_seq = e.seq
    state.status = "settled"


def _payout(state: RoundState, e: Event) -> None:
    if state.status != "settled":
        raise FoldError(e.seq, "payout confirmed before the round was settled")
    state.payout_by = e.data["by"]


def _void(state: RoundState, e: Event) -> None:
    state.void = e.data
    state.status = "void"


def _ignore(state: RoundState, e: Event) -> None:
    """Alerts, source statuses, acknowledgements and corrections change no game state
    (corrections act in effective_events)."""


_APPLY = {"bet": _bet, "withdraw": _withdraw, "seat": _seat, "card": _card, "decision": _decision,
          "paid": _paid, "settlement": _settlement, "payout": _payout, "void": _void}
