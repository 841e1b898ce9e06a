"""Test helpers for the shoe: a mock shoe on a real pty, the real driver reading it."""

from __future__ import annotations

import contextlib
import queue

from drivers.shoe import SerialShoe
from drivers.source import CardEvent, QueueSink, Status, StatusEvent
from hardware_mocks.mock_shoe import MockShoe

WAIT = 15  # seconds: only ever reached when something is broken


class Listener:
    """Collects every event the driver delivers and waits for the one a test needs."""

    def __init__(self) -> None:
        self.sink = QueueSink()
        self.events: list = []

    def until(self, predicate, what: str):
        while True:
            try:
                event = self.sink.get(timeout=WAIT)
            except queue.Empty:
                raise AssertionError(f"no {what} within {WAIT} s; got {self.events}") from None
            self.events.append(event)
            if predicate(event):
                return event

    def status(self, status: Status):
        return self.until(lambda e: isinstance(e, StatusEvent) and e.status is status,
                          status.value)

    def cards_total(self, count: int) -> None:
        if len(self.cards) < count:
            self.until(lambda e: len(self.cards) >= count, f"{count} cards")

    @property
    def cards(self) -> list:
        return [e.card for e in self.events if isinstance(e, CardEvent)]

    @property
    def statuses(self) -> list[Status]:
        return [e.status for e in self.events if isinstance(e, StatusEvent)]


@contextlib.contextmanager
def shoe_on_pty(dialect: str, silence_after: float = 5.0, **mock_options):
    """A plugged-in mock shoe and a started driver that has reported CONNECTED."""
    mock_options.setdefault("heartbeat", 0.05)
    with MockShoe(dialect, **mock_options) as mock:
        listener = Listener()
        shoe = SerialShoe(mock.path, dialect, silence_after=silence_after)
        shoe.start(listener.sink)
        try:
            listener.status(Status.CONNECTED)
            yield mock, shoe, listener
        finally:
            shoe.stop()


def sent_cards(mock: MockShoe) -> list:
    return [d.card for d in mock.dealt if d.fate == "sent"]


def replug(mock: MockShoe, listener: Listener) -> None:
    """Deal a card, wait until it arrived, pull the cable and put it back.

    Bytes still in the pty when the cable is pulled are lost, as on a real line; the test
    wants to count every fault, so it pulls the cable between cards. Heartbeats wait until the
    driver listens again: a frame written before the port opens is flushed by the open."""
    mock.stall()
    mock.deal(1)
    listener.cards_total(len(sent_cards(mock)))
    mock.unplug()
    listener.status(Status.LOST)
    mock.plug()
    listener.status(Status.CONNECTED)
    mock.resume()
