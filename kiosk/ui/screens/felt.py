"""The felt as the dealer sees it: his own cards and what he must do at the top, the boxes below
in a row, box 1 (nearest the shoe, dealt first) on the left."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from kiosk.ui import theme
from kiosk.ui.text import total_label, translate
from kiosk.ui.widgets.box import BoxWidget, OfferSlot, clear, insurance_cost
from kiosk.ui.widgets.card import CardWidget

DEALER_SCALE = 0.85  # the dealer's cards: a strip 19 mm high leaves the boxes room


class DealerStrip(QFrame):
    """The dealer's cards (the hole card face down until turned), his total and guidance."""

    def __init__(self, metrics, parent=None) -> None:
        super().__init__(parent)
        self.metrics = metrics
        self.setObjectName("dealer")
        self.setStyleSheet(f"QFrame#dealer {{ background: {theme.FELT}; border-radius: "
                           f"{metrics.mm(2.5)}px; }}")
        row = QHBoxLayout(self)
        row.setContentsMargins(metrics.mm(3), metrics.mm(1), metrics.mm(3), metrics.mm(1))
        title = QLabel(translate("Felt", "Dealer"))
        title.setStyleSheet(f"font-size: {metrics.font_px(4)}px; font-weight: bold; "
                            f"color: {theme.MUTED};")
        row.addWidget(title)
        self.cards = QHBoxLayout()
        self.cards.setSpacing(metrics.mm(1))
        row.addLayout(self.cards)
        self.total = QLabel("")
        self.total.setObjectName("dealer-total")
        self.total.setStyleSheet(f"font-size: {metrics.font_px(5)}px; font-weight: bold;")
        row.addWidget(self.total)
        row.addStretch(1)
        self.guidance = QLabel("")
        self.guidance.setObjectName("guidance")
        self.guidance.setStyleSheet(f"font-size: {metrics.font_px(5)}px; font-weight: bold; "
                                    f"color: {theme.ACCENT};")
        row.addWidget(self.guidance)
        self.setFixedHeight(metrics.mm(19))

    def render(self, view) -> None:
        d = view.dealer
        shown = (None,) * d.face_down + tuple(d.cards)
        before = getattr(self, "_cards", ())
        if shown[:len(before)] != before:  # the hole card turned, a correction: again
            clear(self.cards)
            before = ()
        for code in shown[len(before):]:  # a new card is one more widget, no more
            self.cards.addWidget(CardWidget(code, self.metrics, DEALER_SCALE))
        self._cards = shown
        self.total.setText(total_label(d.label))
        self.guidance.setText(guidance(view))


def guidance(view) -> str:
    """What happens next, in one line the dealer reads from across the table."""
    d, c = view.dealer, view.choices
    if d.guidance == "draw":
        return translate("Felt", "Dealer draws")
    if d.guidance == "stand" and d.total is not None:
        if d.label == "Black Jack":
            return translate("Felt", "Dealer has Black Jack")
        if d.total > 21:
            return translate("Felt", "Dealer busts")
        return translate("Felt", "Dealer stands on %1").replace("%1", str(d.total))
    if view.phase == "insurance":
        return translate("Felt", "Insurance? Then the dealer peeks")
    if view.phase == "betting":
        return translate("Felt", "Place your bets")
    if c.box is not None:
        return translate("Felt", "Box %1 to act").replace("%1", str(c.box))
    if view.phase in ("deal", "boxes"):
        target = view.next_card
        if target.startswith("box "):
            return translate("Felt", "Next card: box %1").replace("%1", target[4:].split()[0])
        if target == "dealer":
            return translate("Felt", "Next card: dealer")
    return ""


class Felt(QWidget):
    """The dealer strip over the row of boxes; `box_clicked(number)` when a box is touched."""

    box_clicked = Signal(int)
    offer_taken = Signal(str, str, int)  # "insure" or "even_money", player, box

    def __init__(self, metrics, boxes: int, parent=None) -> None:
        super().__init__(parent)
        self.metrics = metrics
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(metrics.gap)
        self.dealer = DealerStrip(metrics)
        lay.addWidget(self.dealer)
        row = QHBoxLayout()
        row.setSpacing(metrics.mm(1.5))
        self.boxes: list[BoxWidget] = []
        for n in range(1, boxes + 1):
            w = BoxWidget(n, metrics)
            w.clicked.connect(self.box_clicked.emit)
            w.offer_taken.connect(self.offer_taken.emit)
            row.addWidget(w, 1)
            self.boxes.append(w)
        lay.addLayout(row, 1)

    def render(self, view, selected: int | None = None, offers: bool = True) -> None:
        self.dealer.render(view)
        window = offers and insurance_window(view)
        for w, box in zip(self.boxes, view.boxes, strict=False):
            w.render(box, selected == box.number, offer_slots(view, box) if window else ())


def insurance_window(view) -> bool:
    """Insurance (and even money) may be taken now: the dealer shows an ace."""
    c = view.choices
    return bool(c.insurance or c.even_money) or view.phase == "insurance"


def offer_slots(view, box) -> tuple[OfferSlot, ...]:
    """One place per player with a stake on the box's first hand, the owner first, then the
    co-players in the order they joined: what each may take, or took."""
    if not box.hands or not box.hands[0].stakes:
        return ()
    hand = box.hands[0]
    stakes = {s.player: s.amount for s in hand.stakes}
    players = [p for p in ([box.owner] if box.owner else []) + list(box.coplayers)
               if p in stakes]
    players += [p for p in stakes if p not in players]
    c = view.choices
    insure = {o.player for o in c.insurance if o.box == box.number and o.hand == 1}
    even = {o.player for o in c.even_money if o.box == box.number}
    out = []
    for p in players:
        stake = stakes[p]
        if p in hand.even_money:
            out.append(OfferSlot(p, "even_money", "taken", stake))
        elif p in hand.insured:
            out.append(OfferSlot(p, "insure", "taken", insurance_cost(stake)))
        elif p in even:
            out.append(OfferSlot(p, "even_money", "offered", stake))
        elif p in insure:
            out.append(OfferSlot(p, "insure", "offered", insurance_cost(stake)))
        elif hand.blackjack:
            out.append(OfferSlot(p, "even_money", "none", stake))
        else:
            out.append(OfferSlot(p, "insure", "none", insurance_cost(stake)))
    return tuple(out)
