"""The settlement as the dealer pays it: each box's lines at the box's place on the felt, its
hands' cards above them, the boxes numbered in the order he pays (from his right: the highest
box first, down to box 1). A line to pay shows its chips as stacks of the table's
denominations, coloured as the chips are, with the count in words; a line paid already during
play (a Black Jack paid at once, even money) is marked so and left out of what remains to pay.
The dealer pays, touches "Paid", and the round closes.

What the house won or lost is not on this screen: players can see it."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from kiosk.table.money import fewest_chips
from kiosk.ui import theme
from kiosk.ui.text import BETS, OUTCOMES, money, total_label, translate
from kiosk.ui.widgets.box import clear, player_label
from kiosk.ui.widgets.card import CardWidget

# chip colours by the denomination's place among the table's chips, smallest first (white,
# red, blue, green, black, purple, orange, yellow, as the chips on most tables run)
CHIP_COLOURS = ("#f2f2f2", "#d93b3b", "#2f6fd6", "#2e9e5b", "#1b1b1b", "#8e44ad", "#f08c1a",
                "#f1c40f")
STACK_MAX = 8  # chips drawn in one stack; the count in words says how many there are


def _rules(m) -> str:
    """The page's look, by each widget's "look" property."""
    return f"""
    QFrame[look="box"] {{ background: {theme.FELT}; border: {m.mm(0.4)}px solid
        {theme.FELT_EDGE}; border-radius: {m.mm(2)}px; }}
    QFrame[look="box-empty"] {{ background: {theme.BG}; border: {m.mm(0.4)}px solid
        {theme.PANEL}; border-radius: {m.mm(2)}px; }}
    QLabel[look="number"] {{ font-size: {m.font_px(5)}px; font-weight: bold;
        color: {theme.MUTED}; }}
    QLabel[look="badge"] {{ background: {theme.ACCENT}; color: {theme.ACCENT_TEXT};
        font-weight: bold; font-size: {m.font_px(3.4)}px; border-radius: {m.mm(1)}px;
        padding: 0 {m.mm(1)}px; }}
    QLabel[look="total"] {{ font-weight: bold; font-size: {m.font_px(3.0)}px; }}
    QLabel[look="total-bust"] {{ font-weight: bold; font-size: {m.font_px(3.0)}px;
        color: {theme.BAD}; }}
    QLabel[look="who"] {{ font-size: {m.font_px(3.0)}px; }}
    QLabel[look="pay"] {{ color: {theme.GOOD}; font-weight: bold;
        font-size: {m.font_px(3.2)}px; }}
    QLabel[look="take"] {{ color: {theme.BAD}; font-weight: bold;
        font-size: {m.font_px(3.2)}px; }}
    QLabel[look="push"] {{ font-weight: bold; font-size: {m.font_px(3.2)}px; }}
    QLabel[look="paid"] {{ color: {theme.MUTED}; font-weight: bold;
        font-size: {m.font_px(3.2)}px; }}
    QLabel[look="chips"] {{ font-size: {m.font_px(3.2)}px; font-weight: bold; }}
    """


def chips_text(amount: Decimal, chips) -> str:
    """ "2 × 100, 1 × 25" (and what no chip makes)."""
    used, left = fewest_chips(amount, chips)
    parts = [f"{n} \u00d7 {money(d)}" for d, n in used]
    if left:
        parts.append(translate("Settlement", "%1 in cash").replace("%1", money(left)))
    return ", ".join(parts)


def chip_colour(denomination: Decimal, chips) -> str:
    ordered = sorted(Decimal(c) for c in chips)
    i = ordered.index(Decimal(denomination)) if Decimal(denomination) in ordered else 0
    return CHIP_COLOURS[i % len(CHIP_COLOURS)]


class ChipStack(QWidget):
    """A stack of `count` chips of one colour seen from the side, as they lie on the felt."""

    def __init__(self, colour: str, count: int, metrics, parent=None) -> None:
        super().__init__(parent)
        self.colour = QColor(colour)
        self.count = count
        self.metrics = metrics
        self._size = QSize(metrics.mm(9), metrics.mm(9))
        self.setFixedSize(self._size)
        self.setObjectName("chip-stack")

    def sizeHint(self) -> QSize:
        return self._size

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        shown = min(self.count, STACK_MAX)
        face = h * 0.34  # the top chip's face, an ellipse
        step = (h - face - 2) / STACK_MAX
        edge = QColor("#9aa3ab") if self.colour.lightness() < 60 else self.colour.darker(160)
        for i in range(shown):
            y = h - 1 - face - i * step
            r = QRectF(1, y - step, w - 2, face)
            p.setPen(QPen(edge, 1))
            p.setBrush(self.colour)
            p.drawEllipse(r.translated(0, step))
            p.drawRect(QRectF(1, y - step + face / 2, w - 2, step))
        top = QRectF(1, h - 1 - face - shown * step, w - 2, face)
        p.setPen(QPen(edge, 1))
        p.setBrush(self.colour)
        p.drawEllipse(top)
        p.setPen(QPen(QColor("#ffffff") if self.colour.lightness() < 140 else QColor("#555555"),
                      max(1.0, w * 0.06), Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(top.adjusted(w * 0.18, face * 0.18, -w * 0.18, -face * 0.18))
        p.end()


class SettlementPage(QWidget):
    paid = Signal()

    def __init__(self, bridge, metrics, chips, currency: str = "EUR", parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("settlement")
        self.bridge = bridge
        self.metrics = metrics
        self.chips = [Decimal(c) for c in chips]
        self.currency = currency
        self.setStyleSheet(_rules(metrics))  # once: a widget per line needs no sheet of its own
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(metrics.mm(2))
        head = QHBoxLayout()
        head.setSpacing(metrics.mm(2))
        titles = QVBoxLayout()
        titles.setSpacing(0)
        self.title = QLabel("")
        self.title.setObjectName("settlement-title")
        self.title.setStyleSheet(f"font-size: {metrics.font_px(4.2)}px; font-weight: bold;")
        titles.addWidget(self.title)
        self.order = QLabel("")
        self.order.setObjectName("pay-order")
        self.order.setStyleSheet(f"color: {theme.MUTED}; font-size: {metrics.font_px(3.0)}px;")
        titles.addWidget(self.order)
        head.addLayout(titles)
        self.dealer_cards = QHBoxLayout()
        self.dealer_cards.setSpacing(metrics.mm(0.8))
        head.addLayout(self.dealer_cards)
        self.dealer = QLabel("")
        self.dealer.setObjectName("settlement-dealer")
        self.dealer.setStyleSheet(f"font-size: {metrics.font_px(4.2)}px; font-weight: bold;")
        head.addWidget(self.dealer)
        head.addStretch(1)
        self.to_pay = QLabel("")
        self.to_pay.setObjectName("to-pay")
        self.to_pay.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.to_pay.setStyleSheet(f"font-size: {metrics.font_px(4.2)}px; font-weight: bold; "
                                  f"color: {theme.GOOD};")
        head.addWidget(self.to_pay)
        self.paid_button = QPushButton(translate("Settlement", "Paid"))
        self.paid_button.setObjectName("paid")
        self.paid_button.setProperty("role", "main")
        self.paid_button.setMinimumWidth(metrics.mm(40))
        self.paid_button.clicked.connect(self._paid)
        head.addWidget(self.paid_button)
        lay.addLayout(head)
        # the boxes as they lie on the felt: box 1 (nearest the shoe) on the left
        self.row = QHBoxLayout()
        self.row.setSpacing(metrics.mm(1.5))
        lay.addLayout(self.row, 1)
        self._shown = None

    def render(self, view) -> None:
        s = view.settlement
        if s is None:
            return
        key = (view.round_id, s, view.boxes, view.dealer, view.choices.settle,
               view.choices.confirm_payout)
        if key == self._shown:
            return
        self._shown = key
        self.title.setText(translate("Settlement", "Round %1: settlement").replace(
            "%1", str(view.round_id)))
        clear(self.dealer_cards)
        for code in view.dealer.cards:
            self.dealer_cards.addWidget(CardWidget(code, self.metrics, 0.6))
        outcome = {"blackjack": translate("Settlement", "Dealer: Black Jack"),
                   "bust": translate("Settlement", "Dealer busts (%1)"),
                   "stand": translate("Settlement", "Dealer: %1"),
                   "not_drawn": translate("Settlement", "Dealer: %1")}[s.dealer_outcome]
        self.dealer.setText(outcome.replace("%1", str(view.dealer.total)))
        by_box = defaultdict(list)
        for ln in s.lines:
            by_box[ln.box].append(ln)
        order = {box: i for i, box in enumerate(sorted(by_box, reverse=True), start=1)}
        if len(order) > 1:
            self.order.setText(translate("Settlement", "Pay from box %1 down to box %2").replace(
                "%1", str(max(order))).replace("%2", str(min(order))))
        else:
            self.order.setText("")
        self.to_pay.setText(translate("Settlement", "To pay: %1 %2").replace(
            "%1", money(s.to_pay)).replace("%2", self.currency))
        clear(self.row)
        for box in view.boxes:
            lines = by_box.get(box.number, [])
            self.row.addWidget(self._box_column(box, lines, order.get(box.number)), 1)
        self.paid_button.setEnabled(view.choices.settle or view.choices.confirm_payout)

    def _box_column(self, box, lines, order: int | None) -> QFrame:
        m = self.metrics
        column = QFrame()
        name = f"settle-box-{box.number}"
        column.setObjectName(name)
        column.setProperty("look", "box" if lines else "box-empty")
        column.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Expanding)
        lay = QVBoxLayout(column)
        lay.setContentsMargins(m.mm(1.2), m.mm(1), m.mm(1.2), m.mm(1))
        lay.setSpacing(m.mm(0.6))
        head = QHBoxLayout()
        number = QLabel(str(box.number))
        number.setProperty("look", "number")
        head.addWidget(number)
        head.addStretch(1)
        if order is not None:
            badge = QLabel(translate("Settlement", "%1.").replace("%1", str(order)))
            badge.setObjectName(f"pay-order-{box.number}")
            badge.setToolTip(translate("Settlement", "paid in this order"))
            badge.setProperty("look", "badge")
            head.addWidget(badge)
        lay.addLayout(head)
        if not lines:
            lay.addStretch(1)
            return column
        placed = set()
        for hand in box.hands:
            cards = QHBoxLayout()
            cards.setSpacing(-m.mm(3) if len(hand.cards) > 3 else m.mm(0.6))
            for code in hand.cards:
                cards.addWidget(CardWidget(code, m, 0.5))
            words = QLabel(total_label(hand.label, finished=True))
            words.setObjectName(f"settle-total-{box.number}-{hand.number}")
            words.setProperty("look", "total-bust" if hand.bust else "total")
            cards.addWidget(words, 1)
            lay.addLayout(cards)
            # the hand's lines under its cards (insurance and even money with the first)
            for ln in lines:
                if ln.hand == hand.number and ln.bet not in ("twins", "bust"):
                    self._line(lay, ln)
                    placed.add(id(ln))
        for ln in lines:  # the box's side bets, and anything not on a hand shown
            if id(ln) not in placed:
                self._line(lay, ln)
        lay.addStretch(1)
        return column

    def _line(self, lay, ln) -> None:
        m = self.metrics
        who, todo = self._line_text(ln)
        row = QLabel(who)
        row.setObjectName(f"line-{ln.player}-{ln.box}-{ln.hand}-{ln.bet}")
        row.setWordWrap(True)
        row.setTextFormat(Qt.TextFormat.PlainText)
        row.setProperty("look", "who")
        lay.addWidget(row)
        pay = QLabel(todo)
        pay.setObjectName(f"pay-{ln.player}-{ln.box}-{ln.hand}-{ln.bet}")
        pay.setWordWrap(True)
        pay.setTextFormat(Qt.TextFormat.PlainText)
        pay.setProperty("look", "paid" if ln.paid else "pay" if ln.net > 0 else
                        "take" if ln.net < 0 else "push")
        if not (ln.net > 0 and not ln.paid):
            lay.addWidget(pay)
            return
        used, left = fewest_chips(ln.net, self.chips)
        for denomination, count in used:
            chips = QHBoxLayout()
            chips.setSpacing(m.mm(1))
            chips.addWidget(ChipStack(chip_colour(denomination, self.chips), count, m))
            words = QLabel(f"{count} \u00d7 {money(denomination)}")
            words.setObjectName("chip-count")
            words.setProperty("look", "chips")
            chips.addWidget(words, 0, Qt.AlignmentFlag.AlignBottom)  # beside the stack's foot
            chips.addStretch(1)
            lay.addLayout(chips)
        if len(used) != 1 or left:  # one stack says the amount itself; several are summed
            lay.addWidget(pay)
        if left:
            cash = QLabel(translate("Settlement", "%1 in cash").replace("%1", money(left)))
            cash.setProperty("look", "chips")
            lay.addWidget(cash)

    def _line_text(self, ln) -> tuple[str, str]:
        """Who bet what and how it went; what the dealer does about it."""
        player = player_label(ln.player)
        outcome = translate("Outcome", OUTCOMES.get(ln.outcome, ln.outcome))
        if ln.bet == "main":
            who = translate("Settlement", "%1: %2").replace("%1", player).replace("%2", outcome)
        else:
            bet = translate("Bet", BETS.get(ln.bet, ln.bet))
            who = translate("Settlement", "%1, %2 %3: %4").replace("%1", player) \
                .replace("%2", bet).replace("%3", money(ln.stake)).replace("%4", outcome)
        if ln.paid:
            todo = "\u2713 " + translate("Settlement", "paid already: %1").replace(
                "%1", money(ln.net))
        elif ln.net > 0:
            todo = "+" + money(ln.net)
        elif ln.net < 0:
            todo = translate("Settlement", "take %1").replace("%1", money(-ln.net))
        else:
            todo = translate("Settlement", "the stake stays")
        return who, todo

    def _paid(self) -> None:
        view = self.bridge.view()
        if view.choices.settle and not self.bridge.act("settle"):
            return
        if self.bridge.act("confirm_payout", "dealer"):
            self.paid.emit()
