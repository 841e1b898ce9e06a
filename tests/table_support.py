"""Helpers for the live-table tests: a table service with its card feed reading a mock shoe on a
real pseudo-terminal through the serial driver, run on a headless loop on the test's thread."""

from __future__ import annotations

from contextlib import contextmanager

from kiosk.table.feed import CardFeed
from kiosk.table.loop import HeadlessLoop
from kiosk.table.service import TableService
from kiosk.table.sources import open_source
from models.cards import parse_card

WAIT = 10.0


class LiveTable:
    """A service, its feed, the mock shoe behind it and the loop that runs the feed's posts."""

    def __init__(self, service: TableService, feed: CardFeed, loop: HeadlessLoop):
        self.service = service
        self.feed = feed
        self.mock = feed.mock
        self.loop = loop
        self.events = []
        service.subscribe(self.events.append)

    def wait_for(self, what, timeout: float = WAIT) -> None:
        assert self.loop.run_until(what, timeout), "the table never got there"

    def wait_for_event(self, kind: str, **data) -> object:
        """Run the loop until an event of this kind (with these data) is journaled."""
        start = len(self.events)

        def found():
            return any(e.kind == kind and all(e.data.get(k) == v for k, v in data.items())
                       for e in self.events[start:])
        self.wait_for(found)
        return next(e for e in self.events[start:] if e.kind == kind and
                    all(e.data.get(k) == v for k, v in data.items()))

    def deal(self, *codes: str) -> None:
        """The shoe deals these cards, one after another; each comes back as a card event."""
        for code in codes:
            self.mock.load([parse_card(code)] + self.mock.shoe)
            self.mock.deal(1)
            self.wait_for_event("card", card=code)


@contextmanager
def live_table(path, rules="bayern", dialect: str = "framed"):
    service = TableService.open(path, rules=rules)
    loop = HeadlessLoop()
    source, mock = open_source("mock", dialect=dialect, seed=1, decks=service.rules.decks)
    feed = CardFeed(service, source, loop.post, mock=mock)
    feed.start()
    table = LiveTable(service, feed, loop)
    try:
        table.wait_for(lambda: service.view().source.state == "connected")
        yield table
    finally:
        feed.stop()
        service.close()


def play_short_rounds(service: TableService, rounds: int = 1) -> None:
    """Rounds straight through the service: anna 10 on box 1 stands on 17, the dealer's 6 K 9
    busts, the dealer confirms the payout."""
    for _ in range(rounds):
        service.open_round({1: "anna"})
        service.bet("anna", 1, "10")
        for card in ("TS", "6D", "7C"):
            service.card(card)
        service.stand(1)
        service.card("KD")
        service.card("9H")
        service.settle()
        service.confirm_payout("dealer")
