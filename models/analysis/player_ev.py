"""Expected returns of stand, hit, double, split and surrender against one dealer up card.

Method (see docs/analyser.md): the cards known at the decision (the up card and, for a
two-card decision, the player's two cards) are taken out of a full shoe; the dealer's outcomes
are exact for what is left (`models.analysis.dealer`); the player's further draws use its fixed
card probabilities (removal by his own later cards is ignored, which moves a six-deck figure by
hundredths of a percent); a split is valued as two hands split once (re-splits are not valued,
though the simulation plays them). Returns are per unit of the original stake.

EVs are first computed knowing the dealer has no Black Jack, then combined with his Black Jack
chance: in the no-hole-card game his Black Jack, drawn after play, takes doubled and split
stakes too where `dealer_blackjack_takes_all` says so; in the hole-card game a player acts
only after the peek found none, so the conditional EV is what he chooses by.
"""

from __future__ import annotations

from functools import cached_property

from models.analysis import legal
from models.analysis.composition import VALUES, full_shoe, probabilities, without
from models.analysis.dealer import given_no_blackjack, outcomes_for_up_card
from models.rules import Rules

BUST = -1.0


def best_total(hard: int, ace: bool) -> int:
    return hard + 10 if ace and hard <= 11 else hard


class UpCardEV:
    """Every EV the strategy needs against one up card (1 = ace ... 10)."""

    def __init__(self, rules: Rules, up: int, known: tuple[int, ...] = ()):
        self.rules = rules
        self.up = up
        shoe = without(full_shoe(rules.decks), up)
        for value in known:  # the player's cards, seen before he decides
            shoe = without(shoe, value)
        self.p = probabilities(shoe)
        dist = outcomes_for_up_card(shoe, up, rules.dealer_hits_soft_17)
        self.p_blackjack = dist["blackjack"]
        self.dealer = given_no_blackjack(dist) if self.p_blackjack < 1 else dist
        self._hit_stand: dict[tuple[int, bool], float] = {}

    # -- knowing the dealer has no Black Jack ----------------------------------------------

    @cached_property
    def _stand_by_total(self) -> dict[int, float]:
        d = self.dealer
        out = {}
        for t in range(4, 22):
            win = d["bust"] + sum(d[str(x)] for x in range(17, 22) if x < t)
            lose = sum(d[str(x)] for x in range(17, 22) if x > t)
            out[t] = win - lose
        return out

    def stand(self, hard: int, ace: bool) -> float:
        t = best_total(hard, ace)
        return BUST if t > 21 else self._stand_by_total[max(t, 4)]

    def hit_or_stand(self, hard: int, ace: bool) -> float:
        """Best of standing and drawing on, for a hand that may only hit or stand."""
        if hard > 21:
            return BUST
        key = (hard, ace)
        if key not in self._hit_stand:
            self._hit_stand[key] = max(self.stand(hard, ace), self.hit(hard, ace))
        return self._hit_stand[key]

    def hit(self, hard: int, ace: bool) -> float:
        return sum(p * self.hit_or_stand(hard + v, ace or v == 1)
                   for v, p in zip(VALUES, self.p, strict=True) if p)

    def double(self, hard: int, ace: bool) -> float:
        return 2 * sum(p * self.stand(hard + v, ace or v == 1)
                       for v, p in zip(VALUES, self.p, strict=True) if p)

    def split(self, pair: int) -> float:
        """Two hands, each the pair card plus one drawn card, each played best."""
        return 2 * sum(p * self._split_hand(pair, v)
                       for v, p in zip(VALUES, self.p, strict=True) if p)

    def _split_hand(self, pair: int, drawn: int) -> float:
        hard, ace = pair + drawn, pair == 1 or drawn == 1
        if (self.rules.split_ten_ace_blackjack and pair == 10 and drawn == 1):
            return float(self.rules.blackjack_pays)  # counted as Black Jack, dealer has none
        allowed = legal.after_split(self.rules, pair, drawn) - {"split"}
        if not allowed:
            return self.stand(hard, ace)  # split aces: one card and no more
        options = [self.stand(hard, ace), self.hit(hard, ace)]
        if "double" in allowed:
            options.append(self.double(hard, ace))
        return max(options)

    def conditional(self, action: str, first: int, second: int) -> float:
        hard, ace = first + second, first == 1 or second == 1
        if action == "stand":
            return self.stand(hard, ace)
        if action == "hit":
            return self.hit(hard, ace)
        if action == "double":
            return self.double(hard, ace)
        if action == "split":
            return self.split(first)
        if action == "surrender":
            return -0.5
        raise ValueError(action)

    # -- at the moment of the decision -----------------------------------------------------

    def decision(self, action: str, first: int, second: int) -> float:
        """EV of `action` on the first two cards as the player sees it when he decides."""
        cond = self.conditional(action, first, second)
        if self.rules.hole_card:
            return cond  # the peek has already ruled out a dealer Black Jack
        takes_all = self.rules.dealer_blackjack_takes_all
        loss = {"double": 2.0, "split": 2.0}.get(action, 1.0) if takes_all else 1.0
        return (1 - self.p_blackjack) * cond - self.p_blackjack * loss

    def round_value(self, first: int, second: int, best_ev: float) -> float:
        """The whole round's EV for these two cards when the player takes `best_ev`."""
        if self.rules.hole_card:
            return self.p_blackjack * -1.0 + (1 - self.p_blackjack) * best_ev
        return best_ev

    def blackjack_value(self) -> float:
        """A player's Black Jack: pushes a dealer Black Jack, else paid at its odds."""
        return (1 - self.p_blackjack) * float(self.rules.blackjack_pays)
