"""Keypads: the card keypad the dealer keys a card in with when the reader is down (a rank,
then a suit: two touches, no typing) and the digit keypad of the supervisor's PIN."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from kiosk.ui import theme
from kiosk.ui.text import translate

RANKS = "A23456789TJQK"
COLUMNS = 6  # keys a row: A-6, 7-Q, then K and the four suits


class CardKeypad(QWidget):
    """13 rank keys and 4 suit keys; `card(code)` once both are chosen."""

    card = Signal(str)
    closed = Signal()

    def __init__(self, metrics, parent=None, prefix: str = "") -> None:
        super().__init__(parent)
        self.setObjectName(f"{prefix}card-keypad")
        self._rank: str | None = None
        lay = QVBoxLayout(self)
        lay.setSpacing(metrics.gap)
        head = QHBoxLayout()
        self.prompt = QLabel(translate("Keypad", "Key in the card: rank, then suit"))
        self.prompt.setWordWrap(True)
        self.prompt.setStyleSheet(f"font-size: {metrics.font_px(3.2)}px; font-weight: bold;")
        head.addWidget(self.prompt, 1)
        close = QPushButton(translate("Keypad", "Close"))
        close.setObjectName(f"{prefix}keypad-close")
        close.clicked.connect(self.closed.emit)
        head.addWidget(close)
        lay.addLayout(head)
        ranks = QGridLayout()
        ranks.setSpacing(metrics.gap)
        self.rank_keys = {}
        for i, r in enumerate(RANKS):
            key = QPushButton(theme.RANK_TEXT.get(r, r))
            key.setObjectName(f"{prefix}rank-{r}")
            key.setCheckable(True)
            key.setMinimumSize(metrics.mm(11), metrics.mm(11))
            key.setStyleSheet("QPushButton { padding: 0; }")
            key.clicked.connect(lambda _=False, r=r: self._pick_rank(r))
            ranks.addWidget(key, i // COLUMNS, i % COLUMNS)
            self.rank_keys[r] = key
        lay.addLayout(ranks)
        suits = ranks  # the suits follow the king on the last row: a narrow keypad
        self.suit_keys = {}
        for s in "SHDC":
            colour = theme.CARD_RED if s in "HD" else theme.CARD_BLACK
            key = QPushButton(theme.SUIT_SYMBOL[s])
            key.setObjectName(f"{prefix}suit-{s}")
            key.setMinimumSize(metrics.mm(11), metrics.mm(11))
            key.setStyleSheet(f"QPushButton {{ background: {theme.CARD_BG}; color: {colour}; "
                              f"padding: 0; font-size: {metrics.font_px(5)}px; }} "
                              f"QPushButton:disabled "
                              f"{{ background: #3a3a3a; color: #777; }}")
            key.setEnabled(False)
            key.clicked.connect(lambda _=False, s=s: self._pick_suit(s))
            place = len(RANKS) + len(self.suit_keys)
            suits.addWidget(key, place // COLUMNS, place % COLUMNS)
            self.suit_keys[s] = key

    def _pick_rank(self, rank: str) -> None:
        self._rank = rank
        for r, key in self.rank_keys.items():
            key.setChecked(r == rank)
        for key in self.suit_keys.values():
            key.setEnabled(True)

    def _pick_suit(self, suit: str) -> None:
        if self._rank is None:
            return
        code = self._rank + suit
        self.reset()
        self.card.emit(code)

    def reset(self) -> None:
        self._rank = None
        for key in self.rank_keys.values():
            key.setChecked(False)
        for key in self.suit_keys.values():
            key.setEnabled(False)


class PinKeypad(QWidget):
    """Ten digits, delete and enter; the PIN shows as dots. `entered(pin)` on enter."""

    entered = Signal(str)

    def __init__(self, metrics, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("pin-keypad")
        self._pin = ""
        lay = QVBoxLayout(self)
        lay.setSpacing(metrics.gap)
        self.dots = QLabel("")
        self.dots.setObjectName("pin-dots")
        self.dots.setStyleSheet(f"font-size: {metrics.font_px(6)}px; letter-spacing: 6px;")
        self.dots.setMinimumHeight(metrics.mm(10))
        lay.addWidget(self.dots)
        grid = QGridLayout()
        grid.setSpacing(metrics.gap)
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "del", "0", "ok"]
        for i, k in enumerate(keys):
            text = {"del": "\u232b", "ok": translate("Keypad", "OK")}.get(k, k)
            key = QPushButton(text)
            key.setObjectName(f"pin-{k}")
            key.setMinimumSize(metrics.mm(18), metrics.mm(15))
            if k == "ok":
                key.setProperty("role", "main")
            key.clicked.connect(lambda _=False, k=k: self._press(k))
            grid.addWidget(key, i // 3, i % 3)
        lay.addLayout(grid)

    def _press(self, key: str) -> None:
        if key == "del":
            self._pin = self._pin[:-1]
        elif key == "ok":
            pin, self._pin = self._pin, ""
            self.dots.setText("")
            self.entered.emit(pin)
            return
        elif len(self._pin) < 8:
            self._pin += key
        self.dots.setText("\u25cf" * len(self._pin))

    def clear(self) -> None:
        self._pin = ""
        self.dots.setText("")
