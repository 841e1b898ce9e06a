"""How a simulated box owner decides: basic strategy or "copy the dealer".

A player names what he wants; the engine's own `can_*` checks say whether the table allows it,
so the simulation never needs rules of its own.
"""

from __future__ import annotations

from models.analysis.strategy import Strategy, hand_key
from models.hands import Box, Hand
from models.round import Round


def basic_player(strategy: Strategy):
    """Play the computed table: the best-ranked decision the engine allows."""
    two_card, drawn = strategy.two_card, strategy.drawn

    def decide(rnd: Round, box: Box, hand: Hand) -> str:
        up = rnd.up_card.value
        cards = hand.cards
        if len(cards) == 2:
            kind, key = hand_key(cards[0].value, cards[1].value)
            for action in two_card[(kind, key, up)]:
                if action in ("hit", "stand") or _allowed(rnd, box, action):
                    return action
        total, soft = hand.total()
        return drawn[(total, soft, up)]

    return decide


def _allowed(rnd: Round, box: Box, action: str) -> bool:
    if action == "double":
        return rnd.can_double(box.number)
    if action == "split":
        return rnd.can_split(box.number)
    return rnd.can_surrender(box.number)


def dealer_copier(hits_soft_17: bool):
    """Draw to 17 like the dealer (soft 17 too where he hits it); never double, split or
    insure."""

    def decide(rnd: Round, box: Box, hand: Hand) -> str:
        total, soft = hand.total()
        if total < 17 or (total == 17 and soft and hits_soft_17):
            return "hit"
        return "stand"

    return decide
