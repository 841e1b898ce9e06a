"""A box on the felt: its number, who sits in front of it and decides for it, the co-players
who bet on it, their stakes and side bets, its hands with cards and totals, and its state.

A box is a touch target in betting (the dealer picks the box to stake on); in play the active
hand is drawn in the accent colour, so the dealer sees at a glance where the next card goes.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

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
    """One hand: its cards in a row and its total; outlined while it is the active hand.

    `show_hand` redraws only what changed: a new card is one more card widget, the total
    and the outline are set again; the cards already there are not touched (a card on the
    felt reaches the screen within a frame)."""

    def __init__(self, hand, metrics, card_scale: float, parent=None) -> None:
        super().__init__(parent)
        self.metrics = metrics
        self.scale = card_scale
        self.setObjectName(f"hand-{hand.number}")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(metrics.mm(0.8), metrics.mm(0.8), metrics.mm(0.8),
                               metrics.mm(0.8))
        lay.setSpacing(metrics.mm(0.8))
        self.cards = QHBoxLayout()
        self.card_widgets: list[CardWidget] = []
        self.spacer = QWidget()  # the cards' height while the hand has none
        self.spacer.setFixedHeight(metrics.mm(18.5 * card_scale))
        self.cards.addWidget(self.spacer)
        self.cards.addStretch(1)
        lay.addLayout(self.cards)
        self.total = QLabel("")
        self.total.setObjectName("total")
        self.total.setWordWrap(True)
        lay.addWidget(self.total)
        self._outline = self._colour = None
        self.show_hand(hand)

    def show_hand(self, hand) -> None:
        m = self.metrics
        codes = [w.code for w in self.card_widgets]
        if list(hand.cards[:len(codes)]) != codes:  # a card corrected: the row again
            for w in self.card_widgets:
                w.hide()
                w.setParent(None)
                w.deleteLater()
            self.card_widgets = []
        for code in hand.cards[len(self.card_widgets):]:
            w = CardWidget(code, m, self.scale)
            self.cards.insertWidget(self.cards.count() - 1, w)
            self.card_widgets.append(w)
        self.spacer.setVisible(not hand.cards)
        self.cards.setSpacing(-m.mm(4.5 * self.scale) if len(hand.cards) > 3 else m.mm(0.8))
        outline = theme.ACCENT if hand.active else "transparent"
        if outline != self._outline:
            self._outline = outline
            self.setStyleSheet(f"QFrame#{self.objectName()} {{ background: transparent; "
                               f"border: {m.mm(0.8)}px solid {outline}; border-radius: "
                               f"{m.mm(1.2)}px; }}")
        # a finished hand keeps one total: "20 · stands", never "10/20 · stands"
        words = total_label(hand.label, finished=hand.stood or hand.done or hand.doubled)
        flags = []
        if hand.doubled:
            flags.append(translate("Box", "doubled"))
        if hand.stood and not hand.bust:
            flags.append(translate("Box", "stands"))
        if hand.surrendered:
            flags.append(translate("Box", "surrendered"))
        self.total.setText(" · ".join([w for w in [words] + flags if w]))
        colour = theme.BAD if hand.bust else theme.ACCENT if hand.blackjack else theme.TEXT
        if colour != self._colour:
            self._colour = colour
            self.total.setStyleSheet(f"color: {colour}; font-weight: bold; font-size: "
                                     f"{m.font_px(3.4 if self.scale < 1 else 3.6)}px;")


@dataclass(frozen=True, slots=True)
class OfferSlot:
    """One player's insurance or even-money place on a box while the dealer shows an ace:
    offered now, taken already, or not his to take (the button stays, disabled)."""

    player: str
    kind: str  # "insure", "even_money"
    state: str  # "offered", "taken", "none"
    amount: Decimal  # what insurance costs, or what even money pays


def insurance_cost(stake: Decimal) -> Decimal:
    """Half the stake, down to the cent (as the engine takes it)."""
    return (Decimal(stake) / 2).quantize(Decimal("0.01"), rounding=ROUND_DOWN).normalize()


class BoxWidget(QFrame):
    """A box of the view; `clicked(number)` when touched (betting picks the box)."""

    clicked = Signal(int)
    offer_taken = Signal(str, str, int)  # kind ("insure", "even_money"), player, box

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
        self._hands: list[HandWidget] = []
        self._state: QLabel | None = None

    def mousePressEvent(self, event) -> None:
        self.clicked.emit(self.number)
        super().mousePressEvent(event)

    def render(self, box, selected: bool = False, offers: tuple = ()) -> None:
        if (box, selected, offers) == getattr(self, "_shown", None):
            return  # views are values: an unchanged box is not drawn again
        self._shown = (box, selected, offers)
        m = self.metrics
        self.selected = selected
        active = any(h.active for h in box.hands)
        edge = theme.ACCENT if (selected or active) else theme.FELT_EDGE
        width = m.mm(1.0) if (selected or active) else m.mm(0.4)
        if (edge, width) != getattr(self, "_edge", None):
            self._edge = (edge, width)
            self.setStyleSheet(f"QFrame#box-{self.number} {{ background: {theme.FELT}; "
                               f"border: {width}px solid {edge}; border-radius: "
                               f"{m.mm(2.5)}px; }}")
        # what only a new card changes (cards, totals, the box's state) is set in place; the
        # rest (players, stakes, hands split, offers) draws the box again
        shape = (box.seated, box.owner, box.coplayers, box.twins, box.bust, offers,
                 box.state == "empty", tuple((h.stakes, h.insured, h.even_money)
                                             for h in box.hands))
        if shape == getattr(self, "_shape", None):
            for widget, hand in zip(self._hands, box.hands, strict=True):
                widget.show_hand(hand)
            self._show_state(box.state)
            return
        self._shape = shape
        self._hands: list[HandWidget] = []
        self._state = None
        clear(self._layout)
        head = QHBoxLayout()
        num = QLabel(str(box.number))
        num.setStyleSheet(f"font-size: {m.font_px(5)}px; font-weight: bold; color: {theme.MUTED};")
        head.addWidget(num)
        who = QVBoxLayout()
        who.setSpacing(0)
        if box.state == "empty" and not box.seated:
            empty = QLabel(translate("Box", "empty"))
            empty.setStyleSheet(f"color: {theme.MUTED}; font-size: {m.font_px(3)}px;")
            head.addWidget(empty, 1, Qt.AlignmentFlag.AlignTop)
            self._layout.addLayout(head)
            self._layout.addStretch(1)
            self._hands = []
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
        # where the owner is and what the box waits for, on one line: "seated · to act"
        self._seat_text = seat_text
        self._state = QLabel("")
        self._state.setObjectName("state")
        self._state.setWordWrap(True)
        self._state_shown = None
        who.addWidget(self._state)
        self._show_state(box.state)
        head.addLayout(who, 1)
        self._layout.addLayout(head)
        scale = 1.0 if len(box.hands) <= 1 else 0.7 if len(box.hands) == 2 else 0.55
        for hand in box.hands:
            widget = HandWidget(hand, m, scale)
            self._hands.append(widget)
            self._layout.addWidget(widget)
        self._layout.addStretch(1)
        # while insurance is offered the players' own buttons stand for their stake lines
        for line in (() if offers else _stake_lines(box)):
            label = QLabel(line)
            label.setObjectName("stake-line")
            label.setWordWrap(True)
            label.setStyleSheet(f"font-size: {m.font_px(3.0)}px;")
            self._layout.addWidget(label)
        for slot in offers:
            self._layout.addWidget(self._offer_button(box, slot))

    def _show_state(self, state: str) -> None:
        if self._state is None or state == self._state_shown:
            return
        self._state_shown = state
        words = _state_text(state)
        self._state.setText(f"{self._seat_text} \u00b7 {words}" if words else self._seat_text)
        colour = theme.ACCENT if state == "playing" else theme.MUTED
        self._state.setStyleSheet(f"color: {colour}; font-size: {self.metrics.font_px(3.0)}px; "
                                  f"font-weight: {'bold' if state == 'playing' else 'normal'};")

    def _offer_button(self, box, slot: OfferSlot) -> QPushButton:
        """The player's own insurance button: it stays where it is once touched, showing what
        he took, so the next touch never lands on another player's offer."""
        who = player_label(slot.player)
        amount = money(slot.amount)
        if slot.kind == "even_money":
            text = translate("Box", "Even money %1").replace("%1", amount)
            text = text if slot.state == "offered" else "\u2713 " + text
            name = f"even-money-{slot.player}-{box.number}"
        else:
            text = (translate("Box", "Insure %1") if slot.state == "offered" else
                    "\u2713 " + translate("Box", "insured %1")).replace("%1", amount)
            name = f"insure-{slot.player}-{box.number}-1"
        b = QPushButton(f"{who}\n{text}")
        b.setObjectName(name)
        b.setProperty("offer", slot.state)
        b.setEnabled(slot.state == "offered")
        b.setCheckable(slot.state == "taken")
        b.setChecked(slot.state == "taken")
        b.setFixedHeight(self.metrics.mm(12))
        b.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        b.setStyleSheet(f"QPushButton {{ padding: 0 {self.metrics.mm(0.5)}px; font-size: "
                        f"{self.metrics.font_px(3.0)}px; font-weight: normal; }} "
                        f"QPushButton:checked:disabled {{ "
                        f"background: {theme.FELT_EDGE}; color: {theme.TEXT}; }}")
        b.clicked.connect(lambda _=False, k=slot.kind, p=slot.player, n=box.number:
                          self.offer_taken.emit(k, p, n))
        return b


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
        amounts = [s.amount for hand in box.hands for s in hand.stakes if s.player == p]
        if len(amounts) > 1 and len(set(amounts)) == 1:  # a split, the stake on each hand
            parts = [f"{len(amounts)} \u00d7 {money(amounts[0])}"]
        else:
            parts = [money(a) for a in amounts]
        first = box.hands[0] if box.hands else None
        if first is not None and p in first.insured:
            amount = next((s.amount for s in first.stakes if s.player == p), Decimal(0))
            parts.append(translate("Box", "insured %1").replace("%1", money(
                insurance_cost(amount))))
        if first is not None and p in first.even_money:
            parts.append(translate("Box", "even money"))
        for kind, stakes in (("Twins", box.twins), ("Bust", box.bust)):
            for s in stakes:
                if s.player == p:
                    parts.append(f"{kind} {money(s.amount)}")
        if parts:
            out.append(f"{player_label(p)}: {' + '.join(parts)}")
    return out
