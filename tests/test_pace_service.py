"""The dealer's pace at the table service: the last round's stakes stand in the next (one
touch takes a chip off, clears a box, adds a chip), a line paid during play is paid once, the
last decision can be undone while no card has followed it. A real journal on disk each time."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from kiosk.journal.fold import FoldError, fold_round
from kiosk.journal.reader import fold, round_events
from kiosk.journal.shift_report import shift_report
from kiosk.journal.verify import verify_journal
from kiosk.journal.view import describe
from kiosk.table.review import Review
from kiosk.table.service import TableService
from models.errors import IllegalAction, StakeError
from models.record import settle_record, to_record

STAKES = [("anna", 1, "20", None), ("carl", 1, "10", None), ("anna", 1, "10", "twins"),
          ("bert", 3, "50", None), ("bert", 3, "10", "bust")]


def open_service(path, rules="bayern") -> TableService:
    return TableService.open(path, rules=rules)


@pytest.fixture
def service(tmp_path):
    svc = open_service(tmp_path / "j.sqlite")
    yield svc
    svc.close()


def kinds(svc, round_id=None) -> list[str]:
    sql = "SELECT kind FROM events" + (" WHERE round_id = ?" if round_id else "") + \
        " ORDER BY seq"
    return [r[0] for r in svc.writer.db.conn.execute(sql, (round_id,) if round_id else ())]


def stakes_shown(view) -> dict:
    """(player, box, side) -> (amount, standing) as the view shows them."""
    out = {}
    for b in view.boxes:
        pools = [(None, b.hands[0].stakes if b.hands else ()), ("twins", b.twins),
                 ("bust", b.bust)]
        for side, pool in pools:
            for s in pool:
                out[(s.player, b.number, side)] = (s.amount, s.standing)
    return out


def play_first_round(svc) -> int:
    """Round 1: anna (seat 1) 20 with carl 10 and her twins 10 on box 1, bert (seat 3) 50 with
    a bust 10; both stand, the dealer draws to 18."""
    rid = svc.open_round({1: "anna", 3: "bert"})
    for player, box, amount, side in STAKES:
        svc.bet(player, box, amount, side)
    for card in ("TS", "9H", "7D", "8C", "9S"):
        svc.card(card)
    svc.stand(1)
    svc.stand(3)
    svc.card("TD")  # dealer 7 10: 17
    svc.settle()
    svc.confirm_payout()
    return rid


def test_the_last_rounds_stakes_stand_and_are_journaled_as_bets_at_the_first_card(service):
    first = play_first_round(service)
    rid = service.open_round()
    view = service.view()
    assert stakes_shown(view) == {(p, b, s): (Decimal(a), True) for p, b, a, s in STAKES}
    assert view.boxes[0].state == "standing" and view.boxes[2].state == "standing"
    assert view.choices.card  # the standing stakes let the deal begin
    assert kinds(service, rid) == ["round_open"]  # nothing journaled while they stand
    service.card("2S")
    assert kinds(service, rid) == ["round_open"] + ["bet"] * len(STAKES) + ["card"]
    assert to_record(service.round)["bets"] == to_record(fold(service.writer.db, first)[0]
                                                         .round)["bets"]
    assert all(not standing for _, standing in stakes_shown(service.view()).values())


def test_one_touch_takes_the_last_chip_off_clears_a_box_or_adds_a_chip(service):
    service.open_round({1: "anna", 3: "bert"})
    service.bet("anna", 1, "10")
    service.bet("anna", 1, "20")
    service.bet("bert", 3, "50")
    for card in ("TS", "9H", "7D", "8C", "9S"):
        service.card(card)
    service.stand(1)
    service.stand(3)
    service.card("TD")
    service.settle()
    service.confirm_payout()
    rid = service.open_round()
    before = len(kinds(service))
    service.take_chip("anna", 1)  # her last chip was the 20
    assert stakes_shown(service.view())[("anna", 1, None)] == (Decimal(10), False)
    service.bet("bert", 3, "10")  # a chip more on his standing 50
    assert stakes_shown(service.view())[("bert", 3, None)] == (Decimal(60), False)
    with pytest.raises(StakeError, match="anna's last chip on box 1 is 10, not 20"):
        service.withdraw("anna", 1, None, "20")
    assert len(kinds(service)) == before + 3 + 2  # 10, 20 and the chip off; 50 and 10
    service.clear_box(1)
    assert ("anna", 1, None) not in stakes_shown(service.view())
    with pytest.raises(StakeError, match="box 1 has no stake to clear"):
        service.clear_box(1)
    service.card("5S")
    bets = to_record(service.round)["bets"]
    assert bets == [{"player": "bert", "box": 3, "amount": "50"},
                    {"player": "bert", "box": 3, "amount": "10"}]
    assert verify_journal(service.writer.db).rounds_open == 1
    words = [describe(e) for e in round_events(service.writer.db, rid)]
    assert "anna takes his last chip (20) off box 1" in words


def test_clearing_a_box_takes_co_players_and_side_bets_off_in_one_commit(service):
    play_first_round(service)
    service.open_round()
    head = service.writer.head_seq
    service.clear_box(1)
    new = kinds(service)[head:]
    # anna 20, carl 10 and anna's twins 10 were standing: journaled, then each taken off
    assert new == ["bet", "bet", "bet", "withdraw", "withdraw", "withdraw"]
    assert {k for k in stakes_shown(service.view())} == {("bert", 3, None), ("bert", 3, "bust")}


def test_a_restart_in_betting_finds_the_same_standing_stakes(tmp_path):
    path = tmp_path / "j.sqlite"
    svc = open_service(path)
    play_first_round(svc)
    svc.open_round()
    svc.take_chip("carl", 1)  # 10 -> gone (his one chip)
    shown = stakes_shown(svc.view())
    svc.close()  # as good as a kill: nothing unjournaled is kept
    again = open_service(path)
    try:
        assert stakes_shown(again.view()) == shown
        assert ("carl", 1, None) not in shown and shown[("bert", 3, None)] == (Decimal(50), True)
        again.card("2S")
        assert {(e["player"], e["box"], e.get("side")) for e in again.round.bets} == \
            set(shown)
    finally:
        again.close()


def test_a_void_restores_the_voided_rounds_stakes_as_standing(service):
    play_first_round(service)
    service.open_round()
    service.bet("carl", 1, "10")  # carl doubles his standing 10 to 20
    service.card("4S")
    service.void("Frau Weber", "shoe jammed")
    service.open_round()
    shown = stakes_shown(service.view())
    assert shown[("carl", 1, None)] == (Decimal(20), True)
    assert shown[("bert", 3, "bust")] == (Decimal(10), True)
    # a void in betting hands on what stood too
    service.void("Frau Weber", "players left the table for a moment")
    service.open_round()
    assert stakes_shown(service.view()) == shown


def test_a_stake_the_new_limits_refuse_is_not_proposed(tmp_path):
    svc = TableService.open(tmp_path / "j.sqlite")
    try:
        play_first_round(svc)
        svc.change_table("Frau Weber", limits=("20", "1000"))
        svc.open_round()
        # 10 and 50 are no multiples of the new minimum 20
        assert stakes_shown(svc.view()) == {("anna", 1, None): (Decimal(20), True)}
    finally:
        svc.close()


# -- every amount paid once -------------------------------------------------------------------

def deal_black_jacks(svc) -> None:
    """Hole-card game, dealer A up: anna's Black Jack takes even money, bert's Black Jack is
    paid at once after the peek shows no Black Jack, carl's 11 draws to 21."""
    svc.open_round({1: "anna", 2: "bert", 3: "carl"})
    svc.bet("anna", 1, "20")
    svc.bet("bert", 2, "40")
    svc.bet("carl", 3, "10")
    for card in ("AS", "AH", "9C", "9D", "KD", "QS", "2C", "AD"):
        svc.card(card)


def test_a_line_paid_during_play_is_paid_once_and_left_out_of_what_remains(tmp_path):
    svc = open_service(tmp_path / "j.sqlite", "holecard")
    try:
        deal_black_jacks(svc)
        svc.even_money("anna", 1)
        now = svc.view().payable_now
        assert [(ln.player, ln.bet, ln.net, ln.paid) for ln in now] == \
            [("anna", "even_money", Decimal(20), False)]
        svc.pay_line("anna", 1, 1, "even_money")
        assert [ln.paid for ln in svc.view().payable_now] == [True]
        with pytest.raises(IllegalAction, match="paid already"):
            svc.pay_line("anna", 1, 1, "even_money")
        with pytest.raises(IllegalAction, match="nothing is to pay now to bert"):
            svc.pay_line("bert", 2, 1, "main")  # not before the peek
        svc.close_insurance()  # the dealer peeks: 9 under the ace, no Black Jack
        svc.pay_line("bert", 2, 1, "main")
        assert [(ln.player, ln.net, ln.paid) for ln in svc.view().payable_now] == \
            [("anna", Decimal(20), True), ("bert", Decimal(60), True)]
        svc.card("TH")  # carl 2 9 T: 21
        svc.settle()
        s = svc.view().settlement
        wins = sum(ln.net for ln in s.lines if ln.net > 0)
        paid = sum(ln.net for ln in s.lines if ln.paid)
        assert (wins, paid) == (Decimal(90), Decimal(80))
        assert s.to_pay == wins - paid == Decimal(10)
        assert [ln.player for ln in s.lines if ln.paid] == ["anna", "bert"]
        svc.confirm_payout()
        assert verify_journal(svc.writer.db).rounds_settled == 1
        state, events = fold(svc.writer.db, svc.state.round_id)
        assert state.paid == {("anna", 1, 1, "even_money"): Decimal(20),
                              ("bert", 2, 1, "main"): Decimal(60)}
        assert "paid during play by dealer: bert 60 (main, box 2 hand 1)" in \
            [describe(e) for e in events]
        assert settle_record(to_record(state.round)).to_json() == state.logged_settlement
        report = shift_report(svc.writer.db)[0].to_json()
        assert report["rounds"] == 1 and report["main"]["paid"] == "90"  # counted once
        assert Review(svc).replay(svc.state.round_id)[-1].view.settlement.to_pay == Decimal(10)
    finally:
        svc.close()


def test_a_forged_payment_fails_verify(tmp_path):
    svc = open_service(tmp_path / "j.sqlite", "holecard")
    try:
        deal_black_jacks(svc)
        events = round_events(svc.writer.db, svc.state.round_id)
        from dataclasses import replace
        forged = replace(events[-1], seq=events[-1].seq + 1, kind="paid",
                         data={"player": "bert", "box": 2, "hand": 1, "bet": "main",
                               "amount": "60", "by": "dealer"})
        with pytest.raises(FoldError, match="nothing is to pay now to bert"):
            fold_round(svc.session, [*events, forged])
    finally:
        svc.close()


# -- undo ---------------------------------------------------------------------------------------

def test_the_last_decision_is_undone_while_no_card_has_followed_it(service):
    service.open_round({1: "anna", 2: "bert"})
    service.bet("anna", 1, "20")
    service.bet("bert", 2, "10")
    for card in ("TS", "9H", "6D", "7C", "9S"):
        service.card(card)
    service.stand(1)
    service.stand(2)  # the second tap meant for nothing
    assert service.view().choices.undo
    undo = service.undo()
    assert service.view().active == (2, 1)
    assert json.loads(service.writer.db.conn.execute(
        "SELECT data FROM events WHERE seq = ?", (undo.seq,)).fetchone()[0]) == \
        {"undoes": undo.seq - 1, "by": "dealer"}
    service.undo()  # and the one before it: no card between
    assert service.view().active == (1, 1)
    with pytest.raises(IllegalAction, match="no decision to undo"):
        service.undo()
    service.stand(1)
    service.card("TC")  # bert 9 9 T: bust
    with pytest.raises(IllegalAction, match="no decision to undo"):
        service.undo()
    assert not service.view().choices.undo
    service.card("8D")  # dealer 6 8
    service.card("5H")
    service.settle()
    service.confirm_payout()
    rid = service.state.round_id
    assert verify_journal(service.writer.db).rounds_settled == 1
    record = json.loads(Review(service).export(rid))
    assert record["play"] == ["TS", "9H", "6D", "7C", "9S", {"do": "stand", "box": 1}, "TC",
                              "8D", "5H"]
    steps = Review(service).replay(rid)
    assert [s.kind for s in steps].count("undo") == 2
    assert "UNDO of decision" in [s.words for s in steps if s.kind == "undo"][0]


def test_an_undo_after_a_card_fails_verify(service):
    service.open_round({1: "anna"})
    service.bet("anna", 1, "20")
    for card in ("TS", "6D", "7C"):
        service.card(card)
    stand = service.stand(1)
    service.card("8D")
    events = round_events(service.writer.db, service.state.round_id)
    from dataclasses import replace
    forged = replace(events[-1], seq=events[-1].seq + 1, kind="undo",
                     data={"undoes": stand.seq, "by": "dealer"})
    with pytest.raises(FoldError, match="cannot be undone: a card"):
        fold_round(service.session, [*events, forged])


def test_an_imported_record_holds_its_own_stakes_and_no_standing_ones(tmp_path):
    from pathlib import Path

    from kiosk.table.importer import import_record
    from models.record import loads

    text = (Path(__file__).parent / "rounds" / "blackjack_pays_three_to_two_on_fifteen.json") \
        .read_text()
    record = loads(text)["record"]
    path = tmp_path / "j.sqlite"
    first = import_record(path, json.dumps(record))
    second = import_record(path, json.dumps(record))  # the first's stakes do not stand in it
    assert first[1] == second[1] == settle_record(record).to_json()
