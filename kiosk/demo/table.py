"""The headless table: rounds at a full table played by a simple seeded strategy.

Seated players, standing co-players, side bets, insurance, even money, splits, doubles and
(where the rules have it) surrender, all chosen by asking the engine's `can_*` and a seeded
random generator, cards drawn from a seeded shuffled shoe. Everything goes through the
`TableService`, so the journal gets exactly what the kiosk writes. Every choice is keyed on
the seed, the round and the point of play, so a demo restarted after a crash makes the same
choices and finishes the round it was in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from decimal import Decimal

from kiosk.demo.mock_dealer import MockShoeDealer
from kiosk.table.service import TableService
from kiosk.table.shoe import simulated_shoe
from models.money import format_amount
from models.round import Phase, Round

SEATED = ("anna", "bert", "carl", "dora", "emil", "frida", "gustav", "hanna", "ida")
CO_PLAYERS = ("xaver", "yvonne", "zoe")


def _rng(*key) -> random.Random:
    return random.Random(":".join(str(k) for k in key))


@dataclass
class DemoSummary:
    rounds: list[int] = field(default_factory=list)
    resumed: int | None = None
    house: Decimal = Decimal(0)


class DemoTable:
    """Plays rounds on a table service."""

    def __init__(self, service: TableService, seed: int, dealer: MockShoeDealer | None = None):
        self.service = service
        self.seed = seed
        self.dealer = dealer  # None: draw from a seeded simulated shoe instead of a device
        self._sim = None
        self._sim_shoe = None
        if dealer is not None and service.shoe is not None:
            dealer.new_shoe(service.shoe.shoe.composition())  # go on with the shoe in play

    # ------------------------------------------------------------------ rounds

    def play(self, rounds: int) -> DemoSummary:
        summary = DemoSummary()
        if self.service.state is not None and self.service.state.status != "void" \
                and not self.service.state.payout_by:
            summary.resumed = self.service.state.round_id
            self._finish_round(summary)
        while len(summary.rounds) < rounds:
            self._open_round()
            self._finish_round(summary)
        return summary

    def _open_round(self) -> None:
        svc = self.service
        if svc.needs_shoe:
            number = svc.db.conn.execute("SELECT coalesce(max(id), 0) FROM shoes").fetchone()[0]
            if self.dealer is None:
                svc.open_shoe(seed=_rng(self.seed, "shoe", number).getrandbits(48))
            else:
                svc.open_shoe()
                self.dealer.new_shoe()
        count = svc.db.conn.execute("SELECT coalesce(max(id), 0) FROM rounds").fetchone()[0]
        rng = _rng(self.seed, "seats", count)
        boxes = svc.rules.boxes
        seats = {n: SEATED[n - 1] for n in range(1, boxes + 1) if rng.random() < 0.85}
        svc.open_round(seats or {1: SEATED[0]})

    def _finish_round(self, summary: DemoSummary) -> None:
        svc = self.service
        rid = svc.state.round_id
        if svc.round_open:
            plan = plan_bets(svc.round, _rng(self.seed, "bets", rid))
            for bet in plan[len(svc.round.bets):]:
                svc.bet(**bet)
            while not svc.round.is_complete():
                self._step(rid)
            svc.settle()
        svc.confirm_payout("dealer")
        summary.rounds.append(rid)
        summary.house += Decimal(svc.state.logged_settlement["house"])

    # ------------------------------------------------------------------ play

    def _step(self, rid: int) -> None:
        rnd = self.service.round
        if rnd.insurance_open and self._insurance_pass(rnd, rid):
            return
        if rnd.phase == Phase.INSURANCE:
            self.service.decide({"do": "close_insurance"})
            return
        if rnd.phase == Phase.BOXES:
            b, h = rnd.active_hand()
            if len(h.cards) >= 2 and not h.doubled:
                self._owner_decision(rnd, rid, b, h)
                return
        self.service.card(self._draw(), "shoe")

    def _insurance_pass(self, rnd: Round, rid: int) -> bool:
        """Each player decides once per hand (the choice is keyed, so asking again after a
        restart gives the same answer); True if a decision was made."""
        for b in rnd.order:
            for hi, h in enumerate(b.hands, start=1):
                for p in h.stakes:
                    if _rng(self.seed, "insure", rid, p, b.number, hi).random() >= 0.3:
                        continue
                    if rnd.can_even_money(p, b.number) and hi == 1:
                        self.service.decide({"do": "even_money", "player": p, "box": b.number})
                        return True
                    if rnd.can_insure(p, b.number, hi):
                        self.service.decide({"do": "insure", "player": p, "box": b.number,
                                             "hand": hi})
                        return True
        return False

    def _owner_decision(self, rnd: Round, rid: int, b, h) -> None:
        rng = _rng(self.seed, "decide", rid, len(rnd.play))
        n = b.number
        follow = [p for p in h.stakes if p != b.owner and rng.random() < 0.5]
        total, soft = h.total()
        up = rnd.up_card.value if rnd.up_card else 10
        pair = h.cards[0].rank == h.cards[1].rank
        for do, wanted in (("split", pair and h.cards[0].rank in "A8" or rng.random() < 0.4),
                           ("double", total in (10, 11) or rng.random() < 0.3)):
            if not wanted:
                continue
            for who in (follow, []):
                if getattr(rnd, f"can_{do}")(n, who):
                    self.service.decide({"do": do, "box": n, "follow": who})
                    return
        if rnd.can_surrender(n) and total in (15, 16) and up >= 10:
            self.service.decide({"do": "surrender", "box": n})
        elif total < 12 or (total < 17 and up >= 7) or (soft and total < 18):
            self.service.card(self._draw(), "shoe")
        else:
            self.service.decide({"do": "stand", "box": n})

    def _draw(self) -> str:
        if self.dealer is not None:
            return self.dealer.draw()
        tracker = self.service.shoe
        if self._sim is None or self._sim_shoe != tracker.shoe_id:
            self._sim, self._sim_shoe = simulated_shoe(tracker), tracker.shoe_id
        return self._sim.draw().code


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
