"""Basic strategy computed for a rule preset (never typed in).

For every two-card hand and up card the legal decisions (asked of the engine, see `legal`) are
ranked by EV (`player_ev`); the table keeps the whole ranking, so a player whose first choice
is refused at the table (say a fourth split where hands are capped) takes the next. Hands of
three or more cards only hit or stand, by total and softness.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from models.analysis import legal
from models.analysis.composition import VALUES, full_shoe, probabilities, value_label, without
from models.analysis.player_ev import UpCardEV, best_total
from models.rules import Rules

UP_CARDS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)  # the order a strategy card shows them
LETTER = {"stand": "S", "hit": "H", "double": "D", "split": "P", "surrender": "R"}


def hand_key(first: int, second: int) -> tuple[str, int]:
    """('pair', value), ('soft', total) or ('hard', total) for two card values."""
    if first == second:
        return "pair", first
    hard, ace = first + second, first == 1 or second == 1
    total = best_total(hard, ace)
    return ("soft" if total != hard else "hard"), total


@dataclass(frozen=True)
class Strategy:
    """Ranked decisions for two-card hands, hit/stand for longer ones, and the EV of playing
    it (per unit staked, the computed counterpart of the simulated house edge)."""

    preset: str
    two_card: dict = field(repr=False)  # (kind, key, up) -> actions, best first
    drawn: dict = field(repr=False)  # (total, soft, up) -> "hit" or "stand"
    ev: float = 0.0

    def choices(self, kind: str, key: int, up: int) -> tuple[str, ...]:
        return self.two_card[(kind, key, up)]

    def code(self, kind: str, key: int, up: int) -> str:
        """The strategy card's cell: 'H', 'S', 'P', or 'Dh' = double, else hit."""
        ranked = self.choices(kind, key, up)
        top = LETTER[ranked[0]]
        if ranked[0] in ("double", "split", "surrender"):
            rest = next(a for a in ranked[1:] if a in ("hit", "stand"))
            return top + LETTER[rest].lower()
        return top

    def rows(self) -> list[tuple[str, list[str]]]:
        """The table a pit would print: label, then one code per up card (2..10, A)."""
        out = []
        for total in range(5, 20):  # hard 4 and 20 come only as pairs
            out.append((f"hard {total}", [self.code("hard", total, u) for u in UP_CARDS]))
        for total in range(13, 21):
            out.append((f"soft {total}", [self.code("soft", total, u) for u in UP_CARDS]))
        for v in (*range(2, 11), 1):
            lab = value_label(v)
            out.append((f"pair {lab},{lab}", [self.code("pair", v, u) for u in UP_CARDS]))
        return out

    def to_json(self) -> dict:
        return {"columns": [value_label(u) for u in UP_CARDS],
                "rows": {label: cells for label, cells in self.rows()},
                "computed_return": self.ev}


@lru_cache(maxsize=16)
def basic_strategy(rules: Rules) -> Strategy:
    shoe = full_shoe(rules.decks)
    shoe_p = probabilities(shoe)
    two_card, drawn, ev = {}, {}, 0.0
    for up in VALUES:
        base = UpCardEV(rules, up)
        for first in VALUES:
            for second in VALUES[first - 1:]:
                calc = UpCardEV(rules, up, (first, second))
                value = _two_card(rules, calc, first, second, two_card)
                ev += shoe_p[up - 1] * _pair_chance(without(shoe, up), first, second) * value
        for hard in range(2, 22):  # from A+A (hard 2, soft 12) up
            for ace in (False, True):
                total = best_total(hard, ace)
                hit = base.hit(hard, ace) if hard < 21 else -math.inf
                drawn[(total, total != hard, up)] = "hit" if hit > base.stand(hard, ace) \
                    else "stand"
    return Strategy(rules.preset, two_card, drawn, ev)


def _pair_chance(comp, first: int, second: int) -> float:
    """Chance that the player's two cards are `first` and `second` in either order."""
    p1 = probabilities(comp)[first - 1] * probabilities(without(comp, first))[second - 1]
    if first == second:
        return p1
    p2 = probabilities(comp)[second - 1] * probabilities(without(comp, second))[first - 1]
    return p1 + p2


def _two_card(rules: Rules, calc: UpCardEV, first: int, second: int, table: dict) -> float:
    """Rank the decisions on first+second against calc's up card; return the hand's EV."""
    allowed = legal.first_two(rules, first, second)
    if not allowed:  # Black Jack ends the hand by itself
        return calc.blackjack_value()
    evs = {a: calc.decision(a, first, second) for a in allowed}
    ranked = tuple(sorted(evs, key=evs.get, reverse=True))
    kind, key = hand_key(first, second)
    table[(kind, key, calc.up)] = ranked
    return calc.round_value(first, second, evs[ranked[0]])
