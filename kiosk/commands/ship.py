"""`blackjack-kiosk ship --db FILE --to URL`: ship the table's journal to the pit, following
it until stopped (`--once`: what is there, then exit). Run beside the kiosk by its own
systemd unit (deploy/blackjack-kiosk-ship.service) with `--config`."""

from __future__ import annotations

import signal
import sys
import threading

from kiosk.commands._common import CommandError, add_parser, number


def run(args) -> int:
    from kiosk.pit.shipper import Refused, Shipper
    from kiosk.pit.store import PitError

    db, url = args.db, args.to
    if args.config:
        from kiosk.table.config import ConfigError, load_config

        try:
            cfg = load_config(args.config)
        except ConfigError as exc:
            raise CommandError(f"ship: {exc}") from None
        db = db or str(cfg.database)
        url = url or cfg.pit_url
        if url is None:
            raise CommandError(f"ship: {args.config} has no [pit] url: this table ships to no "
                               "pit")
    if not db or not url:
        raise CommandError("ship: give --db FILE and --to URL (or --config FILE)")
    shipper = Shipper(db, url, batch=args.batch)
    try:
        if args.once:
            try:
                done = shipper.ship_pass()
                shipper.heartbeat()
            except Refused as exc:
                raise CommandError(str(exc)) from None
            except PitError as exc:
                raise CommandError(f"ship: the pit is unreachable: {exc} (nothing is lost: "
                                   "the next run resumes from the pit's head)") from None
            print(f"{db}: the pit holds all {done.shipped} events of table {done.table} "
                  f"({done.sent} shipped now)")
            return 0
        stop = threading.Event()
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, lambda *_: stop.set())

        def say(status) -> None:
            if status.state != getattr(say, "last", None):
                print(f"{db}: {status.state}" + (f": {status.message}" if status.message
                                                 else ""), file=sys.stderr, flush=True)
                say.last = status.state

        refused = shipper.follow(stop, interval=args.interval, on_status=say)
        return 2 if refused else 0
    finally:
        shipper.close()


def register(sub) -> None:
    p = add_parser(sub, "ship", "ship the table's journal to the pit (PostgreSQL) in order, "
                   "from the last event the pit acknowledges, and follow it until stopped; "
                   "refuses a fork or a forged event with one line and an alert in the pit "
                   "(docs/pit.md)",
                   "blackjack-kiosk ship --db var/journal.sqlite --to "
                   "postgresql://pit.table-7@pit.casino.lan/pit --once", run)
    p.add_argument("--db", metavar="FILE", help="the journal (SQLite file)")
    p.add_argument("--to", metavar="URL", help="the table's pit URL, as `pit table add` "
                   "printed it (better kept in the configuration: a URL on the command line "
                   "shows its password to every user of the machine)")
    p.add_argument("--config", metavar="FILE", help="take the journal and the pit URL from the "
                   "table's configuration ([table] database, [pit] url)")
    p.add_argument("--once", action="store_true", help="ship what is there and exit: 0 when "
                   "the pit holds all of it, 2 with one line when it refuses or is unreachable")
    p.add_argument("--interval", type=number(0.05, 3600, float), default=0.2, metavar="S",
                   help="seconds between looks at the journal while following (default 0.2: "
                   "the pit page shows a commit well within a second)")
    p.add_argument("--batch", type=number(1, 100000), default=1000, metavar="N",
                   help="events per batch (default 1000)")
