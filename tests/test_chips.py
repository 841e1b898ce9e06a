"""Paying in chips: the fewest chips of the table's denominations, exact money."""

from decimal import Decimal as D

from kiosk.table.money import fewest_chips

SERIES = [D("1"), D("5"), D("25"), D("100"), D("500")]


def test_the_usual_series_pays_greedily_and_exactly():
    assert fewest_chips(D("630"), SERIES) == ([(D(500), 1), (D(100), 1), (D(25), 1),
                                               (D(5), 1)], D(0))


def test_a_series_where_greedy_is_wrong_still_pays_with_the_fewest():
    assert fewest_chips(D("40"), [D(1), D(20), D(25)]) == ([(D(20), 2)], D(0))


def test_what_no_chip_makes_is_left_to_pay_otherwise():
    chips, left = fewest_chips(D("22.50"), SERIES)  # 3:2 on 15 with no chip below 1
    assert chips == [(D(5), 4), (D(1), 2)] and left == D("0.50")
    assert fewest_chips(D("22.50"), SERIES + [D("0.50")]) == (
        [(D(5), 4), (D(1), 2), (D("0.5"), 1)], D(0))


def test_nothing_to_pay_is_no_chips():
    assert fewest_chips(D(0), SERIES) == ([], D(0))
    assert fewest_chips(D(-10), SERIES) == ([], D(0))


def test_every_amount_is_paid_by_its_chips_and_never_more():
    chips_sets = [SERIES, [D(1), D(20), D(25)], [D("0.5"), D(2), D(10), D(50)]]
    for chips in chips_sets:
        for cents in range(0, 30000, 37):
            amount = D(cents) / 100
            used, left = fewest_chips(amount, chips)
            assert sum(d * n for d, n in used) + left == amount
            assert D(0) <= left < min(chips)
