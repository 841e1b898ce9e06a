"""The settlement: every box, player and bet, win, loss or push, the amount, and the chips to
pay it with (the fewest of the table's denominations). The dealer pays, touches "Paid", and
the round closes."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from kiosk.table.money import fewest_chips
from kiosk.ui import theme
from kiosk.ui.text import BETS, OUTCOMES, money, translate
from kiosk.ui.widgets.box import clear, player_label
from kiosk.ui.widgets.card import CardWidget


def chips_text(amount: Decimal, chips) -> str:
    """ "2 × 100, 1 × 25" (and what no chip makes)."""
    used, left = fewest_chips(amount, chips)
    parts = [f"{n} \u00d7 {money(d)}" for d, n in used]
    if left:
        parts.append(translate("Settlement", "%1 in cash").replace("%1", money(left)))
    return ", ".join(parts)


class SettlementPage(QWidget):
    paid = Signal()

    def __init__(self, bridge, metrics, chips, currency: str = "EUR", parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("settlement")
        self.bridge = bridge
        self.metrics = metrics
        self.chips = [Decimal(c) for c in chips]
        self.currency = currency
        lay = QVBoxLayout(self)
        lay.setSpacing(metrics.mm(2))
        head = QHBoxLayout()
        self.title = QLabel("")
        self.title.setObjectName("settlement-title")
        self.title.setStyleSheet(f"font-size: {metrics.font_px(5)}px; font-weight: bold;")
        head.addWidget(self.title)
        self.dealer_cards = QHBoxLayout()
        head.addLayout(self.dealer_cards)
        self.dealer = QLabel("")
        self.dealer.setStyleSheet(f"font-size: {metrics.font_px(4.5)}px; font-weight: bold;")
        head.addWidget(self.dealer)
        head.addStretch(1)
        self.to_pay = QLabel("")
        self.to_pay.setObjectName("to-pay")
        self.to_pay.setStyleSheet(f"font-size: {metrics.font_px(4.5)}px; font-weight: bold; "
                                  f"color: {theme.GOOD};")
        head.addWidget(self.to_pay)
        self.paid_button = QPushButton(translate("Settlement", "Paid"))
        self.paid_button.setObjectName("paid")
        self.paid_button.setProperty("role", "main")
        self.paid_button.setMinimumWidth(metrics.mm(60))
        self.paid_button.clicked.connect(self._paid)
        head.addWidget(self.paid_button)
        lay.addLayout(head)
        self.grid = QGridLayout()
        self.grid.setSpacing(metrics.mm(2))
        lay.addLayout(self.grid, 1)
        self.totals = QLabel("")
        self.totals.setObjectName("settlement-totals")
        self.totals.setWordWrap(True)
        self.totals.setStyleSheet(f"font-size: {metrics.font_px(3.4)}px;")
        lay.addWidget(self.totals)

    def render(self, view) -> None:
        s = view.settlement
        if s is None:
            return
        self.title.setText(translate("Settlement", "Round %1: settlement").replace(
            "%1", str(view.round_id)))
        clear(self.dealer_cards)
        for code in view.dealer.cards:
            self.dealer_cards.addWidget(CardWidget(code, self.metrics, 0.7))
        outcome = {"blackjack": translate("Settlement", "Dealer: Black Jack"),
                   "bust": translate("Settlement", "Dealer busts (%1)"),
                   "stand": translate("Settlement", "Dealer: %1"),
                   "not_drawn": translate("Settlement", "Dealer: %1")}[s.dealer_outcome]
        self.dealer.setText(outcome.replace("%1", str(view.dealer.total)))
        clear(self.grid)
        by_box = defaultdict(list)
        for ln in s.lines:
            by_box[ln.box].append(ln)
        columns = 4 if len(by_box) > 3 else max(1, len(by_box))
        for i, (box, lines) in enumerate(sorted(by_box.items())):
            self.grid.addWidget(self._box_card(box, lines), i // columns, i % columns)
        net = ", ".join(f"{player_label(n.player)} {_signed(n.amount)}" for n in s.net)
        self.totals.setText(translate("Settlement", "Net: %1. House: %2 %3").replace("%1", net)
                            .replace("%2", _signed(s.house)).replace("%3", self.currency))
        self.to_pay.setText(translate("Settlement", "To pay: %1 %2")
                            .replace("%1", money(s.to_pay)).replace("%2", self.currency))
        self.paid_button.setEnabled(view.choices.settle or view.choices.confirm_payout)

    def _box_card(self, box: int, lines) -> QFrame:
        m = self.metrics
        card = QFrame()
        card.setObjectName(f"settle-box-{box}")
        card.setStyleSheet(f"QFrame#settle-box-{box} {{ background: {theme.PANEL}; "
                           f"border-radius: {m.mm(1.5)}px; }}")
        lay = QVBoxLayout(card)
        lay.setSpacing(m.mm(0.6))
        title = QLabel(translate("Settlement", "Box %1").replace("%1", str(box)))
        title.setStyleSheet(f"font-size: {m.font_px(3.8)}px; font-weight: bold; "
                            f"color: {theme.MUTED};")
        lay.addWidget(title)
        for ln in lines:
            who, todo = self._line_text(ln)
            colour = theme.MUTED if ln.paid else theme.GOOD if ln.net > 0 else \
                theme.BAD if ln.net < 0 else theme.TEXT
            row = QLabel(who)
            row.setObjectName(f"line-{ln.player}-{ln.box}-{ln.hand}-{ln.bet}")
            row.setWordWrap(True)
            row.setTextFormat(Qt.TextFormat.PlainText)
            row.setStyleSheet(f"font-size: {m.font_px(3.2)}px;")
            lay.addWidget(row)
            pay = QLabel(todo)
            pay.setObjectName(f"pay-{ln.player}-{ln.box}-{ln.hand}-{ln.bet}")
            pay.setWordWrap(True)
            pay.setTextFormat(Qt.TextFormat.PlainText)
            pay.setStyleSheet(f"color: {colour}; font-weight: bold; font-size: "
                              f"{m.font_px(3.6)}px; padding-left: {m.mm(3)}px;")
            lay.addWidget(pay)
        lay.addStretch(1)
        return card

    def _line_text(self, ln) -> tuple[str, str]:
        """Who bet what and how it went; what the dealer does about it."""
        player = player_label(ln.player)
        if ln.hand > 1:
            player = translate("Settlement", "%1 (hand %2)").replace("%1", player) \
                .replace("%2", str(ln.hand))
        bet = translate("Bet", BETS.get(ln.bet, ln.bet))
        outcome = translate("Outcome", OUTCOMES.get(ln.outcome, ln.outcome))
        who = translate("Settlement", "%1: %2 %3, %4").replace("%1", player) \
            .replace("%2", bet).replace("%3", money(ln.stake)).replace("%4", outcome)
        if ln.paid:
            todo = translate("Settlement", "%1 paid during play").replace("%1", money(ln.net))
        elif ln.net > 0:
            todo = translate("Settlement", "pay %1: %2").replace("%1", money(ln.net)) \
                .replace("%2", chips_text(ln.net, self.chips))
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


def _signed(amount: Decimal) -> str:
    return ("+" if amount > 0 else "") + money(amount)
