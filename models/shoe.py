"""The shoe: its decks, the cards dealt from it, the cut card, the reshuffle.

Two uses share it: tracking a live shoe (each card read is `observe`d, and a card the shoe
cannot hold, such as a seventh ace of spades in six decks, is refused) and dealing a simulated
shoe from a seeded shuffle (`draw`) for demos, tests and the rule analyser.
"""

from __future__ import annotations

import random
from fractions import Fraction

from models.cards import ALL_CARDS, Card, parse_card
from models.errors import CardError


class Shoe:
    """A shoe of `decks` 52-card decks with a cut card at `penetration` of its length."""

    def __init__(self, decks: int = 6, penetration: Fraction | float = Fraction(3, 4),
                 cut_card: bool = True, seed: int | None = None):
        if not 1 <= decks <= 12:
            raise CardError(f"a shoe holds 1 to 12 decks, not {decks}")
        self.decks = decks
        self.size = 52 * decks
        self.cut_card = cut_card
        self.cut_position = int(self.size * penetration) if cut_card else self.size
        self.seen: dict[Card, int] = {}
        self.dealt = 0
        self.shuffles = 0
        self._rng = random.Random(seed)
        self._order: list[Card] = []
        self.shuffle()

    @classmethod
    def for_rules(cls, rules, seed: int | None = None) -> Shoe:
        return cls(rules.decks, rules.penetration, rules.cut_card, seed)

    def shuffle(self) -> None:
        """A fresh shoe: every card back in, shuffled, the cut card placed."""
        self._order = list(ALL_CARDS) * self.decks
        self._rng.shuffle(self._order)
        self.seen.clear()
        self.dealt = 0
        self.shuffles += 1

    @property
    def remaining(self) -> int:
        return self.size - self.dealt

    @property
    def cut_card_reached(self) -> bool:
        """The cut card has come out: finish the current round, then reshuffle."""
        return self.cut_card and self.dealt >= self.cut_position

    def remaining_of(self, card: Card) -> int:
        return self.decks - self.seen.get(card, 0)

    def composition(self) -> dict[Card, int]:
        """How many of each card are still in the shoe, by what has been seen."""
        return {c: self.decks - self.seen.get(c, 0) for c in ALL_CARDS}

    def verify_observe(self, card) -> Card:
        card = parse_card(card)
        if self.seen.get(card, 0) >= self.decks:
            raise CardError(f"card {card} cannot come from this {self.decks}-deck shoe: all "
                            f"{self.decks} have been dealt since the shuffle", "shoe_cannot_hold",
                            card=card.code, decks=self.decks)
        if self.dealt >= self.size:
            raise CardError("the shoe is empty: reshuffle before dealing on", "shoe_empty")
        return card

    def observe(self, card) -> Card:
        """Count a card read from the live shoe; a card the shoe cannot hold is refused."""
        card = self.verify_observe(card)
        self.seen[card] = self.seen.get(card, 0) + 1
        self.dealt += 1
        return card

    def draw(self) -> Card:
        """Deal the next card of the simulated shuffle."""
        if self.dealt >= self.size:
            raise CardError("the shoe is empty: reshuffle before dealing on")
        card = self._order[self.dealt]
        self.seen[card] = self.seen.get(card, 0) + 1
        self.dealt += 1
        return card
