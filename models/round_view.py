"""What may be said about a round at a moment, for any screen or review: the dealer's cards
as the table sees them, what the round waits for, where the next card goes.

The rule every view keeps: in the hole-card game the dealer's face-down card, and any total or
sentence that would give it away, is not shown before the dealer turns it. The engine knows the
card (the shoe read it); only views are bound by what the players may see.
"""

from __future__ import annotations

from models.cards import Card, describe_total
from models.phase import DEALER, Phase

_FACE_DOWN_PHASES = (Phase.DEAL, Phase.INSURANCE, Phase.BOXES)


def hole_card_hidden(rnd) -> bool:
    """The dealer has a face-down card now (dealt, not yet turned)."""
    return bool(rnd.rules.hole_card and rnd.dealer and rnd.phase in _FACE_DOWN_PHASES)


def visible_dealer_cards(rnd) -> list[Card]:
    """The dealer's cards the table can see: the hole card stays hidden until he turns it."""
    return list(rnd.dealer[1:]) if hole_card_hidden(rnd) else list(rnd.dealer)


def visible_dealer_total(rnd) -> str:
    """The dealer's total as the table can see it (of the up card alone before the turn)."""
    cards = visible_dealer_cards(rnd)
    return describe_total(cards) if cards else ""


def pending(rnd) -> str:
    """What the round waits for, in words (for 'round incomplete' and the screen). It never
    speaks of the hole card before it is turned."""
    if rnd.phase == Phase.BETTING:
        return "no card has been dealt"
    if rnd.phase == Phase.DEAL:
        target = rnd.deal_plan[rnd.dealt]
        who = "the dealer" if target == DEALER else f"box {target}"
        return f"the deal is not finished: the next card goes to {who}"
    if rnd.phase == Phase.INSURANCE:
        return "insurance is open: close it so the dealer can peek"
    if rnd.phase == Phase.BOXES:
        b, h = rnd.active_hand()
        n = rnd.hand_number(b.number, h)
        if len(h.cards) < 2:
            return f"box {b.number} hand {n} needs its second card"
        return f"box {b.number} hand {n} must act ({describe_total(h.cards)})"
    if rnd.phase == Phase.DEALER and rnd.dealer_must_draw():
        return f"the dealer must draw ({describe_total(rnd.dealer)})"
    return "nothing"


def next_card_target(rnd) -> str:
    """Where the next card goes, in words: 'box 3', 'box 1 hand 2', 'dealer'. While a
    hole-card insurance window is open it names the hand that plays after the peek, whatever
    the hole card is."""
    if rnd.phase == Phase.BETTING:
        played = [n for n in sorted(rnd.boxes) if rnd.boxes[n].is_played()]
        return f"box {played[0]}" if played else "nowhere: no stake yet"
    if rnd.phase == Phase.DEAL:
        t = rnd.deal_plan[rnd.dealt]
        return "dealer" if t == DEALER else f"box {t}"
    if rnd.phase in (Phase.BOXES, Phase.INSURANCE):
        found = rnd.active_hand() if rnd.phase == Phase.BOXES else rnd.first_to_play()
        if found is None:
            return "dealer"
        b, h = found
        return f"box {b.number} hand {rnd.hand_number(b.number, h)}"
    if rnd.phase == Phase.DEALER and rnd.dealer_may_draw():
        return "dealer"
    return "nowhere: the round is complete"
