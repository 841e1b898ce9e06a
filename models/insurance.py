"""Insurance and even money: each player's own decision while the dealer shows an ace.

A mixin of `Round`. In the no-hole-card game the window stays open until the dealer's second
card where the preset says so (Bayern); in the hole-card game it closes with the peek, which the
next card or owner decision implies.
"""

from __future__ import annotations

from models.errors import IllegalAction
from models.hands import Hand
from models.phase import Operation, Phase, can


class InsuranceDecisions:
    """Insurance, even money and the insurance window, for `Round`."""

    def verify_insure(self, player: str, box: int, hand: int = 1) -> Hand:
        if not self.insurance_open:
            raise IllegalAction("insurance is not open: only while the dealer shows an ace "
                                "and before his second card")
        b = self.box(box)
        if not (type(hand) is int and 1 <= hand <= len(b.hands)):
            raise IllegalAction(f"box {box} has no hand {hand!r}")
        h = b.hands[hand - 1]
        if player not in h.stakes:
            raise IllegalAction(f"{player} has no stake on box {box} hand {hand} to insure")
        if player in h.insured:
            raise IllegalAction(f"{player} has already insured box {box} hand {hand}")
        if player in h.even_money:
            raise IllegalAction(f"{player} took even money on box {box}: no insurance too")
        if h.is_bust():
            raise IllegalAction(f"box {box} hand {hand} has busted: it cannot be insured")
        if h.surrendered:
            raise IllegalAction(f"box {box} hand {hand} was surrendered")
        return h

    def can_insure(self, player: str, box: int, hand: int = 1) -> bool:
        return can(self.verify_insure, player, box, hand)

    def insure(self, player: str, box: int, hand: int = 1) -> Operation:
        h = self.verify_insure(player, box, hand)
        entry = {"do": "insure", "player": player, "box": box}
        if hand != 1:
            entry["hand"] = hand
        self.play.append(entry)
        h.insured.append(player)
        return Operation("insure", box, hand, player, h.stakes[player] / 2)

    def verify_even_money(self, player: str, box: int) -> Hand:
        if not self.rules.even_money:
            raise IllegalAction(f"no even money under preset {self.rules.preset}")
        if not self.insurance_open:
            raise IllegalAction("even money is offered only while the dealer shows an ace and "
                                "before his second card")
        b = self.box(box)
        h = b.hands[0]
        if len(b.hands) != 1 or not h.is_blackjack(self.rules.split_ten_ace_blackjack):
            raise IllegalAction(f"even money only on a Black Jack: box {box} has none")
        if player not in h.stakes:
            raise IllegalAction(f"{player} has no stake on box {box}")
        if player in h.even_money:
            raise IllegalAction(f"{player} has already been paid even money on box {box}")
        if player in h.insured:
            raise IllegalAction(f"{player} insured box {box}: no even money too")
        return h

    def can_even_money(self, player: str, box: int) -> bool:
        return can(self.verify_even_money, player, box)

    def even_money(self, player: str, box: int) -> Operation:
        h = self.verify_even_money(player, box)
        self.play.append({"do": "even_money", "player": player, "box": box})
        h.even_money.append(player)
        return Operation("even_money", box, 1, player, h.stakes[player])

    def verify_close_insurance(self) -> None:
        if self.phase != Phase.INSURANCE:
            raise IllegalAction("there is no insurance window to close before the peek")

    def can_close_insurance(self) -> bool:
        return can(self.verify_close_insurance)

    def close_insurance(self) -> Operation:
        """Hole-card game: insurance is closed, the dealer peeks. Implied by the next card or
        owner decision, and by the end of a record."""
        self.verify_close_insurance()
        self._close_insurance()
        return Operation("peek", detail=self.dealer_blackjack())

    def _close_insurance(self) -> None:
        self.insurance_open = False
        self.peeked = True
        self.phase = Phase.BOXES
        self._start_boxes()

    def _leave_insurance_phase(self) -> None:
        """An owner's first decision closes a hole-card insurance window (and the dealer peeks);
        where insurance is offered only before play, it closes the window too."""
        if self.phase == Phase.INSURANCE:
            self._close_insurance()
        self._close_window_on_play()

    def _close_window_on_play(self) -> None:
        if not self.rules.insurance_after_play:
            self.insurance_open = False
