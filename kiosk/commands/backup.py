"""`blackjack-kiosk backup --db FILE --to FILE`: online backup plus integrity check."""

from __future__ import annotations

from kiosk.commands._common import add_db, add_parser
from kiosk.journal.backup import backup_journal
from kiosk.journal.store import open_for_review


def run(args) -> int:
    events = backup_journal(open_for_review(args.db), args.to)
    print(f"backup of {args.db} written to {args.to}: {events} events, integrity_check ok")
    return 0


def register(sub) -> None:
    p = add_parser(sub, "backup", "copy the journal while the kiosk runs (SQLite backup API) "
                   "and check the copy with integrity_check",
                   "blackjack-kiosk backup --db var/journal.sqlite --to /mnt/usb/journal.sqlite",
                   run)
    add_db(p)
    p.add_argument("--to", required=True, metavar="FILE", help="the new backup file")
