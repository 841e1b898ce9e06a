"""The settlement as the dealer pays: each box's lines at the box's place, numbered in the
order he pays (from the highest box down to box 1), the chips as stacks of the table's
denominations with their count in words, the hands' cards, and a line paid already during
play marked so and left out of what remains to pay."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest
from PySide6.QtWidgets import QFrame, QLabel

from kiosk.table.money import fewest_chips
from kiosk.ui.screens.settlement import ChipStack
from kiosk.ui.screenshots import open_scene, pump
from kiosk.ui.widgets.card import CardWidget

pytestmark = pytest.mark.xdist_group("ui")


def labels(widget) -> list[str]:
    return [w.text() for w in widget.findChildren(QLabel) if w.isVisible()]


def test_the_settlement_lies_box_by_box_in_pay_order_with_chip_stacks(qtbot, tmp_path):
    kiosk = open_scene("settlement", tmp_path, "en", "1920x1080")
    try:
        page = kiosk.window.settlement
        view = kiosk.service.view()
        s = view.settlement
        # box columns in the felt's order; the pay order runs from box 7 down to box 1
        played = sorted({ln.box for ln in s.lines}, reverse=True)
        for order, box in enumerate(played, start=1):
            badge = page.findChild(QLabel, f"pay-order-{box}")
            assert badge is not None and badge.text() == f"{order}."
        columns = [page.findChild(QFrame, f"settle-box-{n}")
                   for n in range(1, len(view.boxes) + 1)]
        xs = [c.x() for c in columns]
        assert xs == sorted(xs)  # box 1 on the left, as on the felt
        # each box's cards are there, and its chips as stacks of the fewest chips
        box6 = page.findChild(QFrame, "settle-box-6")
        codes = [c.code for c in box6.findChildren(CardWidget)]
        assert codes == list(view.boxes[5].hands[0].cards)
        chips = tuple(page.chips)
        expected = []
        for ln in (ln for ln in s.lines if ln.box == 6 and ln.net > 0):
            expected += [n for _, n in fewest_chips(ln.net, chips)[0]]
        assert sorted(st.count for st in box6.findChildren(ChipStack)) == sorted(expected)
        assert "2 × 100" in labels(box6)  # the stack's count in words
        assert page.to_pay.text() == f"To pay: {s.to_pay} EUR"
        assert s.to_pay == sum(ln.net for ln in s.lines if ln.net > 0)
    finally:
        kiosk.close()


def test_a_line_paid_during_play_is_marked_and_left_out_of_what_remains(qtbot, tmp_path):
    kiosk = open_scene("settlement", tmp_path, "en", "1280x800")
    try:
        page = kiosk.window.settlement
        view = kiosk.service.view()
        s = view.settlement
        paid = next(ln for ln in s.lines if ln.box == 1 and ln.net > 0)
        lines = tuple(replace(ln, paid=True) if ln == paid else ln for ln in s.lines)
        to_pay = sum((ln.net for ln in lines if ln.net > 0 and not ln.paid), Decimal(0))
        page.render(replace(view, settlement=replace(s, lines=lines, to_pay=to_pay)))
        pump(kiosk, 0.05)
        box1 = page.findChild(QFrame, "settle-box-1")
        assert f"\u2713 paid already: {paid.net}" in labels(box1)
        assert box1.findChildren(ChipStack) == []  # nothing to count out for it
        assert page.to_pay.text() == f"To pay: {to_pay} EUR"
        assert to_pay == s.to_pay - paid.net
    finally:
        kiosk.close()
