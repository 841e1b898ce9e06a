"""Card to screen: how long from a card frame written to the mock shoe's pseudo-terminal until
that card is painted on the table screen.

The whole path is the production one: the frame is read by pyserial on the shoe's reader
thread, parsed by the dialect, posted to the GUI thread, journaled (SQLite, synchronous=FULL),
applied, published, rendered by the window, and painted. The clock stops at the first paint
event of the new card's widget. Rounds are played at a full table (the decisions are made
through the service, unmeasured, and drawn before the next card is dealt) until at least
--cards cards have been timed.

    QT_QPA_PLATFORM=offscreen python bench/ui_latency.py --cards 500

Prints p50, p90, p99 and max, the same split in three (the frame read, journaled and applied
until the window's redraw starts; the redraw; its end until the card is painted), then a last
line of JSON {"p50_ms": .., "p99_ms": ..}. The machine should be otherwise idle: on a loaded
machine the waits for a core, not the screen, make the tail.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM",
                      f"offscreen:configfile={ROOT / 'tests' / 'ui' / 'screens-1920.json'}")

from kiosk.ui.app import build, show  # noqa: E402
from kiosk.ui.widgets.card import CardWidget  # noqa: E402


class PaintWatch:
    """Notes the first paint of every card widget: (card, time), in order. It wraps the card
    widget's own paint (an application-wide event filter would call Python for every event
    of every widget and slow the very screen it measures)."""

    def __init__(self) -> None:
        self.painted: list[tuple[str, float]] = []
        paint = CardWidget.paintEvent
        watch = self

        def first_paint(widget, event) -> None:
            if not getattr(widget, "_painted", False):
                widget._painted = True
                watch.painted.append((widget.code, time.perf_counter()))
            paint(widget, event)
        CardWidget.paintEvent = first_paint


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=500)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ui-latency-"))
    kiosk = build(folder / "journal.sqlite")
    show(kiosk)
    app, svc, mock = kiosk.app, kiosk.service, kiosk.feed.mock
    watch = PaintWatch()
    renders: list[tuple[float, float]] = []  # (start, end) of each redraw of the window
    render = kiosk.window.render

    drawn = [0]  # the seq of the last view the window drew

    def timed_render(view) -> None:
        start = time.perf_counter()
        render(view)
        renders.append((start, time.perf_counter()))
        drawn[0] = view.seq
    kiosk.bridge.changed.disconnect(render)
    kiosk.bridge.changed.connect(timed_render)
    parts: dict[str, list[float]] = {"frame -> redraw starts": [], "redraw": [],
                                     "redraw ends -> painted": []}

    def until(done, timeout=10.0):
        end = time.perf_counter() + timeout
        while not done():
            if time.perf_counter() > end:
                raise TimeoutError("the table did not get there")
            app.processEvents()

    def drawn_out() -> None:
        """A decision made through the service is on the screen before the next card: its
        redraw, paint and deleted widgets are the decision's, not the card's (a dealer's
        hand takes longer than that between two touches)."""
        until(lambda: drawn[0] >= svc.view().seq)
        for _ in range(3):
            app.processEvents()

    until(lambda: svc.view().phase == "betting")
    for n in range(1, 8):
        svc.seat(n, f"S{n}")
    times: list[float] = []
    while len(times) < args.cards:
        until(lambda: svc.view().phase == "betting")
        for n in range(1, 8) if not svc.standing else ():  # later rounds: the stakes stand
            svc.bet(f"S{n}", n, "10")
        while True:
            v = svc.view()
            if v.choices.settle:
                break
            if v.choices.box is not None and len(v.boxes[v.choices.box - 1]
                                                 .hands[v.choices.hand - 1].cards) >= 2:
                hand = v.boxes[v.choices.box - 1].hands[v.choices.hand - 1]
                if hand.total >= 15:
                    svc.stand(v.choices.box, v.choices.hand)
                    until(lambda seq=v.seq: svc.view().seq > seq)
                    continue
            drawn_out()
            known, before = len(watch.painted), len(renders)
            start = time.perf_counter()
            card = mock.deal(1)[0]
            until(lambda c=card.code, k=known: any(code == c for code, _ in watch.painted[k:]))
            painted = next(t for code, t in watch.painted[known:] if code == card.code)
            times.append((painted - start) * 1000)
            if len(renders) > before and renders[before][1] <= painted:
                began, ended = renders[before]
                parts["frame -> redraw starts"].append((began - start) * 1000)
                parts["redraw"].append((ended - began) * 1000)
                parts["redraw ends -> painted"].append((painted - ended) * 1000)
        svc.settle()
        svc.confirm_payout("bench")
    kiosk.close()
    print(f"card frame on the pty -> card painted on the table screen, {len(times)} cards")
    print(f"  p50 {percentile(times, 0.5):.1f} ms, p90 {percentile(times, 0.9):.1f} ms, "
          f"p99 {percentile(times, 0.99):.1f} ms, max {max(times):.1f} ms, "
          f"mean {statistics.mean(times):.1f} ms")
    for name, values in parts.items():  # where the time goes
        if not values:
            continue
        print(f"  {name:<24} p50 {percentile(values, 0.5):5.1f} ms, "
              f"p99 {percentile(values, 0.99):5.1f} ms")
    print(json.dumps({"p50_ms": round(percentile(times, 0.5), 2),
                      "p99_ms": round(percentile(times, 0.99), 2)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
