"""Play: the box owner's decisions for the active hand, each enabled from the engine's choices
alone; the co-players asked one by one whether they follow a double or a split (and what each
adds); closing insurance. The insurance offers and the lines paid at once (Black Jacks, even
money) are buttons on the felt, at each player's place on his box.

One touch, one act: once the active hand has changed, a decision button ignores a touch for
`guard_ms` (a second tap meant for the hand before) and shows that it did; the last decision
can be undone while no card has followed it."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, QTimer, Signal
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

    def __init__(self, bridge, metrics, guard_ms: int = 300, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("play")
        self.bridge = bridge
        self.metrics = metrics
        self._view = None
        self.guard_ms = guard_ms
        self.clock = time.monotonic  # seconds; a test or a bench may set its own
        self._active = None  # the active (box, hand) last shown
        self._changed_at = float("-inf")  # when it changed
        self.ignored = 0  # touches ignored by the guard (for tests and the pace bench)
        self._unguard = QTimer(self)
        self._unguard.setSingleShot(True)
        self._unguard.timeout.connect(lambda: self._show_guard(None))
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
            b.setProperty("sheet", f"QPushButton {{ padding: 0 {metrics.mm(1)}px; "
                          f"min-width: {w}px; max-width: {w}px; min-height: {h}px; "
                          f"max-height: {h}px; }}")
            b.setStyleSheet(b.property("sheet"))
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
        self.undo = QPushButton(translate("Play", "Undo last decision"))
        self.undo.setObjectName("undo")
        self.undo.clicked.connect(lambda: self.bridge.act("undo", "dealer"))
        second.addWidget(self.undo, 0, Qt.AlignmentFlag.AlignTop)
        self.close_insurance = QPushButton(translate("Play", "Insurance closed: peek"))
        self.close_insurance.setObjectName("close-insurance")
        self.close_insurance.setProperty("role", "main")
        self.close_insurance.clicked.connect(lambda: self.bridge.act("close_insurance"))
        second.addWidget(self.close_insurance)
        key = QPushButton(translate("Play", "Key in card"))
        key.setObjectName("keypad")
        key.clicked.connect(self.keypad_wanted.emit)
        second.addWidget(key, 0, Qt.AlignmentFlag.AlignTop)
        second.addStretch(1)
        lay.addLayout(second)
        lay.addStretch(1)

    def render(self, view) -> None:
        self._view = view
        c = view.choices
        active = (c.box, c.hand) if c.box is not None else None
        if active != self._active:
            self._active = active
            self._changed_at = self.clock()
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
        self.undo.setEnabled(c.undo)
        if self.stack.currentWidget() is self.follow and not self.follow.still_valid(view):
            self.stack.setCurrentWidget(self.decide)

    def _guarded(self) -> bool:
        """A touch that comes within the guard after the active hand changed."""
        return (self.clock() - self._changed_at) * 1000 < self.guard_ms

    def _show_guard(self, decision: str | None) -> None:
        for d, b in self.buttons.items():
            guarded = d == decision
            b.setProperty("guarded", guarded)
            # struck through on a dark red: the touch came too soon and was not taken
            b.setStyleSheet(b.property("sheet") + (
                f"QPushButton {{ background: #5c1f1f; border-color: {theme.BAD}; "
                "text-decoration: line-through; }" if guarded else ""))
        if decision is not None:
            self._unguard.start(max(self.guard_ms, 150))

    def _decide(self, decision: str) -> None:
        if self._guarded():
            self.ignored += 1
            self._show_guard(decision)  # the dealer sees the touch was not taken
            return
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
        hand = view.boxes[c.box - 1].hands[c.hand - 1]
        self.adds = {s.player: s.amount for s in hand.stakes}  # each puts up his stake again
        self.alone = c.double_alone if decision == "double" else c.split_alone
        verb = translate("Follow", "double") if decision == "double" else \
            translate("Follow", "split")
        self.title.setText(translate("Follow", "Box %1 will %2. Which co-player goes along?")
                           .replace("%1", str(c.box)).replace("%2", verb))
        self.confirm.setText(translate("Follow", "Confirm"))
        self._draw()

    def still_valid(self, view) -> bool:
        return view.choices.box == self.box and view.choices.hand == self.hand

    def _draw(self) -> None:
        clear(self.rows)
        for i, (p, answer) in enumerate(self.answers.items()):
            name = QLabel(translate("Follow", "%1 adds %2").replace("%1", player_label(p))
                          .replace("%2", money(self.adds.get(p, 0))))
            name.setObjectName(f"follow-{p}-adds")
            name.setStyleSheet(f"font-size: {self.metrics.font_px(4)}px; font-weight: bold;")
            self.rows.addWidget(name, i, 0)
            answers = ((True, translate("Follow", "Goes along")),
                       (False, translate("Follow", "Does not go along")))
            for j, (value, text) in enumerate(answers):
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
        """The last co-player's answer sends the decision: no confirming touch (a wrong one is
        undone with "Undo last decision")."""
        self.answers[player] = value
        self._draw()
        if self.confirm.isEnabled():
            self._confirm()

    def _confirm(self) -> None:
        following = [p for p, a in self.answers.items() if a]
        if self.bridge.act(self.decision, self.box, following, self.hand):
            self.done.emit()
