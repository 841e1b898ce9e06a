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
BANNER_MM = 13.0  # the strip's reserved height: two lines of text and a 10 mm button


class FaultBanners(QWidget):
    """The open faults of the view, newest first, and the last refusal."""

    acknowledged = Signal(int)  # the seq of the fault the dealer confirms
    keypad_wanted = Signal()

    def __init__(self, metrics, parent=None) -> None:
        super().__init__(parent)
        self.metrics = metrics
        self.setObjectName("banners")
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(metrics.mm(1.5))
        self.setFixedHeight(metrics.mm(BANNER_MM))
        self._refusal: QLabel | None = None
        self._faults = ()
        self._held = 0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._drop_refusal)

    def render(self, faults, held: int = 0) -> None:
        """The open faults, the newest shown; `held`: cards read after an uncertain one that
        wait for it (the dealer keys it, and they go in after it, in order)."""
        if (tuple(faults), held) == (self._faults, self._held):
            return  # nothing new: the strip is not drawn again
        self._faults, self._held = tuple(faults), held
        self._draw()

    def refuse(self, sentence: str) -> None:
        self._refusal = sentence
        self._timer.start(REFUSAL_MS)
        self._draw()

    def _drop_refusal(self) -> None:
        self._refusal = None
        self._draw()

    def showing(self) -> bool:
        """A refusal or a fault is on the strip."""
        return bool(self._refusal or self._faults)

    def _draw(self) -> None:
        clear(self._layout)
        if self._refusal:
            self._layout.addWidget(self._bar(theme.WARN_BG, self._refusal, "", None, "refusal"),
                                   1)
        if self._faults:
            f = self._faults[-1]
            what, todo = fault_text(f)
            hidden = len(self._faults) - 1
            if self._held and any(o.kind == "uncertain" for o in self._faults):
                todo = (todo + " " if todo else "") + translate(
                    "Banner", "Cards read after it, waiting: %1").replace("%1", str(self._held))
            if hidden > 0:
                # a count, not a plural: lupdate marks plurals only where the count is a literal
                todo = (todo + " " if todo else "") + translate(
                    "Banner", "More faults: %1").replace("%1", str(hidden))
            manual = f.kind in ("lost", "silence", "misread", "checksum", "uncertain", "gap",
                                "garbage")
            self._layout.addWidget(self._bar(theme.ALARM_BG, what, todo, f, f"fault-{f.seq}",
                                             keypad=manual), 2)
        if not self.showing():
            self._layout.addStretch(1)

    def _bar(self, colour: str, what: str, todo: str, fault, name: str,
             keypad: bool = False) -> QFrame:
        m = self.metrics
        bar = QFrame()
        bar.setObjectName(name)
        bar.setStyleSheet(f"QFrame#{name} {{ background: {colour}; border-radius: {m.mm(1)}px; }}")
        row = QHBoxLayout(bar)
        row.setContentsMargins(m.mm(1.5), m.mm(0.5), m.mm(1.5), m.mm(0.5))
        icon = QLabel("\u26a0")
        icon.setStyleSheet(f"font-size: {m.font_px(4.5)}px;")
        row.addWidget(icon)
        texts = QVBoxLayout()
        texts.setSpacing(0)
        head = QLabel(what)
        head.setObjectName("what")
        head.setWordWrap(True)
        head.setStyleSheet(f"font-weight: bold; font-size: {m.font_px(3.2)}px;")
        texts.addWidget(head)
        if todo:
            hint = QLabel(todo)
            hint.setObjectName("todo")
            hint.setWordWrap(True)
            hint.setStyleSheet(f"font-size: {m.font_px(3.0)}px;")
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
