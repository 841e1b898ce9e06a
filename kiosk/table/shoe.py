"""The live shoe as the journal knows it: which shoe is in play and what came out of it.

It wraps `models.shoe.Shoe` (counting and the "cannot hold that card" check) and remembers
the shoe's number in the journal, whether the shoe itself signalled its cut card, and, for a
simulated shoe (the mock shoe), the seed of its shuffle.
"""

from __future__ import annotations

from kiosk.journal.events import Event
from models.errors import CardError
from models.rules import Rules
from models.shoe import Shoe


class ShoeTracker:
    def __init__(self, opening: Event, rules: Rules, cards: list[str] = (),
                 cut_card_signalled: bool = False):
        data = opening.data
        self.shoe_id: int = data["shoe"]
        self.seed = data.get("seed")  # set only for a simulated (demo) shoe
        self.shoe = Shoe(data["decks"], rules.penetration, rules.cut_card, self.seed)
        self.shoe.cut_position = data["cut_position"]
        self.continuous = rules.continuous_shuffle
        self.cut_card_signalled = cut_card_signalled  # the shoe itself said the cut card is out
        for card in cards:
            self.shoe.observe(card)

    @property
    def dealt(self) -> int:
        return self.shoe.dealt

    def verify(self, card) -> None:
        """CardError if this shoe cannot hold the card (all copies seen, or it is empty)."""
        self.shoe.verify_observe(card)

    def can_hold(self, card) -> bool:
        try:
            self.verify(card)
        except CardError:
            return False
        return True

    def observe(self, card) -> None:
        self.shoe.observe(card)

    def ends_after_round(self) -> str | None:
        """Why the shoe ends once the round in play is over, or None."""
        if self.continuous:
            return "continuous shuffle"
        if self.shoe.cut_card_reached or self.cut_card_signalled:
            return "cut card"
        return None

