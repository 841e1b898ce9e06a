"""The table service: refused actions are not journaled, corrections and voids are new
events, the shoe is counted, a failed commit stops the table, a restart resumes the round."""

from __future__ import annotations

import json
import sqlite3

import pytest
from journal_support import event_rows

from kiosk.journal.errors import JournalHalted, JournalWriteError
from kiosk.journal.reader import fold
from kiosk.journal.verify import verify_journal
from kiosk.table.service import TableService
from models.errors import CardError, IllegalAction, StakeError
from models.record import loads, settle_record, to_record


@pytest.fixture
def service(tmp_path):
    svc = TableService.open(tmp_path / "j.sqlite")
    yield svc
    svc.close()


def kinds(svc) -> list[str]:
    return [r[0] for r in svc.writer.db.conn.execute("SELECT kind FROM events ORDER BY seq")]


def deal_two_boxes(svc) -> None:
    """anna 100 on box 1, bert 50 on box 2; anna 10+7 = 17, bert 9+9, dealer 6 up."""
    svc.open_round({1: "anna", 2: "bert"})
    svc.bet("anna", 1, "100")
    svc.bet("bert", 2, "50")
    for card in ("TS", "9H", "6D", "7C", "9S"):
        svc.card(card)


def test_every_action_is_an_event_with_sequence_time_and_source(service):
    deal_two_boxes(service)
    service.stand(1)
    service.split(2)
    rows = service.writer.db.conn.execute("SELECT seq, ts, kind, data FROM events ORDER BY seq") \
        .fetchall()
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))
    assert all(r[1].endswith("+00:00") for r in rows)
    assert [r[2] for r in rows] == ["session_open", "shoe_open", "round_open", "bet", "bet",
                                    "card", "card", "card", "card", "card", "decision",
                                    "decision"]
    assert json.loads(rows[5][3]) == {"card": "TS", "source": "shoe"}
    assert json.loads(rows[3][3]) == {"player": "anna", "box": 1, "amount": "100"}


def test_a_refused_action_is_not_journaled(service):
    deal_two_boxes(service)
    before = kinds(service)
    with pytest.raises(IllegalAction, match="it is box 1's turn"):
        service.stand(2)
    with pytest.raises(IllegalAction, match="double not allowed on 17"):
        service.double(1)
    with pytest.raises(IllegalAction, match="box must be a box number"):
        service.stand("1")
    with pytest.raises(IllegalAction, match="betting is closed"):
        service.bet("carl", 1, "10")
    assert kinds(service) == before


def test_a_stake_over_the_box_maximum_is_refused_before_the_journal(service):
    service.open_round({1: "anna"})
    with pytest.raises(StakeError, match="over the box maximum 500"):
        service.bet("anna", 1, "510")
    assert kinds(service)[-1] == "round_open"


def test_a_card_correction_keeps_the_original_and_the_fold_applies_it(service):
    deal_two_boxes(service)
    wrong = service.events[6]  # anna's second card, read as 7C
    assert wrong.data == {"card": "7C", "source": "shoe"}
    with pytest.raises(IllegalAction, match="a supervisor is required"):
        service.correct(wrong.seq, {"card": "4C", "source": "manual"}, "", "misread")
    service.correct(wrong.seq, {"card": "4C", "source": "manual"}, "Frau Weber",
                    "camera read 7C, the card is 4C")
    box1 = service.round.boxes[1].hands[0]
    assert [c.code for c in box1.cards] == ["TS", "4C"]
    assert service.shoe.shoe.seen.get(next(c for c in box1.cards if c.code == "4C")) == 1
    assert all(c.code != "7C" for c in service.shoe.shoe.seen)
    for box in (1, 2):
        service.stand(box)
    service.card("TC")  # dealer 16
    service.card("5H")  # dealer 21
    settlement = service.settle()
    assert settlement.net["anna"] == -100
    stored = [json.loads(r[2]) for r in event_rows(_path(service))]
    assert {"card": "7C", "source": "shoe"} in stored  # the original stays visible
    assert verify_journal(service.writer.db).rounds_settled == 1
    state, _ = fold(service.writer.db, service.state.round_id)
    assert settle_record(loads(json.dumps(to_record(state.round)))).to_json() == \
        state.logged_settlement


def _path(service):
    return service.writer.db.conn.execute("PRAGMA database_list").fetchone()[2]


def test_a_stake_correction_and_a_refused_correction(service):
    service.open_round({1: "anna"})
    bet = service.bet("anna", 1, "200")
    service.correct(bet.seq, {"player": "anna", "box": 1, "amount": "20"}, "Herr Kaya",
                    "mis-entered stake: the chips are 20")
    assert service.round.boxes[1].hands[0].stakes == {"anna": 20}
    for card in ("TS", "6D", "5C"):
        service.card(card)
    stand = service.stand(1)
    count = len(kinds(service))
    with pytest.raises(IllegalAction, match="correction refused"):
        # with AC instead of 5C the hand is Black Jack and the stand could not have happened
        service.correct(stand.seq - 1, {"card": "AC", "source": "manual"}, "Herr Kaya", "x")
    with pytest.raises(IllegalAction, match="not a bet, card or decision of round"):
        service.correct(1, None, "Herr Kaya", "strike the session")
    assert len(kinds(service)) == count


def test_a_void_ends_the_round_without_settlement(service):
    deal_two_boxes(service)
    service.void("Frau Weber", "dealer exposed the next card")
    assert service.state.status == "void"
    assert not service.round_open
    with pytest.raises(CardError, match="card 2C out of turn: no round is open"):
        service.card("2C")
    assert kinds(service)[-1] == "alert"  # the card left the shoe: never dropped silently
    service.open_round({1: "anna"})
    assert service.state.round_id == 2


def test_a_card_the_shoe_cannot_hold_raises_an_alert_and_is_not_applied(tmp_path):
    svc = TableService.open(tmp_path / "j.sqlite", rules={"preset": "bayern", "decks": 1})
    svc.open_round({1: "anna"})
    svc.bet("anna", 1, "10")
    for card in ("TS", "6D", "AS"):
        svc.card(card)
    with pytest.raises(CardError, match="card AS cannot come from this 1-deck shoe"):
        svc.card("AS", "camera")
    assert kinds(svc)[-1] == "alert"
    alert = svc.writer.db.conn.execute("SELECT kind, message FROM alerts").fetchone()
    assert alert[0] == "card_refused" and "AS from the camera" in alert[1]
    assert svc.shoe.dealt == 3
    assert [c.code for c in svc.round.boxes[1].hands[0].cards] == ["TS", "AS"]
    svc.close()


def test_the_cut_card_ends_the_shoe_after_the_round(tmp_path):
    rules = {"preset": "bayern", "decks": 1, "penetration": "1:8"}  # cut card after 6 cards
    svc = TableService.open(tmp_path / "j.sqlite", rules=rules)
    svc.open_round({1: "anna", 2: "bert"})
    svc.bet("anna", 1, "10")
    svc.bet("bert", 2, "10")
    for card in ("TS", "9H", "6D", "7C", "8S"):
        svc.card(card)
    svc.stand(1)
    svc.stand(2)
    svc.card("TC")  # the sixth card: the cut card is out, the round goes on
    assert svc.shoe is not None and svc.shoe.ends_after_round() == "cut card"
    svc.card("2D")
    svc.settle()
    assert svc.shoe is None
    closing = svc.writer.db.conn.execute(
        "SELECT data FROM events WHERE kind = 'shoe_close'").fetchone()
    assert json.loads(closing[0]) == {"shoe": 1, "dealt": 7, "reason": "cut card"}
    svc.confirm_payout("dealer")
    svc.open_round({1: "anna"})
    assert svc.shoe.shoe_id == 2 and svc.shoe.dealt == 0
    svc.close()


def test_a_restart_resumes_the_round_exactly(tmp_path):
    path = tmp_path / "j.sqlite"
    first = TableService.open(path)
    deal_two_boxes(first)
    first.stand(1)
    first.split(2)
    first.card("2H")
    before = first.snapshot()
    first.close()  # the kiosk goes away between two events
    second = TableService.open(path)
    assert second.snapshot() == before
    assert second.snapshot()["active"] == [2, 1]
    second.card("TD")
    assert second.round.active_hand()[0].number == 2
    second.close()


def test_after_a_restart_the_source_waits_for_its_own_driver_and_open_faults_stay(tmp_path):
    """The dead process's "connected" is not this one's: a table that believed it dealt the
    next card into a port its driver had not opened yet, and the card was lost."""
    path = tmp_path / "j.sqlite"
    first = TableService.open(path)
    deal_two_boxes(first)  # the kiosk restarted once mid-round already: its driver connects
    first.source_status("connected", "shoe", "/dev/card-shoe open", device="/dev/card-shoe")
    first.source_status("misread", "shoe", "unreadable frame", device="/dev/card-shoe")
    assert first.view().source.state == "connected"
    first.close()  # killed mid-round
    second = TableService.open(path)
    assert second.view().source.state == "none"
    assert [f.kind for f in second.view().faults] == ["misread"]
    second.source_status("connected", "shoe", "/dev/card-shoe open", device="/dev/card-shoe")
    assert second.view().source.state == "connected"
    second.close()


def test_a_failed_commit_stops_the_table_and_loses_nothing_committed(tmp_path):
    path = tmp_path / "j.sqlite"
    svc = TableService.open(path)
    svc.open_round({1: "anna", 2: "bert"})
    pages = svc.writer.db.conn.execute("PRAGMA page_count").fetchone()[0]
    svc.writer.db.conn.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full
    players = [f"guest{i:03d}" for i in range(400)]
    with pytest.raises(JournalWriteError, match="ALARM: the journal .* could not record"):
        for p in players:
            svc.bet(p, 1 + len(svc.round.bets) % 2, "10")
            if len(svc.round.bets) > 80:
                svc.bet(p, 3, "10")
    committed = svc.writer.head_seq
    applied = list(svc.round.bets)
    with pytest.raises(JournalHalted, match="the table is stopped: ALARM"):
        svc.card("TS")
    svc.close()
    conn = sqlite3.connect(str(path))
    assert conn.execute("SELECT max(seq) FROM events").fetchone()[0] == committed
    conn.close()
    again = TableService.open(path)
    assert again.round.bets == applied  # what was applied is exactly what was committed
    assert verify_journal(again.writer.db).events == committed
    again.close()


def test_seats_change_before_the_first_card_and_decide_the_box_owner(service):
    service.open_round({1: "anna"})
    service.bet("anna", 1, "20")
    service.bet("carl", 2, "20")  # a standing co-player on box 2, nobody in front of it
    assert service.view().boxes[1].owner == "anna"  # the nearest seated player decides
    service.seat(2, "carl")  # carl sits down in front of his box
    assert service.view().boxes[1].owner == "carl"
    assert service.view().boxes[1].seated == "carl"
    with pytest.raises(IllegalAction, match="carl sits in seat 2: a player takes one seat"):
        service.seat(3, "carl")
    with pytest.raises(IllegalAction, match="seat 2 is taken by carl"):
        service.seat(2, "dora")
    service.seat(1, None)
    for card in ("TS", "9H", "6D", "7C", "9S"):
        service.card(card)
    assert service.round.boxes[1].owner == "carl"
    assert service.round.boxes[2].owner == "carl"  # anna left: carl is the nearest now
    with pytest.raises(IllegalAction, match="seats change only before the first card"):
        service.seat(1, "anna")
    path = _path(service)
    service.close()  # one table writes a journal at a time
    again = TableService.open(path)  # the journal gives the same seats back
    assert again.round.seats == {2: "carl"}
    again.close()


def test_a_stake_taken_back_before_the_deal_leaves_no_trace_in_the_round(service):
    service.open_round({1: "anna"})
    service.bet("anna", 1, "100")
    service.bet("anna", 1, "10", "twins")
    service.bet("carl", 1, "50")
    service.withdraw("anna", 1)  # she meant 10, not 100
    service.bet("anna", 1, "10")
    service.withdraw("carl", 1)
    with pytest.raises(StakeError, match="carl has no stake on box 1 to take back"):
        service.withdraw("carl", 1)
    assert [(s.player, s.amount) for s in service.view().boxes[0].hands[0].stakes] == \
        [("anna", 10)]
    for card in ("TS", "9H", "6D"):
        service.card(card)
    with pytest.raises(IllegalAction, match="betting is closed"):
        service.withdraw("anna", 1, "twins")
    service.stand(1)
    service.card("TC")
    settlement = service.settle()
    assert set(settlement.net) == {"anna"}  # carl, who took his stake back, is not settled
    state, _ = fold(service.writer.db, service.state.round_id)
    record = to_record(state.round)
    assert record["bets"] == [{"player": "anna", "box": 1, "side": "twins", "amount": "10"},
                              {"player": "anna", "box": 1, "amount": "10"}]
    assert settle_record(loads(json.dumps(record))).to_json() == state.logged_settlement
    assert verify_journal(service.writer.db).rounds_settled == 1
