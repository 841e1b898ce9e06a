"""`blackjack-kiosk demo`: the touchscreen at a demo table with the mock shoe, for anyone to try;
`--autoplay` a scripted dealer works the screen through whole rounds (training and show);
`--headless` the same table without a screen, into a journal."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from kiosk.commands._common import (
    CommandError,
    add_parser,
    number,
    require_screen_libraries,
    table_name,
)
from kiosk.demo.headless import play_headless
from models.money import format_amount


def _echo(event) -> None:
    # For the crash test: a line per event once it is on disk, flushed at once.
    sys.stdout.write(f"committed {event.seq} {event.hash}\n")
    sys.stdout.flush()


def run(args) -> int:
    if args.rounds < 1:
        raise CommandError(f"demo: --rounds must be at least 1, not {args.rounds}")
    if args.pace is not None and args.pace < 0:
        raise CommandError(f"demo: --pace must be 0 or more milliseconds, not {args.pace}")
    db = Path(args.db)
    if not db.parent.is_dir():
        raise CommandError(f"demo: the folder {db.parent} for the journal does not exist")
    if args.headless:
        summary = play_headless(db, args.rounds, args.seed, table=args.table,
                                rules=args.rules, on_event=_echo if args.echo_events else None,
                                allow_live=args.allow_live)
        print_summary(summary, str(db), args.table)
        return 0
    if os.environ.get("QT_QPA_PLATFORM", "").split(":")[0] not in ("offscreen", "minimal"):
        require_screen_libraries("demo")
    from kiosk.ui.app import run_demo  # Qt loads only for a screen

    return run_demo(db, table=args.table, rules=args.rules, seed=args.seed,
                    autoplay=args.rounds if args.autoplay else None, pace_ms=args.pace,
                    allow_live=args.allow_live)


def print_summary(summary, db: str, table: str) -> None:
    if summary.resumed is not None:
        print(f"resumed unfinished round {summary.resumed} where the journal left it")
    first, last = summary.rounds[0], summary.rounds[-1]
    print(f"played {len(summary.rounds)} rounds ({first}-{last}) at {table}; "
          f"house result {format_amount(summary.house)}")
    if summary.keyed_in:
        print(f"{summary.keyed_in} cards keyed in by hand where the shoe did not deliver them")
    print(f"journal: {db}  (review: blackjack-kiosk rounds --db {db})")


def register(sub) -> None:
    p = add_parser(sub, "demo", "play N rounds at a full table (seated players, co-players, "
                   "side bets, insurance, splits, doubles), the cards dealt by the mock shoe "
                   "on a pseudo-terminal and read through the serial driver, journaling every "
                   "event; an unfinished round in the journal is finished first",
                   "blackjack-kiosk demo --autoplay --rounds 3 --db var/demo.sqlite",
                   run)
    p.add_argument("--db", default="var/demo.sqlite", metavar="FILE",
                   help="the demo's journal (default var/demo.sqlite)")
    p.add_argument("--headless", action="store_true", help="no screen: play in this terminal")
    p.add_argument("--allow-live", action="store_true", help="write into a journal that holds "
                   "live rounds (the demo's sessions are marked simulated in it)")
    p.add_argument("--autoplay", action="store_true",
                   help="a scripted dealer works the screen's buttons through --rounds rounds, "
                        "then the demo ends (training and show)")
    p.add_argument("--pace", type=number(0, 60000), default=None, metavar="MS",
                   help="milliseconds between the scripted dealer's touches (default 300 on a "
                        "screen, 0 offscreen)")
    p.add_argument("--rounds", type=number(1, 100000), default=10,
                   help="rounds to play (default 10)")
    p.add_argument("--seed", type=number(0, 2**63 - 1), default=1,
                   help="seed of the shoe and the players")
    p.add_argument("--table", default="table-1", type=table_name,
                   help="the table's name in the journal")
    p.add_argument("--rules", default="bayern", help="rule preset (default bayern)")
    p.add_argument("--echo-events", action="store_true",
                   help="print each event's number and hash once it is committed")
