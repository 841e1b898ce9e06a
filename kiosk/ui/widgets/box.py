"""A box on the felt: its number, who sits in front of it and decides for it, the co-players
who bet on it, their stakes and side bets, its hands with cards and totals, and its state.

A box is a touch target in betting (the dealer picks the box to stake on); in play the active
hand is drawn in the accent colour, so the dealer sees at a glance where the next card goes.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from kiosk.ui import theme
from kiosk.ui.text import money, player_label, total_label, translate
from kiosk.ui.widgets.card import CardWidget


def clear(layout) -> None:
    """Empty a layout now: its widgets leave the screen at once (and are deleted later)."""
    while layout.count():
        item = layout.takeAt(0)
        widget, inner = item.widget(), item.layout()
        if widget is not None:
            widget.hide()
            widget.setParent(None)
            widget.deleteLater()
        elif inner is not None:
            clear(inner)
            inner.setParent(None)
            inner.deleteLater()


class HandWidget(QFrame):
    """One hand: its cards in a row and its total; outlined while it is the active hand."""

    def __init__(self, hand, metrics, card_scale: float, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName(f"hand-{hand.number}")
        border = theme.ACCENT if hand.active else "transparent"
        self.setStyleSheet(f"QFrame#hand-{hand.number} {{ background: transparent; border: "
                           f"{metrics.mm(0.8)}px solid {border}; border-radius: "
                           f"{metrics.mm(1.2)}px; }}")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(metrics.mm(0.8), metrics.mm(0.8), metrics.mm(0.8),
                               metrics.mm(0.8))
        lay.setSpacing(metrics.mm(0.8))
        cards = QHBoxLayout()
        cards.setSpacing(-metrics.mm(4.5 * card_scale) if len(hand.cards) > 3 else
                         metrics.mm(0.8))
        for code in hand.cards:
            cards.addWidget(CardWidget(code, metrics, card_scale))
        if not hand.cards:
            spacer = QWidget()
            spacer.setFixedHeight(metrics.mm(18.5 * card_scale))
            cards.addWidget(spacer)
        cards.addStretch(1)
        lay.addLayout(cards)
        words = total_label(hand.label)
        flags = []
        if hand.doubled:
            flags.append(translate("Box", "doubled"))
        if hand.stood and not hand.bust:
            flags.append(translate("Box", "stands"))
        if hand.surrendered:
            flags.append(translate("Box", "surrendered"))
        total = QLabel(" · ".join([w for w in [words] + flags if w]))
        total.setObjectName("total")
        colour = theme.BAD if hand.bust else theme.ACCENT if hand.blackjack else theme.TEXT
        total.setStyleSheet(f"color: {colour}; font-weight: bold; "
                            f"font-size: {metrics.font_px(3.6)}px;")
        lay.addWidget(total)


class BoxWidget(QFrame):
    """A box of the view; `clicked(number)` when touched (betting picks the box)."""

    clicked = Signal(int)

    def __init__(self, number: int, metrics, parent=None) -> None:
        super().__init__(parent)
        self.number = number
        self.metrics = metrics
        self.selected = False
        self.setObjectName(f"box-{number}")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumWidth(metrics.mm(22))
        self.setAccessibleName(f"box {number}")
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(metrics.mm(1.5), metrics.mm(1.5), metrics.mm(1.5),
                                        metrics.mm(1.5))
        self._layout.setSpacing(metrics.mm(1))

    def mousePressEvent(self, event) -> None:
        self.clicked.emit(self.number)
        super().mousePressEvent(event)

    def render(self, box, selected: bool = False) -> None:
        if (box, selected) == getattr(self, "_shown", None):
            return  # views are values: an unchanged box is not drawn again
        self._shown = (box, selected)
        m = self.metrics
        self.selected = selected
        active = any(h.active for h in box.hands)
        edge = theme.ACCENT if (selected or active) else theme.FELT_EDGE
        width = m.mm(1.0) if (selected or active) else m.mm(0.4)
        self.setStyleSheet(f"QFrame#box-{self.number} {{ background: {theme.FELT}; "
                           f"border: {width}px solid {edge}; border-radius: {m.mm(2.5)}px; }}")
        clear(self._layout)
        head = QHBoxLayout()
        num = QLabel(str(box.number))
        num.setStyleSheet(f"font-size: {m.font_px(6)}px; font-weight: bold; color: {theme.MUTED};")
        head.addWidget(num)
        who = QVBoxLayout()
        if box.state == "empty" and not box.seated:
            empty = QLabel(translate("Box", "empty"))
            empty.setStyleSheet(f"color: {theme.MUTED}; font-size: {m.font_px(3)}px;")
            head.addWidget(empty, 1, Qt.AlignmentFlag.AlignTop)
            self._layout.addLayout(head)
            self._layout.addStretch(1)
            return
        owner = QLabel(player_label(box.owner) if box.owner else translate("Box", "no owner"))
        owner.setObjectName("owner")
        owner.setStyleSheet(f"font-weight: bold; font-size: {m.font_px(3.4)}px;")
        who.addWidget(owner)
        if box.seated and box.seated == box.owner:
            seat_text = translate("Box", "seated")
        elif box.owner:
            seat_text = translate("Box", "decides from his seat")
        else:
            seat_text = translate("Box", "empty seat")
        seat = QLabel(seat_text)
        seat.setStyleSheet(f"color: {theme.MUTED}; font-size: {m.font_px(2.6)}px;")
        who.addWidget(seat)
        head.addLayout(who, 1)
        state = QLabel(_state_text(box.state))
        state.setObjectName("state")
        state.setStyleSheet(f"color: {theme.ACCENT if box.state == 'playing' else theme.MUTED};"
                            f" font-size: {m.font_px(2.6)}px;")
        head.addWidget(state, 0, Qt.AlignmentFlag.AlignTop)
        self._layout.addLayout(head)
        scale = 1.0 if len(box.hands) <= 1 else 0.8 if len(box.hands) == 2 else 0.62
        for hand in box.hands:
            if hand.cards or len(box.hands) > 1 or box.state != "staked":
                self._layout.addWidget(HandWidget(hand, m, scale))
        self._layout.addStretch(1)
        for line in _stake_lines(box):
            label = QLabel(line)
            label.setWordWrap(True)
            label.setStyleSheet(f"font-size: {m.font_px(2.8)}px;")
            self._layout.addWidget(label)


def _state_text(state: str) -> str:
    words = {"empty": "", "staked": translate("Box", "staked"),
             "standing": translate("Box", "standing"),
             "playing": translate("Box", "to act"), "waiting": translate("Box", "waiting"),
             "done": translate("Box", "done")}
    return words.get(state, state)


def _stake_lines(box) -> list[str]:
    """One line per player with a stake on the box: main stake per hand, then side bets."""
    out = []
    players = ([box.owner] if box.owner else []) + list(box.coplayers)
    seen = set()
    for p in players:
        if p in seen:
            continue
        seen.add(p)
        parts = []
        for hand in box.hands:
            for s in hand.stakes:
                if s.player == p:
                    parts.append(money(s.amount))
        for kind, stakes in (("Twins", box.twins), ("Bust", box.bust)):
            for s in stakes:
                if s.player == p:
                    parts.append(f"{kind} {money(s.amount)}")
        if parts:
            out.append(f"{player_label(p)}: {' + '.join(parts)}")
    return out
