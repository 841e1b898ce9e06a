import pytest

from models.cards import ALL_CARDS, describe_total, hand_total, is_two_card_21, parse_card
from models.errors import CardError


def cards(*codes):
    return [parse_card(c) for c in codes]


def test_parse_every_card_and_ten_spelled_two_ways():
    assert len(set(ALL_CARDS)) == 52
    assert parse_card("10D") is parse_card("TD")
    assert parse_card("qh").code == "QH"
    assert parse_card("AS").is_ace and parse_card("KC").is_ten_value


@pytest.mark.parametrize("bad", ["", "1S", "ZZ", "AX", "11H", None, 12, "A S"])
def test_unknown_cards_are_refused_naming_the_text(bad):
    with pytest.raises(CardError, match="unknown card"):
        parse_card(bad)


@pytest.mark.parametrize(
    "codes,total,soft",
    [
        (("AS", "6H"), 17, True),
        (("AS", "6H", "TD"), 17, False),
        (("AS", "AH"), 12, True),
        (("AS", "AH", "9C"), 21, True),
        (("KS", "QH", "2C"), 22, False),
        (("AS", "KD"), 21, True),
        (("5S", "4H"), 9, False),
    ],
)
def test_hand_totals_count_an_ace_as_eleven_unless_that_busts(codes, total, soft):
    assert hand_total(cards(*codes)) == (total, soft)


def test_two_card_21_and_descriptions():
    assert is_two_card_21(cards("AS", "JD")) and is_two_card_21(cards("TC", "AH"))
    assert not is_two_card_21(cards("AS", "5D", "5C"))
    assert describe_total(cards("TS", "5D")) == "hard 15"
    assert describe_total(cards("AS", "6D")) == "soft 17"
    assert describe_total(cards("TS", "5D", "KC")) == "bust 25"
