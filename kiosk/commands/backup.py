"""`blackjack-kiosk backup --db FILE --to FILE`: online backup plus integrity check."""

from __future__ import annotations

from kiosk.cli import add_parser
from kiosk.journal.backup import backup_journal
from kiosk.journal_cli import add_db, review_journal


def run(args) -> int:
    events = backup_journal(review_journal(args.db), args.to)
    print(f"backup of {args.db} written to {args.to}: {events} events, integrity_check ok")
    return 0


def register(sub) -> None:
    p = add_parser(sub, "backup", "copy the journal while the kiosk runs (SQLite backup API) "
                   "and check the copy with integrity_check",
                   "blackjack-kiosk backup --db var/journal.sqlite --to /mnt/usb/journal.sqlite",
                   run)
    add_db(p)
    p.add_argument("--to", required=True, metavar="FILE", help="the new backup file")
