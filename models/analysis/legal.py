"""Which decisions the rules allow on a hand, asked of the engine itself.

The strategy calculation needs to know, say, whether 5+4 may be doubled or whether a split
hand may double. Rather than restate the rules here (a second rules implementation that could
drift), it plays a tiny round through `models.round.Round` and asks its `can_*` checks.
"""

from __future__ import annotations

from functools import lru_cache

from models.round import Round
from models.rules import Rules
from models.table import Limits

_SUITS = "SHDC"
_UP = "5C"  # a neutral up card: no insurance, no peek, never Black Jack
_HOLE = "2C"  # hole-card game: a hole card that cannot make Black Jack with the up card


def _code(value: int, n: int) -> str:
    rank = "A" if value == 1 else ("T" if value == 10 else str(value))
    return rank + _SUITS[n % 4]


def _round(rules: Rules, first: int, second: int) -> Round:
    """A one-box round dealt up to the box's decision on `first` + `second`."""
    rnd = Round(rules, Limits.parse("10", "500"), {1: "p"})
    rnd.bet("p", 1, "10")
    a, b = _code(first, 0), _code(second, 1)
    deal = [a, _HOLE, b, _UP] if rules.hole_card else [a, _UP, b]
    for card in deal:
        rnd.card(card)
    return rnd


@lru_cache(maxsize=64)
def first_two(rules: Rules, first: int, second: int) -> frozenset[str]:
    """Decisions allowed on the box's first two cards (values 1-10, ace as 1)."""
    rnd = _round(rules, first, second)
    if rnd.active_hand() is None:  # Black Jack: the hand ends by itself
        return frozenset()
    return _allowed(rnd)


@lru_cache(maxsize=64)
def after_split(rules: Rules, pair: int, drawn: int) -> frozenset[str]:
    """Decisions allowed on a split hand holding `pair` then `drawn` (empty: it takes no more
    decisions, as split aces)."""
    rnd = _round(rules, pair, pair)
    if not rnd.can_split(1):
        return frozenset()
    rnd.split(1)
    rnd.card(_code(drawn, 2))
    found = rnd.active_hand()
    if found is None or found[1] is not rnd.box(1).hands[0]:
        return frozenset()
    return _allowed(rnd)


def _allowed(rnd) -> frozenset[str]:
    """What the engine lets box 1's active hand do now, asked through its can_* checks."""
    allowed = {"stand", "hit"}
    for decision in ("double", "split", "surrender"):
        if getattr(rnd, f"can_{decision}")(1):
            allowed.add(decision)
    return frozenset(allowed)
