"""`blackjack-kiosk start`: run the kiosk on this machine.

Without a screen (no DISPLAY or WAYLAND_DISPLAY, or QT_QPA_PLATFORM=offscreen) it plays a few
rounds of the headless demo into a journal under ./var/ and says where it is. The touchscreen
comes with a later issue.
"""

from __future__ import annotations

import os
from pathlib import Path

from kiosk.cli import add_parser
from kiosk.commands.demo import print_summary
from kiosk.demo import DemoTable
from kiosk.table_service import TableService


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
    print("no display: running the headless table (mock shoe, seeded players)")
    service = TableService.open(db)
    try:
        summary = DemoTable(service, args.seed).play(args.rounds)
    finally:
        service.close()
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
