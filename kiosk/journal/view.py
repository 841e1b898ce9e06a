"""What a round looks like at a moment, for the review tools: who holds what, the stakes, the
totals. One plain dict for the replay and the crash-recovery check.

It keeps the rule every view keeps: in the hole-card game the dealer's face-down card, and his
total, are not shown before he turns it (`models.round_view`); the journal holds the card.
"""

from __future__ import annotations

from kiosk.journal.events import Event
from models.cards import describe_total
from models.money import format_amount
from models.round import Round
from models.round_view import (
    hole_card_hidden,
    next_card_target,
    pending,
    visible_dealer_cards,
    visible_dealer_total,
)


def _stakes(stakes: dict) -> dict[str, str]:
    return {p: format_amount(v) for p, v in stakes.items()}


def round_view(rnd: Round) -> dict:
    """The round's state as JSON values, the hole card face down until it is turned."""
    boxes = []
    for number in sorted(rnd.boxes):
        b = rnd.boxes[number]
        hands = [{"cards": [c.code for c in h.cards],
                  "total": describe_total(h.cards) if h.cards else "",
                  "stakes": _stakes(h.stakes),
                  "insured": list(h.insured), "even_money": list(h.even_money),
                  "doubled": h.doubled, "stood": h.stood, "surrendered": h.surrendered}
                 for h in b.hands]
        boxes.append({"box": number, "owner": b.owner, "hands": hands,
                      "twins": _stakes(b.twins), "bust": _stakes(b.bust)})
    active = rnd.active_hand()
    return {
        "phase": str(rnd.phase),
        "seats": {str(k): v for k, v in sorted(rnd.seats.items())},
        "dealer": {"cards": [c.code for c in visible_dealer_cards(rnd)],
                   "face_down": len(rnd.dealer) - len(visible_dealer_cards(rnd)),
                   "total": visible_dealer_total(rnd)},
        "boxes": boxes,
        "active": (f"box {active[0].number} hand {active[0].hands.index(active[1]) + 1}"
                   if active else None),
        "next_card": next_card_target(rnd),
        "pending": pending(rnd),
        "bets": [dict(e) for e in rnd.bets],
    }


def round_lines(rnd: Round) -> list[str]:
    """The same state as short lines of text for the replay."""
    view = round_view(rnd)
    dealer = view["dealer"]
    cards = ["??"] * dealer["face_down"] + dealer["cards"]
    lines = [f"  dealer: {' '.join(cards) or '-'} {dealer['total']}"]
    for b in view["boxes"]:
        for i, h in enumerate(b["hands"], start=1):
            stakes = ", ".join(f"{p} {s}" for p, s in h["stakes"].items())
            cards = " ".join(h["cards"]) or "-"
            lines.append(f"  box {b['box']} hand {i}: {cards} {h['total']} | stakes {stakes}")
        sides = [f"{kind} {p} {s}" for kind in ("twins", "bust") for p, s in b[kind].items()]
        if sides:
            lines.append(f"  box {b['box']} side bets: {', '.join(sides)}")
    lines.append(f"  phase {view['phase']}; next: {view['pending']}")
    return lines


def face_down(rnd: Round, card: str) -> bool:
    """The card just dealt is the dealer's hole card, still face down."""
    return hole_card_hidden(rnd) and len(rnd.dealer) == 1 and rnd.dealer[0].code == card


def describe(event: Event, after: Round | None = None) -> str:
    """One event of a round in a supervisor's words (replay, recall). With `after`, the round
    as the event left it, the dealer's hole card is not named while it lies face down."""
    if after is not None and event.kind == "card" and face_down(after, event.data["card"]):
        return "hole card dealt face down"
    d = event.data
    k = event.kind
    if k == "round_open":
        seats = ", ".join(f"{s}: {p}" for s, p in d["seats"].items())
        return f"round {d['round']} opens (shoe {d['shoe']}; seats {seats})"
    if k == "withdraw":
        side = f" {d['side']}" if d.get("side") else ""
        if d.get("amount") is not None:
            return f"{d['player']} takes his last{side} chip ({d['amount']}) off box {d['box']}"
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
    if k == "paid":
        return (f"paid during play by {d['by']}: {d['player']} {d['amount']} ({d['bet']}, box "
                f"{d['box']} hand {d['hand']})")
    if k == "undo":
        return f"UNDO of decision {d['undoes']} by {d['by']}"
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
