"""The interactive demo's simulated shoe: a window of its own, marked as the demo device, that
deals the next card and plays the faults a real shoe has, each reaching the kiosk through the
serial driver; a newcomer plays whole rounds from it without keying in a card."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QPushButton

from kiosk.ui.app import open_shoe_panel

pytestmark = pytest.mark.xdist_group("ui")


@pytest.fixture
def demo(table):
    panel = open_shoe_panel(table.kiosk)
    table.qtbot.addWidget(panel)
    return table, panel


def deal_from_panel(table, panel) -> None:
    seq = table.service.view().seq
    panel.findChild(QPushButton, "shoe-deal").click()
    table.qtbot.waitUntil(lambda: table.service.view().seq > seq, timeout=5000)


def test_the_simulated_shoe_is_its_own_window_marked_as_the_demo_device(demo):
    table, panel = demo
    assert panel.isWindow() and panel is not table.window and panel.isVisible()
    assert "Simulated" in panel.windowTitle()
    title = panel.findChild(QLabel, "mock-shoe-title").text()
    assert title.startswith("SIMULATED SHOE")


def test_three_rounds_dealt_from_the_shoes_own_button_and_the_screen(demo):
    table, panel = demo
    for _round in range(3):
        table.window._box_clicked(1)
        if not table.service.view().boxes[0].seated:
            table.click("seat")
        table.click("chip-10")
        while table.service.view().phase != "settled" and \
                table.window.pages.currentWidget() is not table.window.settlement:
            view = table.service.view()
            if view.choices.box is not None and len(
                    view.boxes[view.choices.box - 1].hands[view.choices.hand - 1].cards) >= 2:
                table.click("stand")
            elif view.choices.close_insurance:
                table.click("close-insurance")
            else:
                deal_from_panel(table, panel)
            table.qtbot.wait(10)
        table.qtbot.waitUntil(
            lambda: table.window.pages.currentWidget() is table.window.settlement)
        table.click("paid")
        table.wait_phase("betting")
        assert not table.window.keypad_frame.isVisible()
    import sqlite3
    conn = sqlite3.connect(table.service.journal_path)
    sources = {s for (s,) in conn.execute(
        "SELECT json_extract(data, '$.source') FROM events WHERE kind = 'card'")}
    settled = conn.execute("SELECT count(*) FROM events WHERE kind = 'payout'").fetchone()[0]
    conn.close()
    assert sources == {"shoe"} and settled == 3  # every card from the shoe, none keyed in


def test_the_shoes_faults_reach_the_kiosk_through_the_driver(demo):
    table, panel = demo
    table.window._box_clicked(1)
    table.click("seat")
    table.click("chip-10")
    deal_from_panel(table, panel)
    panel.findChild(QPushButton, "shoe-unplug").click()
    table.qtbot.waitUntil(lambda: table.service.view().source.state == "lost", timeout=5000)
    assert panel.findChild(QPushButton, "shoe-unplug").text() == "Plug the cable in"
    panel.findChild(QPushButton, "shoe-unplug").click()
    table.qtbot.waitUntil(lambda: table.service.view().source.state == "connected",
                          timeout=5000)
    panel.findChild(QPushButton, "shoe-misread").click()
    table.qtbot.waitUntil(lambda: any(f.kind == "misread" for f in table.service.view().faults),
                          timeout=5000)
    assert table.window.keypad_frame.isVisible()  # the dealer keys in the unread card
    panel.findChild(QPushButton, "shoe-alarm").click()
    table.qtbot.waitUntil(lambda: any(f.kind == "alarm" for f in table.service.view().faults),
                          timeout=5000)
    panel.findChild(QPushButton, "shoe-stall").click()
    assert panel.findChild(QPushButton, "shoe-stall").text() == "Speak again"
    assert table.mock._stalled
    panel.findChild(QPushButton, "shoe-stall").click()
    assert not table.mock._stalled
