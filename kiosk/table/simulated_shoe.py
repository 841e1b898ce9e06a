"""A shoe whose shuffle the kiosk makes itself: the mock shoe of the demo, training and tests.

Each new shoe's seed is journaled with it (`shoe_open`), so after a restart the shoe in play
goes on with exactly the cards it still holds, in the order it would have dealt them.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from hardware_mocks.mock_shoe import shuffled_shoe


def _rng(*key) -> random.Random:
    return random.Random(":".join(str(k) for k in key))


def remaining_order(tracker, seed: int) -> list:
    """The cards the shoe in play still holds, in dealing order: its journaled shuffle less
    what has come out; a shoe with no journaled shuffle (a live one) goes on with what it still
    holds, shuffled from `seed`."""
    shoe = tracker.shoe
    if tracker.seed is not None:
        order = shuffled_shoe(shoe.decks, random.Random(tracker.seed))
    else:
        order = shuffled_shoe(shoe.decks, _rng(seed, "resume", tracker.shoe_id))
    out_already = dict(shoe.seen)
    left = []
    for card in order:
        if out_already.get(card, 0) > 0:
            out_already[card] -= 1
        else:
            left.append(card)
    return left


class SimulatedShoe:
    """Keeps a simulated shoe filled: `load(cards)` puts cards in it (the mock shoe's `load`,
    or a dealer's list), in the order they will be dealt."""

    def __init__(self, service, load: Callable[[list], None], seed: int) -> None:
        self.service = service
        self.load = load
        self.seed = seed
        if service.shoe is not None:
            load(remaining_order(service.shoe, seed))

    def prepare(self, key) -> None:
        """Before a round: a new shoe, shuffled from the seed and `key`, if one is needed."""
        if self.service.needs_shoe:
            seed = _rng(self.seed, "shoe", key).getrandbits(48)
            self.service.open_shoe(seed=seed)
            self.load(shuffled_shoe(self.service.shoe.shoe.decks, random.Random(seed)))
