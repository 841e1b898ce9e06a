"""`blackjack-kiosk start`: run the kiosk on this machine."""

from __future__ import annotations

from kiosk.cli import add_parser


def run(args) -> int:
    print("blackjack-kiosk start: the touchscreen is not built yet.")
    print("It will open the shoe (or the mock shoe when none is attached), journal every event")
    print("to SQLite and show the table to the dealer; without a screen it runs headless.")
    return 0


def register(sub) -> None:
    add_parser(sub, "start", "start the kiosk (mock shoe and headless where needed)",
               "blackjack-kiosk start", run)
