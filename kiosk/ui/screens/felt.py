"""The felt as the dealer sees it: his own cards and what he must do at the top, the boxes below
in a row, box 1 (nearest the shoe, dealt first) on the left."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from kiosk.ui import theme
from kiosk.ui.text import total_label, translate
from kiosk.ui.widgets.box import (
    BoxWidget,
    OfferSlot,
    PaySlot,
    StakeTile,
    clear,
    insurance_cost,
    tile_columns,
)
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
        # while bets are placed the strip holds one line: the boxes have the stake tiles' room
        low = view.phase in ("betting", "closed") and not d.cards and not d.face_down
        self.setFixedHeight(self.metrics.mm(12 if low else 19))
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
    stake_picked = Signal(int, str, str)  # box, player, side ("" for the box itself)
    chip_off = Signal(int, str, str)  # box, player, side
    cleared = Signal(int)  # box
    line_paid = Signal(str, int, int, str)  # player, box, hand, bet

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
            w.stake_picked.connect(self.stake_picked.emit)
            w.chip_off.connect(self.chip_off.emit)
            w.cleared.connect(self.cleared.emit)
            w.line_paid.connect(self.line_paid.emit)
            row.addWidget(w, 1)
            self.boxes.append(w)
        lay.addLayout(row, 1)
        self._row = row

    def set_guard(self, clock, guard_ms: int) -> None:
        """The touch guard of the buttons on the felt that take the place of another."""
        for w in self.boxes:
            w.clock, w.guard_ms = clock, guard_ms

    def render(self, view, selected: int | None = None, offers: bool = True,
               picked: tuple | None = None) -> None:
        """`offers`: insurance offers and lines paid at once are buttons (not in a replay).
        `picked`: while betting, the (box, player, side) the chips go to; the stakes are
        drawn as tiles on their boxes."""
        self.dealer.render(view)
        window = offers and insurance_window(view)
        betting = picked is not None
        for i, (w, box) in enumerate(zip(self.boxes, view.boxes, strict=False)):
            tiles = stake_tiles(box, picked) if betting else None
            # a box with two columns of stakes is as wide as two boxes while betting
            wide = tile_columns(len(tiles)) if tiles else 1
            if self._row.stretch(i) != wide:
                self._row.setStretch(i, wide)
            w.render(box, selected == box.number,
                     offer_slots(view, box) if window and not betting else (),
                     pay_slots(view, box) if offers and not betting else (),
                     tiles,
                     view.choices.bet, view.round_id)


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


def stake_tiles(box, picked: tuple) -> tuple[StakeTile, ...]:
    """Every stake on the box while betting: the box's own, then Twins, then Bust."""
    main = box.hands[0].stakes if box.hands else ()
    order = [p for p in ([box.owner] if box.owner else []) + list(box.coplayers)]
    order += [s.player for s in (*main, *box.twins, *box.bust) if s.player not in order]

    def place(stake):  # the owner first, then the co-players in the order they joined
        return order.index(stake.player)

    stakes = [(None, s) for s in sorted(main, key=place)] + \
        [("twins", s) for s in sorted(box.twins, key=place)] + \
        [("bust", s) for s in sorted(box.bust, key=place)]
    return tuple(StakeTile(s.player, side, s.amount, s.standing,
                           (box.number, s.player, side) == picked) for side, s in stakes)


def pay_slots(view, box) -> tuple[PaySlot, ...]:
    """Where the box has a line paid at once: one place per player on its first hand (the
    owner first, then the co-players in the order they joined), with his line or none."""
    lines = {ln.player: ln for ln in view.payable_now if ln.box == box.number}
    if not lines or not box.hands:
        return ()
    stakes = [s.player for s in box.hands[0].stakes]
    players = [p for p in ([box.owner] if box.owner else []) + list(box.coplayers)
               if p in stakes]
    players += [p for p in stakes if p not in players]
    players += [p for p in lines if p not in players]
    return tuple(PaySlot(p, lines.get(p)) for p in players)
