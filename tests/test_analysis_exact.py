"""Exact dealer odds and side-bet returns against independent hand calculations."""

import itertools
from fractions import Fraction

import pytest

from models.analysis.composition import full_shoe, without
from models.analysis.dealer import OUTCOMES, dealer_table, given_no_blackjack, outcomes_for_up_card
from models.analysis.side_bets import bust_return, twins_probability, twins_return
from models.cards import ALL_CARDS


def comp_of(values):
    """A composition holding exactly the given card values."""
    return tuple(values.count(v) for v in range(1, 11))


# -- Twins ------------------------------------------------------------------------------------

def test_twins_six_decks_is_twelve_times_23_in_311():
    # 6 decks: after any first card, 23 of the 311 cards left share its rank; a win returns 12
    assert twins_return(6) == Fraction(12 * 23, 311)


def test_twins_reproduces_the_bayern_leaflet_88_7_percent():
    assert round(float(twins_return(6)), 3) == 0.887


@pytest.mark.parametrize("decks", [1, 2])
def test_twins_probability_equals_counting_every_ordered_pair_of_cards(decks):
    shoe = list(ALL_CARDS) * decks
    pairs = sum(1 for a, b in itertools.permutations(range(len(shoe)), 2)
                if shoe[a].rank == shoe[b].rank)
    assert twins_probability(decks) == Fraction(pairs, len(shoe) * (len(shoe) - 1))


# -- dealer, tiny shoes by hand and by brute force ---------------------------------------------

def test_dealer_six_up_with_a_five_and_two_tens_left():
    # 6 then 10 (2/3): 16, then 5 (1/2) -> 21 or 10 (1/2) -> bust; 6 then 5 (1/3): 11, then 10
    d = outcomes_for_up_card(comp_of([5, 10, 10]), 6)
    assert d["21"] == pytest.approx(2 / 3)
    assert d["bust"] == pytest.approx(1 / 3)


def test_dealer_soft_17_rule_decides_ace_six():
    # ace up, a six and a four left: A+6 soft 17 stands or draws the 4 to 21; A+4 draws to 21
    stands = outcomes_for_up_card(comp_of([6, 4]), 1, hits_soft_17=False)
    hits = outcomes_for_up_card(comp_of([6, 4]), 1, hits_soft_17=True)
    assert (stands["17"], stands["21"]) == pytest.approx((0.5, 0.5))
    assert (hits["17"], hits["21"]) == pytest.approx((0.0, 1.0))


def test_dealer_ace_up_two_card_21_is_blackjack_not_21():
    d = outcomes_for_up_card(comp_of([10, 7]), 1)
    assert d["blackjack"] == pytest.approx(0.5)
    assert d["18"] == pytest.approx(0.5)
    assert d["21"] == 0


def brute_force(up, cards, h17):
    """Deal every ordering of `cards` to a dealer showing `up`; count his final outcomes."""
    counts = dict.fromkeys(OUTCOMES, 0)
    orders = list(itertools.permutations(cards))
    for order in orders:
        hand = [up]
        for card in order:
            hard = sum(hand)
            soft = 1 in hand and hard <= 11
            best = hard + 10 if soft else hard
            if len(hand) >= 2 and (best > 17 or (best == 17 and not (soft and h17))):
                break
            hand.append(card)
        hard = sum(hand)
        best = hard + 10 if 1 in hand and hard <= 11 else hard
        if len(hand) == 2 and best == 21:
            counts["blackjack"] += 1
        elif best > 21:
            counts["bust"] += 1
        else:
            counts[str(best)] += 1
    return {k: v / len(orders) for k, v in counts.items()}


@pytest.mark.parametrize("up", [1, 2, 6, 10])
@pytest.mark.parametrize("h17", [False, True])
def test_dealer_recursion_equals_dealing_every_ordering_of_a_small_shoe(up, h17):
    cards = [1, 2, 3, 5, 6, 10, 10, 4]
    exact = outcomes_for_up_card(comp_of(cards), up, h17)
    assert exact == pytest.approx(brute_force(up, cards, h17))


# -- dealer, full shoes ------------------------------------------------------------------------

@pytest.mark.parametrize("decks", [1, 6, 8])
def test_every_up_cards_outcomes_add_up_to_one(decks):
    for name, dist in dealer_table(decks).items():
        assert sum(dist.values()) == pytest.approx(1), name
        assert set(dist) == set(OUTCOMES)


@pytest.mark.parametrize("decks", [1, 6])
def test_blackjack_chances_follow_from_counting_aces_and_tens(decks):
    t = dealer_table(decks)
    n = 52 * decks
    assert t["10"]["blackjack"] == pytest.approx(4 * decks / (n - 1))
    assert t["A"]["blackjack"] == pytest.approx(16 * decks / (n - 1))
    assert t["overall"]["blackjack"] == pytest.approx(2 * (4 / 52) * 16 * decks / (n - 1))
    assert all(t[str(u)]["blackjack"] == 0 for u in range(2, 10))


def test_peek_conditioning_removes_blackjack_and_renormalises():
    d = outcomes_for_up_card(without(full_shoe(6), 10), 10)
    g = given_no_blackjack(d)
    assert g["blackjack"] == 0
    assert g["20"] == pytest.approx(d["20"] / (1 - d["blackjack"]))
    assert sum(g.values()) == pytest.approx(1)


def test_soft_17_hitting_busts_the_dealer_more_often():
    assert dealer_table(6, True)["overall"]["bust"] > dealer_table(6, False)["overall"]["bust"]


def test_bust_return_is_three_and_a_half_times_the_overall_bust_chance():
    assert bust_return(6) == pytest.approx(3.5 * dealer_table(6)["overall"]["bust"])
    assert 0.95 < bust_return(6) < 1.0  # a side bet the house still wins
