"""One round at one table as an explicit state machine.

Phases: betting -> deal -> (insurance, hole-card game with an ace up) -> boxes -> dealer ->
complete -> settled. Every action comes as a trio (see STYLE.md): `verify_x(...)` raises a
`GameError` with a full sentence, `can_x(...)` answers True/False for the touchscreen's buttons,
and `x(...)` changes the state and returns an `Operation`. A refused action changes nothing:
every action verifies completely before it touches any state.

Cards are not addressed: the round knows where the next card goes (deal order, the active hand,
then the dealer). Steps the table does by itself (a hand ending at 21, the dealer drawing) run
through the same code as a person's decisions. The owner's decisions live in
`models.decisions`, insurance and even money in `models.insurance`, what a screen may say of
the round in `models.round_view`, the record it writes in `models.record`.
"""

from __future__ import annotations

from decimal import Decimal

from models.cards import RANK_VALUE, Card, describe_total, hand_total, parse_card
from models.decisions import OwnerDecisions
from models.errors import CardError, IllegalAction, StakeError
from models.hands import Box, Hand
from models.insurance import InsuranceDecisions
from models.money import MoneyError, format_amount, parse_amount
from models.phase import DEALER, Operation, Phase, can, tag_bet
from models.round_view import pending
from models.rules import Rules, rules_from_spec
from models.settlement import Line, Settlement, apply_odds, settle
from models.table import Limits, box_owner, check_player_name

__all__ = ["DEALER", "Operation", "Phase", "Round"]


def _amount(value, what: str) -> Decimal:
    try:
        return parse_amount(value)
    except MoneyError as exc:
        raise StakeError(f"{what}: {exc}") from None


class Round(OwnerDecisions, InsuranceDecisions):
    """A round from the first stake to the settlement."""

    def __init__(self, rules: Rules | str | dict, limits: Limits, seats: dict[int, str]):
        self.rules: Rules = rules_from_spec(rules)
        self.limits = limits
        self.seats = {int(k): v for k, v in seats.items()}
        for name in self.seats.values():
            check_player_name(name)
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


    @property
    def up_card(self) -> Card | None:
        """The dealer's face-up card (his first in the no-hole-card game, his second with a
        hole card)."""
        idx = 1 if self.rules.hole_card else 0
        return self.dealer[idx] if len(self.dealer) > idx else None

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

    # ------------------------------------------------------------------ betting

    def verify_bet(self, player: str, box: int, amount, side: str | None = None) -> Decimal:
        if self.phase != Phase.BETTING:
            raise IllegalAction("betting is closed: the first card has been dealt",
                                "betting_closed")
        check_player_name(player)
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
                    f"{format_amount(lim.max)}", "box_maximum", stake=amount, box=box,
                    total=on_box + amount, max=lim.max)
            return amount
        if side not in ("twins", "bust"):
            raise StakeError(f"unknown side bet {side!r}: side bets are 'twins' and 'bust'")
        if side not in self.rules.side_bets:
            raise StakeError(f"no {side} bet under preset {self.rules.preset}", "no_side_bet",
                             side=side, preset=self.rules.preset)
        lim.check_multiple(amount, f"{side} stake")
        b = self.boxes.get(box)
        placed = (b.twins if side == "twins" else b.bust).get(player, Decimal(0)) if b else 0
        share = self.rules.twins_max_share if side == "twins" else self.rules.bust_max_share
        cap = lim.max * share.numerator / share.denominator
        if placed + amount > cap:
            raise StakeError(f"{side} stake {format_amount(placed + amount)} is over its "
                             f"maximum {format_amount(cap)}", "side_maximum", side=side,
                             total=placed + amount, max=cap)
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

    def verify_withdraw(self, player: str, box: int, side: str | None = None,
                        amount=None) -> Decimal:
        """Before the first card a player takes his stake (of this kind) off a box again, or
        with `amount` only his last chip: the stake's last bet, which must be of that amount.
        The amount he takes back."""
        if self.phase != Phase.BETTING:
            raise IllegalAction("betting is closed: the first card has been dealt",
                                "betting_closed")
        b = self.boxes.get(box)
        stakes = None if b is None else \
            b.hands[0].stakes if side is None else b.twins if side == "twins" else b.bust
        if not stakes or player not in stakes:
            what = "stake" if side is None else f"{side} stake"
            raise StakeError(f"{player} has no {what} on box {box} to take back",
                             "no_stake_to_take", player=player, box=box)
        if amount is None:
            return stakes[player]
        chip = _amount(amount, "chip taken back")
        last = self._last_chip(player, box, side)
        if parse_amount(last["amount"]) != chip:
            raise StakeError(f"{player}'s last chip on box {box} is {last['amount']}, not "
                             f"{format_amount(chip)}", "not_last_chip", player=player, box=box,
                             chip=last["amount"])
        return chip

    def _last_chip(self, player: str, box: int, side: str | None) -> dict:
        return next(e for e in reversed(self.bets) if e["player"] == player and
                    e["box"] == box and e.get("side") == side)

    def last_chip(self, player: str, box: int, side: str | None = None) -> Decimal | None:
        """The amount of the player's last bet on this stake (his last chip), None if none."""
        try:
            return parse_amount(self._last_chip(player, box, side)["amount"])
        except StopIteration:
            return None

    def can_withdraw(self, player: str, box: int, side: str | None = None,
                     amount=None) -> bool:
        return can(self.verify_withdraw, player, box, side, amount)

    def withdraw(self, player: str, box: int, side: str | None = None,
                 amount=None) -> Operation:
        taken = self.verify_withdraw(player, box, side, amount)
        b = self.boxes[box]
        stakes = b.hands[0].stakes if side is None else b.twins if side == "twins" else b.bust
        if amount is not None and stakes[player] > taken:
            stakes[player] -= taken
            last = self._last_chip(player, box, side)
            self.bets = [e for e in self.bets if e is not last]
            return Operation("withdraw", box, 1, player, (side or "main", taken))
        del stakes[player]
        if side is None:
            b.hands[0].original.pop(player, None)
        self.bets = [e for e in self.bets if not (e["player"] == player and e["box"] == box
                                                  and e.get("side") == side)]
        if not any(e["player"] == player for e in self.bets):
            self.players.pop(player, None)
        return Operation("withdraw", box, 1, player, (side or "main", taken))

    def verify_seat(self, seat: int, player: str | None) -> None:
        """A player takes a seat (or, with None, the seat is left) while bets are placed; the
        box owners are found from the seats when the first card closes betting."""
        if self.phase != Phase.BETTING:
            raise IllegalAction("seats change only before the first card of the round",
                                "seats_closed")
        if type(seat) is not int or not 1 <= seat <= self.rules.boxes:
            raise StakeError(f"seat {seat!r} does not exist: the table has seats 1 to "
                             f"{self.rules.boxes}")
        if player is None:
            if seat not in self.seats:
                raise IllegalAction(f"seat {seat} is empty already", "seat_empty", seat=seat)
            return
        check_player_name(player)
        if self.seats.get(seat) == player:
            raise IllegalAction(f"{player} sits in seat {seat} already", "seated_already",
                                player=player, seat=seat)
        if seat in self.seats:
            raise IllegalAction(f"seat {seat} is taken by {self.seats[seat]}: free it first",
                                "seat_taken", seat=seat, player=self.seats[seat])
        elsewhere = [s for s, p in self.seats.items() if p == player]
        if elsewhere:
            raise IllegalAction(f"{player} sits in seat {elsewhere[0]}: a player takes one seat",
                                "one_seat", player=player, seat=elsewhere[0])

    def can_seat(self, seat: int, player: str | None) -> bool:
        return can(self.verify_seat, seat, player)

    def seat(self, seat: int, player: str | None) -> Operation:
        self.verify_seat(seat, player)
        if player is None:
            del self.seats[seat]
        else:
            self.seats[seat] = player
        return Operation("seat", seat, None, player)

    def verify_close_betting(self) -> list[tuple[int, str]]:
        """Checks that need every bet in: raises StakeError naming the offending bet index."""
        if not any(b.is_played() for b in self.boxes.values()):
            raise StakeError("no stake on any box: place a main stake before the deal",
                             "no_stake")
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
                    raise tag_bet(i, StakeError(f"box {box} has no box owner: nobody is seated",
                                                "no_owner", box=box))
            elif side == "twins" and not b.is_played():
                raise tag_bet(i, StakeError(f"twins bet on box {box}, which has no main stake",
                                            "twins_without_main", box=box))
            elif side == "bust":
                bust_total[player] = bust_total.get(player, Decimal(0)) + parse_amount(e["amount"])
                mine = main_total.get(player, Decimal(0))
                if bust_total[player] > mine:
                    raise tag_bet(i, StakeError(
                        f"bust stake {format_amount(bust_total[player])} of {player} is over "
                        f"his main stakes this round ({format_amount(mine)})",
                        "bust_over_main", player=player, total=bust_total[player], main=mine))
        return []

    def can_close_betting(self) -> bool:
        """Whether the bets placed let the deal begin (the first card closes betting)."""
        return can(self.verify_close_betting)

    # ------------------------------------------------------------------ cards

    def _plan(self) -> list[int]:
        return [n for n in sorted(self.boxes) if self.boxes[n].is_played()]

    def verify_card(self, card) -> Card:
        card = parse_card(card)
        seen = self.counts.get(card, 0)
        if seen >= self.rules.decks:
            raise CardError(f"card {card} cannot be in a {self.rules.decks}-deck shoe a "
                            f"{seen + 1}th time this round", "card_count", card=card.code,
                            decks=self.rules.decks)
        ph = self.phase
        if ph == Phase.BETTING:
            self.verify_close_betting()
        elif ph == Phase.INSURANCE:
            if self._peek_blackjack():
                raise IllegalAction(f"card {card} out of turn: the dealer has Black Jack and "
                                    "the round is over", "out_of_turn_over", card=card.code)
        elif ph == Phase.DEALER:
            if not self.dealer_may_draw():
                raise IllegalAction(f"card {card} out of turn: the dealer stands on "
                                    f"{describe_total(self.dealer)} and the round is complete",
                                    "out_of_turn_stands", card=card.code,
                                    total=hand_total(self.dealer)[0])
        elif ph == Phase.SETTLED:
            raise IllegalAction(f"card {card} out of turn: the round is settled",
                                "out_of_turn_over", card=card.code)
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

    def first_to_play(self) -> tuple[Box, Hand] | None:
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

    # ------------------------------------------------------------------ records and settlement

    def verify_settle(self) -> None:
        if self.phase == Phase.SETTLED:
            raise IllegalAction("the round is already settled")
        if not self.is_complete():
            raise IllegalAction(f"round incomplete: {pending(self)}")

    def can_settle(self) -> bool:
        return can(self.verify_settle)

    def settlement(self) -> Settlement:
        """What every player wins or loses; the round stays open (for the screen's preview)."""
        self.verify_settle()
        return settle(self.rules, self.dealer, [self.boxes[n] for n in sorted(self.boxes)],
                      self.players)

    def settle(self) -> Settlement:
        """Settle and close the round: no card or decision is taken after this."""
        result = self.settlement()
        self.phase = Phase.SETTLED
        return result

    def finish_record(self) -> None:
        """At the end of a record: an open hole-card insurance window closes by itself."""
        if self.phase == Phase.INSURANCE:
            self._close_insurance()
