"""The supervisor at the table: PIN sign-in (wrong PINs journaled and throttled), and every act
a journal event naming him: void, correct, open and close the table, change the preset or the
limits between rounds, a new shoe. Acts survive a restart."""

from __future__ import annotations

import pytest
from table_support import play_short_rounds

from kiosk.journal.verify import verify_journal
from kiosk.table.pins import hash_pin
from kiosk.table.service import TableService
from models.errors import IllegalAction, RulesError

WEBER = ("Frau Weber", hash_pin("4711"))
KAYA = ("Herr Kaya", hash_pin("2580"))


def open_table(path):
    return TableService.open(path, supervisors=(WEBER, KAYA))


@pytest.fixture
def service(tmp_path):
    svc = open_table(tmp_path / "j.sqlite")
    yield svc
    svc.close()


def acts(svc) -> list[tuple[str, str]]:
    rows = svc.writer.db.conn.execute(
        "SELECT json_extract(data, '$.act'), json_extract(data, '$.supervisor') FROM events "
        "WHERE kind = 'supervisor' ORDER BY seq")
    return [tuple(r) for r in rows]


def test_a_supervisor_signs_in_with_his_pin_and_the_view_names_him(service):
    assert service.view().supervisors == ("Frau Weber", "Herr Kaya")
    service.sign_in("Frau Weber", "4711")
    assert service.view().supervisor == "Frau Weber"
    service.sign_out()
    assert service.view().supervisor is None
    assert acts(service) == [("sign_in", "Frau Weber"), ("sign_out", "Frau Weber")]


def test_wrong_pins_are_journaled_and_throttled_and_a_waiting_try_is_not_checked(service):
    for _ in range(3):
        with pytest.raises(IllegalAction, match="wrong PIN") as refused:
            service.sign_in("Frau Weber", "0000", now=100.0)
    assert refused.value.code == "pin_wrong" and refused.value.params["seconds"] == 5
    # during the wait even the right PIN is not looked at
    with pytest.raises(IllegalAction, match="try again in 5 s") as waiting:
        service.sign_in("Frau Weber", "4711", now=100.0)
    assert waiting.value.code == "pin_wait"
    assert service.view().supervisor is None
    service.sign_in("Frau Weber", "4711", now=106.0)
    assert acts(service) == [("pin_refused", "Frau Weber")] * 3 + [("sign_in", "Frau Weber")]
    assert service.throttle.wait(now=106.0) == 0  # the right PIN clears the count
    rows = service.writer.db.conn.execute(
        "SELECT json_extract(data, '$.wrong_in_a_row'), json_extract(data, '$.wait_s') FROM "
        "events WHERE kind = 'supervisor' AND json_extract(data, '$.act') = 'pin_refused'")
    assert [tuple(r) for r in rows] == [(1, 0), (2, 0), (3, 5)]


def test_an_unknown_name_is_refused_and_nothing_is_journaled(service):
    before = service.writer.head_seq
    with pytest.raises(IllegalAction, match="not a supervisor"):
        service.sign_in("Mallory", "4711")
    assert service.writer.head_seq == before


def test_acts_need_the_named_supervisor_signed_in(service):
    service.open_round({1: "anna"})
    with pytest.raises(IllegalAction, match="must sign in") as refused:
        service.void("Frau Weber", "dispute")
    assert refused.value.code == "sign_in_first"
    service.sign_in("Herr Kaya", "2580")
    with pytest.raises(IllegalAction, match="Frau Weber must sign in"):
        service.void("Frau Weber", "dispute")
    service.void("Herr Kaya", "dispute")
    assert service.state.status == "void"
    assert service.state.void == {"supervisor": "Herr Kaya", "reason": "dispute"}


def test_a_correction_is_picked_from_the_round_as_it_stands(service):
    service.sign_in("Frau Weber", "4711")
    service.open_round({1: "anna"})
    bet = service.bet("anna", 1, "10")
    service.card("TS")
    assert [(k, d.get("card") or d.get("amount")) for _, k, d in service.correctable()] == \
        [("bet", "10"), ("card", "TS")]
    service.correct(bet.seq, {"player": "anna", "box": 1, "amount": "20"}, "Frau Weber",
                    "chips miscounted")
    assert ("bet", "20") in [(k, d.get("amount")) for _, k, d in service.correctable()]


def test_a_closed_table_opens_no_round_until_a_supervisor_opens_it_even_after_a_restart(
        tmp_path):
    svc = open_table(tmp_path / "j.sqlite")
    svc.sign_in("Frau Weber", "4711")
    svc.close_table("Frau Weber")
    assert not svc.view().table_open and not svc.view().choices.open_round
    with pytest.raises(IllegalAction, match="table is closed") as refused:
        svc.open_round({1: "anna"})
    assert refused.value.code == "table_closed"
    svc.close()
    svc = open_table(tmp_path / "j.sqlite")
    assert not svc.view().table_open
    svc.sign_in("Herr Kaya", "2580")
    svc.open_table("Herr Kaya")
    assert svc.view().choices.open_round
    svc.open_round({1: "anna"})
    svc.close()


def test_a_round_with_no_stake_yet_is_voided_for_a_change_naming_the_supervisor(service):
    service.sign_in("Frau Weber", "4711")
    service.open_round({1: "anna"})
    service.seat(2, "bert")
    assert service.view().choices.between_rounds
    service.change_table("Frau Weber", limits=("10", "1000"))
    assert service.state.status == "void"
    assert service.state.void == {"supervisor": "Frau Weber",
                                  "reason": "no stake yet: change the preset or limits"}
    assert service.view().limits == (10, 1000)


def test_preset_limits_and_shoe_change_between_rounds_only(service):
    service.sign_in("Frau Weber", "4711")
    service.open_round({1: "anna"})
    service.bet("anna", 1, "10")
    assert not service.view().choices.between_rounds
    with pytest.raises(IllegalAction, match="between rounds"):
        service.change_table("Frau Weber", limits=("10", "1000"))
    with pytest.raises(IllegalAction, match="between rounds"):
        service.new_shoe("Frau Weber", "cards marked")
    service.void("Frau Weber", "empty round")
    assert service.view().choices.between_rounds
    with pytest.raises(RulesError):
        service.change_table("Frau Weber", preset="las-vegas")
    shoe_before = service.shoe.shoe_id
    service.change_table("Frau Weber", preset="schleswig-holstein", limits=("10", "1000"))
    view = service.view()
    assert (view.preset, view.limits) == ("schleswig-holstein", (10, 1000))
    assert service.session.by == "Frau Weber"
    service.open_round({1: "anna"})
    assert service.shoe.shoe_id != shoe_before  # a new session deals a new shoe
    with pytest.raises(Exception, match="not a multiple"):
        service.bet("anna", 1, "15")


def test_a_new_shoe_closes_the_one_in_play_and_the_next_round_deals_a_fresh_one(service):
    service.sign_in("Frau Weber", "4711")
    play_short_rounds(service)
    first = service.shoe.shoe_id
    service.new_shoe("Frau Weber", "cards marked")
    assert service.shoe is None
    reason = service.writer.db.conn.execute(
        "SELECT json_extract(data, '$.reason') FROM events WHERE kind = 'shoe_close'").fetchone()
    assert reason == ("new shoe by Frau Weber: cards marked",)
    service.open_round({1: "anna"})
    assert service.shoe.shoe_id == first + 1 and service.shoe.dealt == 0


def test_a_supervisors_change_outlives_a_restart_and_the_journal_verifies(tmp_path):
    path = tmp_path / "j.sqlite"
    svc = open_table(path)
    svc.sign_in("Frau Weber", "4711")
    play_short_rounds(svc)
    svc.change_table("Frau Weber", limits=("10", "1000"))
    svc.close()
    svc = open_table(path)  # configured with the preset's own limits
    assert svc.view().limits == (10, 1000)
    play_short_rounds(svc)
    assert verify_journal(svc.writer.db).rounds_settled == 2  # raises where the chain breaks
    svc.close()
