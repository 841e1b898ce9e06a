"""Computed basic strategy: legality from the engine, EVs by hand, published cells."""

import pytest

from kiosk.simulation.players import basic_player, dealer_copier
from models.analysis import legal
from models.analysis.composition import full_shoe, without
from models.analysis.dealer import given_no_blackjack, outcomes_for_up_card
from models.analysis.player_ev import UpCardEV
from models.analysis.strategy import basic_strategy
from models.round import Round
from models.rules import PRESETS, rules_from_spec
from models.table import Limits

BAYERN = PRESETS["bayern"]
HOLECARD = PRESETS["holecard"]


def test_engine_says_bayern_doubles_only_on_9_10_11_with_the_ace_as_one():
    assert "double" not in legal.first_two(BAYERN, 5, 3)
    assert "double" in legal.first_two(BAYERN, 5, 4)
    assert "double" in legal.first_two(BAYERN, 1, 8)  # A+8 counts as 9
    assert "double" in legal.first_two(HOLECARD, 5, 3)


def test_engine_says_who_may_double_after_a_split():
    assert "double" not in legal.after_split(BAYERN, 8, 3)
    assert "double" in legal.after_split(HOLECARD, 8, 3)
    assert legal.after_split(BAYERN, 1, 5) == frozenset()  # split aces take one card only


def test_standing_on_16_wins_exactly_when_the_dealer_busts():
    calc = UpCardEV(HOLECARD, 10)
    dist = given_no_blackjack(outcomes_for_up_card(without(full_shoe(6), 10), 10))
    assert calc.stand(16, False) == pytest.approx(2 * dist["bust"] - 1)


def test_no_hole_card_double_loses_twice_the_stake_to_a_dealer_blackjack():
    calc = UpCardEV(BAYERN, 10)
    p = calc.p_blackjack
    assert calc.decision("double", 6, 5) == pytest.approx(
        (1 - p) * calc.double(11, False) - 2 * p)
    assert calc.decision("hit", 6, 5) == pytest.approx((1 - p) * calc.hit(11, False) - p)


# Cells of the published six-deck, dealer-stands-on-soft-17, double-after-split hole-card
# basic strategy (the common casino card), which the `holecard` preset plays.
HOLECARD_CELLS = [
    ("hard", 16, 10, "hit"), ("hard", 12, 2, "hit"), ("hard", 12, 4, "stand"),
    ("hard", 11, 10, "double"), ("hard", 11, 1, "hit"), ("hard", 9, 2, "hit"),
    ("hard", 9, 3, "double"), ("soft", 18, 2, "stand"), ("soft", 18, 3, "double"),
    ("soft", 18, 9, "hit"), ("soft", 17, 2, "hit"), ("soft", 13, 5, "double"),
    ("pair", 8, 10, "split"), ("pair", 8, 1, "split"), ("pair", 1, 1, "split"),
    ("pair", 9, 7, "stand"), ("pair", 4, 5, "split"), ("pair", 10, 6, "stand"),
    ("pair", 5, 9, "double"), ("soft", 13, 4, "hit"), ("soft", 14, 5, "double"),
    ("soft", 15, 4, "double"), ("soft", 17, 3, "double"), ("pair", 6, 2, "split"),
]


@pytest.mark.parametrize(("kind", "key", "up", "action"), HOLECARD_CELLS)
def test_holecard_strategy_matches_the_published_card(kind, key, up, action):
    assert basic_strategy(HOLECARD).choices(kind, key, up)[0] == action


def test_european_no_hole_card_strategy_fears_the_blackjack_drawn_after_play():
    s = basic_strategy(BAYERN)
    assert s.choices("hard", 11, 10)[0] == "hit"  # doubling would lose two to a Black Jack
    assert s.choices("pair", 8, 10)[0] == "hit"
    assert s.choices("pair", 1, 1)[0] == "hit"
    assert s.choices("hard", 11, 6)[0] == "double"


def test_holecard_computed_edge_is_near_the_published_six_deck_figure():
    # published about 0.4% for these rules; the EV method ignores re-splits and removal
    assert 0.003 < -basic_strategy(HOLECARD).ev < 0.006


def test_schleswig_holstein_computed_edge_is_under_one_percent_as_its_leaflet_says():
    assert 0 < -basic_strategy(PRESETS["schleswig-holstein"]).ev < 0.01


def test_fewer_decks_favour_the_player():
    one = rules_from_spec({"preset": "holecard", "decks": 1})
    assert basic_strategy(one).ev > basic_strategy(HOLECARD).ev


def _dealt(spec, box_cards, up):
    rules = rules_from_spec(spec)
    rnd = Round(rules, Limits.parse("10", "500"), {1: "p"})
    rnd.bet("p", 1, "10")
    a, b = box_cards
    for card in ([a, "2C", b, up] if rules.hole_card else [a, up, b]):
        rnd.card(card)
    return rules, rnd


def test_basic_player_falls_back_when_the_engine_refuses_a_split():
    # a table that caps hands at one refuses the split the holecard strategy ranks first
    _, rnd = _dealt({"preset": "holecard", "max_hands": 1}, ("8S", "8H"), "6D")
    box, hand = rnd.active_hand()
    strategy = basic_strategy(HOLECARD)
    assert strategy.choices("pair", 8, 6)[:2] == ("split", "stand")
    assert basic_player(strategy)(rnd, box, hand) == "stand"


def test_basic_player_takes_its_first_choice_when_allowed():
    rules, rnd = _dealt("holecard", ("8S", "8H"), "6D")
    box, hand = rnd.active_hand()
    assert basic_player(basic_strategy(rules))(rnd, box, hand) == "split"


@pytest.mark.parametrize(("h17", "expected"), [(False, "stand"), (True, "hit")])
def test_dealer_copier_hits_soft_17_only_where_the_dealer_does(h17, expected):
    rules, rnd = _dealt("bayern", ("AS", "6H"), "9D")
    box, hand = rnd.active_hand()
    assert dealer_copier(h17)(rnd, box, hand) == expected
    assert dealer_copier(h17)(rnd, box, _hand_of(rnd, "TS", "6S")) == "hit"


def _hand_of(rnd, *codes):
    from models.cards import parse_card
    from models.hands import Hand
    h = Hand({"p": 10})
    h.cards.extend(parse_card(c) for c in codes)
    return h
