"""`blackjack-kiosk verify --db FILE`: check the hash chain and every logged settlement."""

from __future__ import annotations

from kiosk.commands._common import add_parser
from kiosk.commands._review import add_review_db, open_review, source_name
from kiosk.journal.verify import verify_journal


def run(args) -> int:
    result = verify_journal(open_review(args, "verify"))
    print(f"{source_name(args)}: {result.events} events hold; {result.rounds_settled} settlements "
          f"recomputed and equal, {result.rounds_void} void, {result.rounds_open} open")
    print(f"head hash {result.head_hash}")
    return 0


def register(sub) -> None:
    p = add_parser(sub, "verify", "walk the journal's hash chain and recompute every logged "
                   "settlement; exits 2 naming the first event that does not hold",
                   "blackjack-kiosk verify --db var/journal.sqlite", run)
    add_review_db(p)
