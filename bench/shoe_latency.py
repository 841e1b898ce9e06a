"""Benchmark: time from a card frame written on the pty to its card event at the sink.

Runs the real driver (pyserial on a pseudo-terminal) against the mock shoe, one card at a
time so each figure is one card's own latency, not a queue's. Prints p50/p99/max per dialect.

    python bench/shoe_latency.py [--cards 10000] [--dialect framed ...]
"""

from __future__ import annotations

import argparse
import os
import queue
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from drivers.shoe import SerialShoe  # noqa: E402 - after the path set-up above
from drivers.source import CardEvent, Status, StatusEvent  # noqa: E402
from hardware_mocks.mock_shoe import MockShoe  # noqa: E402


def measure(dialect: str, cards: int) -> list[float]:
    """Latencies in milliseconds, one per card."""
    arrived: queue.Queue = queue.Queue()

    def sink(event):
        arrived.put((time.perf_counter(), event))

    decks = cards // 52 + 1
    with MockShoe(dialect, decks=decks, seed=1, heartbeat=3600) as mock:
        shoe = SerialShoe(mock.path, dialect)
        shoe.start(sink)
        try:
            _, first = arrived.get(timeout=10)
            assert isinstance(first, StatusEvent) and first.status is Status.CONNECTED, first
            return [one_card(mock, arrived) for _ in range(cards)]
        finally:
            shoe.stop()


def one_card(mock: MockShoe, arrived: queue.Queue) -> float:
    card = mock.shoe.pop(0)
    frame = mock.encoder.card(card)
    start = time.perf_counter()
    mock.write(frame)
    stamp, event = arrived.get(timeout=10)
    if not (isinstance(event, CardEvent) and event.card == card):
        raise SystemExit(f"expected {card.code}, the driver delivered {event}")
    return (stamp - start) * 1000


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--dialect", action="append",
                        help="dialect(s) to time (default: all three)")
    args = parser.parse_args()
    print(f"shoe latency, {args.cards} cards per dialect, {os.cpu_count()} CPUs")
    worst = 0.0
    for dialect in args.dialect or ["framed", "beetek", "scanner"]:
        ms = measure(dialect, args.cards)
        p99 = percentile(ms, 0.99)
        worst = max(worst, p99)
        print(f"{dialect:8} p50 {statistics.median(ms):.3f} ms  p99 {p99:.3f} ms  "
              f"max {max(ms):.3f} ms")
    print(f"target p99 < 5 ms: {'met' if worst < 5 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
