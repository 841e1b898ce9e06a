"""`blackjack-kiosk replay --db FILE --round ID`: the round event by event, the state after each.

Corrections show where they were made: the original event is printed as it was recorded,
and from the correction on the state is the corrected round's.
"""

from __future__ import annotations

from kiosk.commands._common import ROUND_ID, add_parser
from kiosk.commands._review import add_review_db, file_filter, open_review
from kiosk.journal.errors import NotFound
from kiosk.journal.fold import AFTER_THE_ROUND, fold_round
from kiosk.journal.reader import round_events, session
from kiosk.journal.view import describe, round_lines


def run(args) -> int:
    db = open_review(args, "replay", round_id=args.round)
    events = round_events(db, args.round)
    table = session(db, events[0].session_id)
    if file_filter(args) not in (None, table.table):
        raise NotFound(f"round {args.round} is not in the journal at table {args.table}")
    print(f"round {args.round} at {table.table}, rules {table.rules}, limits "
          f"{table.limits['min']}-{table.limits['max']}")
    for i, event in enumerate(events):
        if event.kind in AFTER_THE_ROUND:
            print(f"#{event.seq} {event.ts[:23]}Z {describe(event)}")
            continue
        state = fold_round(table, events[:i + 1])
        text = describe(event, state.round)
        print(f"#{event.seq} {event.ts[:23]}Z {text}")
        for line in round_lines(state.round):
            print(line)
    return 0


def register(sub) -> None:
    p = add_parser(sub, "replay", "print a round step by step from the journal, with the "
                   "state after each event (who holds what, stakes, totals)",
                   "blackjack-kiosk replay --db var/journal.sqlite --round 3", run)
    add_review_db(p)
    p.add_argument("--round", type=ROUND_ID, required=True, metavar="ID")
