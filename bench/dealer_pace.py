"""The dealer's pace: how many touches a round costs on the real window, by phase, against the
touches the game itself requires.

A table of 6 boxes (Bayern), every seat taken, co-players on boxes 2 and 5, Twins on box 1 and
a Bust bet on box 4. The first round is placed by touch (players sit down, unmeasured); then
(a) a round with every stake unchanged, (b) a round in which two players change their stake
(Seat 3 takes his last chip off, Co-player 2 puts a 20 chip on), each dealt from the mock
shoe, stacked for the same box hands: a stand, a split Co-player 1 follows, a double, a Black
Jack, a hit. In (a) the dealer shows a 6 (the Black Jack is paid at once and confirmed), in
(b) an ace that nobody insures (the offers close by themselves when the next card comes).

Every touch goes to a button found by its objectName (or a box on the felt) and is counted
under the phase it happened in. `decisions` are the touches the game itself requires: stand,
double, split, surrender, each co-player's follow answer, each insurance or even money taken,
each instant payment confirmed, the payout confirmation. The screen's touch guard sees a dealer
who touches every 0.7 s.

    QT_QPA_PLATFORM=offscreen python bench/dealer_pace.py

Last line: {"unchanged": {"touches": .., "decisions": ..}, "two_changed": {...}}.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM",
                      f"offscreen:configfile={ROOT / 'tests' / 'ui' / 'screens-1920.json'}")

from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QPushButton  # noqa: E402

from kiosk.ui.app import build, show  # noqa: E402
from kiosk.ui.window import TableSettings  # noqa: E402

RULES = {"preset": "bayern", "boxes": 6}
DECISIONS = ("stand", "double", "split", "surrender", "paid")
# the box hands of both rounds, by target, card after card (the rank; the shoe's own suit)
HANDS = {"box 1": "T8", "box 2": "88397", "box 3": "569", "box 4": "AK", "box 5": "T62",
         "box 6": "T25"}
DEALER = {"unchanged": "6T7", "two_changed": "A9"}


class Dealer:
    """Touches the window as a dealer would, counting every touch."""

    def __init__(self, kiosk) -> None:
        self.kiosk = kiosk
        self.window = kiosk.window
        self.svc = kiosk.service
        self.mock = kiosk.feed.mock
        self.now = 0.0
        self.window.play.clock = lambda: self.now
        self.touches: Counter = Counter()  # (phase, "decision" | "other") -> count
        self.dealt: dict[str, int] = {}

    def pump(self) -> None:
        self.kiosk.app.processEvents()

    def until(self, done, timeout: float = 10.0) -> None:
        end = time.monotonic() + timeout
        while not done():
            if time.monotonic() > end:
                raise TimeoutError(f"the table did not get there: {self.svc.view().pending}")
            self.pump()

    def phase(self) -> str:
        if self.window.pages.currentWidget() is self.window.settlement:
            return "settlement"
        return self.svc.view().phase

    def press(self, name: str, decision: bool) -> None:
        button = self.window.findChild(QPushButton, name)
        self.until(lambda: button is not None and button.isVisible(), 2.0)
        if not button.isEnabled():
            raise RuntimeError(f"{name} cannot be touched now")
        self.touches[(self.phase(), "decision" if decision else "other")] += 1
        self.now += 0.7
        seq = self.svc.view().seq
        button.click()
        self.pump()
        if self.svc.view().seq == seq and decision and not self.window.follow_open():
            raise RuntimeError(f"the touch on {name} did nothing")

    def touch_box(self, number: int) -> None:
        box = self.window.felt.boxes[number - 1]
        self.touches[(self.phase(), "other")] += 1
        self.now += 0.7
        QTest.mouseClick(box, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         QPoint(box.width() // 2, box.height() // 2))
        self.pump()

    def deal(self, plan: dict[str, str]) -> None:
        """The next card from the shoe, stacked as the plan says for its target."""
        view = self.svc.view()
        target = view.next_card.split(" hand")[0]
        turn = self.dealt.get(target, 0)
        ranks = plan.get(target, "")
        if turn < len(ranks):
            shoe = self.mock.shoe
            i = next(i for i, c in enumerate(shoe) if c.rank == ranks[turn])
            self.mock.load([shoe[i]] + shoe[:i] + shoe[i + 1:])
        self.dealt[target] = turn + 1
        self.now += 1.0
        self.mock.deal(1)
        self.until(lambda: self.svc.view().seq > view.seq)

    # -- a round -----------------------------------------------------------------------------

    def first_round_stakes(self) -> None:
        """The players sit down and place their stakes: every seat, two co-players, side
        bets."""
        stakes = ((1, "S1", "20", None), (1, "S1", "10", "twins"), (2, "S2", "50", None),
                  (2, "C1", "20", None), (3, "S3", "20", None), (3, "S3", "10", None),
                  (4, "S4", "100", None), (4, "S4", "20", "bust"), (5, "S5", "10", None),
                  (5, "C2", "10", None), (6, "S6", "20", None))
        for box, player, amount, side in stakes:
            self.touch_box(box)
            if self.svc.view().boxes[box - 1].seated is None:
                self.press("seat", False)
            if self.window.findChild(QPushButton, f"player-{player}") is None:
                self.press("add-coplayer", False)
            self.press(f"player-{player}", False)
            self.press({None: "target-main", "twins": "target-twins",
                        "bust": "target-bust"}[side], False)
            self.press(f"chip-{amount}", False)

    def play_round(self, dealer: str, follow: dict[str, bool]) -> None:
        plan = {**HANDS, "dealer": dealer}
        self.dealt = {}
        rid = self.svc.view().round_id
        offers_seen = False
        while True:
            view = self.svc.view()
            if view.round_id != rid or view.phase == "closed":
                return
            if self.window.pages.currentWidget() is self.window.settlement:
                self.press("paid", True)
                self.until(lambda: self.svc.view().phase == "betting")
                return
            if self.window.follow_open():
                question = self.window.play.follow
                player = next(p for p, a in question.answers.items() if a is None)
                self.press(f"follow-{player}-{'yes' if follow[player] else 'no'}", True)
                continue
            unpaid = [ln for ln in view.payable_now if not ln.paid]
            if unpaid:
                ln = unpaid[0]
                self.press(f"paid-{ln.player}-{ln.box}-{ln.hand}-{ln.bet}", True)
                continue
            offers_seen |= bool(view.choices.insurance or view.choices.even_money)
            c = view.choices
            if c.box is not None:
                hand = view.boxes[c.box - 1].hands[c.hand - 1]
                if len(hand.cards) >= 2:
                    decision = self.decide(view, hand)
                    if decision:
                        self.press(decision, True)
                        continue
            self.deal(plan)
            if offers_seen and not (self.svc.view().choices.insurance or
                                    self.svc.view().choices.even_money):
                offers_seen = False
                self.closed_by_a_card = True

    closed_by_a_card = False

    @staticmethod
    def decide(view, hand) -> str | None:
        c = view.choices
        up = view.dealer.up_card[0] if view.dealer.up_card else "T"
        weak = up in "23456"
        if c.split and hand.cards[0][0] == hand.cards[1][0] == "8":
            return "split"
        if c.double and hand.total == 11:
            return "double"
        if hand.total >= 17 or (hand.total >= 12 and weak):
            return "stand"
        return None  # a card

    def measure(self, name: str, dealer: str, follow: dict[str, bool], changes) -> dict:
        self.touches.clear()
        changes()
        self.play_round(dealer, follow)
        by_phase: dict[str, dict] = {}
        for (phase, kind), n in sorted(self.touches.items()):
            by_phase.setdefault(phase, {"touches": 0, "decisions": 0})
            by_phase[phase]["touches"] += n
            if kind == "decision":
                by_phase[phase]["decisions"] += n
        touches = sum(p["touches"] for p in by_phase.values())
        decisions = sum(p["decisions"] for p in by_phase.values())
        print(f"{name}: {touches} touches, {decisions} of them decisions the game requires")
        for phase, p in by_phase.items():
            print(f"  {phase:10} {p['touches']:3} touches, {p['decisions']:3} decisions")
        return {"touches": touches, "decisions": decisions}


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="dealer-pace-"))
    kiosk = build(folder / "journal.sqlite", rules=RULES,
                  settings=TableSettings(language="de", exports=folder / "exports"))
    show(kiosk)
    dealer = Dealer(kiosk)
    dealer.until(lambda: kiosk.service.view().phase == "betting")
    dealer.first_round_stakes()
    dealer.play_round(DEALER["unchanged"], {"C1": True})

    def bets_of(round_id: int) -> list:
        return [json.loads(d) for (d,) in kiosk.service.writer.db.conn.execute(
            "SELECT data FROM events WHERE kind = 'bet' AND round_id = ? ORDER BY seq",
            (round_id,))]
    first = bets_of(kiosk.service.view().round_id - 1)

    def nothing() -> None:
        pass

    def two_change() -> None:
        dealer.press("chip-off-S3-3-main", False)  # Seat 3: his last chip (10) off
        dealer.press("stake-C2-5-main", False)  # Co-player 2 on box 5: a 20 on
        dealer.press("chip-20", False)

    unchanged = dealer.measure("unchanged", DEALER["unchanged"], {"C1": True}, nothing)
    assert bets_of(kiosk.service.view().round_id - 1) == first, \
        "the unchanged round staked otherwise"
    two = dealer.measure("two_changed", DEALER["two_changed"], {"C1": False}, two_change)
    assert dealer.closed_by_a_card, "the insurance offers did not close with the next card"
    kiosk.close()
    print("an insurance offer nobody took closed with the next card, without a touch")
    print(json.dumps({"unchanged": unchanged, "two_changed": two}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
