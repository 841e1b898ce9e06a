"""The table as a screen may show it: one frozen value, built after every committed event.

A screen renders a `TableView` and nothing else. It holds what the dealer and the pit need at
a glance (seats, box owners and co-players, stakes and side bets, hands and totals, the active
hand, the dealer's cards as the table sees them, the shoe, the card source, the faults) and the
choices the engine allows now, asked of its `can_*` alone, so no screen re-implements a rule.

The hole card: in the hole-card game the dealer's face-down card, his total and every choice
or sentence that would give it away are left out until the dealer turns it (the rule lives in
`models.round_view`). While a hole-card insurance window is open, the owners' choices are not
offered: their refusal would tell that the dealer has Black Jack.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from kiosk.table.faults import Fault, FaultBoard, SourceState
from models.cards import hand_total
from models.hands import Box, Hand
from models.round import Phase, Round
from models.round_view import (
    hole_card_hidden,
    next_card_target,
    pending,
    visible_dealer_cards,
)
from models.rules import PRESETS
from models.settlement import Line, Settlement
from models.table import box_owner

AUDIENCES = ("dealer", "pit")


@dataclass(frozen=True, slots=True)
class Stake:
    player: str
    amount: Decimal
    standing: bool = False  # the last round's stake, proposed again: not journaled yet


@dataclass(frozen=True, slots=True)
class HandView:
    number: int  # 1 is the box's first hand; hands lie in the order they are played
    cards: tuple[str, ...]
    total: int | None  # None before the first card
    soft: bool
    label: str  # "soft 17", "hard 12", "bust 24", "Black Jack", ""
    stakes: tuple[Stake, ...]
    active: bool
    done: bool
    blackjack: bool
    bust: bool
    doubled: bool
    stood: bool
    surrendered: bool
    split_from: str | None
    insured: tuple[str, ...]
    even_money: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BoxView:
    number: int
    seated: str | None  # the player in the seat in front of the box
    owner: str | None  # who decides for the box: the seated player, else the nearest
    coplayers: tuple[str, ...]  # players with a stake on the box other than its owner
    hands: tuple[HandView, ...]
    twins: tuple[Stake, ...]
    bust: tuple[Stake, ...]
    state: str  # empty, standing (every stake on it stands from the last round), staked,
    # playing, waiting, done

    @property
    def main_total(self) -> Decimal:
        return sum((s.amount for s in self.hands[0].stakes), Decimal(0)) if self.hands \
            else Decimal(0)


@dataclass(frozen=True, slots=True)
class DealerView:
    cards: tuple[str, ...]  # the cards the table can see
    face_down: int  # 1 while the hole card lies face down
    total: int | None  # of the visible cards
    soft: bool
    label: str
    up_card: str | None
    guidance: str  # "draw", "stand", "" (not his turn)


@dataclass(frozen=True, slots=True)
class ShoeView:
    number: int
    decks: int
    dealt: int
    left: int
    cut_card_out: bool  # this round is the shoe's last
    simulated: bool


@dataclass(frozen=True, slots=True)
class Offer:
    """An insurance or even-money offer to one player on one hand."""

    player: str
    box: int
    hand: int


@dataclass(frozen=True, slots=True)
class Choices:
    """What the engine allows now. Owner decisions are for the active hand (`box`, `hand`)."""

    box: int | None = None
    hand: int | None = None
    stand: bool = False
    double: bool = False  # by the owner alone, or with at least one co-player
    double_alone: bool = False
    double_followers: tuple[str, ...] = ()  # co-players who may double with him
    split: bool = False
    split_alone: bool = False
    split_followers: tuple[str, ...] = ()
    surrender: bool = False
    insurance: tuple[Offer, ...] = ()
    even_money: tuple[Offer, ...] = ()
    close_insurance: bool = False
    card: bool = False  # a card may come from the shoe now
    bet: bool = False
    settle: bool = False
    confirm_payout: bool = False
    open_round: bool = False
    void: bool = False
    between_rounds: bool = False  # a supervisor may change the preset, limits or shoe now
    undo: bool = False  # the last decision may be taken back (no card has followed it)
    clear: tuple[int, ...] = ()  # in betting: the boxes with a stake to clear


@dataclass(frozen=True, slots=True)
class LineView:
    player: str
    box: int
    hand: int
    bet: str  # main, insurance, even_money, twins, bust, surrender
    stake: Decimal
    outcome: str  # win, blackjack, push, lose, surrender
    net: Decimal
    paid: bool = False  # paid during play (a `paid` event): never to pay again


@dataclass(frozen=True, slots=True)
class SettlementView:
    """The round's settlement as the dealer pays it.

    `to_pay` is what the dealer still hands out at the settlement: the sum of the lines' wins
    (each line's net where it is above zero, the amount the settlement screen tells him to
    pay; a won stake itself is not part of it) less the lines already paid during play
    (`LineView.paid`, journaled as `paid`). So `to_pay` + the amounts paid before = the
    settlement's wins, and no amount is counted twice."""

    lines: tuple[LineView, ...]
    net: tuple[Stake, ...]  # each player's net result
    house: Decimal
    dealer_outcome: str
    logged: bool  # journaled (the round is settled); False: the engine's preview
    to_pay: Decimal = Decimal(0)


@dataclass(frozen=True, slots=True)
class PitView:
    """The pit's copy of this table's journal, as its shipper last reported it."""

    state: str  # shipped, behind, unreachable, refused
    behind: int  # events of the journal the pit does not hold yet
    since: str | None  # unreachable or refused since (UTC ISO 8601)


@dataclass(frozen=True, slots=True)
class TableView:
    audience: str
    table: str
    preset: str
    limits: tuple[Decimal, Decimal]
    side_bets: tuple[str, ...]
    seq: int  # the last journaled event this view contains
    phase: str  # closed, betting, deal, insurance, boxes, dealer, settled
    round_id: int | None
    status: str | None  # open, settled, void (of the round shown)
    paid_by: str | None
    seats: tuple[tuple[int, str], ...]
    boxes: tuple[BoxView, ...]
    active: tuple[int, int] | None  # (box, hand)
    dealer: DealerView
    shoe: ShoeView | None
    source: SourceState
    faults: tuple[Fault, ...]  # open, oldest first
    # cards a source read after an `uncertain` one and holds back until it is settled, so
    # that they go in in the order they came (`CardFeed`): the dealer is told they wait
    held: tuple[str, ...]
    last_alert: Fault | None
    choices: Choices
    next_card: str
    pending: str
    settlement: SettlementView | None
    # Black Jacks and even money the dealer pays at once, in a fixed order; those he has
    # confirmed paid stay in the list with `paid` set, so nothing moves under his finger
    payable_now: tuple[LineView, ...]
    halted: str | None
    table_open: bool = True  # False: a supervisor closed the table, no new round
    supervisor: str | None = None  # the supervisor signed in
    supervisors: tuple[str, ...] = ()  # who may sign in
    pit: PitView | None = None  # None: this table ships to no pit


PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)  # the house presets a supervisor may choose


@dataclass(frozen=True, slots=True)
class TableParts:
    """What the service hands the view builder (its own state, read-only)."""

    table: str
    rules: object
    limits: object
    seq: int
    state: object  # RoundState | None
    shoe: object  # ShoeTracker | None
    board: FaultBoard
    halted: str | None
    seats: dict[int, str]  # of the round shown, or the last round's
    table_closed: bool = False
    untouched: bool = False  # the open round has no stake or card yet
    supervisor: str | None = None
    supervisors: tuple[str, ...] = ()
    pit: PitView | None = None
    shown: object = None  # the round as shown (with the standing stakes), else state.round
    standing: tuple = ()  # the standing stakes' bet entries
    undo: bool = False  # the last decision may be undone


def build_view(parts: TableParts, audience: str) -> TableView:
    if audience not in AUDIENCES:
        raise ValueError(f"unknown audience {audience!r}: one of {', '.join(AUDIENCES)}")
    state = parts.state
    rnd: Round | None = state.round if state is not None else None
    finished = state is None or state.status == "void" or state.payout_by is not None
    if rnd is not None and parts.shown is not None and not finished:
        rnd = parts.shown
    shown = rnd if state is not None else None
    standing = {(e["player"], e["box"], e.get("side")) for e in parts.standing} \
        if not finished else set()
    board = parts.board
    faults = tuple(sorted(board.open.values(), key=lambda f: f.seq))
    return TableView(
        audience=audience, table=parts.table, preset=parts.rules.preset,
        limits=(parts.limits.min, parts.limits.max),
        side_bets=tuple(sorted(parts.rules.side_bets)), seq=parts.seq,
        phase="closed" if finished else str(rnd.phase),
        round_id=state.round_id if state is not None else None,
        status=state.status if state is not None else None,
        paid_by=state.payout_by if state is not None else None,
        seats=tuple(sorted(parts.seats.items())),
        boxes=_boxes(shown, parts.rules, parts.seats, standing),
        active=_active(shown) if not finished else None,
        dealer=_dealer(shown),
        shoe=_shoe(parts.shoe),
        source=board.source, faults=faults, last_alert=board.last,
        held=tuple(h.card for _, h in board.in_turn()),
        choices=_choices(state, rnd, parts, finished),
        next_card=next_card_target(rnd) if rnd is not None and not finished else "",
        pending=pending(rnd) if rnd is not None and not finished else "",
        settlement=_settlement(state),
        payable_now=_payable(rnd, state.paid) if not finished and rnd is not None else (),
        halted=parts.halted,
        table_open=not parts.table_closed,
        supervisor=parts.supervisor,
        supervisors=parts.supervisors,
        pit=parts.pit,
    )


def to_json(value):
    """A view (or any part of it) as JSON values: money as decimal strings."""
    from dataclasses import fields, is_dataclass

    from models.money import format_amount

    if is_dataclass(value):
        return {f.name: to_json(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Decimal):
        return format_amount(value)
    if isinstance(value, (tuple, list)):
        return [to_json(v) for v in value]
    return value


# -- parts -----------------------------------------------------------------------------------

def _stakes(stakes: dict, standing=(), box: int = 0, side: str | None = None) \
        -> tuple[Stake, ...]:
    return tuple(Stake(p, a, (p, box, side) in standing) for p, a in stakes.items())


def _active(rnd: Round | None) -> tuple[int, int] | None:
    if rnd is None or rnd.phase != Phase.BOXES:
        return None
    found = rnd.active_hand()
    if found is None:
        return None
    b, h = found
    return b.number, b.hands.index(h) + 1


def _hand(rnd: Round, b: Box, n: int, h: Hand, active, standing=()) -> HandView:
    total, soft = hand_total(h.cards) if h.cards else (None, False)
    bj = h.is_blackjack(rnd.rules.split_ten_ace_blackjack)
    bust = bool(h.cards) and total > 21
    if bj:
        label = "Black Jack"
    elif not h.cards:
        label = ""
    elif bust:
        label = f"bust {total}"
    else:
        label = f"{'soft' if soft else 'hard'} {total}"
    return HandView(n, tuple(c.code for c in h.cards), total, soft, label,
                    _stakes(h.stakes, standing if n == 1 else (), b.number),
                    active == (b.number, n), h.is_done() or bj, bj, bust, h.doubled, h.stood,
                    h.surrendered, h.split_from.code if h.split_from else None,
                    tuple(h.insured), tuple(h.even_money))


def _boxes(rnd: Round | None, rules, seats: dict[int, str], standing=()) \
        -> tuple[BoxView, ...]:
    active = _active(rnd)
    out = []
    for number in range(1, rules.boxes + 1):
        owner = box_owner(number, seats)
        b = rnd.boxes.get(number) if rnd is not None else None
        if b is None:
            out.append(BoxView(number, seats.get(number), owner, (), (), (), (), "empty"))
            continue
        owner = b.owner or owner
        hands = tuple(_hand(rnd, b, n, h, active, standing)
                      for n, h in enumerate(b.hands, start=1))
        players = b.players()
        coplayers = tuple(p for p in players if p != owner)
        twins = _stakes(b.twins, standing, number, "twins")
        bust = _stakes(b.bust, standing, number, "bust")
        state = _box_state(rnd, b, active)
        every = hands[0].stakes + twins + bust if hands else twins + bust
        if state == "staked" and every and all(s.standing for s in every):
            state = "standing"
        out.append(BoxView(number, seats.get(number), owner, coplayers, hands, twins, bust,
                           state))
    return tuple(out)


def _box_state(rnd: Round, b: Box, active) -> str:
    if not b.is_played() or rnd.phase == Phase.BETTING:
        return "staked"
    if rnd.phase in (Phase.DEAL, Phase.INSURANCE):
        return "waiting"
    if rnd.phase != Phase.BOXES or active is None:
        return "done"
    if b.number == active[0]:
        return "playing"
    return "done" if b.number < active[0] else "waiting"


def _dealer(rnd: Round | None) -> DealerView:
    if rnd is None or not rnd.dealer:
        return DealerView((), 0, None, False, "", None, "")
    cards = visible_dealer_cards(rnd)
    hidden = len(rnd.dealer) - len(cards)
    total, soft = hand_total(cards) if cards else (None, False)
    label = ""
    if cards:
        label = f"bust {total}" if total > 21 else f"{'soft' if soft else 'hard'} {total}"
        if not hidden and len(cards) == 2 and total == 21:
            label = "Black Jack"
    up = rnd.up_card
    guidance = ""
    if rnd.phase == Phase.DEALER and not hole_card_hidden(rnd):
        guidance = "draw" if rnd.dealer_must_draw() else "stand"
    return DealerView(tuple(c.code for c in cards), hidden, total, soft, label,
                      up.code if up is not None else None, guidance)


def _shoe(tracker) -> ShoeView | None:
    if tracker is None:
        return None
    shoe = tracker.shoe
    return ShoeView(tracker.shoe_id, shoe.decks, shoe.dealt, shoe.remaining,
                    tracker.ends_after_round() == "cut card", tracker.seed is not None)


def _choices(state, rnd: Round | None, parts: TableParts, finished: bool) -> Choices:
    running = parts.halted is None
    if not running:
        return Choices()
    if finished or rnd is None:
        return Choices(open_round=not parts.table_closed, between_rounds=True)
    if state.status == "settled":
        return Choices(confirm_payout=True)
    phase = rnd.phase
    offers = _offers(rnd)
    common = dict(void=True, insurance=offers[0], even_money=offers[1], undo=parts.undo)
    if phase == Phase.BETTING:
        clear = tuple(n for n, b in sorted(rnd.boxes.items())
                      if b.hands[0].stakes or b.twins or b.bust)
        return Choices(bet=True, card=rnd.can_close_betting(), between_rounds=parts.untouched,
                       clear=clear, **common)
    if phase == Phase.INSURANCE:
        return Choices(close_insurance=True, **common)
    if phase == Phase.DEALER:
        return Choices(card=rnd.dealer_may_draw(), settle=rnd.can_settle(), **common)
    if phase != Phase.BOXES:
        return Choices(card=True, **common)
    b, h = rnd.active_hand()
    n = b.hands.index(h) + 1
    coplayers = [p for p in h.stakes if p != b.owner]
    double_with = tuple(p for p in coplayers if rnd.can_double(b.number, [p], n))
    split_with = tuple(p for p in coplayers if rnd.can_split(b.number, [p], n))
    double_alone = rnd.can_double(b.number, [], n)
    split_alone = rnd.can_split(b.number, [], n)
    return Choices(
        box=b.number, hand=n, stand=rnd.can_stand(b.number, n),
        double=double_alone or bool(double_with), double_alone=double_alone,
        double_followers=double_with, split=split_alone or bool(split_with),
        split_alone=split_alone, split_followers=split_with,
        surrender=rnd.can_surrender(b.number, n), card=True, **common)


def _offers(rnd: Round) -> tuple[tuple[Offer, ...], tuple[Offer, ...]]:
    if not rnd.insurance_open:
        return (), ()
    insure, even = [], []
    for b in rnd.order:
        for n, h in enumerate(b.hands, start=1):
            for p in h.stakes:
                if rnd.can_insure(p, b.number, n):
                    insure.append(Offer(p, b.number, n))
                if n == 1 and rnd.can_even_money(p, b.number):
                    even.append(Offer(p, b.number, 1))
    return tuple(insure), tuple(even)


def _line(ln: Line, paid=()) -> LineView:
    return LineView(ln.player, ln.box, ln.hand, ln.bet, ln.stake, ln.outcome, ln.net,
                    (ln.player, ln.box, ln.hand, ln.bet) in paid)


def _to_pay(lines: tuple[LineView, ...]) -> Decimal:
    return sum((ln.net for ln in lines if ln.net > 0 and not ln.paid), Decimal(0))


def _settlement(state) -> SettlementView | None:
    if state is None or state.status == "void":
        return None
    rnd = state.round
    if state.status == "settled":
        doc = state.logged_settlement
        paid = state.paid
        lines = tuple(LineView(ln["player"], ln["box"], ln["hand"], ln["bet"],
                               Decimal(ln["stake"]), ln["outcome"], Decimal(ln["net"]),
                               (ln["player"], ln["box"], ln["hand"], ln["bet"]) in paid)
                      for ln in doc["lines"])
        net = tuple(Stake(p, Decimal(v)) for p, v in doc["net"].items())
        return SettlementView(lines, net, Decimal(doc["house"]), doc["dealer"]["outcome"], True,
                              _to_pay(lines))
    if not rnd.can_settle():
        return None
    s: Settlement = rnd.settlement()
    lines = tuple(_line(ln, state.paid) for ln in s.lines)
    return SettlementView(lines, _stakes(s.net), s.house, s.dealer_outcome, False,
                          _to_pay(lines))


def _payable(rnd: Round, paid) -> tuple[LineView, ...]:
    return tuple(_line(ln, paid) for ln in rnd.payable_now())
