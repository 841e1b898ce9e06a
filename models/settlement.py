"""Settlement: one line per player per bet per hand, in exact money.

Odds are applied to stakes as exact Decimals. An odds ratio whose result is not a whole cent
(say 6:5 on 0.15) is rounded down to the cent and the remainder stays with the house; the
presets' odds (3:2, 2:1, 5:2, 11:1, 1:1) are always exact on stakes in cents. Every line is
checked against its stake and odds, and the players' total against the house result, so a bug
here stops the round instead of paying wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction
from typing import NamedTuple

from models.cards import Card, hand_total
from models.hands import Box, Hand
from models.money import format_amount
from models.rules import Rules

CENT = Decimal("0.01")
ZERO = Decimal(0)


def apply_odds(stake: Decimal, odds: Fraction) -> Decimal:
    """The win on a stake at the given odds, exact or rounded down to the cent."""
    if odds.denominator == 1:
        return stake * odds.numerator
    exact = stake * odds.numerator / odds.denominator
    down = exact.quantize(CENT, rounding=ROUND_DOWN)
    return exact if exact == down else down


def insurance_stake(stake: Decimal) -> Decimal:
    """Half the player's (final) stake on the hand, down to the cent."""
    return apply_odds(stake, Fraction(1, 2))


class Line(NamedTuple):
    """One player's one bet on one hand (a NamedTuple: rounds make many, cheaply)."""

    player: str
    box: int
    hand: int
    bet: str  # main, insurance, even_money, twins, bust, surrender
    stake: Decimal
    outcome: str  # win, blackjack, push, lose, surrender
    net: Decimal

    def to_json(self) -> dict:
        return {"player": self.player, "box": self.box, "hand": self.hand, "bet": self.bet,
                "stake": format_amount(self.stake), "outcome": self.outcome,
                "net": format_amount(self.net)}


@dataclass(frozen=True, slots=True)
class Settlement:
    dealer_cards: tuple
    dealer_total: int
    dealer_outcome: str  # blackjack, bust, stand, or not_drawn (nothing depended on him)
    lines: tuple[Line, ...]
    net: dict[str, Decimal]
    house: Decimal  # the house's result: minus the players' total

    def to_json(self) -> dict:
        return {
            "format": "blackjack-settlement/1",
            "dealer": {"cards": [c.code for c in self.dealer_cards], "total": self.dealer_total,
                       "outcome": self.dealer_outcome},
            "lines": [ln.to_json() for ln in self.lines],
            "net": {p: format_amount(v) for p, v in self.net.items()},
            "house": format_amount(self.house),
        }


class SettlementError(AssertionError):
    """A settlement that would create or lose money: a bug, never a payout."""


@dataclass(frozen=True, slots=True)
class DealerResult:
    """The dealer's hand as the settlement reads it."""

    cards: tuple[Card, ...]
    total: int
    blackjack: bool
    bust: bool

    @classmethod
    def of(cls, cards) -> DealerResult:
        total, _ = hand_total(cards)
        return cls(tuple(cards), total, len(cards) == 2 and total == 21, total > 21)

    @property
    def outcome(self) -> str:
        if self.blackjack:
            return "blackjack"
        if self.bust:
            return "bust"
        return "stand" if self.total >= 17 else "not_drawn"


def settle(rules: Rules, dealer_cards, boxes: Iterable[Box], players: Iterable[str]) -> Settlement:
    """Every player's every bet on every hand of the boxes (in box order), then the Bust bets;
    `players` gives the order of the net results (every player with a stake)."""
    dealer = DealerResult.of(dealer_cards)
    boxes = list(boxes)
    lines: list[Line] = []
    for b in boxes:
        if b.is_played():
            lines += _box_lines(rules, dealer, b)
    for b in boxes:
        for p, stake in b.bust.items():
            if dealer.bust:
                lines.append(Line(p, b.number, 1, "bust", stake, "win",
                                  apply_odds(stake, rules.bust_pays)))
            else:
                lines.append(Line(p, b.number, 1, "bust", stake, "lose", -stake))
    net = {p: ZERO for p in players}
    for ln in lines:
        net[ln.player] += ln.net
    result = Settlement(dealer.cards, dealer.total, dealer.outcome, tuple(lines), net,
                        -sum(net.values(), ZERO))
    check_settlement(result, rules)
    return result


def _box_lines(rules: Rules, dealer: DealerResult, b: Box) -> list[Line]:
    """A played box's lines: each hand's stakes and insurance, then the box's Twins bets."""
    out: list[Line] = []
    add = out.append
    for hi, h in enumerate(b.hands, start=1):
        for p, stake in h.stakes.items():
            if p in h.even_money:
                add(Line(p, b.number, hi, "even_money", stake, "win", stake))
            elif h.surrendered:
                add(Line(p, b.number, hi, "surrender", stake, "surrender",
                         -apply_odds(stake, Fraction(1, 2))))
            else:
                outcome, net = _main(rules, dealer, h, hi, p, stake)
                add(Line(p, b.number, hi, "main", stake, outcome, net))
            if p in h.insured:
                ins = insurance_stake(stake)
                if dealer.blackjack:
                    add(Line(p, b.number, hi, "insurance", ins, "win", ins * 2))
                else:
                    add(Line(p, b.number, hi, "insurance", ins, "lose", -ins))
    pair = len(b.first_two) == 2 and b.first_two[0].rank == b.first_two[1].rank
    for p, stake in b.twins.items():
        if pair:
            add(Line(p, b.number, 1, "twins", stake, "win", apply_odds(stake, rules.twins_pays)))
        else:
            add(Line(p, b.number, 1, "twins", stake, "lose", -stake))
    return out


def _main(rules: Rules, dealer: DealerResult, h: Hand, hand_no: int, player: str,
          stake: Decimal) -> tuple[str, Decimal]:
    """The outcome and net of one player's main stake on one hand."""
    if h.is_bust():
        return "lose", -stake
    if h.is_blackjack(rules.split_ten_ace_blackjack):
        if dealer.blackjack:
            return "push", ZERO
        return "blackjack", apply_odds(stake, rules.blackjack_pays)
    if dealer.blackjack:
        if rules.hole_card or rules.dealer_blackjack_takes_all:
            return "lose", -stake
        # original bets only: the box's first stake is lost, doubles and split stakes return
        lost = h.original.get(player, ZERO) if hand_no == 1 else ZERO
        return ("lose", -lost) if lost else ("push", ZERO)
    total = h.total()[0]
    if dealer.bust or total > dealer.total:
        return "win", stake
    if total == dealer.total:
        return "push", ZERO
    return "lose", -stake


def check_settlement(s: Settlement, rules) -> None:
    """Every line's net follows from its stake, its outcome and the odds; the players' total is
    the house's result with the sign turned. Raises SettlementError otherwise."""
    total = ZERO
    for ln in s.lines:
        if ln.stake <= 0:
            raise SettlementError(f"line with no stake: {ln}")
        odds = _ODDS.get((ln.bet, ln.outcome))
        if odds is None:
            raise SettlementError(f"no {ln.outcome} outcome for a {ln.bet} bet: {ln}")
        if odds == "lose":
            # a main stake loses whole, or (original bets only) down to its original part
            ok = -ln.stake <= ln.net < 0 if ln.bet == "main" else ln.net == -ln.stake
        else:
            ratio = getattr(rules, odds) if isinstance(odds, str) else odds
            ok = ln.net == (apply_odds(ln.stake, ratio) if ratio >= 0
                            else -apply_odds(ln.stake, -ratio))
        if not ok:
            raise SettlementError(f"line net {ln.net} does not follow from its stake: {ln}")
        total += ln.net
    if total != sum(s.net.values(), ZERO) or total != -s.house:
        raise SettlementError("players' total and house result do not balance")


# (bet, outcome) -> the odds of the net on the stake: a Fraction, a rules field, or "lose"
_ODDS = {
    ("main", "win"): Fraction(1), ("main", "blackjack"): "blackjack_pays",
    ("main", "push"): Fraction(0), ("main", "lose"): "lose",
    ("insurance", "win"): Fraction(2), ("insurance", "lose"): "lose",
    ("even_money", "win"): Fraction(1), ("surrender", "surrender"): Fraction(-1, 2),
    ("twins", "win"): "twins_pays", ("twins", "lose"): "lose",
    ("bust", "win"): "bust_pays", ("bust", "lose"): "lose",
}
