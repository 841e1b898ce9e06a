"""`blackjack-kiosk start`: run the kiosk on this machine.

With a screen (a desktop's DISPLAY or WAYLAND_DISPLAY, or a Qt platform such as eglfs or vnc)
it opens the touchscreen. Without one (or with QT_QPA_PLATFORM=offscreen) it plays a few rounds
at the headless table. With no configuration the cards come from the mock shoe on a
pseudo-terminal, read through the serial driver, and the journal lies under ./var/.
"""

from __future__ import annotations

import os
from pathlib import Path

from kiosk.commands._common import CommandError, add_parser
from kiosk.commands.demo import print_summary
from kiosk.demo.headless import play_headless

SCREENLESS = ("offscreen", "minimal")


def has_display() -> bool:
    platform = os.environ.get("QT_QPA_PLATFORM", "").split(":")[0]
    if platform in SCREENLESS:
        return False
    if platform:
        return True  # eglfs, linuxfb, vnc, wayland, xcb: Qt draws somewhere
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run(args) -> int:
    if args.rounds < 1:
        raise CommandError(f"start: --rounds must be at least 1, not {args.rounds}")
    db = Path(args.db)
    if not db.parent.is_dir():
        db.parent.mkdir(parents=True, exist_ok=True)
    if has_display() and not args.headless:
        from kiosk.ui.app import run as run_kiosk  # Qt loads only for a screen

        return run_kiosk(db, seed=args.seed)

    def ready(device: str) -> None:
        print(f"no display and no shoe attached: the headless table deals from the mock shoe "
              f"on {device} through the serial driver", flush=True)

    summary = play_headless(db, args.rounds, args.seed, on_ready=ready)
    print_summary(summary, str(db), "table-1")
    return 0


def register(sub) -> None:
    p = add_parser(sub, "start", "start the kiosk: the touchscreen where there is a screen; "
                   "without one, a few rounds of the headless table into a journal under ./var/",
                   "blackjack-kiosk start", run)
    p.add_argument("--db", default="var/journal.sqlite", help="the journal (default "
                   "var/journal.sqlite)")
    p.add_argument("--rounds", type=int, default=5, help="rounds to play headless (default 5)")
    p.add_argument("--seed", type=int, default=1, help="seed of the mock shoe")
    p.add_argument("--headless", action="store_true", help="headless even with a display")
