"""The box owner's decisions on the active hand: stand, double, split, surrender.

A mixin of `Round`: each decision is a trio (`verify_x`, `can_x`, `x`) on the round's state.
The owner decides for every stake on the box; co-players name themselves in `follow` to double
their own stake too or to put up a stake on the new hand of a split.
"""

from __future__ import annotations

from decimal import Decimal

from models.errors import IllegalAction, StakeError
from models.hands import Box, Hand
from models.money import format_amount
from models.phase import Operation, Phase, can


class OwnerDecisions:
    """Stand, double, split and surrender, for `Round`."""

    def _owner_hand(self, box: int, hand: int | None, what: str) -> tuple[Box, Hand]:
        if self.phase == Phase.INSURANCE:
            if self._peek_blackjack():
                raise IllegalAction(f"no {what}: the dealer has Black Jack and the round is over")
            found = self.first_to_play()
        elif self.phase == Phase.BOXES:
            found = self.active_hand()
        else:
            raise IllegalAction(f"no {what} now: the round is in its {self.phase} phase")
        b = self.box(box)
        if found is None or found[0] is not b:
            turn = f"box {found[0].number}" if found else "the dealer"
            raise IllegalAction(f"no {what} on box {box}: it is {turn}'s turn")
        h = found[1]
        n = b.hands.index(h) + 1
        if hand is not None and hand != n:
            if not (type(hand) is int and 1 <= hand <= len(b.hands)):
                raise IllegalAction(f"box {box} has no hand {hand!r}")
            raise IllegalAction(f"no {what} on box {box} hand {hand}: hand {n} is the active "
                                f"hand")
        if len(h.cards) < 2:
            raise IllegalAction(f"no {what} on box {box} hand {n}: it needs its second card")
        if h.doubled:
            raise IllegalAction(f"no {what} on box {box} hand {n}: it has doubled and takes "
                                f"exactly one more card")
        return b, h

    def _check_follow(self, b: Box, h: Hand, follow, what: str, allowed: bool) -> list[str]:
        follow = list(follow or ())
        for p in follow:
            if p == b.owner:
                raise IllegalAction(f"{p} is the box owner of box {b.number}: he does not "
                                    f"follow his own {what}")
            if p not in h.stakes:
                raise IllegalAction(f"{p} has no stake on box {b.number} hand "
                                    f"{b.hands.index(h) + 1} to {what}")
        if len(set(follow)) != len(follow):
            raise IllegalAction(f"a co-player is named twice in the {what} follow list")
        if follow and not allowed:
            raise IllegalAction(f"co-players may not follow a {what} under preset "
                                f"{self.rules.preset}")
        if b.owner not in h.stakes and not follow:
            raise IllegalAction(f"{what} on box {b.number} would move no money: the box owner "
                                f"{b.owner} has no stake on it and no co-player follows")
        return follow

    def verify_stand(self, box: int, hand: int | None = None) -> tuple[Box, Hand]:
        return self._owner_hand(box, hand, "stand")

    def can_stand(self, box: int, hand: int | None = None) -> bool:
        return can(self.verify_stand, box, hand)

    def stand(self, box: int, hand: int | None = None) -> Operation:
        b, h = self.verify_stand(box, hand)
        self._record_decision({"do": "stand", "box": box}, hand)
        self._leave_insurance_phase()
        n = b.hands.index(h) + 1
        h.stood = True
        self._advance()
        return Operation("stand", box, n, b.owner)

    def verify_double(self, box: int, follow=(), hand: int | None = None):
        b, h = self._owner_hand(box, hand, "double")
        r = self.rules
        n = b.hands.index(h) + 1
        if len(h.cards) != 2:
            raise IllegalAction(f"double not allowed on box {box} hand {n}: only on the first "
                                f"two cards")
        if h.is_split and not r.double_after_split:
            raise IllegalAction(f"double not allowed after a split under preset {r.preset}")
        if r.double_totals is not None:
            total, soft = h.total()
            ok = total in r.double_totals or (soft and r.double_ace_as_one and
                                              total - 10 in r.double_totals)
            if not ok:
                ts = [str(t) for t in sorted(r.double_totals)]
                allowed = ts[0] if len(ts) == 1 else ", ".join(ts[:-1]) + " or " + ts[-1]
                raise IllegalAction(f"double not allowed on {total} under preset {r.preset} "
                                    f"(first two cards must total {allowed})")
        follow = self._check_follow(b, h, follow, "double", r.coplayer_double)
        if not r.double_over_max:
            doubling = [p for p in h.stakes if p == b.owner or p in follow]
            after = h.total_stake() + sum((h.stakes[p] for p in doubling), Decimal(0))
            if after > self.limits.max:
                raise StakeError(f"double would bring box {box} hand {n} to "
                                 f"{format_amount(after)}, over the box maximum")
        return b, h, follow

    def can_double(self, box: int, follow=(), hand: int | None = None) -> bool:
        return can(self.verify_double, box, follow, hand)

    def double(self, box: int, follow=(), hand: int | None = None) -> Operation:
        b, h, follow = self.verify_double(box, follow, hand)
        self._record_decision({"do": "double", "box": box, "follow": follow}, hand)
        self._leave_insurance_phase()
        for p in h.stakes:
            if p == b.owner or p in follow:
                h.stakes[p] *= 2
        h.doubled = True
        return Operation("double", box, b.hands.index(h) + 1, b.owner, tuple(follow))

    def verify_split(self, box: int, follow=(), hand: int | None = None):
        b, h = self._owner_hand(box, hand, "split")
        r = self.rules
        n = b.hands.index(h) + 1
        if len(h.cards) != 2:
            raise IllegalAction(f"split not allowed on box {box} hand {n}: only a pair as the "
                                f"first two cards")
        c1, c2 = h.cards
        same = c1.rank == c2.rank if r.split_by == "rank" else c1.value == c2.value
        if not same:
            kind = "rank" if r.split_by == "rank" else "value"
            raise IllegalAction(f"split not allowed on {c1}+{c2}: the cards must be of equal "
                                f"{kind} under preset {r.preset}")
        if h.split_aces:
            raise IllegalAction("split aces are not split again")
        if r.max_hands is not None and len(b.hands) >= r.max_hands:
            raise IllegalAction(f"split not allowed: box {box} already has {len(b.hands)} "
                                f"hands, the most preset {r.preset} allows")
        follow = self._check_follow(b, h, follow, "split", r.coplayer_split)
        return b, h, follow

    def can_split(self, box: int, follow=(), hand: int | None = None) -> bool:
        return can(self.verify_split, box, follow, hand)

    def split(self, box: int, follow=(), hand: int | None = None) -> Operation:
        b, h, follow = self.verify_split(box, follow, hand)
        self._record_decision({"do": "split", "box": box, "follow": follow}, hand)
        self._leave_insurance_phase()
        moving = {p: s for p, s in h.stakes.items() if p == b.owner or p in follow}
        second = h.cards.pop()
        first = h.cards[0]
        if h.split_from is None:
            h.split_from = first
        new = Hand(moving, split_from=second)
        new.cards.append(second)
        i = b.hands.index(h)
        b.hands.insert(i + 1, new)  # the active hand stays h, now waiting for its card
        return Operation("split", box, i + 1, b.owner, tuple(follow))

    def verify_surrender(self, box: int, hand: int | None = None):
        if not self.rules.surrender:
            raise IllegalAction(f"no surrender under preset {self.rules.preset}")
        b, h = self._owner_hand(box, hand, "surrender")
        if len(b.hands) != 1 or len(h.cards) != 2:
            raise IllegalAction(f"surrender only on the first two cards of an unsplit hand "
                                f"(box {box})")
        return b, h

    def can_surrender(self, box: int, hand: int | None = None) -> bool:
        return can(self.verify_surrender, box, hand)

    def surrender(self, box: int, hand: int | None = None) -> Operation:
        b, h = self.verify_surrender(box, hand)
        self._record_decision({"do": "surrender", "box": box}, hand)
        self._leave_insurance_phase()
        h.surrendered = True
        self._advance()
        return Operation("surrender", box, 1, b.owner)


    def _record_decision(self, entry: dict, hand: int | None) -> None:
        if hand is not None:
            entry["hand"] = hand
        self.play.append(entry)

