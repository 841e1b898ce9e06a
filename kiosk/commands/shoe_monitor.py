"""`blackjack-kiosk shoe-monitor`: print every card and status from a shoe as JSON lines.

For installers at the table: open the real shoe (or any serial URL), deal a few cards and
watch them arrive before the kiosk goes live. A port that never opens is a failure (exit 2,
naming the port), not an empty, successful watch.
"""

from __future__ import annotations

import json
import queue
import time

from drivers.dialects import get_dialect
from drivers.shoe import SerialShoe
from drivers.source import QueueSink, StatusEvent
from kiosk.commands._common import BIGGEST_ID, CommandError, add_parser, number, whole


def run(args) -> int:
    get_dialect(args.dialect)  # an unknown dialect is refused before anything opens
    sink = QueueSink()
    shoe = SerialShoe(args.port, args.dialect, silence_after=args.silence)
    start = time.monotonic()
    deadline = start + args.seconds if args.seconds else None
    count, connected, lost = 0, False, None
    shoe.start(sink)
    try:
        while deadline is None or time.monotonic() < deadline:
            if not connected and time.monotonic() - start > args.open_timeout:
                why = f" ({lost})" if lost else ""
                raise CommandError(f"{args.port}: the port did not open within "
                                   f"{args.open_timeout:g} s{why}")
            try:
                event = sink.get(timeout=0.1)
            except queue.Empty:
                continue
            if isinstance(event, StatusEvent):
                if event.status.value == "connected":
                    connected = True
                elif event.status.value == "lost" and not connected:
                    lost = getattr(event, "detail", None) or "lost"
            print(json.dumps(event.to_json()), flush=True)
            count += 1
            if args.count and count >= args.count:
                break
    finally:
        shoe.stop()
    if not connected:
        raise CommandError(f"{args.port}: the port never opened")
    return 0


def register(sub) -> None:
    p = add_parser(sub, "shoe-monitor", "print every card and status event from a shoe as JSON; "
                   "exit 2 when the port never opens",
                   "blackjack-kiosk shoe-monitor --port loop:// --seconds 1", run)
    p.add_argument("--port", required=True, help="device path or pyserial URL (socket://, ...)"
                   ", e.g. /dev/card-shoe on the table PC")
    p.add_argument("--dialect", default="framed")
    p.add_argument("--count", type=whole(0, BIGGEST_ID), default=0,
                   help="stop after this many events")
    p.add_argument("--seconds", type=number(0, 10**7), default=0.0, help="stop after this long")
    p.add_argument("--open-timeout", type=number(0.1, 3600), default=5.0, metavar="S",
                   help="give up when the port has not opened after this long (default 5)")
    p.add_argument("--silence", type=number(0.01, 3600), default=2.0,
                   help="seconds without heartbeat before reporting silence (framed)")
