"""The supervisor's page by touch: the PIN and its throttle, a void and a correction with their
reasons, the preset and limits changed and the table closed between rounds; every act in the
journal naming the supervisor, and the live table back as it was when he leaves."""

from __future__ import annotations

import json
import sqlite3
from decimal import Decimal

import pytest
from PySide6.QtWidgets import QFrame, QLabel

from kiosk.table.pins import hash_pin

WEBER = ("Frau Weber", hash_pin("4711"))
KAYA = ("Herr Kaya", hash_pin("2580"))


def supervisor_events(table) -> list[dict]:
    conn = sqlite3.connect(table.service.journal_path)
    try:
        return [json.loads(d) for (d,) in conn.execute(
            "SELECT data FROM events WHERE kind = 'supervisor' ORDER BY seq")]
    finally:
        conn.close()


def refusal_shown(table, words: str) -> bool:
    """The refusal banner comes up saying these words."""
    def shown() -> bool:
        bar = table.window.banners.findChild(QFrame, "refusal")
        label = bar.findChild(QLabel, "what") if bar is not None else None
        return label is not None and label.isVisible() and words in label.text()
    table.qtbot.waitUntil(shown, timeout=2000)
    return True


def key_pin(table, pin: str) -> None:
    for digit in pin:
        table.click(f"pin-{digit}")
    table.click("pin-ok")


def sign_in(table, name: str, pin: str) -> None:
    table.click("open-supervisor")
    table.click(f"who-{name}")
    key_pin(table, pin)


def page(table) -> str:
    return table.window.supervisor.stack.currentWidget().objectName()


@pytest.fixture
def pit(open_table):
    return open_table(supervisors=(WEBER, KAYA))


def test_wrong_pins_are_refused_journaled_and_throttled_on_screen(pit):
    pit.click("open-supervisor")
    assert pit.window.pages.currentWidget() is pit.window.supervisor
    pit.click("who-Frau Weber")
    for _ in range(3):
        key_pin(pit, "0000")
        assert refusal_shown(pit, "Wrong PIN for Frau Weber")
    assert page(pit) == "supervisor-sign-in"
    key_pin(pit, "4711")  # right, but within the wait: not even checked
    assert refusal_shown(pit, "Too many wrong PINs: try again in")
    assert pit.service.view().supervisor is None
    assert [(e["act"], e["wrong_in_a_row"], e["wait_s"]) for e in supervisor_events(pit)] == \
        [("pin_refused", 1, 0), ("pin_refused", 2, 0), ("pin_refused", 3, 5)]
    pit.service.throttle.next_try_at = 0.0  # the five seconds have passed
    pit.click("who-Herr Kaya")
    key_pin(pit, "2580")
    assert page(pit) == "supervisor-menu"
    title = pit.window.supervisor.title.text()
    assert title == "Supervisor: Herr Kaya"


def test_a_void_by_touch_names_the_supervisor_and_the_reason_and_the_table_goes_on(table):
    table.window._box_clicked(1)
    table.click("seat")
    table.click("chip-20")
    table.deal("9S")
    round_id = table.service.view().round_id
    sign_in(table, "Demo", "1234")
    table.click("void")
    assert "Void round" in table.window.supervisor.reason_title.text()
    table.click("reason-1")  # misdeal
    assert table.service.state.void == {"supervisor": "Demo", "reason": "Misdeal"}
    assert table.window.supervisor.done.text() == f"\u2713 Round {round_id} voided."
    assert table.service.view().phase == "closed"  # no round opens while the page is up
    table.click("supervisor-back")
    table.wait_phase("betting")
    assert table.service.view().round_id == round_id + 1
    assert table.window.pages.currentWidget() is table.window.table_page
    assert [e["act"] for e in supervisor_events(table)] == ["sign_in", "sign_out"]


def test_a_card_and_a_stake_corrected_by_touch(table):
    table.window._box_clicked(1)
    table.click("seat")
    table.click("chip-10")
    table.deal("9S", "6D")
    sign_in(table, "Demo", "1234")
    table.click("correct")
    card_seq = next(seq for seq, kind, _ in table.service.correctable() if kind == "card")
    bet_seq = next(seq for seq, kind, _ in table.service.correctable() if kind == "bet")
    # each card says where it lies
    texts = {table.find(type(table.window.recall_button), f"fix-{seq}").text()
             for seq, kind, _ in table.service.correctable() if kind == "card"}
    assert texts == {"Card 9\u2660\nbox 1", "Card 6\u2666\ndealer"}, texts
    table.click(f"fix-{card_seq}")  # the 9S was really a 4S
    table.click("fix-rank-4")  # the supervisor's keypad, not the dealer's
    table.click("fix-suit-S")
    table.click("reason-2")  # card misread
    assert table.service.view().boxes[0].hands[0].cards[0] == "4S"
    assert table.window.supervisor.done.text().startswith("\u2713 Corrected: Card 9")
    table.click("correct")
    table.click(f"fix-{bet_seq}")
    # the table minimum is 10: a 5 chip could make no stake the table takes
    shown = {c for c, b in table.window.supervisor.stake_chips.items() if b.isVisible()}
    assert shown and all(c % 10 == 0 for c in shown)
    table.click("stake-chip-20")
    table.click("stake-chip-10")
    table.click("stake-ok")
    table.click("reason-3")  # stake entered wrong
    assert table.service.view().boxes[0].hands[0].stakes[0].amount == Decimal(30)
    conn = sqlite3.connect(table.service.journal_path)
    fixes = [json.loads(d) for (d,) in conn.execute(
        "SELECT data FROM events WHERE kind = 'correction' ORDER BY seq")]
    conn.close()
    assert [(f["corrects"], f["replace"].get("card") or f["replace"]["amount"], f["supervisor"],
             f["reason"]) for f in fixes] == [
        (card_seq, "4S", "Demo", "Card misread"), (bet_seq, "30", "Demo", "Stake entered wrong")]


def test_preset_and_limits_change_before_the_first_stake_and_the_table_closes(table):
    sign_in(table, "Demo", "1234")
    assert table.window.supervisor.table_button.isEnabled()  # nothing staked yet
    table.click("change-table")
    table.click("preset-schleswig-holstein")
    table.click("limits-25-2500")
    table.click("table-apply")
    view = table.service.view()
    assert (view.preset, view.limits) == ("schleswig-holstein", (25, 2500))
    table.click("open-close")
    assert not table.service.view().table_open
    table.click("supervisor-back")
    assert table.service.view().phase == "closed"  # closed: no round opens
    assert table.window.status.closed.text() == "TABLE CLOSED"
    assert "a supervisor opens it" in table.window.betting.hint.text()
    sign_in(table, "Demo", "1234")
    table.click("open-close")
    table.click("supervisor-back")
    table.wait_phase("betting")
    assert table.service.view().limits == (25, 2500)
    assert [e["act"] for e in supervisor_events(table)] == [
        "sign_in", "change", "close_table", "sign_out", "sign_in", "open_table", "sign_out"]


def test_the_supervisor_is_signed_out_when_the_page_is_left_idle(table):
    sign_in(table, "Demo", "1234")
    assert table.service.view().supervisor == "Demo"
    table.window.supervisor.idle.timeout.emit()  # two minutes without a touch
    assert table.service.view().supervisor is None
    assert table.window.pages.currentWidget() is table.window.table_page


def test_the_screen_takes_the_table_chips_limits_and_supervisors_from_the_configuration(
        qtbot, tmp_path):
    from kiosk.commands.start import kiosk_options
    from kiosk.table.config import load_config
    from kiosk.ui.app import build, show

    path = tmp_path / "kiosk.toml"
    path.write_text(f"""
[table]
id = "BJ-07"
language = "en"
currency = "CHF"
[limits]
min = "25"
max = "2500"
tiers = [["25", "2500"], ["50", "5000"]]
[chips]
denominations = ["25", "100", "500"]
[source]
kind = "mock"
[[supervisors]]
name = "{WEBER[0]}"
pin_hash = "{WEBER[1]}"
""")
    kiosk = build(tmp_path / "journal.sqlite", **kiosk_options(load_config(path)))
    try:
        show(kiosk)
        qtbot.waitUntil(lambda: kiosk.service.view().phase == "betting", timeout=5000)
        window = kiosk.window
        assert window.status.table.text() == "BJ-07 · Bavaria · 25–2500 CHF"
        assert sorted(window.betting.chip_buttons) == [25, 100, 500]
        assert kiosk.service.view().supervisors == ("Frau Weber",)  # no demo supervisor
        assert sorted(window.supervisor.limit_buttons) == [(25, 2500), (50, 5000)]
    finally:
        kiosk.close()
