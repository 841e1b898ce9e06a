"""The scripted dealer's hand on the shoe: how a card he draws reaches the table service.

`FeedDealer` is the real path: the mock shoe on a pseudo-terminal deals the card, the serial
driver reads it and the card feed hands it to the service; where the shoe misreads or loses the
line, the dealer keys in the card he sees, as a dealer would. `ServiceDealer` hands the next
card of a shuffled shoe straight to the service, for generating large journals quickly (the
benchmarks); no device is involved.
"""

from __future__ import annotations

from models.errors import CardError

WAIT = 10.0  # seconds for a card to come back off the line; only a broken line takes this long


class FeedDealer:
    """Deals from the feed's mock shoe and waits, on the headless loop, for the card to come
    back through the driver. The dealer sees what left the shoe (the mock knows whether it
    sent the card's frame); a card the shoe did not send, he keys in."""

    def __init__(self, service, feed, loop) -> None:
        if feed.mock is None:
            raise CardError("the headless table deals from a mock shoe: the feed has none")
        self.feed = feed
        self.mock = feed.mock
        self.loop = loop
        self.keyed_in = 0  # cards keyed in because the shoe did not deliver them
        self._cards = 0
        self._refused = 0
        self._refusal = ""
        service.subscribe(self._count)

    def load(self, cards: list) -> None:
        self.mock.load(cards)

    def _count(self, event) -> None:
        if event.kind == "card":
            self._cards += 1
        elif event.kind == "alert":
            self._refused += 1
            self._refusal = event.data["message"]

    def deal(self) -> None:
        cards, refused = self._cards, self._refused
        dealt = self.mock.deal(1)
        if not dealt:
            raise CardError(f"the mock shoe on {self.mock.path} is empty")
        if self.mock.dealt[-1].fate != "sent":
            self.keyed_in += 1
            self.feed.key_in(dealt[0].code)
        arrived = self.loop.run_until(
            lambda: self._cards > cards or self._refused > refused, WAIT)
        if self._refused > refused:
            raise CardError(self._refusal)
        if not arrived:
            raise CardError(f"card {dealt[0].code} never reached the table within {WAIT:.0f} s")


class ServiceDealer:
    """Hands the next card of the loaded shoe straight to the service."""

    def __init__(self, service) -> None:
        self.service = service
        self.cards: list = []

    def load(self, cards: list) -> None:
        self.cards = list(cards)

    def deal(self) -> None:
        if not self.cards:
            raise CardError("the simulated shoe is empty")
        self.service.card(self.cards.pop(0).code, "shoe")
