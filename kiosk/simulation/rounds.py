"""One process's share of a simulation: rounds dealt from a seeded shoe through `Round`.

One box, one player, a main stake of one table minimum, and (where the preset has them) a
Twins and a Bust bet of the same size: the Bust bet makes the dealer complete his hand in
every round, so his outcomes can be counted, and both side bets are settled by the engine too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from models.analysis.dealer import OUTCOMES
from models.round import Phase, Round
from models.rules import Rules
from models.shoe import Shoe
from models.table import Limits

LIMITS = Limits.parse("10", "500")
STAKE = LIMITS.min


@dataclass
class Sums:
    """Sums over rounds, in units of the main stake, mergeable across processes."""

    rounds: int = 0
    main: float = 0.0
    main_sq: float = 0.0
    twins: float = 0.0
    twins_sq: float = 0.0
    bust: float = 0.0
    bust_sq: float = 0.0
    dealer: dict = field(default_factory=lambda: dict.fromkeys(OUTCOMES, 0))

    def add(self, other: Sums) -> None:
        self.rounds += other.rounds
        self.main += other.main
        self.main_sq += other.main_sq
        self.twins += other.twins
        self.twins_sq += other.twins_sq
        self.bust += other.bust
        self.bust_sq += other.bust_sq
        for k, v in other.dealer.items():
            self.dealer[k] += v


def play_round(rules: Rules, shoe: Shoe, decide) -> Round:
    """Deal and play one complete round; the player's choices come from `decide`."""
    rnd = Round(rules, LIMITS, {1: "p"})
    rnd.bet("p", 1, STAKE)
    for side in ("twins", "bust"):
        if side in rules.side_bets:
            rnd.bet("p", 1, STAKE, side)
    draw = shoe.draw
    while True:
        phase = rnd.phase
        if phase is Phase.BOXES:
            box, hand = rnd.active_hand()
            if len(hand.cards) < 2:
                rnd.card(draw())
                continue
            _act(rnd, box.number, decide(rnd, box, hand), draw)
        elif phase is Phase.INSURANCE:
            rnd.close_insurance()  # neither strategy insures
        elif phase is Phase.DEALER:
            if not rnd.dealer_must_draw():
                return rnd
            rnd.card(draw())
        else:
            rnd.card(draw())


def _act(rnd: Round, box: int, action: str, draw) -> None:
    if action == "hit":
        rnd.card(draw())
    elif action == "stand":
        rnd.stand(box)
    elif action == "double":
        rnd.double(box)
        rnd.card(draw())  # exactly one card on a double
    elif action == "split":
        rnd.split(box)
    elif action == "surrender":
        rnd.surrender(box)
    else:
        raise ValueError(f"unknown decision {action!r}")


def simulate(rules: Rules, decide, rounds: int, seed: str) -> Sums:
    """Play `rounds` rounds from a shoe shuffled from `seed`; return their sums."""
    shoe = Shoe.for_rules(rules, seed)
    sums = Sums()
    count_dealer = "bust" in rules.side_bets
    for _ in range(rounds):
        if rules.continuous_shuffle or shoe.cut_card_reached:
            shoe.shuffle()
        s = play_round(rules, shoe, decide).settlement()
        main = twins = bust = 0
        for line in s.lines:
            if line.bet == "twins":
                twins += line.net
            elif line.bet == "bust":
                bust += line.net
            else:
                main += line.net
        m = float(main / STAKE)
        sums.rounds += 1
        sums.main += m
        sums.main_sq += m * m
        t, b = float(twins / STAKE), float(bust / STAKE)
        sums.twins += t
        sums.twins_sq += t * t
        sums.bust += b
        sums.bust_sq += b * b
        if count_dealer:
            sums.dealer[_dealer_outcome(s)] += 1
    return sums


def _dealer_outcome(s) -> str:
    if s.dealer_outcome in ("blackjack", "bust"):
        return s.dealer_outcome
    return str(s.dealer_total)
