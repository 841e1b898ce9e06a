"""Faults on screen, never hidden: one banner per open fault saying what happened and what to
do next, until it is dealt with (the card keyed in, the reader back, or confirmed). A refusal
of the dealer's own touch shows for a moment in the same place."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from kiosk.ui import theme
from kiosk.ui.text import fault as fault_text
from kiosk.ui.text import translate
from kiosk.ui.widgets.box import clear

REFUSAL_MS = 6000  # a refused touch stays this long: long enough to read twice


class FaultBanners(QWidget):
    """The open faults of the view, newest first, and the last refusal."""

    acknowledged = Signal(int)  # the seq of the fault the dealer confirms
    keypad_wanted = Signal()

    def __init__(self, metrics, parent=None) -> None:
        super().__init__(parent)
        self.metrics = metrics
        self.setObjectName("banners")
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(metrics.mm(1))
        self._refusal: QLabel | None = None
        self._faults = ()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._drop_refusal)

    def render(self, faults) -> None:
        self._faults = tuple(faults)
        self._draw()

    def refuse(self, sentence: str) -> None:
        self._refusal = sentence
        self._timer.start(REFUSAL_MS)
        self._draw()

    def _drop_refusal(self) -> None:
        self._refusal = None
        self._draw()

    def _draw(self) -> None:
        clear(self._layout)
        m = self.metrics
        if self._refusal:
            self._layout.addWidget(self._bar(theme.WARN_BG, self._refusal, "", None, "refusal"))
        for f in reversed(self._faults[-3:]):
            what, todo = fault_text(f)
            manual = f.kind in ("lost", "silence", "misread", "checksum", "uncertain", "gap",
                                "garbage")
            self._layout.addWidget(self._bar(theme.ALARM_BG, what, todo, f, f"fault-{f.seq}",
                                             keypad=manual))
        hidden = len(self._faults) - 3
        if hidden > 0:
            # a count, not a plural: lupdate marks plurals only where the count is a literal
            more = QLabel(translate("Banner", "More faults: %1").replace("%1", str(hidden)))
            more.setStyleSheet(f"color: {theme.BAD}; font-size: {m.font_px(2.8)}px;")
            self._layout.addWidget(more)
        self.setVisible(bool(self._refusal or self._faults))

    def _bar(self, colour: str, what: str, todo: str, fault, name: str,
             keypad: bool = False) -> QFrame:
        m = self.metrics
        bar = QFrame()
        bar.setObjectName(name)
        bar.setStyleSheet(f"QFrame#{name} {{ background: {colour}; border-radius: {m.mm(1)}px; }}")
        row = QHBoxLayout(bar)
        row.setContentsMargins(m.mm(2), m.mm(1), m.mm(2), m.mm(1))
        icon = QLabel("\u26a0")
        icon.setStyleSheet(f"font-size: {m.font_px(5)}px;")
        row.addWidget(icon)
        texts = QVBoxLayout()
        head = QLabel(what)
        head.setObjectName("what")
        head.setWordWrap(True)
        head.setStyleSheet(f"font-weight: bold; font-size: {m.font_px(3.4)}px;")
        texts.addWidget(head)
        if todo:
            hint = QLabel(todo)
            hint.setObjectName("todo")
            hint.setWordWrap(True)
            texts.addWidget(hint)
        row.addLayout(texts, 1)
        if keypad:
            key = QPushButton(translate("Banner", "Key in card"))
            key.setObjectName("banner-keypad")
            key.clicked.connect(self.keypad_wanted.emit)
            row.addWidget(key, 0, Qt.AlignmentFlag.AlignVCenter)
        if fault is not None:
            ok = QPushButton(translate("Banner", "Confirm"))
            ok.setObjectName(f"ack-{fault.seq}")
            ok.clicked.connect(lambda _=False, seq=fault.seq: self.acknowledged.emit(seq))
            row.addWidget(ok, 0, Qt.AlignmentFlag.AlignVCenter)
        return bar
