"""`blackjack-kiosk replay --db FILE --round ID`: the round event by event, the state after each.

Corrections show where they were made: the original event is printed as it was recorded,
and from the correction on the state is the corrected round's.
"""

from __future__ import annotations

from kiosk.commands._common import add_db, add_parser, add_round
from kiosk.journal.events import Event
from kiosk.journal.fold import AFTER_THE_ROUND, fold_round
from kiosk.journal.reader import round_events, session
from kiosk.journal.store import open_for_review
from kiosk.journal.view import round_lines
from models.round_view import hole_card_hidden


def describe(event: Event) -> str:
    d = event.data
    k = event.kind
    if k == "round_open":
        seats = ", ".join(f"{s}: {p}" for s, p in d["seats"].items())
        return f"round {d['round']} opens (shoe {d['shoe']}; seats {seats})"
    if k == "withdraw":
        side = f" {d['side']}" if d.get("side") else ""
        return f"{d['player']} takes back his{side} stake on box {d['box']}"
    if k == "seat":
        return (f"{d['player']} takes seat {d['seat']}" if d["player"] is not None
                else f"seat {d['seat']} is left")
    if k == "bet":
        side = f" {d['side']}" if d.get("side") else ""
        return f"{d['player']} stakes {d['amount']}{side} on box {d['box']}"
    if k == "card":
        return f"card {d['card']} ({d['source']})"
    if k == "decision":
        extra = ", ".join(f"{key} {val}" for key, val in d.items() if key != "do")
        return f"{d['do']} ({extra})" if extra else d["do"]
    if k == "correction":
        what = "strikes" if d["replace"] is None else f"replaces with {d['replace']}"
        return (f"CORRECTION of event {d['corrects']}: {what}; approved by {d['supervisor']}: "
                f"{d['reason']}")
    if k == "settlement":
        return "settled: " + ", ".join(f"{p} {n}" for p, n in d["net"].items()) + \
            f"; house {d['house']}"
    if k == "payout":
        return f"payout confirmed by {d['by']}"
    if k == "void":
        return f"VOID approved by {d['supervisor']}: {d['reason']}"
    if k == "alert":
        return f"ALERT {d['alert']}: {d['message']}"
    if k == "source":
        card = f" {d['card']}" if d.get("card") else ""
        detail = f": {d['detail']}" if d.get("detail") else ""
        return f"{d['source']} {d['status']}{card}{detail}"
    if k == "acknowledge":
        return f"fault of event {d['alert']} dealt with by {d['by']}"
    return k


def _face_down(rnd, card: str) -> bool:
    """The card just dealt is the dealer's hole card, still face down."""
    return hole_card_hidden(rnd) and len(rnd.dealer) == 1 and rnd.dealer[0].code == card


def run(args) -> int:
    db = open_for_review(args.db)
    events = round_events(db, args.round)
    table = session(db, events[0].session_id)
    print(f"round {args.round} at {table.table}, rules {table.rules}, limits "
          f"{table.limits['min']}-{table.limits['max']}")
    for i, event in enumerate(events):
        if event.kind in AFTER_THE_ROUND:
            print(f"#{event.seq} {event.ts[:23]}Z {describe(event)}")
            continue
        state = fold_round(table, events[:i + 1])
        text = describe(event)
        if event.kind == "card" and _face_down(state.round, event.data["card"]):
            text = "hole card dealt face down"
        print(f"#{event.seq} {event.ts[:23]}Z {text}")
        for line in round_lines(state.round):
            print(line)
    return 0


def register(sub) -> None:
    p = add_parser(sub, "replay", "print a round step by step from the journal, with the "
                   "state after each event (who holds what, stakes, totals)",
                   "blackjack-kiosk replay --db var/journal.sqlite --round 3", run)
    add_db(p)
    add_round(p)
