"""A playing card drawn as the table shows it: rank and suit symbol, red or black (never colour
alone), or its back while it lies face down."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from kiosk.ui import theme

CARD_W_MM, CARD_H_MM = 13.0, 18.5  # on screen; a real card's 5:7 ratio


class CardWidget(QWidget):
    """One card; `code` like "QH", or None for a face-down card."""

    def __init__(self, code: str | None, metrics, scale: float = 1.0, parent=None) -> None:
        super().__init__(parent)
        self.code = code
        self._size = QSize(metrics.mm(CARD_W_MM * scale), metrics.mm(CARD_H_MM * scale))
        self.setFixedSize(self._size)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        name = "face down" if code is None else code
        self.setAccessibleName(name)
        self.setObjectName(f"card-{name.replace(' ', '-')}")

    def sizeHint(self) -> QSize:
        return self._size

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        radius = r.width() * 0.09
        if self.code is None:
            p.setPen(QPen(QColor(theme.CARD_BG), 2))
            p.setBrush(QColor("#1d4f8f"))
            p.drawRoundedRect(r, radius, radius)
            p.setPen(QPen(QColor("#8fb3e6"), 1))
            inner = r.adjusted(r.width() * 0.12, r.width() * 0.12, -r.width() * 0.12,
                               -r.width() * 0.12)
            p.drawRoundedRect(inner, radius / 2, radius / 2)
            p.end()
            return
        rank, suit = self.code[0], self.code[1]
        colour = QColor(theme.CARD_RED if suit in "HD" else theme.CARD_BLACK)
        p.setPen(QPen(QColor("#9aa3ab"), 1))
        p.setBrush(QColor(theme.CARD_BG))
        p.drawRoundedRect(r, radius, radius)
        p.setPen(colour)
        rank_text = theme.RANK_TEXT.get(rank, rank)
        p.setFont(theme.font(int(r.height() * 0.34), bold=True))
        top = QRectF(r.left() + r.width() * 0.06, r.top(), r.width() * 0.9, r.height() * 0.42)
        p.drawText(top, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, rank_text)
        p.setFont(theme.font(int(r.height() * 0.46)))
        low = QRectF(r.left(), r.top() + r.height() * 0.38, r.width(), r.height() * 0.6)
        p.drawText(low, Qt.AlignmentFlag.AlignCenter, theme.SUIT_SYMBOL[suit])
        p.end()
