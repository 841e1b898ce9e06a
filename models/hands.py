"""Boxes and hands on the layout: the mutable pieces the round state machine moves.

A box holds one or more hands (more after splits, in the order they lie on the table) and the
side bets placed on it. Each hand holds its cards and every player's stake on it: the box owner
and the co-players who bet on his box.
"""

from __future__ import annotations

from decimal import Decimal

from models.cards import RANK_VALUE, Card, hand_total, is_two_card_21


class Hand:
    """One hand of a box: cards, stakes per player, and how it ended."""

    __slots__ = ("cards", "stakes", "split_from", "doubled", "stood", "surrendered",
                 "insured", "even_money", "original")

    def __init__(self, stakes: dict[str, Decimal], split_from: Card | None = None):
        self.cards: list[Card] = []
        self.stakes = stakes  # player -> stake on this hand (a doubled stake counted whole)
        self.original = dict(stakes)  # stakes before any double (for original-bets-only)
        self.split_from = split_from  # the card this hand was split from, if any
        self.doubled = False
        self.stood = False
        self.surrendered = False
        self.insured: list[str] = []  # players who insured this hand, in order
        self.even_money: list[str] = []  # players paid even money on this Black Jack

    @property
    def is_split(self) -> bool:
        return self.split_from is not None

    @property
    def split_aces(self) -> bool:
        return self.split_from is not None and self.split_from.rank == "A"

    def total(self) -> tuple[int, bool]:
        return hand_total(self.cards)

    def is_bust(self) -> bool:
        return hand_total(self.cards)[0] > 21

    def is_blackjack(self, split_ten_ace_blackjack: bool) -> bool:
        """Black Jack: ace and ten-value as the first two cards of an unsplit hand; a split
        ten-value card receiving an ace counts too where the house says so."""
        if not is_two_card_21(self.cards):
            return False
        if self.split_from is None:
            return True
        return split_ten_ace_blackjack and RANK_VALUE[self.split_from.rank] == 10 \
            and self.cards[1].rank == "A"

    def is_done(self) -> bool:
        """The hand takes no more cards or decisions."""
        n = len(self.cards)
        if n < 2:
            return False
        if self.stood or self.surrendered:
            return True
        if self.doubled and n >= 3:
            return True
        if self.split_aces:
            return True
        return hand_total(self.cards)[0] >= 21

    def total_stake(self) -> Decimal:
        return sum(self.stakes.values(), Decimal(0))


class Box:
    """One betting box: its hands, its owner, the Twins bets on it and the Bust bets placed
    at it."""

    __slots__ = ("number", "owner", "hands", "twins", "bust", "first_two")

    def __init__(self, number: int):
        self.number = number
        self.owner: str | None = None
        self.hands: list[Hand] = [Hand({})]
        self.twins: dict[str, Decimal] = {}
        self.bust: dict[str, Decimal] = {}
        self.first_two: tuple[Card, ...] = ()

    @property
    def main_stakes(self) -> dict[str, Decimal]:
        return self.hands[0].stakes

    def is_played(self) -> bool:
        return bool(self.hands[0].stakes)

    def players(self) -> list[str]:
        """Every player with any stake on this box, in the order they first bet."""
        seen = dict.fromkeys(self.hands[0].original)
        seen.update(dict.fromkeys(self.hands[0].stakes))  # stakes placed while betting is open
        seen.update(dict.fromkeys(self.twins))
        seen.update(dict.fromkeys(self.bust))
        return list(seen)
