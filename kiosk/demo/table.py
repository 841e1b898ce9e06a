"""The headless table: a scripted dealer plays whole rounds at a full table.

Seated players, standing co-players, side bets, insurance, even money, splits, doubles and
(where the rules have it) surrender. The dealer reads the table only from the service's view
and acts only through its commands, as a screen does. His hand on the shoe is a `dealers`
object: the mock shoe on a pseudo-terminal read back through the card feed (the headless
`start` and `demo`), or a shuffled shoe handed straight to the service (bulk journals).

Every choice is keyed on the seed, the round and the point of play. A restart finishes the
round the journal left open exactly as the journal says, whatever the seed: stakes are added
only where those placed are this seed's own plan and no card is out, and the shoe goes on with
the cards the shoe in play still holds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from decimal import Decimal

from kiosk.table.simulated_shoe import SimulatedShoe
from kiosk.table.view import TableView
from models.cards import RANK_VALUE
from models.errors import CardError, GameError
from models.money import format_amount
from models.round import Round

SEATED = ("anna", "bert", "carl", "dora", "emil", "frida", "gustav", "hanna", "ida")
CO_PLAYERS = ("xaver", "yvonne", "zoe")


def _rng(*key) -> random.Random:
    return random.Random(":".join(str(k) for k in key))


@dataclass
class DemoSummary:
    rounds: list[int] = field(default_factory=list)
    resumed: int | None = None
    house: Decimal = Decimal(0)
    keyed_in: int = 0  # cards the dealer keyed in because the shoe did not deliver them


class DemoTable:
    """Plays rounds on a table service; `dealer` is its hand on the shoe (`dealers`)."""

    def __init__(self, service, dealer, seed: int):
        self.service = service
        self.dealer = dealer
        self.seed = seed
        self.shoe = SimulatedShoe(service, dealer.load, seed)

    # ------------------------------------------------------------------ rounds

    def play(self, rounds: int) -> DemoSummary:
        summary = DemoSummary()
        if self.service.round_unfinished:
            summary.resumed = self.service.state.round_id
            self._finish_round(summary)
        while len(summary.rounds) < rounds:
            self._open_round()
            self._finish_round(summary)
        summary.keyed_in = getattr(self.dealer, "keyed_in", 0)
        return summary

    def _open_round(self) -> None:
        svc = self.service
        last = svc.view().round_id or 0
        self.shoe.prepare(last)
        rng = _rng(self.seed, "seats", last)
        boxes = svc.rules.boxes
        seats = {n: SEATED[n - 1] for n in range(1, boxes + 1) if rng.random() < 0.85}
        svc.open_round(seats or {1: SEATED[0]})

    def _finish_round(self, summary: DemoSummary) -> None:
        svc = self.service
        rid = svc.state.round_id
        if svc.round_open:
            # the scripted players pick up the chips that stand from the last round and bet
            # anew (journaled: a restart finds them taken off)
            for box in svc.view().choices.clear if svc.standing else ():
                svc.clear_box(box)
            plan = plan_bets(svc.round, _rng(self.seed, "bets", rid))
            placed = svc.round.bets
            if placed == plan[:len(placed)]:  # else the journal's stakes stand as they are
                for bet in plan[len(placed):]:
                    svc.bet(**bet)
            while not svc.view().choices.settle:
                self._step(rid)
            svc.settle()
        summary.house += svc.view().settlement.house
        svc.confirm_payout("dealer")
        summary.rounds.append(rid)

    # ------------------------------------------------------------------ play

    def _step(self, rid: int) -> None:
        v = self.service.view()
        if self._insurance_pass(v, rid):
            return
        if v.choices.close_insurance:
            self.service.close_insurance()
            return
        if v.choices.box is not None:
            hand = v.boxes[v.choices.box - 1].hands[v.choices.hand - 1]
            if len(hand.cards) >= 2 and not hand.doubled:
                self._owner_decision(v, rid, hand)
                return
        if not v.choices.card:
            raise CardError(f"the round waits for no card and no decision: {v.pending}")
        self.dealer.deal()

    def _insurance_pass(self, v: TableView, rid: int) -> bool:
        """Each player decides once per hand (the choice is keyed, so asking again after a
        restart gives the same answer); True if a decision was made."""
        for offer in v.choices.even_money:
            if _rng(self.seed, "insure", rid, offer.player, offer.box, 1).random() < 0.3:
                self.service.even_money(offer.player, offer.box)
                return True
        for offer in v.choices.insurance:
            if _rng(self.seed, "insure", rid, offer.player, offer.box, offer.hand).random() \
                    < 0.3:
                self.service.insure(offer.player, offer.box, offer.hand)
                return True
        return False

    def _owner_decision(self, v: TableView, rid: int, hand) -> None:
        c = v.choices
        rng = _rng(self.seed, "decide", rid, c.box, c.hand, len(hand.cards))
        follow = [s.player for s in hand.stakes
                  if s.player != v.boxes[c.box - 1].owner and rng.random() < 0.5]
        up = RANK_VALUE[v.dealer.up_card[0]] if v.dealer.up_card else 10
        up = 11 if up == 1 else up
        pair = hand.cards[0][0] == hand.cards[1][0]
        for do, allowed, followers, wanted in (
                ("split", c.split, c.split_followers,
                 pair and hand.cards[0][0] in "A8" or rng.random() < 0.4),
                ("double", c.double, c.double_followers,
                 hand.total in (10, 11) or rng.random() < 0.3)):
            if not (allowed and wanted):
                continue
            for who in ([p for p in follow if p in followers], []):
                try:
                    getattr(self.service, do)(c.box, who, c.hand)
                    return
                except GameError:
                    continue  # the engine's refusal: try without followers, then play on
        if c.surrender and hand.total in (15, 16) and up >= 10:
            self.service.surrender(c.box, c.hand)
        elif hand.total < 12 or (hand.total < 17 and up >= 7) or (hand.soft and hand.total < 18):
            self.dealer.deal()
        else:
            self.service.stand(c.box, c.hand)


def plan_bets(rnd: Round, rng: random.Random) -> list[dict]:
    """The round's stakes: each seated player on his box, co-players on played boxes, some
    side bets; each checked on a scratch round with the engine's `can_bet`."""
    scratch = Round(rnd.rules, rnd.limits, rnd.seats)
    low = rnd.limits.min
    plan: list[dict] = []

    def offer(player: str, box: int, units: int, side: str | None = None) -> None:
        amount = format_amount(low * units)
        if scratch.can_bet(player, box, amount, side):
            scratch.bet(player, box, amount, side)
            bet = {"player": player, "box": box, "amount": amount}
            if side:
                bet["side"] = side
            plan.append(bet)

    for seat, player in sorted(rnd.seats.items()):
        offer(player, seat, rng.choice((1, 2, 5, 10)))
    played = [n for n in sorted(scratch.boxes) if scratch.boxes[n].is_played()]
    for player in CO_PLAYERS:
        if played and rng.random() < 0.6:
            offer(player, rng.choice(played), rng.choice((1, 2, 5)))
    for seat, player in sorted(rnd.seats.items()):
        if rng.random() < 0.25:
            offer(player, seat, rng.choice((1, 2)), "twins")
        if rng.random() < 0.2:
            offer(player, seat, 1, "bust")
    return plan

