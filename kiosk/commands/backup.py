"""`blackjack-kiosk backup`: online backup plus integrity check; with --into, today's dated
backup in a folder and the rotation of the older ones (the table PC's nightly timer)."""

from __future__ import annotations

import datetime as dt

from kiosk.commands._common import CommandError, add_parser, number
from kiosk.journal.backup import backup_into, backup_journal
from kiosk.journal.store import open_for_review


def run(args) -> int:
    if (args.to is None) == (args.into is None):
        raise CommandError("backup: give either --to FILE or --into FOLDER")
    if args.keep_daily < 1 or args.keep_monthly < 0:
        raise CommandError("backup: --keep-daily must be at least 1 and --keep-monthly at "
                           "least 0")
    db = open_for_review(args.db)
    if args.to is not None:
        events = backup_journal(db, args.to)
        print(f"backup of {args.db} written to {args.to}: {events} events, integrity_check ok")
        return 0
    done = backup_into(db, args.into, dt.date.today(), args.keep_daily, args.keep_monthly)
    if done.written is None:
        print(f"today's backup is in {args.into} already")
    else:
        print(f"backup of {args.db} written to {done.written}: {done.events} events, "
              "integrity_check ok")
    print(f"{len(done.kept)} backups kept, {len(done.removed)} removed")
    return 0


def register(sub) -> None:
    p = add_parser(sub, "backup", "copy the journal while the kiosk runs (SQLite backup API) "
                   "and check the copy with integrity_check; written under a temporary name "
                   "and renamed only once it passes",
                   "blackjack-kiosk backup --db var/journal.sqlite --to var/journal-copy.sqlite",
                   run)
    p.add_argument("--db", required=True, metavar="FILE", help="the journal (SQLite file)")
    p.add_argument("--to", metavar="FILE", help="the new backup file")
    p.add_argument("--into", metavar="FOLDER", help="a folder of dated backups "
                   "(journal-YYYY-MM-DD.sqlite): today's is written once, old ones rotated out")
    p.add_argument("--keep-daily", type=number(1, 3650), default=14, metavar="N",
                   help="with --into: keep the newest N days (default 14)")
    p.add_argument("--keep-monthly", type=number(0, 1200), default=12, metavar="N",
                   help="with --into: and the first backup of each of the newest N months "
                   "(default 12)")
