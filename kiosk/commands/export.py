"""`blackjack-kiosk export --db FILE --round ID`: the round as a round record.

The record is the engine's own (`models.record.to_record`) of the round the journal's events
rebuild, corrections applied, so `blackjack-kiosk settle` turns it into the logged settlement.
"""

from __future__ import annotations

import json
from pathlib import Path

from kiosk.commands._common import ROUND_ID, CommandError, add_parser
from kiosk.commands._review import add_review_db, file_filter, open_review
from kiosk.journal.errors import NotFound
from kiosk.journal.reader import fold, session
from models.record import to_record


def run(args) -> int:
    db = open_review(args, "export", round_id=args.round)
    state, _ = fold(db, args.round)
    if file_filter(args) not in (None, session(db, state.session_id).table):
        raise NotFound(f"round {args.round} is not in the journal at table {args.table}")
    if state.status != "settled":
        raise CommandError(f"round {args.round} is {state.status}: only a settled round makes "
                           "a complete round record")
    text = json.dumps(to_record(state.round), indent=2) + "\n"
    if args.out:
        if Path(args.out).exists():
            raise CommandError(f"{args.out}: exists already; choose a new file")
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        print(text, end="")
    return 0


def register(sub) -> None:
    p = add_parser(sub, "export", "write a settled round of the journal as a round record "
                   "(blackjack-round/1) that settle turns into the logged settlement",
                   "blackjack-kiosk export --db var/journal.sqlite --round 3 > round3.json", run)
    add_review_db(p)
    p.add_argument("--round", type=ROUND_ID, required=True, metavar="ID")
    p.add_argument("--out", metavar="FILE", help="write here instead of standard output")
