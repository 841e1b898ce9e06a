"""`blackjack-kiosk shoe-monitor`: print every card and status from a shoe as JSON lines.

For installers at the table: open the real shoe (or any serial URL), deal a few cards and
watch them arrive before the kiosk goes live.
"""

from __future__ import annotations

import json
import queue
import time

from drivers.dialects import get_dialect
from drivers.shoe import SerialShoe
from drivers.source import QueueSink
from kiosk.commands._common import CommandError, add_parser, number


def run(args) -> int:
    get_dialect(args.dialect)  # an unknown dialect is refused before anything opens
    sink = QueueSink()
    shoe = SerialShoe(args.port, args.dialect, silence_after=args.silence)
    started = time.monotonic()
    deadline = started + args.seconds if args.seconds else None
    count = 0
    opened, why = False, "no answer"
    shoe.start(sink)
    try:
        while deadline is None or time.monotonic() < deadline:
            if not opened and time.monotonic() - started > args.open_wait:
                break
            try:
                event = sink.get(timeout=0.1)
            except queue.Empty:
                continue
            data = event.to_json()
            print(json.dumps(data), flush=True)
            if data.get("event") == "connected":
                opened = True
            elif not opened and data.get("detail"):
                why = data["detail"]
            count += 1
            if args.count and count >= args.count:
                break
    finally:
        shoe.stop()
    if not opened:
        raise CommandError(f"shoe-monitor: {args.port} never opened ({why})")
    return 0


def register(sub) -> None:
    p = add_parser(sub, "shoe-monitor", "print every card and status event from a shoe as JSON",
                   "blackjack-kiosk shoe-monitor --port /dev/card-shoe --dialect beetek", run)
    p.add_argument("--port", required=True, help="device path or pyserial URL (socket://, ...)")
    p.add_argument("--dialect", default="framed")
    p.add_argument("--count", type=number(0, 10**9), default=0,
                   help="stop after this many events")
    p.add_argument("--seconds", type=number(0, 86400, float), default=0.0,
                   help="stop after this long")
    p.add_argument("--silence", type=number(0.1, 3600, float), default=2.0,
                   help="seconds without heartbeat before reporting silence (framed)")
    p.add_argument("--open-wait", type=number(0.1, 3600, float), default=10.0, metavar="SECONDS",
                   help="give up, exit status 2, if the port has not opened by then "
                   "(default 10)")
