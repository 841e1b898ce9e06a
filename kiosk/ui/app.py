"""The only place a QApplication is made: configuration -> table service and card feed ->
bridge -> window. `run` starts the kiosk full screen; `Kiosk` holds the parts for tests, the
screenshot script and the show mode."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from PySide6.QtCore import QLocale, QTimer, QTranslator
from PySide6.QtWidgets import QApplication

from kiosk.system import sdnotify
from kiosk.table.feed import CardFeed
from kiosk.table.pins import hash_pin
from kiosk.table.service import TableService
from kiosk.table.simulated_shoe import SimulatedShoe
from kiosk.table.sources import open_source
from kiosk.ui import theme
from kiosk.ui.bridge import TableBridge
from kiosk.ui.metrics import Metrics
from kiosk.ui.window import MainWindow, TableSettings

I18N = Path(__file__).resolve().parent / "i18n"


def application(language: str = "de") -> QApplication:
    """The process's QApplication (made once), with the shipped font and the language's
    translation loaded."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    theme.load_fonts()
    app.setFont(theme.font(16))
    translator = getattr(app, "_kiosk_translator", None)
    if translator is not None:
        app.removeTranslator(translator)
    translator = QTranslator(app)
    if translator.load(str(I18N / f"kiosk_{language}.qm")):
        app.installTranslator(translator)
    app._kiosk_translator = translator  # kept alive with the application
    QLocale.setDefault(QLocale(QLocale.Language.German if language == "de"
                               else QLocale.Language.English))
    return app


DEMO_SUPERVISOR = ("Demo", "1234")  # only where no supervisor is configured: the demo


@cache
def demo_supervisors() -> tuple:
    name, pin = DEMO_SUPERVISOR
    return ((name, hash_pin(pin)),)


@dataclass
class Kiosk:
    """One table's running parts."""

    app: QApplication
    service: TableService
    feed: CardFeed
    bridge: TableBridge
    window: MainWindow
    shoe: SimulatedShoe | None  # where the kiosk shuffles the shoe itself (the mock shoe)
    shoe_panel: object = None  # the demo's simulated shoe window, where there is one

    def close(self) -> None:
        if self.shoe_panel is not None:
            self.shoe_panel.close()
        self.window.close()
        self.feed.stop()
        self.app.processEvents()  # journal what the feed read before it stopped
        self.bridge.close()
        self.service.close()


def build(db: str | Path, *, table: str = "table-1", rules="bayern", limits=None,
          source: dict | None = None, settings: TableSettings | None = None,
          seed: int = 1, dpi: float | None = None, allow_live: bool = False) -> Kiosk:
    """The kiosk for the journal at `db`; `source` the card source's options
    (`kiosk.table.sources.open_source`), the mock shoe if none."""
    settings = settings or TableSettings()
    if not settings.supervisors:
        settings = replace(settings, supervisors=demo_supervisors())
    app = application(settings.language)
    options = dict(source or {"kind": "mock"})
    service = TableService.open(db, table=table, rules=rules, limits=limits,
                                supervisors=settings.supervisors,
                                simulated=options["kind"] == "mock", allow_live=allow_live)
    options.setdefault("decks", service.rules.decks)
    if options["kind"] == "mock":
        options.setdefault("seed", seed)
    device, mock = open_source(options.pop("kind"), **options)
    bridge = TableBridge(service)
    feed = CardFeed(service, device, bridge.post, mock=mock, on_error=bridge.on_feed_error)
    shoe = SimulatedShoe(service, mock.load, seed) if mock is not None else None
    metrics = Metrics.of(app.primaryScreen(), dpi)
    window = MainWindow(bridge, feed, metrics, settings,
                        before_round=shoe.prepare if shoe is not None else None)
    feed.start()
    return Kiosk(app, service, feed, bridge, window, shoe)


def show(kiosk: Kiosk, full_screen: bool | None = None) -> None:
    screen = kiosk.app.primaryScreen().geometry()
    if full_screen is None:
        full_screen = os.environ.get("QT_QPA_PLATFORM", "").split(":")[0] not in (
            "offscreen", "vnc", "minimal")
    if full_screen:
        kiosk.window.showFullScreen()
    else:
        kiosk.window.resize(screen.width(), screen.height())
        kiosk.window.show()


def run_demo(db: str | Path, *, autoplay: int | None = None, pace_ms: int | None = None,
             **options) -> int:
    """The touchscreen at a demo table with the mock shoe; with `autoplay` the scripted dealer
    plays that many rounds and the demo ends."""
    kiosk = build(db, **options)
    show(kiosk)
    if not autoplay:
        open_shoe_panel(kiosk)  # the newcomer deals from the simulated shoe's own window
    if autoplay:
        from kiosk.ui.autoplay import AutoDealer

        if pace_ms is None:
            screenless = os.environ.get("QT_QPA_PLATFORM", "").startswith("offscreen")
            pace_ms = 0 if screenless else 300
        dealer = AutoDealer(kiosk.window, kiosk.feed.mock, autoplay, options.get("seed", 1),
                            pace_ms)
        dealer.start()
    try:
        return kiosk.app.exec()
    finally:
        kiosk.close()


def open_shoe_panel(kiosk: Kiosk, place: bool = True):
    """The demo's simulated shoe in a small window of its own, so a newcomer deals from it as
    from a real shoe: beside the table where the desktop has room for both, else floating
    over the felt's right end (`place=False` leaves it where it opens). None where the
    source is no mock."""
    if kiosk.feed.mock is None:
        return None
    from kiosk.ui.widgets.mock_shoe_panel import MockShoePanel

    screen = kiosk.app.primaryScreen().availableGeometry()
    gap = 8

    def made(columns: int):
        panel = MockShoePanel(kiosk.feed.mock, kiosk.window.metrics, columns=columns)
        panel.show()  # measured as shown, with its style sheet's sizes
        for _ in range(3):
            kiosk.app.processEvents()
            panel.layout().activate()
            panel.adjustSize()
        return panel

    panel = made(1)
    beside = screen.width() - panel.width() - gap
    if not place:  # where it stands is the caller's (the screenshot script)
        pass
    elif beside >= max(1280, kiosk.window.minimumSizeHint().width()) and screen.height() >= 800:
        # room for both: the table at the left (the smallest panel's size or more), the shoe
        # beside it, as the shoe stands beside a real kiosk
        kiosk.window.showNormal()
        kiosk.window.setGeometry(screen.x(), screen.y(), beside, screen.height())
        panel.move(screen.x() + beside + gap, screen.y())
    else:  # a small desktop: the shoe floats over the felt's right end, wide and low
        panel.close()
        panel.deleteLater()
        panel = made(2)
        panel.move(screen.right() - panel.width(), screen.y() + screen.height() // 8)
    panel.show()
    kiosk.shoe_panel = panel
    return panel


def keep_systemd_told(kiosk: Kiosk) -> QTimer | None:
    """READY=1 now that the window is up; WATCHDOG=1 from the GUI thread at half the interval
    systemd asks for, so a frozen screen is restarted. None where systemd watches nothing."""
    sdnotify.notify(f"READY=1\nSTATUS=table {kiosk.service.table} on screen")
    interval = sdnotify.watchdog_interval_ms()
    if interval is None:
        return None
    timer = QTimer(kiosk.window)
    timer.setInterval(interval)
    timer.timeout.connect(lambda: sdnotify.notify("WATCHDOG=1"))
    timer.start()
    return timer


def run(db: str | Path, **options) -> int:
    """Start the kiosk and run until its window closes."""
    kiosk = build(db, **options)
    show(kiosk)
    keep_systemd_told(kiosk)
    try:
        return kiosk.app.exec()
    finally:
        kiosk.close()
