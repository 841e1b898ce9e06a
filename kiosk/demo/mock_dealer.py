"""The headless table's hand on the shoe: cards drawn from the mock shoe on a pseudo-terminal
and read back through the real serial driver, exactly as the kiosk reads a shoe at the table.

`blackjack-kiosk start` without hardware uses this, so the demo exercises the production path
(pty -> pyserial -> dialect parser -> card event -> table service -> journal) rather than a
shortcut. A status from the shoe where a card was expected (a misread, an alarm, a lost line)
stops the headless table with that status: it never guesses a card.
"""

from __future__ import annotations

import queue
import random

from drivers.shoe import SerialShoe
from drivers.source import CardEvent, QueueSink, Status, StatusEvent
from hardware_mocks.mock_shoe import MockShoe
from models.cards import Card
from models.errors import CardError

WAIT = 10.0  # seconds for a card to come back off the line; only a broken line takes this long
QUIET = {Status.CONNECTED, Status.BURN}


class MockShoeDealer:
    """Deals from a mock shoe and returns each card as the driver delivered it."""

    def __init__(self, decks: int, seed: int, dialect: str = "framed"):
        self.decks = decks
        self.rng = random.Random(seed)
        self.sink = QueueSink()
        self.mock = MockShoe(dialect, decks=decks, seed=seed)
        self.mock.plug()
        self.driver = SerialShoe(self.mock.path, dialect)
        self.driver.start(self.sink)
        self._expect_status(Status.CONNECTED)

    @property
    def device(self) -> str:
        return self.mock.path

    def new_shoe(self, composition: dict[Card, int] | None = None) -> None:
        """Shuffle a fresh shoe, or (after a restart) the cards still in the shoe in play."""
        counts = composition or {}
        if composition is None:
            from models.cards import ALL_CARDS
            counts = {c: self.decks for c in ALL_CARDS}
        cards = [c for c, n in counts.items() for _ in range(n)]
        self.rng.shuffle(cards)
        self.mock.shoe = cards

    def draw(self) -> str:
        """The dealer draws one card; the driver's card event says which."""
        if self.mock.remaining == 0:
            raise CardError(f"the mock shoe on {self.device} is empty")
        self.mock.deal(1)
        while True:
            event = self._next()
            if isinstance(event, CardEvent):
                return event.card.code
            if event.status not in QUIET:
                raise CardError(f"the shoe reported {event.status.value} where a card was "
                                f"expected: {event.detail}")

    def close(self) -> None:
        self.driver.stop()
        self.mock.close()

    def _next(self):
        try:
            return self.sink.get(timeout=WAIT)
        except queue.Empty:
            raise CardError(f"no card from the shoe on {self.device} within {WAIT:.0f} s") \
                from None

    def _expect_status(self, status: Status) -> None:
        event = self._next()
        if not (isinstance(event, StatusEvent) and event.status is status):
            raise CardError(f"the shoe on {self.device} said {event} instead of {status.value}")
