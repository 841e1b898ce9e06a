"""Play: the box owner's decisions for the active hand, each enabled from the engine's choices
alone; the co-players asked one by one whether they follow a double or a split; insurance and
even money offered per player while the dealer shows an ace; Black Jacks to pay at once."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from kiosk.ui import theme
from kiosk.ui.text import money, translate
from kiosk.ui.widgets.box import clear, player_label

DECISIONS = ("stand", "double", "split", "surrender")
DECISION_MM = 42  # each decision button's width: four fit beside the open keypad at 1280x800


class PlayPanel(QWidget):
    keypad_wanted = Signal()

    def __init__(self, bridge, metrics, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("play")
        self.bridge = bridge
        self.metrics = metrics
        self._view = None
        self.stack = QStackedWidget()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.stack)
        self.decide = QWidget()
        self.follow = FollowQuestion(bridge, metrics)
        self.follow.done.connect(lambda: self.stack.setCurrentWidget(self.decide))
        self.stack.addWidget(self.decide)
        self.stack.addWidget(self.follow)
        # the decision buttons have a fixed size and place: opening the keypad beside the
        # panel, a longer title or a payment line never moves them under the finger
        lay = QVBoxLayout(self.decide)
        lay.setSpacing(metrics.mm(2))
        self.title = QLabel("")
        self.title.setObjectName("play-title")
        self.title.setStyleSheet(f"font-size: {metrics.font_px(4.5)}px; font-weight: bold;")
        self.title.setFixedHeight(metrics.mm(8))
        lay.addWidget(self.title)
        buttons = QHBoxLayout()
        buttons.setSpacing(metrics.mm(3))
        self.buttons = {}
        words = {"stand": translate("Play", "Stand"), "double": translate("Play", "Double"),
                 "split": translate("Play", "Split"), "surrender": translate("Play", "Surrender")}
        for d in DECISIONS:
            b = QPushButton(words[d])
            b.setObjectName(d)
            b.setProperty("role", "main")
            w, h = metrics.mm(DECISION_MM), metrics.main
            b.setFixedSize(w, h)  # and in the style sheet, which would set its own minimum
            b.setStyleSheet(f"QPushButton {{ padding: 0 {metrics.mm(1)}px; min-width: {w}px; "
                            f"max-width: {w}px; min-height: {h}px; max-height: {h}px; }}")
            b.clicked.connect(lambda _=False, d=d: self._decide(d))
            sp = b.sizePolicy()
            sp.setRetainSizeWhenHidden(True)  # surrender's place stays where it is not offered
            b.setSizePolicy(sp)
            buttons.addWidget(b)
            self.buttons[d] = b
        buttons.addStretch(1)
        lay.addLayout(buttons)
        second = QHBoxLayout()
        second.setSpacing(metrics.mm(3))
        self.close_insurance = QPushButton(translate("Play", "Insurance closed: peek"))
        self.close_insurance.setObjectName("close-insurance")
        self.close_insurance.setProperty("role", "main")
        self.close_insurance.clicked.connect(lambda: self.bridge.act("close_insurance"))
        second.addWidget(self.close_insurance)
        key = QPushButton(translate("Play", "Key in card"))
        key.setObjectName("keypad")
        key.clicked.connect(self.keypad_wanted.emit)
        second.addWidget(key, 0, Qt.AlignmentFlag.AlignTop)
        self.pay_now = QLabel("")
        self.pay_now.setObjectName("pay-now")
        self.pay_now.setWordWrap(True)
        self.pay_now.setStyleSheet(f"color: {theme.GOOD}; font-weight: bold;")
        second.addWidget(self.pay_now, 1)
        lay.addLayout(second)
        lay.addStretch(1)

    def render(self, view) -> None:
        self._view = view
        c = view.choices
        if c.box is not None:
            box = view.boxes[c.box - 1]
            hand = box.hands[c.hand - 1]
            owner = player_label(box.owner) if box.owner else "?"
            if len(box.hands) == 1:  # no "hand 1" while the box has one hand
                text = translate("Play", "Box %1: %3 decides") if len(hand.cards) >= 2 else \
                    translate("Play", "Box %1: its second card")
            else:
                text = translate("Play", "Box %1, hand %2: %3 decides") \
                    if len(hand.cards) >= 2 else \
                    translate("Play", "Box %1, hand %2: its second card")
            self.title.setText(text.replace("%1", str(c.box)).replace("%2", str(c.hand))
                               .replace("%3", owner))
        elif view.phase == "deal":
            self.title.setText(translate("Play", "Dealing"))
        elif view.phase == "insurance":
            self.title.setText(translate("Play", "Dealer shows an ace: insurance?"))
        else:
            self.title.setText(translate("Play", "Dealer's turn"))
        for d, b in self.buttons.items():
            b.setEnabled(bool(getattr(c, d)))
        self.buttons["surrender"].setVisible(view.choices.surrender or _has_surrender(view))
        self.close_insurance.setVisible(c.close_insurance)
        pay = translate("Play", "%1 (box %2): pay %3")
        lines = [pay.replace("%1", player_label(ln.player)).replace("%2", str(ln.box))
                 .replace("%3", money(ln.net)) for ln in view.payable_now]
        self.pay_now.setText((translate("Play", "Pay at once:") + "\n" + "\n".join(lines))
                             if lines else "")
        if self.stack.currentWidget() is self.follow and not self.follow.still_valid(view):
            self.stack.setCurrentWidget(self.decide)

    def _decide(self, decision: str) -> None:
        c = self._view.choices
        followers = {"double": c.double_followers, "split": c.split_followers}.get(decision, ())
        if followers:
            self.follow.ask(self._view, decision)
            self.stack.setCurrentWidget(self.follow)
            return
        self.bridge.act(decision, c.box, **({"follow": ()} if decision in ("double", "split")
                                            else {}), hand=c.hand)


def _has_surrender(view) -> bool:
    return view.preset == "holecard"  # the only game that may offer it: keep its place steady


class FollowQuestion(QWidget):
    """Each co-player on the box, asked whether he follows the owner's double or split."""

    done = Signal()

    def __init__(self, bridge, metrics, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("follow")
        self.bridge = bridge
        self.metrics = metrics
        self.decision = ""
        self.box = self.hand = None
        self.answers: dict[str, bool | None] = {}
        lay = QVBoxLayout(self)
        self.title = QLabel("")
        self.title.setObjectName("follow-title")
        self.title.setStyleSheet(f"font-size: {metrics.font_px(4.5)}px; font-weight: bold;")
        lay.addWidget(self.title)
        self.rows = QGridLayout()
        self.rows.setSpacing(metrics.gap)
        lay.addLayout(self.rows)
        foot = QHBoxLayout()
        self.cancel = QPushButton(translate("Follow", "Back"))
        self.cancel.setObjectName("follow-cancel")
        self.cancel.clicked.connect(self.done.emit)
        foot.addWidget(self.cancel)
        foot.addStretch(1)
        self.confirm = QPushButton("")
        self.confirm.setObjectName("follow-confirm")
        self.confirm.setProperty("role", "main")
        self.confirm.clicked.connect(self._confirm)
        foot.addWidget(self.confirm)
        lay.addLayout(foot)
        lay.addStretch(1)

    def ask(self, view, decision: str) -> None:
        c = view.choices
        self.decision, self.box, self.hand = decision, c.box, c.hand
        followers = c.double_followers if decision == "double" else c.split_followers
        self.answers = dict.fromkeys(followers)
        self.alone = c.double_alone if decision == "double" else c.split_alone
        verb = translate("Follow", "double") if decision == "double" else \
            translate("Follow", "split")
        self.title.setText(translate("Follow", "Box %1 will %2. Does each co-player follow?")
                           .replace("%1", str(c.box)).replace("%2", verb))
        self.confirm.setText(translate("Follow", "Confirm"))
        self._draw()

    def still_valid(self, view) -> bool:
        return view.choices.box == self.box and view.choices.hand == self.hand

    def _draw(self) -> None:
        clear(self.rows)
        for i, (p, answer) in enumerate(self.answers.items()):
            name = QLabel(player_label(p))
            name.setStyleSheet(f"font-size: {self.metrics.font_px(4)}px; font-weight: bold;")
            self.rows.addWidget(name, i, 0)
            for j, (value, text) in enumerate(((True, translate("Follow", "Follows")),
                                               (False, translate("Follow", "Does not")))):
                b = QPushButton(text)
                b.setObjectName(f"follow-{p}-{'yes' if value else 'no'}")
                b.setCheckable(True)
                b.setChecked(answer is value)
                b.setMinimumWidth(self.metrics.mm(32))
                b.clicked.connect(lambda _=False, p=p, v=value: self._answer(p, v))
                self.rows.addWidget(b, i, 1 + j)
        answered = all(a is not None for a in self.answers.values())
        following = [p for p, a in self.answers.items() if a]
        self.confirm.setEnabled(answered and (self.alone or bool(following)))

    def _answer(self, player: str, value: bool) -> None:
        self.answers[player] = value
        self._draw()

    def _confirm(self) -> None:
        following = [p for p, a in self.answers.items() if a]
        if self.bridge.act(self.decision, self.box, following, self.hand):
            self.done.emit()
