"""Manual entry as a card source: the kiosk's keypad when the shoe is down or misread a card.

Each card the dealer keys in is delivered at once, marked `Origin.MANUAL`. An unknown card is
refused with the card error's sentence and nothing is delivered.
"""

from __future__ import annotations

from drivers.source import CardEvent, CardSource, Origin, Sink, Status, StatusEvent
from models.cards import parse_card
from models.errors import CardError


class ManualEntry(CardSource):
    """Cards keyed in by the dealer; delivered on the caller's thread."""

    origin = Origin.MANUAL

    def __init__(self, device: str = "keypad") -> None:
        self.device = device
        self._sink: Sink | None = None

    def start(self, sink: Sink) -> None:
        self._sink = sink
        self._sink(StatusEvent(Status.CONNECTED, Origin.MANUAL, "manual entry ready",
                               device=self.device))

    def stop(self) -> None:
        self._sink = None

    def enter(self, code: str) -> CardEvent:
        """A card into play, e.g. `enter("QH")`."""
        sink = self._ready()
        event = CardEvent(parse_card(code), Origin.MANUAL, device=self.device)
        sink(event)
        return event

    def burn(self, code: str) -> StatusEvent:
        """A burn card keyed in: recorded, never into play."""
        sink = self._ready()
        card = parse_card(code)
        event = StatusEvent(Status.BURN, Origin.MANUAL, f"burn card {card.code}",
                            device=self.device, card=card)
        sink(event)
        return event

    def _ready(self) -> Sink:
        if self._sink is None:
            raise CardError("manual entry is not started: the kiosk has not opened the keypad")
        return self._sink
