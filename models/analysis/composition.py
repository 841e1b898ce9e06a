"""A shoe's composition by point value, the form every exact calculation recurses over.

A composition is a tuple of ten counts: index 0 holds the aces, index 1 to 8 the twos to nines,
index 9 every ten-value card (10, J, Q, K). Suits and face ranks do not matter to totals, so
folding them keeps the memoised recursions small.
"""

from __future__ import annotations

Composition = tuple[int, ...]

VALUES = tuple(range(1, 11))  # point values, the ace as 1


def full_shoe(decks: int) -> Composition:
    """A fresh shoe of `decks` 52-card decks."""
    return (4 * decks,) * 9 + (16 * decks,)


def without(comp: Composition, value: int) -> Composition:
    """The composition after one card of `value` (1 = ace, 10 = ten-value) left it."""
    i = value - 1
    if comp[i] <= 0:
        raise ValueError(f"no card of value {value} left in {comp}")
    return comp[:i] + (comp[i] - 1,) + comp[i + 1:]


def probabilities(comp: Composition) -> tuple[float, ...]:
    """Chance that the next card has each value."""
    n = sum(comp)
    return tuple(k / n for k in comp)


def value_label(value: int) -> str:
    """How the tables name an up card or pair card: 'A', '2'...'10'."""
    return "A" if value == 1 else str(value)
