"""Cards, ranks, suits and hand totals.

A card is written as rank then suit: rank `A 2-9 T J Q K` (`10` is read as `T`), suit `S H D C`.
"""

from __future__ import annotations

from typing import NamedTuple

from models.errors import CardError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RED_SUITS = frozenset("HD")

# Point value of each rank, the ace counted as 1 (hand totals add the optional 10).
RANK_VALUE = {r: min(i + 1, 10) for i, r in enumerate(RANKS)}


class Card(NamedTuple):
    """One playing card; compares and hashes by rank and suit."""

    rank: str
    suit: str

    @property
    def code(self) -> str:
        return self.rank + self.suit

    @property
    def value(self) -> int:
        """Point value with the ace as 1."""
        return RANK_VALUE[self.rank]

    @property
    def is_ace(self) -> bool:
        return self.rank == "A"

    @property
    def is_ten_value(self) -> bool:
        return RANK_VALUE[self.rank] == 10

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card({self.rank}{self.suit})"


# Every card exists once; parsing returns the shared instance.
ALL_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS)
_BY_CODE: dict[str, Card] = {c.code: c for c in ALL_CARDS}
_BY_CODE.update({"10" + s: _BY_CODE["T" + s] for s in SUITS})


def parse_card(text: object) -> Card:
    """Read a card code such as `QH`, `TD` or `10D`; raise CardError naming the text otherwise."""
    card = _BY_CODE.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    if isinstance(text, Card):
        return text
    if isinstance(text, str):
        card = _BY_CODE.get(text.strip().upper())
        if card is not None:
            return card
    raise CardError(
        f"unknown card {text!r}: expected rank A,2-9,T(10),J,Q,K then suit S,H,D,C, e.g. 'QH'"
    )


def hand_total(cards) -> tuple[int, bool]:
    """Best total of the cards and whether it is soft (an ace counted as 11)."""
    total = 0
    ace = False
    for c in cards:
        total += RANK_VALUE[c.rank]
        if c.rank == "A":
            ace = True
    if ace and total <= 11:
        return total + 10, True
    return total, False


def is_two_card_21(cards) -> bool:
    """An ace and a ten-value card as exactly two cards (Black Jack where the hand allows it)."""
    if len(cards) != 2:
        return False
    a, b = cards
    return (a.rank == "A" and RANK_VALUE[b.rank] == 10) or (
        b.rank == "A" and RANK_VALUE[a.rank] == 10
    )


def describe_total(cards) -> str:
    """`hard 15`, `soft 17`, `bust 24`: how a dealer or pit supervisor says a total."""
    total, soft = hand_total(cards)
    if total > 21:
        return f"bust {total}"
    return f"{'soft' if soft else 'hard'} {total}"
