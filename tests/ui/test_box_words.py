"""What a box says, as the dealer reads it: a soft total both ways only while the hand may still
draw ("10/20"), one total once it is finished ("20 · stands"); no "hand 1" while the box has
one hand; the seat and the box's state on one line."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

from kiosk.ui.screenshots import open_scene, pump

pytestmark = pytest.mark.xdist_group("ui")


def totals(box) -> list[str]:
    return [w.text() for w in box.findChildren(QLabel, "total") if w.isVisible()]


def test_a_finished_soft_hand_keeps_one_total_and_one_hand_is_not_called_hand_1(qtbot,
                                                                                tmp_path):
    kiosk = open_scene("play", tmp_path, "en", "1280x800")
    try:
        window, svc = kiosk.window, kiosk.service
        assert window.play.title.text() == "Box 1: Seat 1 decides"  # not "Box 1, hand 1"
        box6 = window.felt.boxes[5]
        assert totals(box6) == ["10/20"]  # A 9, still to play: both ways
        state = box6.findChild(QLabel, "state")
        assert state.text() == "seated \u00b7 waiting"
        for number in (1, 2, 3, 5):
            svc.stand(number)
        pump(kiosk, 0.05)
        assert state.text() == "seated \u00b7 to act"
        svc.stand(6)
        pump(kiosk, 0.05)
        assert totals(box6) == ["20 \u00b7 stands"]  # never "10/20 · stands"
    finally:
        kiosk.close()


def test_a_split_box_names_its_hands(qtbot, tmp_path):
    kiosk = open_scene("play-split", tmp_path, "en", "1280x800")
    try:
        assert kiosk.window.play.title.text() == "Box 3, hand 1: Seat 3 decides"
    finally:
        kiosk.close()
