"""`blackjack-kiosk start`: run the kiosk on this machine.

With a screen (a desktop's DISPLAY or WAYLAND_DISPLAY, or a Qt platform such as eglfs or vnc)
it opens the touchscreen. Without one (or with QT_QPA_PLATFORM=offscreen) it plays a few rounds
at the headless table. With no configuration the cards come from the mock shoe on a
pseudo-terminal, read through the serial driver, and the journal lies under ./var/.
"""

from __future__ import annotations

import os
from pathlib import Path

from kiosk.commands._common import CommandError, add_parser, number, require_screen_libraries
from kiosk.commands.demo import print_summary
from kiosk.demo.headless import play_headless
from kiosk.table.config import ConfigError, load_config

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
    cfg = None
    if args.config:
        try:
            cfg = load_config(args.config)
        except ConfigError as exc:
            raise CommandError(f"start: {exc}") from None
    db = Path(args.db or (cfg.database if cfg else "var/journal.sqlite"))
    if not db.parent.is_dir():
        if cfg is not None:
            raise CommandError(f"start: the folder {db.parent} for the journal does not exist")
        try:
            db.parent.mkdir(parents=True, exist_ok=True)  # ./var/ of the first start
        except OSError as exc:
            raise CommandError(f"start: cannot make the folder {db.parent} for the journal "
                               f"({exc.strerror})") from None
    if has_display() and not args.headless:
        require_screen_libraries("start")  # one line and exit 2, never Qt's own abort
        from kiosk.ui.app import run as run_kiosk  # Qt loads only for a screen

        if cfg is None:
            return run_kiosk(db, seed=args.seed)
        return run_kiosk(db, seed=args.seed, **kiosk_options(cfg))
    if cfg is not None and cfg.source.kind != "mock":
        raise CommandError(f"start: no screen for the table's {cfg.source.kind}: the dealer "
                           "needs the touchscreen (a display, or QT_QPA_PLATFORM=eglfs on the "
                           "console; docs/deploy.md)")

    def ready(device: str) -> None:
        print(f"no display and no shoe attached: the headless table deals from the mock shoe "
              f"on {device} through the serial driver", flush=True)

    table = cfg.table if cfg else "table-1"
    rules = cfg.rules if cfg else "bayern"
    limits, dialect = (cfg.limits, cfg.source.dialect) if cfg else (None, "framed")
    summary = play_headless(db, args.rounds, args.seed, table=table, rules=rules,
                            limits=limits, dialect=dialect, on_ready=ready)
    print_summary(summary, str(db), table)
    return 0


def kiosk_options(cfg) -> dict:
    """The touchscreen's build options from a checked configuration."""
    from kiosk.ui.window import TableSettings

    settings = TableSettings(chips=cfg.chips, currency=cfg.currency, language=cfg.language,
                             supervisors=tuple(cfg.supervisors), limit_tiers=cfg.limit_tiers,
                             tap_guard_ms=cfg.tap_guard_ms, timezone=cfg.timezone,
                             recall_without_pin=cfg.recall_without_pin)
    return {"table": cfg.table, "rules": cfg.rules, "limits": cfg.limits,
            "source": cfg.source.options(), "settings": settings}


def register(sub) -> None:
    p = add_parser(sub, "start", "start the kiosk: the touchscreen where there is a screen; "
                   "without one, a few rounds of the headless table into a journal under ./var/",
                   "blackjack-kiosk start", run)
    p.add_argument("--config", metavar="FILE", help="the table's configuration (TOML; "
                   "docs/config.example.toml); without it: the mock shoe, a journal under ./var/")
    p.add_argument("--db", default=None, metavar="FILE", help="the journal (default: the "
                   "configuration's, else var/journal.sqlite)")
    p.add_argument("--rounds", type=number(1, 100000), default=5,
                   help="rounds to play headless (default 5)")
    p.add_argument("--seed", type=number(0, 2**63 - 1), default=1, help="seed of the mock shoe")
    p.add_argument("--headless", action="store_true", help="headless even with a display")
