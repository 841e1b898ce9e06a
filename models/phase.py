"""What the round's pieces share: its phases, the record of an action, and the trio's helpers.

Kept apart from `models.round` so that the round's parts (owner decisions, insurance) can
import them without importing the round itself.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from models.errors import CardError, IllegalAction, StakeError

DEALER = 0  # deal-order target meaning the dealer


class Phase(enum.StrEnum):
    BETTING = "betting"
    DEAL = "deal"
    INSURANCE = "insurance"  # hole-card game, ace up: insurance and even money before the peek
    BOXES = "boxes"
    DEALER = "dealer"
    SETTLED = "settled"


class Operation(NamedTuple):
    """What an action did, for the journal and the screen."""

    kind: str  # bet, card, stand, double, split, surrender, insure, even_money, peek
    box: int | None = None
    hand: int | None = None
    player: str | None = None
    detail: object = None


def tag_bet(index: int, exc: Exception) -> Exception:
    """Tag a betting refusal with the bet it is about (records name it as bets[i])."""
    exc.bet_index = index
    return exc


def can(verify, *args) -> bool:
    """The `can_x` of a trio: whether `verify_x` lets the action through."""
    try:
        verify(*args)
    except (IllegalAction, StakeError, CardError):
        return False
    return True
