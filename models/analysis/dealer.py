"""The dealer's final total, exactly, by recursion over the shoe's composition.

Outcomes are '17' to '21', 'blackjack' (two-card 21) and 'bust'. The recursion is memoised on
(remaining composition, hard total, ace held, cards held), so a six-deck table costs a few
thousand states.

Which cards are gone matters: the tables here remove only the dealer's up card, i.e. they are
the dealer's chances as the kiosk knows them when the up card shows and before the boxes' cards
count. In the no-hole-card game his second card is drawn after the boxes have played, and its
chance of making Black Jack is part of the distribution; in the hole-card game a player who
still acts knows the peek found no Black Jack, which `given_no_blackjack` expresses.
"""

from __future__ import annotations

from functools import cache

from models.analysis.composition import VALUES, Composition, full_shoe, without

OUTCOMES = ("17", "18", "19", "20", "21", "blackjack", "bust")
_INDEX = {name: i for i, name in enumerate(OUTCOMES)}
_ZERO = (0.0,) * len(OUTCOMES)


def _only(name: str) -> tuple[float, ...]:
    out = [0.0] * len(OUTCOMES)
    out[_INDEX[name]] = 1.0
    return tuple(out)


_FINAL = {name: _only(name) for name in OUTCOMES}


@cache
def _finish(comp: Composition, hard: int, ace: bool, ncards: int, h17: bool):
    """Outcome probabilities for a dealer holding `hard` points (aces as 1) drawing from comp."""
    soft = ace and hard <= 11
    best = hard + 10 if soft else hard
    if ncards == 2 and best == 21:
        return _FINAL["blackjack"]
    if best > 21:
        return _FINAL["bust"]
    # one card never stands: the dealer always completes two cards
    if ncards >= 2 and best >= 17 and not (best == 17 and soft and h17):
        return _FINAL[str(best)]
    n = sum(comp)
    acc = list(_ZERO)
    for value, count in zip(VALUES, comp, strict=True):
        if not count:
            continue
        sub = _finish(without(comp, value), hard + value, ace or value == 1, ncards + 1, h17)
        weight = count / n
        for i, p in enumerate(sub):
            acc[i] += weight * p
    return tuple(acc)


def outcomes_for_up_card(comp: Composition, up: int, hits_soft_17: bool = False) -> dict:
    """Final-outcome probabilities of a dealer showing `up` whose next cards come from `comp`
    (the shoe with the up card already taken out)."""
    probs = _finish(comp, up, up == 1, 1, hits_soft_17)
    return dict(zip(OUTCOMES, probs, strict=True))


def given_no_blackjack(dist: dict) -> dict:
    """The same outcomes knowing the dealer has no Black Jack (after a peek)."""
    rest = 1.0 - dist["blackjack"]
    return {k: (0.0 if k == "blackjack" else v / rest) for k, v in dist.items()}


def dealer_table(decks: int, hits_soft_17: bool = False) -> dict:
    """Per up card ('A', '2'..'10') and 'overall' (weighted by the up card's chance), each a
    dict of outcome -> probability, for a fresh shoe of `decks` decks."""
    shoe = full_shoe(decks)
    total = sum(shoe)
    table: dict[str, dict] = {}
    overall = dict.fromkeys(OUTCOMES, 0.0)
    for up in VALUES:
        dist = outcomes_for_up_card(without(shoe, up), up, hits_soft_17)
        table["A" if up == 1 else str(up)] = dist
        for k, v in dist.items():
            overall[k] += shoe[up - 1] / total * v
    table["overall"] = overall
    return table
