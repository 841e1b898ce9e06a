"""Nothing moves under the dealer's finger: insurance offers sit at each box, one fixed button
per player, and stay where they are after a touch; the decision buttons keep their rectangles
with the keypad open or closed; a refusal appears in the strip reserved for it and moves no
button. The scenes are real tables (the screenshot script's) on both panels."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QLabel, QPushButton

from kiosk.ui.screenshots import PANELS, open_scene, pump

pytestmark = pytest.mark.xdist_group("ui")


def rect(window, widget) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def buttons(window) -> dict[str, QRect]:
    return {b.objectName(): rect(window, b) for b in window.findChildren(QPushButton)
            if b.isVisibleTo(window) and b.objectName()}


@pytest.mark.parametrize("panel", list(PANELS))
def test_insurance_offers_stay_put_after_a_touch_and_the_felt_shows_who_insured(panel, qtbot,
                                                                                tmp_path):
    kiosk = open_scene("insurance", tmp_path, "en", panel)
    try:
        window = kiosk.window
        felt = window.felt
        box3 = felt.boxes[2]
        # box 3 holds a Black Jack: the owner first, then the co-players in the order they bet
        names = [b.objectName() for b in box3.findChildren(QPushButton) if b.isVisible()]
        assert names == ["even-money-S3-3", "even-money-C1-3", "even-money-C2-3"], names
        assert box3.findChild(QPushButton, "even-money-S3-3").text() == "Seat 3\nEven money 100"
        box1 = felt.boxes[0].findChild(QPushButton, "insure-S1-1-1")
        assert box1.text() == "Seat 1\nInsure 25"  # half the stake of 50
        before = {n: r for n, r in buttons(window).items()
                  if n.startswith(("insure-", "even-money-"))}
        assert len(before) == 9
        box1.click()
        qtbot.waitUntil(lambda: "S1" in kiosk.service.view().boxes[0].hands[0].insured)
        pump(kiosk, 0.05)
        after = buttons(window)
        for name, place in before.items():
            assert after.get(name) == place, f"{name} moved from {place} to {after.get(name)}"
        taken = felt.boxes[0].findChild(QPushButton, "insure-S1-1-1")
        assert taken.text() == "Seat 1\n\u2713 insured 25" and not taken.isEnabled()
        # the next touch in the same place lands on the same player's offer, not another's
        window.findChild(QPushButton, "even-money-C1-3").click()
        qtbot.waitUntil(lambda: "C1" in kiosk.service.view().boxes[2].hands[0].even_money)
        pump(kiosk, 0.05)
        assert buttons(window)["even-money-C2-3"] == before["even-money-C2-3"]
        assert kiosk.service.view().boxes[2].hands[0].even_money == ("C1",)
    finally:
        kiosk.close()


@pytest.mark.parametrize("panel", list(PANELS))
def test_the_decision_buttons_keep_their_rectangles_with_the_keypad_open(panel, qtbot,
                                                                         tmp_path):
    kiosk = open_scene("play", tmp_path, "de", panel)
    try:
        window = kiosk.window
        names = ("stand", "double", "split", "surrender", "close-insurance")
        closed = {n: rect(window, window.play.buttons.get(n) or window.play.close_insurance)
                  for n in names}
        assert window.play.buttons["stand"].isVisible()
        window.show_keypad()
        pump(kiosk, 0.05)
        assert window.keypad_frame.isVisible()
        opened = {n: rect(window, window.play.buttons.get(n) or window.play.close_insurance)
                  for n in names}
        assert opened == closed
        # the keypad's own keys lie beside them, never over them
        keys = [rect(window, k) for k in window.keypad.rank_keys.values()]
        assert not any(k.intersects(closed[n]) for k in keys for n in ("stand", "double",
                                                                        "split"))
    finally:
        kiosk.close()


def test_a_refusal_shows_in_its_strip_and_moves_no_button(qtbot, tmp_path):
    kiosk = open_scene("play", tmp_path, "en", "1280x800")
    try:
        window = kiosk.window
        before = buttons(window)
        assert not kiosk.bridge.act("stand", 7)  # box 1 is to act, not box 7
        pump(kiosk, 0.05)
        bar = window.banners.findChild(QLabel, "what")
        assert bar is not None and bar.isVisible() and bar.text()
        assert buttons(window) == before
    finally:
        kiosk.close()
