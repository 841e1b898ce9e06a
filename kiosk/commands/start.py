"""`blackjack-kiosk start`: run the kiosk on this machine.

Without a screen (no DISPLAY or WAYLAND_DISPLAY, or QT_QPA_PLATFORM=offscreen) it plays a few
rounds at the headless table into a journal under ./var/, the cards dealt by the mock shoe on
a pseudo-terminal and read back through the serial driver, and says where the journal is.
The touchscreen comes with a later issue.
"""

from __future__ import annotations

import os
from pathlib import Path

from kiosk.commands._common import add_parser
from kiosk.commands.demo import print_summary
from kiosk.demo.headless import play_headless


def has_display() -> bool:
    if os.environ.get("QT_QPA_PLATFORM") == "offscreen":
        return False
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run(args) -> int:
    if has_display() and not args.headless:
        print("blackjack-kiosk start: the touchscreen is not built yet; run with --headless "
              "(or without a display) for the headless table.")
        return 0
    db = Path(args.db)
    db.parent.mkdir(parents=True, exist_ok=True)

    def ready(device: str) -> None:
        print(f"no display and no shoe attached: the headless table deals from the mock shoe "
              f"on {device} through the serial driver", flush=True)

    summary = play_headless(db, args.rounds, args.seed, on_ready=ready)
    print_summary(summary, str(db), "table-1")
    return 0


def register(sub) -> None:
    p = add_parser(sub, "start", "start the kiosk; without a display it plays a few rounds "
                   "of the headless table into a journal under ./var/",
                   "blackjack-kiosk start", run)
    p.add_argument("--db", default="var/journal.sqlite", help="the journal (default "
                   "var/journal.sqlite)")
    p.add_argument("--rounds", type=int, default=5, help="rounds to play headless (default 5)")
    p.add_argument("--seed", type=int, default=1, help="seed of the headless table")
    p.add_argument("--headless", action="store_true", help="headless even with a display")
