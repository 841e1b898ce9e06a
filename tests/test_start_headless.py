"""`blackjack-kiosk start` on a machine without screen or shoe: the headless table deals from
the mock shoe on a pseudo-terminal through the real serial driver, and journals every card."""

import json
import sqlite3

import pytest

from kiosk.demo.mock_dealer import MockShoeDealer
from models.errors import CardError


def test_start_headless_journals_cards_read_from_the_mock_shoe(cli, tmp_path):
    db = tmp_path / "var" / "journal.sqlite"
    first = cli("start", "--db", str(db), "--rounds", "4", env={"DISPLAY": ""})
    assert first.returncode == 0, first.stderr
    assert "mock shoe" in first.stdout and "serial driver" in first.stdout
    again = cli("start", "--db", str(db), "--rounds", "2", env={"DISPLAY": ""})
    assert again.returncode == 0, again.stderr
    conn = sqlite3.connect(db)
    sources = {json.loads(d)["source"] for (d,) in
               conn.execute("SELECT data FROM events WHERE kind = 'card'")}
    assert sources == {"shoe"}
    assert conn.execute("SELECT count(*) FROM rounds").fetchone()[0] == 6
    assert conn.execute("SELECT count(*) FROM events WHERE kind = 'alert'").fetchone()[0] == 0
    conn.close()
    verify = cli("verify", "--db", str(db))
    assert verify.returncode == 0, verify.stdout + verify.stderr


def test_a_misread_where_a_card_was_expected_stops_the_draw():
    dealer = MockShoeDealer(decks=1, seed=4)
    try:
        first = dealer.draw()
        assert len(first) == 2
        dealer.mock.fault("misread")
        dealer.mock.shoe.insert(0, dealer.mock.shoe[0])  # the dealer draws again after it
        with pytest.raises(CardError, match="reported misread"):
            dealer.draw()
    finally:
        dealer.close()


def test_a_new_shoe_can_go_on_from_the_cards_left_in_play():
    dealer = MockShoeDealer(decks=1, seed=2)
    try:
        from models.cards import parse_card
        left = {parse_card("AS"): 1, parse_card("KD"): 1}
        dealer.new_shoe(left)
        assert sorted([dealer.draw(), dealer.draw()]) == ["AS", "KD"]
        with pytest.raises(CardError, match="empty"):
            dealer.draw()
    finally:
        dealer.close()
