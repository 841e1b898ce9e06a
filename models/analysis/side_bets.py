"""Exact returns of the Twins and Bust side bets, as the share of the stake paid back.

Twins: the box's first two cards share a rank (two 8s, two kings; K+Q is no pair). Other cards
are dealt between them, but before any card is seen every pair of positions in a shuffled shoe
is alike, so the chance is that of two cards drawn from a full shoe: the first may be anything,
the second must be one of the (4 * decks - 1) cards of its rank among the (52 * decks - 1) left.

Bust: the dealer's final hand exceeds 21. The chance is the dealer table's overall bust figure
(a full shoe minus his up card). The boxes' cards drawn before the dealer's change it only by
a removal effect too small to show at 6 decks; the simulation measures the real thing.
"""

from __future__ import annotations

from fractions import Fraction

from models.analysis.dealer import dealer_table


def twins_probability(decks: int) -> Fraction:
    """Chance that two cards from a full shoe have the same rank."""
    return Fraction(4 * decks - 1, 52 * decks - 1)


def twins_return(decks: int, pays: Fraction = Fraction(11)) -> Fraction:
    """Paid back per unit staked: a win returns the stake plus `pays` times it."""
    return (1 + pays) * twins_probability(decks)


def bust_return(decks: int, pays: Fraction = Fraction(5, 2), hits_soft_17: bool = False) -> float:
    """Paid back per unit staked on the dealer busting."""
    p_bust = dealer_table(decks, hits_soft_17)["overall"]["bust"]
    return float(1 + pays) * p_bust
