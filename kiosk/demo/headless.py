"""The headless table put together: a journal, the mock shoe on a pseudo-terminal, the card
feed reading it through the serial driver, and the scripted dealer, all on this thread."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kiosk.demo.dealers import FeedDealer, ServiceDealer
from kiosk.demo.table import DemoSummary, DemoTable
from kiosk.table.feed import CardFeed
from kiosk.table.loop import HeadlessLoop
from kiosk.table.service import TableService
from kiosk.table.sources import open_source
from models.errors import CardError

CONNECT_WAIT = 10.0  # seconds for the serial driver to open the mock shoe's pty


def play_direct(service: TableService, rounds: int, seed: int) -> DemoSummary:
    """Play rounds with the cards handed straight to the service (no device): for building
    large journals quickly, in benchmarks and tests."""
    return DemoTable(service, ServiceDealer(service), seed).play(rounds)


def play_headless(db: str | Path, rounds: int, seed: int, *, table: str = "table-1",
                  rules="bayern", limits=None, dialect: str = "framed",
                  on_event: Callable | None = None,
                  on_ready: Callable[[str], None] | None = None,
                  allow_live: bool = False,
                  on_mock: Callable | None = None) -> DemoSummary:
    """Play `rounds` rounds (after finishing one the journal left open) into the journal at
    `db`. `limits` None: the rules' own; `dialect` the mock shoe's on the wire.
    `on_event(event)` hears every journaled event; `on_ready(device)` is told the mock shoe's
    device once the driver reads it; `on_mock(mock)` is handed the mock shoe itself (the pit
    demo unplugs it now and then)."""
    service = TableService.open(db, table=table, rules=rules, limits=limits, simulated=True,
                                allow_live=allow_live)
    try:
        if on_event is not None:
            service.subscribe(on_event)
        loop = HeadlessLoop()
        source, mock = open_source("mock", dialect=dialect, seed=seed,
                                   decks=service.rules.decks)
        with CardFeed(service, source, loop.post, mock=mock) as feed:
            if not loop.run_until(lambda: service.view().source.state == "connected",
                                  CONNECT_WAIT):
                raise CardError(f"the serial driver could not open the mock shoe on "
                                f"{mock.path}")
            if on_ready is not None:
                on_ready(mock.path)
            if on_mock is not None:
                on_mock(mock)
            return DemoTable(service, FeedDealer(service, feed, loop), seed).play(rounds)
    finally:
        service.close()
