"""The demo's simulated card shoe, in a small window of its own beside the kiosk: a newcomer
deals from it as from a real shoe ("Deal next card") and tries the faults a real shoe has
(the cable pulled, the shoe gone silent, a card it cannot read, an alarm). It is marked all
over as the simulated device: it is not part of the kiosk and never runs at a live table.

It drives the mock shoe on its pseudo-terminal, so every card and fault reaches the kiosk
through the serial driver exactly as a real shoe's would."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from kiosk.ui import theme
from kiosk.ui.text import translate

STRIPES = "#6b4b00"  # the simulated device's own colour, unlike anything on the kiosk


class MockShoePanel(QWidget):
    """A window with the mock shoe's controls; `mock` is the kiosk feed's mock shoe."""

    def __init__(self, mock, metrics, columns: int = 2, parent=None) -> None:
        super().__init__(parent, Qt.WindowType.Window | Qt.WindowType.WindowStaysOnTopHint)
        self.mock = mock
        self.metrics = metrics
        self.setObjectName("mock-shoe")
        self.setWindowTitle(translate("MockShoe", "Simulated card shoe (demo)"))
        m = metrics
        self.setStyleSheet(theme.stylesheet(m) + f"""
            QWidget#mock-shoe {{ background: {STRIPES}; }}
            QLabel#mock-shoe-title {{ background: {theme.ACCENT}; color: {theme.ACCENT_TEXT};
                font-weight: bold; font-size: {m.font_px(3.4)}px; padding: {m.mm(1)}px; }}
        """)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(m.mm(2), m.mm(2), m.mm(2), m.mm(2))
        lay.setSpacing(m.gap)
        title = QLabel(translate("MockShoe", "SIMULATED SHOE: a demo device, not the kiosk"))
        title.setObjectName("mock-shoe-title")
        title.setWordWrap(True)
        lay.addWidget(title)
        self.deal_button = QPushButton(translate("MockShoe", "Deal next card"))
        self.deal_button.setObjectName("shoe-deal")
        self.deal_button.setProperty("role", "main")
        self.deal_button.clicked.connect(self.deal)
        lay.addWidget(self.deal_button)
        self.said = QLabel("")
        self.said.setObjectName("shoe-said")
        self.said.setWordWrap(True)
        lay.addWidget(self.said)
        faults = QGridLayout()
        faults.setSpacing(m.gap)
        self.plug_button = self._button(translate("MockShoe", "Pull the cable"), "shoe-unplug",
                                        self.toggle_cable)
        self.stall_button = self._button(translate("MockShoe", "Go silent"), "shoe-stall",
                                         self.toggle_stall)
        self.misread_button = self._button(translate("MockShoe", "Misread next card"),
                                           "shoe-misread", lambda: self.fault("misread"))
        self.alarm_button = self._button(translate("MockShoe", "Raise an alarm"), "shoe-alarm",
                                         lambda: self.fault("alarm"))
        for i, b in enumerate((self.plug_button, self.stall_button, self.misread_button,
                               self.alarm_button)):
            faults.addWidget(b, i // columns, i % columns)
        lay.addLayout(faults)
        lay.addStretch(1)
        self._stalled = False
        self._show_left()

    def _button(self, text: str, name: str, slot) -> QPushButton:
        b = QPushButton(text)
        b.setObjectName(name)
        b.clicked.connect(slot)
        return b

    def _show_left(self, before: str = "") -> None:
        left = translate("MockShoe", "%1 cards in the shoe").replace(
            "%1", str(self.mock.remaining))
        self.said.setText(f"{before}\n{left}" if before else left)

    def deal(self) -> None:
        """One card out of the shoe, as the dealer draws it."""
        dealt = self.mock.deal(1)
        if not dealt:
            self._show_left(translate("MockShoe", "The shoe is empty."))
            return
        card = dealt[0].code
        self._show_left(translate("MockShoe", "Dealt %1").replace(
            "%1", theme.RANK_TEXT.get(card[0], card[0]) + theme.SUIT_SYMBOL[card[1]]))

    def toggle_cable(self) -> None:
        if self.mock.plugged:
            self.fault("unplug")
            self.plug_button.setText(translate("MockShoe", "Plug the cable in"))
        else:
            self.fault("replug")
            self.plug_button.setText(translate("MockShoe", "Pull the cable"))

    def toggle_stall(self) -> None:
        if self._stalled:
            self.mock.resume()
            self._stalled = False
            self.stall_button.setText(translate("MockShoe", "Go silent"))
            self._show_left(translate("MockShoe", "The shoe speaks again."))
        else:
            self.fault("stall")
            self._stalled = True
            self.stall_button.setText(translate("MockShoe", "Speak again"))

    def fault(self, name: str) -> None:
        words = {"unplug": translate("MockShoe", "The cable is out."),
                 "replug": translate("MockShoe", "The cable is in again."),
                 "stall": translate("MockShoe", "The shoe has gone silent."),
                 "misread": translate("MockShoe", "The next card came out unread."),
                 "alarm": translate("MockShoe", "The shoe raised an alarm.")}
        try:
            self.mock.fault(name)
        except Exception as exc:  # a dialect without this fault: say so, never crash the demo
            self._show_left(str(exc))
            return
        self._show_left(words[name])
