"""One round at one table as an explicit state machine.

Phases: betting -> deal -> (insurance, hole-card game with an ace up) -> boxes -> dealer ->
complete -> settled. Every action comes as a trio (see STYLE.md): `verify_x(...)` raises a
`GameError` with a full sentence, `can_x(...)` answers True/False for the touchscreen's buttons,
and `x(...)` changes the state and returns an `Operation`. A refused action changes nothing:
every action verifies completely before it touches any state.

Cards are not addressed: the round knows where the next card goes (deal order, the active hand,
then the dealer). Steps the table does by itself (a hand ending at 21, the dealer drawing) run
through the same code as a person's decisions.
"""

from __future__ import annotations

import enum
from decimal import Decimal
from typing import NamedTuple

from models.cards import RANK_VALUE, Card, describe_total, hand_total, parse_card
from models.errors import CardError, IllegalAction, StakeError
from models.hands import Box, Hand
from models.money import MoneyError, format_amount, parse_amount
from models.rules import Rules, rules_from_spec
from models.settlement import Line, Settlement, apply_odds, settle_round
from models.table import Limits, box_owner

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


def _amount(value, what: str) -> Decimal:
    try:
        return parse_amount(value)
    except MoneyError as exc:
        raise StakeError(f"{what}: {exc}") from None


class Round:
    """A round from the first stake to the settlement."""

    def __init__(self, rules: Rules | str | dict, limits: Limits, seats: dict[int, str]):
        self.rules: Rules = rules_from_spec(rules)
        self.limits = limits
        self.seats = {int(k): v for k, v in seats.items()}
        for seat in self.seats:
            if not 1 <= seat <= self.rules.boxes:
                raise StakeError(f"seat {seat} does not exist: the table has seats 1 to "
                                 f"{self.rules.boxes}")
        self.phase = Phase.BETTING
        self.boxes: dict[int, Box] = {}
        self.order: list[Box] = []  # played boxes in deal order (box 1 nearest the shoe first)
        self.players: dict[str, None] = {}  # every player with a stake, in order of first bet
        self.dealer: list[Card] = []
        self.deal_plan: list[int] = []  # box numbers and DEALER, in the order of the deal
        self.dealt = 0
        self.active: tuple[int, int] | None = None  # (index in order, hand index)
        self.insurance_open = False
        self.peeked = False
        self.counts: dict[Card, int] = {}
        self.bets: list[dict] = []  # bets as record entries, in order
        self.play: list = []  # play as record entries, in order

    # ------------------------------------------------------------------ views for the screen

    @property
    def up_card(self) -> Card | None:
        """The dealer's face-up card (his first in the no-hole-card game, his second with a
        hole card)."""
        idx = 1 if self.rules.hole_card else 0
        return self.dealer[idx] if len(self.dealer) > idx else None

    @property
    def visible_dealer_cards(self) -> list[Card]:
        """What the screen may show: the hole card stays hidden until the dealer turns it."""
        if self.rules.hole_card and self.phase in (Phase.DEAL, Phase.INSURANCE, Phase.BOXES):
            return self.dealer[1:]
        return list(self.dealer)

    def box(self, number: int) -> Box:
        b = self.boxes.get(number)
        if b is None or not b.is_played():
            raise IllegalAction(f"box {number} is not played this round")
        return b

    def active_hand(self) -> tuple[Box, Hand] | None:
        if self.active is None:
            return None
        bi, hi = self.active
        b = self.order[bi]
        return b, b.hands[hi]

    def hand_number(self, box: int, hand: Hand) -> int:
        return self.boxes[box].hands.index(hand) + 1

    def is_complete(self) -> bool:
        """Nothing is left to play: the round can be settled."""
        return self.phase == Phase.DEALER and not self.dealer_must_draw()

    def pending(self) -> str:
        """What the round waits for, in words (for 'round incomplete' and the screen)."""
        if self.phase == Phase.BETTING:
            return "no card has been dealt"
        if self.phase == Phase.DEAL:
            target = self.deal_plan[self.dealt]
            who = "the dealer" if target == DEALER else f"box {target}"
            return f"the deal is not finished: the next card goes to {who}"
        if self.phase == Phase.INSURANCE:
            return "insurance is open: close it so the dealer can peek"
        if self.phase == Phase.BOXES:
            b, h = self.active_hand()
            n = self.hand_number(b.number, h)
            if len(h.cards) < 2:
                return f"box {b.number} hand {n} needs its second card"
            return f"box {b.number} hand {n} must act ({describe_total(h.cards)})"
        if self.phase == Phase.DEALER and self.dealer_must_draw():
            return f"the dealer must draw ({describe_total(self.dealer)})"
        return "nothing"

    # ------------------------------------------------------------------ betting

    def verify_bet(self, player: str, box: int, amount, side: str | None = None) -> Decimal:
        if self.phase != Phase.BETTING:
            raise IllegalAction("betting is closed: the first card has been dealt")
        if not isinstance(player, str) or not player.strip():
            raise StakeError(f"player {player!r} must be a name")
        if type(box) is not int or not 1 <= box <= self.rules.boxes:
            raise StakeError(f"box {box!r} does not exist: the table has boxes 1 to "
                             f"{self.rules.boxes}")
        amount = _amount(amount, "stake")
        lim = self.limits
        if side is None:
            lim.check_multiple(amount, "stake")
            b = self.boxes.get(box)
            on_box = b.hands[0].total_stake() if b else Decimal(0)
            if on_box + amount > lim.max:
                raise StakeError(
                    f"stake {format_amount(amount)} would bring box {box} to "
                    f"{format_amount(on_box + amount)}, over the box maximum "
                    f"{format_amount(lim.max)}")
            return amount
        if side not in ("twins", "bust"):
            raise StakeError(f"unknown side bet {side!r}: side bets are 'twins' and 'bust'")
        if side not in self.rules.side_bets:
            raise StakeError(f"no {side} bet under preset {self.rules.preset}")
        lim.check_multiple(amount, f"{side} stake")
        b = self.boxes.get(box)
        placed = (b.twins if side == "twins" else b.bust).get(player, Decimal(0)) if b else 0
        share = self.rules.twins_max_share if side == "twins" else self.rules.bust_max_share
        cap = lim.max * share.numerator / share.denominator
        if placed + amount > cap:
            raise StakeError(f"{side} stake {format_amount(placed + amount)} is over its "
                             f"maximum {format_amount(cap)}")
        return amount

    def can_bet(self, player: str, box: int, amount, side: str | None = None) -> bool:
        try:
            self.verify_bet(player, box, amount, side)
        except (IllegalAction, StakeError):
            return False
        return True

    def bet(self, player: str, box: int, amount, side: str | None = None) -> Operation:
        value = self.verify_bet(player, box, amount, side)
        b = self.boxes.get(box)
        if b is None:
            b = self.boxes[box] = Box(box)
        target = b.hands[0].stakes if side is None else (b.twins if side == "twins" else b.bust)
        target[player] = target.get(player, Decimal(0)) + value
        self.players.setdefault(player, None)
        entry = {"player": player, "box": box, "amount": format_amount(value)}
        if side:
            entry = {"player": player, "box": box, "side": side, "amount": entry["amount"]}
        self.bets.append(entry)
        return Operation("bet", box, 1, player, (side or "main", value))

    def verify_close_betting(self) -> list[tuple[int, str]]:
        """Checks that need every bet in: raises StakeError naming the offending bet index."""
        if not any(b.is_played() for b in self.boxes.values()):
            raise StakeError("no stake on any box: place a main stake before the deal")
        main_total: dict[str, Decimal] = {}
        for b in self.boxes.values():
            for p, s in b.hands[0].stakes.items():
                main_total[p] = main_total.get(p, Decimal(0)) + s
        bust_total: dict[str, Decimal] = {}
        for i, e in enumerate(self.bets):
            side, box, player = e.get("side"), e["box"], e["player"]
            b = self.boxes[box]
            if side is None:
                if not self.seats:
                    raise _at(i, StakeError(f"box {box} has no box owner: nobody is seated"))
            elif side == "twins" and not b.is_played():
                raise _at(i, StakeError(f"twins bet on box {box}, which has no main stake"))
            elif side == "bust":
                bust_total[player] = bust_total.get(player, Decimal(0)) + parse_amount(e["amount"])
                mine = main_total.get(player, Decimal(0))
                if bust_total[player] > mine:
                    raise _at(i, StakeError(
                        f"bust stake {format_amount(bust_total[player])} of {player} is over "
                        f"his main stakes this round ({format_amount(mine)})"))
        return []

    # ------------------------------------------------------------------ cards

    def next_card_target(self) -> str:
        """Where the next card goes, in words: 'box 3', 'box 1 hand 2', 'dealer'."""
        if self.phase == Phase.BETTING:
            return f"box {self._plan()[0]}" if self._has_stakes() else "nowhere: no stake yet"
        if self.phase == Phase.DEAL:
            t = self.deal_plan[self.dealt]
            return "dealer" if t == DEALER else f"box {t}"
        if self.phase in (Phase.BOXES, Phase.INSURANCE):
            if self.phase == Phase.INSURANCE and self._peek_blackjack():
                return "nowhere: the dealer has Black Jack"
            found = self.active_hand() if self.phase == Phase.BOXES else self._first_to_play()
            if found is None:
                return "dealer"
            b, h = found
            return f"box {b.number} hand {self.hand_number(b.number, h)}"
        if self.phase == Phase.DEALER and self.dealer_may_draw():
            return "dealer"
        return "nowhere: the round is complete"

    def _has_stakes(self) -> bool:
        return any(b.is_played() for b in self.boxes.values())

    def _plan(self) -> list[int]:
        return [n for n in sorted(self.boxes) if self.boxes[n].is_played()]

    def verify_card(self, card) -> Card:
        card = parse_card(card)
        seen = self.counts.get(card, 0)
        if seen >= self.rules.decks:
            raise CardError(f"card {card} cannot be in a {self.rules.decks}-deck shoe a "
                            f"{seen + 1}th time this round")
        ph = self.phase
        if ph == Phase.BETTING:
            self.verify_close_betting()
        elif ph == Phase.INSURANCE:
            if self._peek_blackjack():
                raise IllegalAction(f"card {card} out of turn: the dealer has Black Jack and "
                                    "the round is over")
        elif ph == Phase.DEALER:
            if not self.dealer_may_draw():
                raise IllegalAction(f"card {card} out of turn: the dealer stands on "
                                    f"{describe_total(self.dealer)} and the round is complete")
        elif ph == Phase.SETTLED:
            raise IllegalAction(f"card {card} out of turn: the round is settled")
        return card

    def can_card(self, card) -> bool:
        try:
            self.verify_card(card)
        except (IllegalAction, StakeError, CardError):
            return False
        return True

    def card(self, card) -> Operation:
        """A card left the shoe: it goes where the game says."""
        card = self.verify_card(card)
        if self.phase == Phase.BETTING:
            self._close_betting()
        self.play.append(card.code)
        self.counts[card] = self.counts.get(card, 0) + 1
        if self.phase == Phase.DEAL:
            return self._deal(card)
        if self.phase == Phase.INSURANCE:
            self._close_insurance()
        if self.phase == Phase.BOXES:
            self._close_window_on_play()
            b, h = self.active_hand()
            n = self.hand_number(b.number, h)
            h.cards.append(card)
            self._advance()
            return Operation("card", b.number, n, None, card)
        self.dealer.append(card)
        self._after_dealer_card()
        return Operation("card", None, None, None, card)

    def _close_betting(self) -> None:
        for b in self.boxes.values():
            b.hands[0].original = dict(b.hands[0].stakes)
        self.order = [self.boxes[n] for n in self._plan()]
        for b in self.order:
            b.owner = box_owner(b.number, self.seats)
        boxes = [b.number for b in self.order]
        if self.rules.hole_card:
            self.deal_plan = boxes + [DEALER] + boxes + [DEALER]
        else:
            self.deal_plan = boxes + [DEALER] + boxes
        self.phase = Phase.DEAL

    def _deal(self, card: Card) -> Operation:
        target = self.deal_plan[self.dealt]
        self.dealt += 1
        if target == DEALER:
            self.dealer.append(card)
            op = Operation("card", None, None, None, card)
        else:
            h = self.boxes[target].hands[0]
            h.cards.append(card)
            op = Operation("card", target, 1, None, card)
        if self.dealt == len(self.deal_plan):
            self._end_deal()
        return op

    def _end_deal(self) -> None:
        for b in self.order:
            b.first_two = tuple(b.hands[0].cards)
        up = self.up_card
        r = self.rules
        if up.rank == "A" and r.insurance:
            self.insurance_open = True
        if r.hole_card:
            if self.insurance_open:
                self.phase = Phase.INSURANCE
                return
            if up.rank == "A" or RANK_VALUE[up.rank] == 10:
                self.peeked = True
        self.phase = Phase.BOXES
        self._start_boxes()

    def _peek_blackjack(self) -> bool:
        """Hole-card game: whether the dealer's two cards are Black Jack (known to the kiosk,
        which read the hole card, but shown only when the dealer turns it)."""
        return self.rules.hole_card and hand_total(self.dealer)[0] == 21

    def _start_boxes(self) -> None:
        if self.rules.hole_card and self.peeked and self._peek_blackjack():
            self.phase = Phase.DEALER  # the round ends at once
            self.insurance_open = False
            return
        self.active = None
        self._advance(start=True)

    def _first_to_play(self) -> tuple[Box, Hand] | None:
        for b in self.order:
            for h in b.hands:
                if not self._hand_finished(h):
                    return b, h
        return None

    def _hand_finished(self, h: Hand) -> bool:
        return h.is_done() or (len(h.cards) == 2 and not h.is_split and
                               h.is_blackjack(self.rules.split_ten_ace_blackjack))

    def _advance(self, start: bool = False) -> None:
        """Move the active hand on past every hand that has ended by itself."""
        bi, hi = (0, 0) if start or self.active is None else self.active
        while bi < len(self.order):
            hands = self.order[bi].hands
            while hi < len(hands):
                if not self._hand_finished(hands[hi]):
                    self.active = (bi, hi)
                    return
                hi += 1
            bi, hi = bi + 1, 0
        self.active = None
        self.phase = Phase.DEALER
        self._after_dealer_card()

    # ------------------------------------------------------------------ dealer

    def _after_dealer_card(self) -> None:
        if not self.rules.hole_card and len(self.dealer) >= 2:
            self.insurance_open = False

    def dealer_may_draw(self) -> bool:
        """The dealer's own rule lets him take a card (draw to 16, stand on 17)."""
        if self.rules.hole_card and self.peeked and self._peek_blackjack():
            return False
        total, soft = hand_total(self.dealer)
        if len(self.dealer) == 2 and total == 21:
            return False
        return total < 17 or (total == 17 and soft and self.rules.dealer_hits_soft_17)

    def dealer_must_draw(self) -> bool:
        """The dealer must take a card: his rule lets him and some bet depends on it."""
        if not self.dealer_may_draw():
            return False
        need = self._dealer_dependency()
        if need == "all":
            return True
        return need == "second" and len(self.dealer) < 2

    def _dealer_dependency(self) -> str:
        """'all': a bet depends on the dealer's final total; 'second': only on whether his
        second card makes Black Jack; '': on nothing."""
        if any(b.bust for b in self.order):
            return "all"
        r = self.rules
        second = False
        up = self.up_card
        can_bj = up is not None and (up.rank == "A" or RANK_VALUE[up.rank] == 10)
        for b in self.order:
            for h in b.hands:
                if h.surrendered or h.is_bust():
                    continue
                if h.is_blackjack(r.split_ten_ace_blackjack):
                    if can_bj and not r.hole_card and len(h.even_money) < len(h.stakes):
                        second = True
                    continue
                return "all"
            if any(h.insured for h in b.hands):
                second = True
        return "second" if second and not r.hole_card else ""

    def payable_now(self) -> list[Line]:
        """Lines the dealer pays before the round ends: Black Jacks against an up card that
        cannot make Black Jack (or after the hole-card peek showed none), and even money."""
        r = self.rules
        up = self.up_card
        if up is None or self.phase in (Phase.BETTING, Phase.DEAL):
            return []
        up_safe = up.rank != "A" and RANK_VALUE[up.rank] != 10
        peeked_clear = r.hole_card and self.peeked and not self._peek_blackjack()
        out = []
        for b in self.order:
            for n, h in enumerate(b.hands, start=1):
                if not h.is_blackjack(r.split_ten_ace_blackjack):
                    continue
                for p, stake in h.stakes.items():
                    if p in h.even_money:
                        out.append(Line(p, b.number, n, "even_money", stake, "win", stake))
                    elif up_safe or peeked_clear:
                        out.append(Line(p, b.number, n, "main", stake, "blackjack",
                                        apply_odds(stake, r.blackjack_pays)))
        return out

    def dealer_blackjack(self) -> bool:
        return len(self.dealer) == 2 and hand_total(self.dealer)[0] == 21

    # ------------------------------------------------------------------ owner decisions

    def _owner_hand(self, box: int, hand: int | None, what: str) -> tuple[Box, Hand]:
        if self.phase == Phase.INSURANCE:
            if self._peek_blackjack():
                raise IllegalAction(f"no {what}: the dealer has Black Jack and the round is over")
            found = self._first_to_play()
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
        return _can(self.verify_stand, box, hand)

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
        return _can(self.verify_double, box, follow, hand)

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
        return _can(self.verify_split, box, follow, hand)

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
        return _can(self.verify_surrender, box, hand)

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

    def _leave_insurance_phase(self) -> None:
        """An owner's first decision closes a hole-card insurance window (and the dealer peeks);
        where insurance is offered only before play, it closes the window too."""
        if self.phase == Phase.INSURANCE:
            self._close_insurance()
        self._close_window_on_play()

    def _close_window_on_play(self) -> None:
        if not self.rules.insurance_after_play:
            self.insurance_open = False

    # ------------------------------------------------------------------ insurance, even money

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
        return _can(self.verify_insure, player, box, hand)

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
        return _can(self.verify_even_money, player, box)

    def even_money(self, player: str, box: int) -> Operation:
        h = self.verify_even_money(player, box)
        self.play.append({"do": "even_money", "player": player, "box": box})
        h.even_money.append(player)
        return Operation("even_money", box, 1, player, h.stakes[player])

    def verify_close_insurance(self) -> None:
        if self.phase != Phase.INSURANCE:
            raise IllegalAction("there is no insurance window to close before the peek")

    def can_close_insurance(self) -> bool:
        return _can(self.verify_close_insurance)

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

    # ------------------------------------------------------------------ records and settlement

    def verify_settle(self) -> None:
        if self.phase == Phase.SETTLED:
            raise IllegalAction("the round is already settled")
        if not self.is_complete():
            raise IllegalAction(f"round incomplete: {self.pending()}")

    def can_settle(self) -> bool:
        return _can(self.verify_settle)

    def settlement(self) -> Settlement:
        """What every player wins or loses; the round stays open (for the screen's preview)."""
        self.verify_settle()
        return settle_round(self)

    def settle(self) -> Settlement:
        """Settle and close the round: no card or decision is taken after this."""
        result = self.settlement()
        self.phase = Phase.SETTLED
        return result

    def finish_record(self) -> None:
        """At the end of a record: an open hole-card insurance window closes by itself."""
        if self.phase == Phase.INSURANCE:
            self._close_insurance()

    def to_record(self) -> dict:
        return {
            "format": "blackjack-round/1",
            "rules": self.rules.to_spec(),
            "limits": self.limits.to_json(),
            "seats": {str(k): v for k, v in sorted(self.seats.items())},
            "bets": [dict(e) for e in self.bets],
            "play": [e if isinstance(e, str) else dict(e) for e in self.play],
        }


def _at(index: int, exc: Exception) -> Exception:
    """Tag a betting refusal with the bet it is about (records name it as bets[i])."""
    exc.bet_index = index
    return exc


def _can(verify, *args) -> bool:
    try:
        verify(*args)
    except (IllegalAction, StakeError, CardError):
        return False
    return True
