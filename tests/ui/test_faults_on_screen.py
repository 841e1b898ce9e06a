"""Faults on screen, never hidden: each reader fault is a banner saying what happened and what
to do, a lost or misreading reader brings up the keypad, the card sequence goes on by hand,
and a refused card stays on screen until confirmed. A restart mid-round resumes on screen."""

from __future__ import annotations

import json
import sqlite3

import pytest
from PySide6.QtWidgets import QLabel, QPushButton

from kiosk.ui.app import build, show
from kiosk.ui.window import TableSettings
from models.cards import parse_card

pytestmark = pytest.mark.xdist_group("ui")


def banner_texts(table):
    return [w.text() for w in table.window.banners.findChildren(QLabel) if w.text()]


def start_round(table):
    table.service.seat(1, "S1")
    table.service.bet("S1", 1, "20")


@pytest.mark.parametrize("fault, what, todo", [
    ("misread", "The shoe could not read a card.", "Key in the card you see."),
    ("checksum", "A card's message from the shoe was damaged.", "Key in the card you see."),
    ("alarm", "The shoe raised an alarm: E3 Card Not Read", "Clear the shoe, then confirm."),
])
def test_a_reader_fault_is_a_banner_with_what_to_do(table, fault, what, todo):
    start_round(table)
    table.deal("TS")
    seq = table.service.view().seq
    table.mock.fault(fault)
    table.qtbot.waitUntil(lambda: table.service.view().seq > seq, timeout=5000)
    table.qtbot.waitUntil(lambda: what in banner_texts(table), timeout=5000)
    assert todo in banner_texts(table)
    if fault == "alarm":
        f = table.service.view().faults[0]
        table.click(f"ack-{f.seq}")
        table.qtbot.waitUntil(lambda: table.service.view().faults == ())
        assert not table.window.banners.showing()
    else:  # the keypad is up: the dealer keys in the card the shoe did not read
        assert table.window.keypad_frame.isVisible()
        table.click("rank-6")
        table.click("suit-D")
        table.qtbot.waitUntil(lambda: table.service.view().dealer.cards == ("6D",))
        assert table.service.view().faults == ()
        assert not table.window.keypad_frame.isVisible()


def test_a_lost_shoe_switches_to_the_keypad_and_the_sequence_goes_on(table):
    start_round(table)
    table.deal("TS")
    table.mock.fault("unplug")
    table.qtbot.waitUntil(lambda: table.service.view().source.state == "lost", timeout=5000)
    assert table.window.status.source.text() == "shoe: LOST"
    assert any("The card reader is lost" in t for t in banner_texts(table))
    assert table.window.keypad_frame.isVisible()
    table.mock.load([parse_card("6D")] + table.mock.shoe)
    table.mock.deal(1)  # out of the shoe while the cable is out: never on the line
    table.click("rank-6")
    table.click("suit-D")
    table.qtbot.waitUntil(lambda: table.service.view().dealer.cards == ("6D",))
    table.mock.fault("replug")
    table.qtbot.waitUntil(lambda: table.service.view().source.state == "connected",
                          timeout=5000)
    table.deal("9C")
    assert table.service.view().boxes[0].hands[0].cards == ("TS", "9C")
    assert table.service.view().faults == ()


def test_cards_waiting_behind_an_uncertain_one_are_counted_and_go_in_once_it_is_keyed(table):
    """The camera is unsure of the box's first card and reads two more: the banner asks for
    the first and says two wait; keyed on the keypad, the three go in in the order dealt."""
    from drivers.source import CardEvent, Origin, Status, StatusEvent

    start_round(table)
    feed = table.kiosk.feed
    feed.deliver(StatusEvent(Status.UNCERTAIN, Origin.CAMERA, "a card not read surely",
                             card=parse_card("8S")))
    feed.deliver(CardEvent(parse_card("6D"), Origin.CAMERA))
    table.qtbot.waitUntil(lambda: "The camera is unsure of a card (best guess 8S)."
                          in banner_texts(table), timeout=5000)
    assert "Key in the card you see. Cards read after it, waiting: 1" in banner_texts(table)
    feed.deliver(CardEvent(parse_card("TH"), Origin.CAMERA))
    table.qtbot.waitUntil(lambda: "Key in the card you see. Cards read after it, waiting: 2"
                          in banner_texts(table), timeout=5000)
    assert table.service.view().boxes[0].hands[0].cards == ()
    assert table.window.keypad_frame.isVisible()
    table.click("rank-9")
    table.click("suit-S")
    table.qtbot.waitUntil(lambda: table.service.view().boxes[0].hands[0].cards == ("9S", "TH"))
    assert table.service.view().dealer.cards == ("6D",)
    table.qtbot.waitUntil(lambda: not table.window.banners.showing())


def test_a_refused_card_stays_on_screen_until_confirmed(table):
    start_round(table)
    table.deal("TS", "7D", "9C")
    table.click("stand")
    table.deal("KH")  # the dealer stands on 17
    seq = table.service.view().seq
    table.mock.load([parse_card("4S")] + table.mock.shoe)
    table.mock.deal(1)
    table.qtbot.waitUntil(lambda: table.service.view().seq > seq, timeout=5000)
    texts = banner_texts(table)
    assert "Card 4S was not taken: Card 4S out of turn: the dealer stands on 17." in texts
    table.qtbot.waitUntil(lambda: table.window.pages.currentWidget() is table.window.settlement)
    table.click("paid")  # the round is paid; the banner stays
    table.wait_phase("betting")
    assert any("Card 4S was not taken" in t for t in banner_texts(table))
    f = table.service.view().faults[0]
    table.click(f"ack-{f.seq}")
    table.qtbot.waitUntil(lambda: not table.window.banners.showing())


def test_a_restart_mid_round_resumes_on_screen_where_it_stopped(qtbot, tmp_path):
    db = tmp_path / "journal.sqlite"
    kiosk = build(db, settings=TableSettings(language="en"))
    show(kiosk)
    qtbot.waitUntil(lambda: kiosk.service.view().phase == "betting", timeout=5000)
    svc = kiosk.service
    svc.seat(1, "S1")
    svc.bet("S1", 1, "20")
    svc.bet("C1", 1, "10")
    for code in ("8S", "6D", "8C"):
        kiosk.feed.key_in(code)
    qtbot.waitUntil(lambda: svc.view().phase == "boxes", timeout=5000)
    kiosk.window.play.clock = lambda: 1e9  # the dealer touches "split" a while after the deal
    kiosk.window.findChild(QPushButton, "split").click()
    kiosk.window.findChild(QPushButton, "follow-C1-no").click()  # the last answer sends it
    before = svc.view()
    shot = [w.text() for w in kiosk.window.felt.findChildren(QLabel)]
    kiosk.feed.stop()  # the power goes
    kiosk.bridge.close()
    svc.close()
    kiosk.window.close()
    again = build(db, settings=TableSettings(language="en"))
    show(again)
    qtbot.addWidget(again.window)
    qtbot.waitUntil(lambda: again.service.view().source.state == "connected", timeout=5000)
    after = again.service.view()
    assert (after.boxes, after.dealer, after.active, after.phase) == \
        (before.boxes, before.dealer, before.active, before.phase)
    assert sorted(w.text() for w in again.window.felt.findChildren(QLabel)) == sorted(shot)
    # the split hand waits for its second card, as it did before the power went
    assert again.window.findChild(QLabel, "play-title").text() == \
        "Box 1, hand 1: its second card"
    again.feed.key_in("3C")
    qtbot.waitUntil(lambda: again.window.findChild(QPushButton, "stand").isEnabled())
    conn = sqlite3.connect(str(db))
    sources = [json.loads(d)["status"] for (d,) in
               conn.execute("SELECT data FROM events WHERE kind = 'source'")]
    conn.close()
    assert sources.count("connected") == 2
    again.feed.stop()
    again.bridge.close()
    again.service.close()
