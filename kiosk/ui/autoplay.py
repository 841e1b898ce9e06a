"""The show and training mode: a scripted dealer works the screen's own buttons through whole
rounds (seats, chips, side bets, decisions, the co-players' answers, insurance, the payout),
drawing each card from the mock shoe as a dealer draws from a real one.

Each round is a scene that shows one part of the game: a split that a co-player follows, a
double that one co-player follows and another does not, insurance and even money against an
ace, a dealer who busts under a Bust bet, Twins, and plain rounds. Like a dealer
demonstrating, it stacks the shoe for a scene's first cards; every other card comes as the
shoe's shuffle has it. One step per timer tick: the screen redraws between touches, so a
person watching (or a VNC client) sees the table move.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

RANKS = "A23456789TJQK"
SUITS = "SHDC"


@dataclass(frozen=True)
class Scene:
    """One round's plan: seats, stakes, the first cards by target, how the owners decide."""

    name: str
    seats: tuple[int, ...]
    stakes: tuple[tuple[str, int, int, str | None], ...]  # (player, box, units, side)
    cards: dict = field(default_factory=dict)  # target ("box 1", "dealer") -> ranks in turn
    follow: dict = field(default_factory=dict)  # co-player -> follows a double/split?
    insure: tuple[str, ...] = ()  # players who take insurance (even money where they can)


SCENES = (
    Scene("split, a co-player follows", (1, 3, 5),
          (("S1", 1, 2, None), ("C1", 1, 1, None), ("S3", 3, 2, None), ("S5", 5, 1, None)),
          {"box 1": "88", "dealer": "6T9"}, {"C1": True}),
    Scene("double, one co-player follows and one does not", (2, 4),
          (("S2", 2, 5, None), ("C1", 2, 1, None), ("C2", 2, 2, None), ("S4", 4, 2, None)),
          {"box 2": "65", "dealer": "9"}, {"C1": True, "C2": False}),
    Scene("insurance and even money against an ace", (1, 2, 3),
          (("S1", 1, 2, None), ("S2", 2, 1, None), ("C1", 2, 1, None), ("S3", 3, 1, None)),
          {"box 1": "AK", "box 2": "T9", "dealer": "A7"}, {}, ("S1", "S2", "C1")),
    Scene("the dealer busts under a Bust bet", (3, 6),
          (("S3", 3, 2, None), ("S3", 3, 1, "bust"), ("S6", 6, 1, None)),
          {"box 3": "T8", "box 6": "TK", "dealer": "5TK"}),
    Scene("Twins: a pair of kings", (4, 5),
          (("S4", 4, 1, None), ("S4", 4, 1, "twins"), ("S5", 5, 3, None), ("S5", 5, 1, "twins")),
          {"box 4": "KK", "box 5": "K9", "dealer": "7T"}),
    Scene("a full table", (1, 2, 3, 4, 5, 6, 7),
          tuple((f"S{n}", n, 1 + n % 3, None) for n in range(1, 8)) + (("C1", 3, 1, None),)),
)


class AutoDealer(QObject):
    """Plays `rounds` rounds on the window of a kiosk whose card source is the mock shoe."""

    finished = Signal()

    def __init__(self, window, mock, rounds: int, seed: int = 1, pace_ms: int = 0,
                 out=None) -> None:
        super().__init__(window)
        self.window = window
        self.bridge = window.bridge
        self.mock = mock
        self.rounds = rounds
        self.rng = random.Random(seed)
        self.played = 0
        self.out = out or sys.stdout
        self.scene: Scene | None = None
        self._scene_round: int | None = None
        self._placed = 0
        self._dealt: dict[str, int] = {}
        self._waiting_for: int | None = None  # the view seq a dealt card must pass
        self._shown_net = None
        # the screen's touch guard reads this scripted dealer's own clock: a second a touch
        self.now = 0.0
        window.play.clock = lambda: self.now
        self.timer = QTimer(self)
        self.timer.setInterval(max(pace_ms, 1))
        self.timer.timeout.connect(self.step)

    def start(self) -> None:
        self.timer.start()

    # -- one touch per tick --------------------------------------------------------------------

    def step(self) -> None:
        view = self.bridge.view()
        if self._waiting_for is not None:
            if view.seq <= self._waiting_for:
                return  # the card is still on its way from the shoe
            self._waiting_for = None
        if view.halted:
            self._stop(f"the table stopped: {view.halted}")
            return
        if view.faults:
            self._press(f"ack-{view.faults[0].seq}")
            return
        if view.phase == "closed":
            return  # the window opens the next round by itself
        if view.round_id != self._scene_round:
            self._begin_scene(view)
        if self.window.pages.currentWidget() is self.window.settlement:
            self._pay(view)
        elif view.phase == "betting":
            self._bet(view)
        else:
            self._play(view)

    def _begin_scene(self, view) -> None:
        self._scene_round = view.round_id
        self.scene = SCENES[self.played % len(SCENES)]
        self._placed = 0
        self._dealt = {}
        if self.window.follow_open():
            self._press("follow-cancel")

    # -- betting -------------------------------------------------------------------------------

    def _bet(self, view) -> None:
        scene = self.scene
        wanted = {(p, box, side): view.limits[0] * units for p, box, units, side in scene.stakes}
        for b in view.boxes:  # last round's stakes stand: clear a box the scene does not want
            pools = ((None, b.hands[0].stakes if b.hands else ()), ("twins", b.twins),
                     ("bust", b.bust))
            if any(s.amount > wanted.get((s.player, b.number, side), 0)
                   for side, pool in pools for s in pool):
                self._press(f"clear-{b.number}")
                return
        seated = dict(view.seats)
        for seat in range(1, len(view.boxes) + 1):  # seats as the scene wants them
            want = seat in scene.seats
            if want != (seat in seated):
                self._touch_box(seat)
                self._press("seat")
                return
        while self._placed < len(scene.stakes):
            player, box, units, side = scene.stakes[self._placed]
            want = view.limits[0] * units
            have = self._stake_of(view, player, box, side)
            if have >= want:
                self._placed += 1
                continue
            self._touch_box(box)
            panel = self.window.betting
            if panel.player != player:
                if self.window.findChild(QPushButton, f"player-{player}") is None:
                    self._press("add-coplayer")  # the next co-player's number: the scene's
                    if panel.player != player:
                        self._stop(f"the screen numbered the co-player {panel.player}, the "
                                   f"scene expected {player}")
                    return
                self._press(f"player-{player}")
                return
            if panel.target != side:
                self._press({None: "target-main", "twins": "target-twins",
                             "bust": "target-bust"}[side])
                return
            self._press(self._chip_for(want - have))
            return
        self._deal(view)

    def _chip_for(self, amount) -> str:
        """The largest chip on the rack that the amount still takes."""
        buttons = self.window.betting.chip_buttons
        fitting = [c for c, b in buttons.items() if b.isVisible() and c <= amount]
        return buttons[max(fitting)].objectName()

    @staticmethod
    def _stake_of(view, player, box, side):
        b = view.boxes[box - 1]
        pool = {None: b.hands[0].stakes if b.hands else (), "twins": b.twins, "bust": b.bust}
        return sum((s.amount for s in pool[side] if s.player == player), 0)

    # -- play ----------------------------------------------------------------------------------

    def _play(self, view) -> None:
        c = view.choices
        if self.window.follow_open():
            self._answer_follow()
            return
        for offer in c.even_money:
            if offer.player in self.scene.insure:
                self._press(f"even-money-{offer.player}-{offer.box}")
                return
        for offer in c.insurance:
            if offer.player in self.scene.insure:
                self._press(f"insure-{offer.player}-{offer.box}-{offer.hand}")
                return
        if c.close_insurance:
            self._press("close-insurance")
            return
        if c.box is not None:
            hand = view.boxes[c.box - 1].hands[c.hand - 1]
            if len(hand.cards) >= 2:
                self._decide(view, hand)
                return
        if c.card:
            self._deal(view)

    def _decide(self, view, hand) -> None:
        c = view.choices
        pair = hand.cards[0][0] == hand.cards[1][0]
        up = view.dealer.up_card[0] if view.dealer.up_card else "T"
        weak = up in "23456"
        if c.split and pair and hand.cards[0][0] in "A89" + ("23467" if weak else ""):
            self._press("split")
        elif c.double and hand.total in (9, 10, 11) and (hand.total == 11 or weak or
                                                         hand.total == 10):
            self._press("double")
        elif c.surrender and hand.total in (15, 16) and up in "TJQKA":
            self._press("surrender")
        elif hand.total < 12 or (hand.total < 17 and not weak) or (hand.soft and hand.total < 18):
            self._deal(view)
        else:
            self._press("stand")

    def _answer_follow(self) -> None:
        question = self.window.play.follow
        for player, answer in question.answers.items():
            if answer is None:
                wants = self.scene.follow.get(player, self.rng.random() < 0.5)
                self._press(f"follow-{player}-{'yes' if wants else 'no'}")
                return
        confirm = self.window.findChild(QPushButton, "follow-confirm")
        if confirm.isEnabled():
            confirm.click()
        else:  # nobody follows and the owner has no stake of his own: nothing to move
            self._press("follow-cancel")

    # -- the shoe ------------------------------------------------------------------------------

    def _deal(self, view) -> None:
        """Draw the next card from the mock shoe, stacked where the scene says."""
        target = view.next_card.split(" hand")[0]
        turn = self._dealt.get(target, 0)
        ranks = self.scene.cards.get(target, "")
        if turn < len(ranks):
            self._stack(ranks[turn])
        self._dealt[target] = turn + 1
        self._waiting_for = view.seq
        if not self.mock.deal(1):
            self._stop("the mock shoe is empty")

    def _stack(self, rank: str) -> None:
        shoe = self.mock.shoe
        for i, card in enumerate(shoe):
            if card.rank == rank:
                self.mock.load([card] + shoe[:i] + shoe[i + 1:])
                return

    # -- the end of a round --------------------------------------------------------------------

    def _pay(self, view) -> None:
        s = view.settlement
        if s is None or not (view.choices.settle or view.choices.confirm_payout):
            return
        shown = {n.player: str(n.amount) for n in s.net}
        self._press("paid")
        if self.bridge.view().phase in ("closed", "betting"):
            self.played += 1
            print(json.dumps({"round": view.round_id, "scene": self.scene.name,
                              "net": shown}), file=self.out, flush=True)
            if self.played >= self.rounds:
                self._stop()

    # -- touching the screen -------------------------------------------------------------------

    def _press(self, name: str) -> None:
        button = self.window.findChild(QPushButton, name)
        if button is None or not button.isEnabled():
            raise RuntimeError(f"the show wanted to touch {name!r}, which is not on screen")
        self.now += 1.0
        button.click()

    def _touch_box(self, number: int) -> None:
        box = self.window.felt.boxes[number - 1]
        if self.window.betting.box != number:
            QTest.mouseClick(box, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                             QPoint(box.width() // 2, box.height() // 2))

    def _stop(self, why: str | None = None) -> None:
        self.timer.stop()
        if why:
            print(json.dumps({"stopped": why}), file=self.out, flush=True)
        self.finished.emit()
        QApplication.instance().quit()
