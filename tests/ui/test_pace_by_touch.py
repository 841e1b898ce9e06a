"""The dealer's pace on the touchscreen: stakes stand from round to round, a line paid at once
is paid once, a second tap just after the active hand changed is ignored, the last decision
can be undone. Real widgets clicked, the mock shoe on a pseudo-terminal, a journal on disk;
the screen's clock for the touch guard is the test's own (no sleeping)."""

from __future__ import annotations

import json
import sqlite3
from decimal import Decimal

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QFrame, QLabel, QPushButton

from kiosk.journal.verify import verify_journal
from kiosk.table.review import Review
from kiosk.ui.screens.settlement import ChipStack


def events(table, kind=None):
    conn = sqlite3.connect(table.service.journal_path)
    try:
        rows = conn.execute("SELECT round_id, kind, data FROM events ORDER BY seq").fetchall()
    finally:
        conn.close()
    return [(r, k, json.loads(d)) for r, k, d in rows if kind is None or k == kind]


def tap(table, name, after):
    """A real mouse click on the button, `after` seconds after the touch before."""
    button = table.find(QPushButton, name)
    table.now += after
    table.qtbot.mouseClick(button, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                           QPoint(button.width() // 2, button.height() // 2))


def two_boxes_dealt(table):
    table.window._box_clicked(1)
    table.click("seat")
    table.click("chip-10")
    table.window._box_clicked(2)
    table.click("seat")
    table.click("chip-20")
    table.deal("TS", "TH", "6D", "8C", "9S")  # box 1 18, box 2 19 against a 6
    table.wait_phase("boxes")


def test_a_second_tap_on_stand_80_ms_later_stands_only_one_box(table):
    two_boxes_dealt(table)
    tap(table, "stand", after=1.0)
    tap(table, "stand", after=0.08)  # the same finger again: box 2 is active now
    decisions = [d for _, _, d in events(table, "decision")]
    assert decisions == [{"do": "stand", "box": 1, "hand": 1}]
    play = table.window.play
    assert play.ignored == 1 and play.buttons["stand"].property("guarded") is True
    assert table.service.view().choices.box == 2
    tap(table, "stand", after=0.7)  # a real touch for box 2
    assert [d["box"] for _, _, d in events(table, "decision")] == [1, 2]


def test_the_last_decision_is_undone_by_touch(table):
    two_boxes_dealt(table)
    table.click("stand")
    table.click("stand")
    table.click("undo")
    view = table.service.view()
    assert view.choices.box == 2 and not view.boxes[1].hands[0].stood
    undo = [d for _, _, d in events(table, "undo")]
    stands = [(r, d) for r, k, d in events(table) if k == "decision"]
    assert len(undo) == 1 and len(stands) == 2
    table.click("stand")
    table.deal("TD", "KC")  # the dealer 6 10 10: bust
    table.qtbot.waitUntil(lambda: table.window.pages.currentWidget() is table.window.settlement)
    table.click("paid")
    assert verify_journal(table.service.writer.db).rounds_settled == 1
    record = json.loads(Review(table.service).export(1))  # the round as played: no undo
    assert [e for e in record["play"] if isinstance(e, dict)] == \
        [{"do": "stand", "box": 1, "hand": 1}, {"do": "stand", "box": 2, "hand": 1}]


def test_black_jack_paid_at_once_and_even_money_are_paid_once(open_table):
    table = open_table(rules="holecard")
    svc = table.service
    for seat, player, stake in ((1, "S1", "20"), (2, "S2", "40"), (3, "S3", "10")):
        svc.seat(seat, player)
        svc.bet(player, seat, stake)
    # S1 and S2 Black Jack, S3 2 9; the dealer 9 in the hole, an ace up
    table.deal("AS", "AH", "9C", "9D", "KD", "QS", "2C", "AD")
    table.wait_phase("insurance")
    table.click("even-money-S1-1")
    table.click("paid-S1-1-1-even_money")
    paid_button = table.find(QPushButton, "paid-S1-1-1-even_money")
    table.qtbot.wait(50)
    where = paid_button.mapTo(table.window, QPoint(0, 0))
    assert not paid_button.isEnabled() and "20 paid" in paid_button.text()
    table.click("close-insurance")  # the peek: no Black Jack, S2's is paid at once now
    table.click("paid-S2-2-1-main")
    table.qtbot.wait(50)  # the layout settles
    assert table.find(QPushButton, "paid-S1-1-1-even_money") is paid_button
    assert paid_button.mapTo(table.window, QPoint(0, 0)) == where  # it stayed where it was
    table.deal("TH")  # S3 2 9 10: 21
    table.qtbot.waitUntil(lambda: table.window.pages.currentWidget() is table.window.settlement)
    s = svc.view().settlement
    wins = sum(ln.net for ln in s.lines if ln.net > 0)
    before = sum(Decimal(d["amount"]) for _, _, d in events(table, "paid"))
    assert (wins, before, s.to_pay) == (Decimal(90), Decimal(80), Decimal(10))
    page = table.window.settlement
    assert page.findChild(QLabel, "to-pay").text() == f"To pay: {wins - before} EUR"
    todo = {w.objectName(): w.text() for w in page.findChildren(QLabel)
            if w.objectName().startswith("pay-")}
    assert todo["pay-S1-1-1-even_money"] == "\u2713 paid already: 20"
    assert todo["pay-S2-2-1-main"] == "\u2713 paid already: 60"
    # nothing twice: chips are counted out for S3's 10 alone, none at the boxes paid already
    counted = {n: [w.text() for w in page.findChild(QFrame, f"settle-box-{n}").findChildren(
        QLabel, "chip-count")] for n in (1, 2, 3)}
    assert counted == {1: [], 2: [], 3: ["1 \u00d7 10"]}
    assert [len(page.findChild(QFrame, f"settle-box-{n}").findChildren(ChipStack))
            for n in (1, 2, 3)] == [0, 0, 1]
    table.click("paid")
    assert [k for _, k, _ in events(table) if k in ("paid", "payout")] == \
        ["paid", "paid", "payout"]
    assert verify_journal(svc.writer.db).rounds_settled == 1


def test_five_rounds_by_touch_with_unchanged_stakes_journal_the_same_stakes(table):
    table.window._box_clicked(1)
    table.click("seat")
    table.click("chip-20")
    table.click("add-coplayer")
    table.click("chip-10")
    table.click("target-twins")
    table.click("player-S1")
    table.click("chip-10")
    table.window._box_clicked(2)
    table.click("seat")
    table.click("chip-50")
    for n in range(5):
        if n:  # every stake stands: not one touch in betting
            view = table.service.view()
            assert all(s.standing for b in view.boxes[:2] for s in b.hands[0].stakes + b.twins)
        table.deal("TS", "TH", "6D", "8C", "9S")  # box 1 18, box 2 19 against a 6
        table.wait_phase("boxes")
        table.click("stand")
        table.click("stand")
        table.deal("TD", "KC")  # the dealer busts
        table.qtbot.waitUntil(
            lambda: table.window.pages.currentWidget() is table.window.settlement)
        table.click("paid")
        table.wait_phase("betting")
    stakes: dict[int, list] = {}
    for round_id, _, d in events(table, "bet"):
        stakes.setdefault(round_id, []).append(d)
    assert len(stakes) == 5
    first = stakes[min(stakes)]
    assert first == [{"player": "S1", "box": 1, "amount": "20"},
                     {"player": "C1", "box": 1, "amount": "10"},
                     {"player": "S1", "box": 1, "amount": "10", "side": "twins"},
                     {"player": "S2", "box": 2, "amount": "50"}]
    assert all(bets == first for bets in stakes.values())
    assert verify_journal(table.service.writer.db).rounds_settled == 5


def test_one_touch_takes_a_chip_off_clears_a_box_or_puts_a_chip_on(table):
    table.window._box_clicked(1)
    table.click("seat")
    table.click("chip-10")
    table.click("chip-20")
    table.click("add-coplayer")
    table.click("chip-10")
    table.window._box_clicked(2)
    table.click("seat")
    table.click("chip-50")
    table.deal("TS", "TH", "6D", "8C", "9S")
    table.wait_phase("boxes")
    table.click("stand")
    table.click("stand")
    table.deal("TD", "KC")
    table.qtbot.waitUntil(lambda: table.window.pages.currentWidget() is table.window.settlement)
    table.click("paid")
    table.wait_phase("betting")
    tile = table.find(QPushButton, "stake-S1-1-main")
    assert tile.text() == "Seat 1\n30" and tile.property("standing") is True
    head = table.service.view().seq
    table.click("chip-off-S1-1-main")  # his last chip was the 20
    assert table.find(QPushButton, "stake-S1-1-main").text() == "Seat 1\n10"
    table.click("clear-2")  # Seat 2 leaves the game for a round: box 2 empty
    assert table.service.view().boxes[1].hands == ()
    table.click("stake-C1-1-main")
    table.click("chip-20")  # the co-player raises
    stakes = {(s.player, s.amount) for s in table.service.view().boxes[0].hands[0].stakes}
    assert stakes == {("S1", Decimal(10)), ("C1", Decimal(30))}
    kinds = [k for _, k, _ in events(table)][head:]
    # each touch one commit: the standing stake journaled, then what the touch did
    assert kinds == ["bet", "bet", "withdraw", "bet", "withdraw", "bet", "bet"]


def test_the_paid_button_that_takes_the_even_money_offers_place_ignores_a_second_tap(
        open_table):
    """Even money taken: the player's place on the felt now holds "pay"; the same finger's
    second tap 80 ms later does not mark it paid, a touch a moment later does."""
    table = open_table(rules="holecard")
    svc = table.service
    svc.seat(1, "S1")
    svc.bet("S1", 1, "20")
    table.deal("AS", "9C", "KD", "AD")  # S1 Black Jack, an ace up
    table.wait_phase("insurance")
    offer = table.find(QPushButton, "even-money-S1-1")
    where = offer.mapTo(table.window, QPoint(0, 0))
    table.click("even-money-S1-1")
    pay = table.find(QPushButton, "paid-S1-1-1-even_money")
    # the offer's own place, once the felt is laid out again (a fixed 50 ms wait lost the
    # race on a loaded machine: the button was still where a new widget starts)
    table.qtbot.waitUntil(lambda: pay.mapTo(table.window, QPoint(0, 0)) == where, timeout=2000)
    tap(table, "paid-S1-1-1-even_money", after=0.08)
    assert events(table, "paid") == [] and not pay.isChecked()
    assert pay.text() == "Seat 1\npay 20"
    tap(table, "paid-S1-1-1-even_money", after=0.7)
    table.qtbot.waitUntil(lambda: len(events(table, "paid")) == 1)
    assert pay.text() == "Seat 1\n20 paid" and not pay.isEnabled() and pay.isChecked()


def test_a_box_of_eight_players_and_twelve_stakes_by_touch_keeps_its_first_tiles_in_place(
        table):
    """Stakes past the sixth open a second column: the tiles already on the box stay where
    they were, every tile and player button is on screen, and the window keeps its size."""
    size = table.window.size()

    def shown(name):  # a tile just drawn is shown on the next turn of the loop
        table.qtbot.waitUntil(lambda: (b := table.window.findChild(QPushButton, name))
                              is not None and b.isVisible(), timeout=1000)

    table.window._box_clicked(1)
    table.click("seat")
    table.click("chip-10")
    for _ in range(5):  # five co-players: six stakes in one column
        table.click("add-coplayer")
        table.click("chip-10")
    shown("stake-C5-1-main")
    names = ["stake-S1-1-main"] + [f"stake-C{n}-1-main" for n in range(1, 6)]

    def places():
        return [table.find(QPushButton, n).mapTo(table.window, QPoint(0, 0)) for n in names]

    before = places()
    table.click("add-coplayer")
    table.click("chip-10")  # the seventh stake
    shown("stake-C6-1-main")
    assert places() == before
    table.click("add-coplayer")
    table.click("chip-10")  # eight players
    for player, side in (("S1", "twins"), ("C1", "twins"), ("S1", "bust"), ("C2", "bust")):
        table.click(f"player-{player}")
        table.click(f"target-{side}")
        table.click("chip-10")
    stakes = table.service.view().boxes[0]
    assert len(stakes.hands[0].stakes) + len(stakes.twins) + len(stakes.bust) == 12
    shown("stake-C2-1-bust")
    assert table.window.size() == size
    whole = table.window.rect()
    tiles = [b for b in table.window.findChildren(QPushButton)
             if b.objectName().startswith(("stake-", "chip-off-", "player-")) and
             b.isVisibleTo(table.window)]
    assert len(tiles) == 12 + 12 + 8
    rects = [b.geometry().translated(b.parentWidget().mapTo(table.window, QPoint(0, 0)))
             for b in tiles]
    for b, r in zip(tiles, rects, strict=True):
        assert whole.contains(r), b.objectName()
    for i, a in enumerate(rects):
        for j in range(i + 1, len(rects)):
            assert not a.intersects(rects[j]), (tiles[i].objectName(), tiles[j].objectName())
    assert places() == before  # the first column's tiles stayed all along
