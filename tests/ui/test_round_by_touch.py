"""Whole rounds driven by touches, the cards from the mock shoe over a pseudo-terminal: what
the screen shows is checked against the engine's settlement and the journal's rows."""

from __future__ import annotations

import json
import sqlite3
from decimal import Decimal

from PySide6.QtWidgets import QLabel, QPushButton

from kiosk.journal.verify import verify_journal


def journal(table):
    conn = sqlite3.connect(table.service.journal_path)
    try:
        return [(k, json.loads(d)) for k, d in
                conn.execute("SELECT kind, data FROM events ORDER BY seq")]
    finally:
        conn.close()


def test_a_round_from_first_chip_to_payout_by_touch(table):
    # betting: seat a player at box 1, stake 20 with two chips; a co-player stakes 10 on box 1
    table.window._box_clicked(1)
    table.click("seat")
    table.click("chip-10")
    table.click("chip-10")
    table.click("add-coplayer")
    table.click("chip-10")
    stakes = table.service.view().boxes[0].hands[0].stakes
    assert [(s.player, s.amount) for s in stakes] == [("S1", 20), ("C1", 10)]
    # the felt shows each stake at its box, as a tile the dealer can touch
    shown = [b.text() for b in table.window.felt.boxes[0].findChildren(QPushButton)
             if b.objectName().startswith("stake-")]
    assert shown == ["Seat 1\n20", "Co-player 1\n10"]
    # play: 8 and 8 against a 6: split, the co-player follows
    table.deal("8S", "6D", "8C")
    table.wait_phase("boxes")
    table.click("split")
    table.click("follow-C1-yes")  # the last answer sends the split: no confirming touch
    table.deal("3C")  # first hand 11
    table.click("stand")
    table.deal("TD")  # second hand 18
    table.click("stand")
    table.deal("TS", "9H")  # dealer 6 10 9: busts
    table.qtbot.waitUntil(lambda: table.window.pages.currentWidget() is table.window.settlement)
    texts = [w.text() for w in table.window.settlement.findChildren(QLabel)]
    assert "Seat 1: win" in texts and "1 × 20" in texts, texts  # fewest chips
    assert table.window.settlement.to_pay.text() == "To pay: 60 EUR"  # 20 + 10 on each hand
    table.click("paid")
    table.wait_phase("betting")  # the next round opens for bets, same seats
    events = journal(table)
    settlement = next(d for k, d in events if k == "settlement")
    assert settlement["net"] == {"S1": "40", "C1": "20"}
    assert [d["by"] for k, d in events if k == "payout"] == ["dealer"]
    assert verify_journal(table.service.writer.db).rounds_settled == 1
    assert table.service.view().seats == ((1, "S1"),)


def test_a_refused_chip_says_why_in_the_engines_words_and_changes_nothing(table):
    table.window._box_clicked(2)
    table.click("seat")
    before = table.service.view().seq
    for _ in range(6):
        table.click("chip-100")  # the box maximum is 500
    assert table.service.view().boxes[1].hands[0].stakes[0].amount == Decimal(500)
    assert table.service.view().seq == before + 5
    refusal = table.window.banners.findChild(QLabel, "what")
    assert refusal is not None and "over the box maximum 500" in refusal.text()
