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
from kiosk.commands._common import add_parser


def run(args) -> int:
    get_dialect(args.dialect)  # an unknown dialect is refused before anything opens
    sink = QueueSink()
    shoe = SerialShoe(args.port, args.dialect, silence_after=args.silence)
    deadline = time.monotonic() + args.seconds if args.seconds else None
    count = 0
    shoe.start(sink)
    try:
        while deadline is None or time.monotonic() < deadline:
            try:
                event = sink.get(timeout=0.1)
            except queue.Empty:
                continue
            print(json.dumps(event.to_json()), flush=True)
            count += 1
            if args.count and count >= args.count:
                break
    finally:
        shoe.stop()
    return 0


def register(sub) -> None:
    p = add_parser(sub, "shoe-monitor", "print every card and status event from a shoe as JSON",
                   "blackjack-kiosk shoe-monitor --port /dev/card-shoe --dialect beetek", run)
    p.add_argument("--port", required=True, help="device path or pyserial URL (socket://, ...)")
    p.add_argument("--dialect", default="framed")
    p.add_argument("--count", type=int, default=0, help="stop after this many events")
    p.add_argument("--seconds", type=float, default=0.0, help="stop after this long")
    p.add_argument("--silence", type=float, default=2.0,
                   help="seconds without heartbeat before reporting silence (framed)")
