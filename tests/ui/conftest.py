"""The kiosk on an offscreen 1920x1080 panel: a real journal on disk, the mock shoe on a
pseudo-terminal read through the serial driver, real widgets clicked by pytest-qt."""

from __future__ import annotations

import pytest

from kiosk.ui.app import build, show
from kiosk.ui.window import TableSettings
from models.cards import parse_card

pytestmark = pytest.mark.xdist_group("ui")


class Table:
    """A running kiosk and the hands of a dealer at it."""

    def __init__(self, kiosk, qtbot):
        self.kiosk = kiosk
        self.qtbot = qtbot
        self.window = kiosk.window
        self.service = kiosk.service
        self.mock = kiosk.feed.mock
        # the screen's clock for the touch guard: a dealer's touch comes a second after the
        # one before, unless a test says otherwise (no test sleeps)
        self.now = 1000.0
        self.window.play.clock = lambda: self.now

    def find(self, cls, name):
        widget = self.window.findChild(cls, name)
        assert widget is not None, f"no {cls.__name__} named {name!r} on screen"
        return widget

    def click(self, name, after: float = 1.0):
        """Touch the button `after` seconds (on the screen's clock) after the last touch."""
        from PySide6.QtWidgets import QPushButton
        button = self.find(QPushButton, name)
        if not button.isVisible():  # a button just drawn is shown on the next turn of the loop
            self.qtbot.waitUntil(button.isVisible, timeout=1000)
        assert button.isVisible() and button.isEnabled(), f"{name} cannot be touched now"
        self.now += after
        button.click()

    def deal(self, *codes):
        """The dealer draws these cards from the shoe; each appears on screen."""
        for code in codes:
            seq = self.service.view().seq
            self.mock.load([parse_card(code)] + self.mock.shoe)
            self.mock.deal(1)
            self.qtbot.waitUntil(lambda seq=seq: self.service.view().seq > seq, timeout=5000)

    def wait_phase(self, phase):
        self.qtbot.waitUntil(lambda: self.service.view().phase == phase, timeout=5000)


@pytest.fixture
def open_table(qtbot, tmp_path):
    """Opens a kiosk (with these settings) on the test's journal; closed after the test."""
    opened = []

    def start(rules="bayern", **settings):
        # the screen in English, the source language, so the tests read as the code does;
        # the German screen has its own test (test_language.py)
        kiosk = build(tmp_path / "journal.sqlite", rules=rules,
                      settings=TableSettings(**{"language": "en",
                                                "exports": tmp_path / "exports", **settings}))
        opened.append(kiosk)
        show(kiosk)
        qtbot.addWidget(kiosk.window)
        qtbot.waitUntil(lambda: kiosk.service.view().source.state == "connected", timeout=5000)
        qtbot.waitUntil(lambda: kiosk.service.view().phase == "betting", timeout=5000)
        return Table(kiosk, qtbot)
    yield start
    for kiosk in opened:
        kiosk.feed.stop()
        kiosk.bridge.close()
        kiosk.service.close()


@pytest.fixture
def table(open_table):
    return open_table()
