"""What the touchscreen reads from the round: where the next card goes, what is paid at once,
the hole card kept hidden."""

from decimal import Decimal

from models.round import Phase, Round
from models.round_view import next_card_target, visible_dealer_cards
from models.table import Limits

LIMITS = Limits(Decimal(10), Decimal(500))


def test_blackjack_against_a_seven_is_payable_at_once_and_not_against_a_ten():
    rnd = Round("bayern", LIMITS, {1: "anna", 2: "bert"})
    rnd.bet("anna", 1, "20")
    rnd.bet("bert", 2, "10")
    for card in ["AS", "9D", "7H", "KD", "7C"]:
        rnd.card(card)
    lines = rnd.payable_now()
    assert [(ln.player, ln.bet, ln.net) for ln in lines] == [("anna", "main", Decimal(30))]

    rnd = Round("bayern", LIMITS, {1: "anna"})
    rnd.bet("anna", 1, "20")
    for card in ["AS", "TH", "KD"]:
        rnd.card(card)
    assert rnd.payable_now() == []
    assert rnd.dealer_must_draw()


def test_even_money_is_payable_at_once_against_an_ace():
    rnd = Round("bayern", LIMITS, {1: "anna"})
    rnd.bet("anna", 1, "100")
    rnd.bet("carl", 1, "50")
    for card in ["AS", "AH", "KD"]:
        rnd.card(card)
    assert rnd.payable_now() == []
    rnd.even_money("anna", 1)
    assert [(ln.player, ln.bet, ln.net) for ln in rnd.payable_now()] == [
        ("anna", "even_money", Decimal(100))]


def test_next_card_target_follows_the_deal_and_the_active_hand():
    rnd = Round("bayern", LIMITS, {1: "anna", 3: "bert"})
    rnd.bet("anna", 1, "10")
    rnd.bet("bert", 3, "10")
    targets = []
    for card in ["8S", "TD", "5H", "8C", "9D"]:
        targets.append(next_card_target(rnd))
        rnd.card(card)
    assert targets == ["box 1", "box 3", "dealer", "box 1", "box 3"]
    rnd.split(1)
    assert next_card_target(rnd) == "box 1 hand 1"
    rnd.card("3C")
    rnd.stand(1)
    assert next_card_target(rnd) == "box 1 hand 2"


def test_hole_card_is_hidden_until_the_dealer_plays():
    rnd = Round("holecard", LIMITS, {1: "anna"})
    rnd.bet("anna", 1, "10")
    for card in ["9S", "7D", "8H", "5C"]:
        rnd.card(card)
    assert rnd.phase == Phase.BOXES
    assert [c.code for c in visible_dealer_cards(rnd)] == ["5C"]
    assert rnd.up_card.code == "5C"
    rnd.stand(1)
    assert [c.code for c in visible_dealer_cards(rnd)] == ["7D", "5C"]


def test_refusals_a_dealer_meets_carry_a_code_and_their_figures():
    """A screen in another language says the same thing from the code and its params."""
    import pytest

    from models.errors import GameError
    rnd = Round("bayern", Limits.parse("10", "500"), {1: "anna"})
    rnd.bet("anna", 1, "450")
    with pytest.raises(GameError) as refused:
        rnd.bet("anna", 1, "100")
    assert refused.value.code == "box_maximum"
    assert refused.value.params == {"stake": 100, "box": 1, "total": 550, "max": 500}
    with pytest.raises(GameError) as refused:
        rnd.bet("anna", 1, "15")
    assert (refused.value.code, refused.value.params) == ("not_multiple",
                                                          {"amount": 15, "min": 10})
    with pytest.raises(GameError) as refused:
        rnd.seat(2, "anna")
    assert (refused.value.code, refused.value.params) == ("one_seat",
                                                          {"player": "anna", "seat": 1})
