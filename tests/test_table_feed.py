"""The live path from card source to screen: the mock shoe on a pseudo-terminal, the serial
driver, the card feed, the table service, the journal, the listeners and their views."""

from __future__ import annotations

import json
import logging
import sqlite3

import pytest
from table_support import live_table

from kiosk.demo.dealers import FeedDealer
from kiosk.demo.table import DemoTable
from kiosk.journal.verify import verify_journal
from kiosk.table.view import TableView
from models.cards import parse_card
from models.errors import CardError, IllegalAction


def contains(view: TableView, event) -> bool:
    """Whether the view already shows what the event did."""
    d, k = event.data, event.kind
    hands = [h for b in view.boxes for h in b.hands]
    if view.seq != event.seq:
        return False
    if k == "card":
        shown = [c for h in hands for c in h.cards] + list(view.dealer.cards)
        return d["card"] in shown or view.dealer.face_down == 1
    if k == "bet":
        box = view.boxes[d["box"] - 1]
        stakes = {"twins": box.twins, "bust": box.bust}.get(d.get("side"),
                                                            box.hands[0].stakes)
        return any(s.player == d["player"] for s in stakes)
    if k == "withdraw":
        box = view.boxes[d["box"] - 1]
        stakes = {"twins": box.twins, "bust": box.bust}.get(
            d.get("side"), box.hands[0].stakes if box.hands else ())
        return d.get("amount") is not None or all(s.player != d["player"] for s in stakes)
    if k == "decision":
        do = d["do"]
        if do == "stand":
            return any(h.stood for h in view.boxes[d["box"] - 1].hands)
        if do == "double":
            return any(h.doubled for h in view.boxes[d["box"] - 1].hands)
        if do == "split":
            return len(view.boxes[d["box"] - 1].hands) > 1
        if do == "surrender":
            return view.boxes[d["box"] - 1].hands[0].surrendered
        if do == "insure":
            return d["player"] in view.boxes[d["box"] - 1].hands[d.get("hand", 1) - 1].insured
        if do == "even_money":
            return d["player"] in view.boxes[d["box"] - 1].hands[0].even_money
        return view.phase != "insurance"  # close_insurance
    if k == "settlement":
        return view.settlement is not None and view.settlement.logged
    if k == "payout":
        return view.paid_by == d["by"]
    if k == "round_open":
        return view.round_id == event.round_id and view.phase == "betting"
    if k == "shoe_open":
        return view.shoe is not None and view.shoe.number == d["shoe"]
    if k == "shoe_close":
        return view.shoe is None
    if k == "source":
        return view.source.state != "none" or any(f.seq == event.seq for f in view.faults)
    if k == "alert":
        return view.last_alert is not None and view.last_alert.seq == event.seq
    return k == "session_open"


@pytest.mark.parametrize("rules, seed", [("bayern", 3), ("holecard", 11),
                                         ("schleswig-holstein", 5)])
def test_every_listener_sees_a_view_that_already_holds_the_event(tmp_path, rules, seed):
    with live_table(tmp_path / "j.sqlite", rules) as table:
        svc = table.service
        checked = []
        svc.subscribe(lambda event: checked.append(
            (event.kind, contains(svc.view("dealer"), event) and
             contains(svc.view("pit"), event))))
        summary = DemoTable(svc, FeedDealer(svc, table.feed, table.loop), seed).play(4)
        kinds = {kind for kind, _ in checked}
        assert {"round_open", "bet", "card", "decision", "settlement", "payout"} <= kinds
        assert [kind for kind, ok in checked if not ok] == []
        assert len(summary.rounds) == 4 and summary.keyed_in == 0
        assert verify_journal(svc.writer.db).rounds_settled == 4


def test_a_listener_that_raises_neither_undoes_the_commit_nor_stops_the_others(tmp_path,
                                                                              caplog):
    with live_table(tmp_path / "j.sqlite") as table:
        svc = table.service
        heard = []

        def broken(event):
            raise RuntimeError("a broken screen")
        svc.subscribe(broken)
        svc.subscribe(heard.append)
        with caplog.at_level(logging.ERROR):
            svc.open_round({1: "anna"})
        assert [e.kind for e in heard][-1] == "round_open"
        assert svc.view().round_id == 1
        assert "a listener raised on event" in caplog.text
        unsubscribe = svc.subscribe(heard.append)
        unsubscribe()
        svc.bet("anna", 1, "10")
        assert [e.kind for e in heard].count("bet") == 1


def _hole_card_table(service, cards):
    service.open_round({1: "anna"})
    service.bet("anna", 1, "100")
    for code in cards:
        service.card(code)


def _texts(service) -> str:
    return json.dumps(service.snapshot()) + json.dumps(_json(service.view("dealer")))


def _json(view):
    from kiosk.table.view import to_json
    return to_json(view)


def test_the_hole_card_shows_in_no_view_before_it_is_turned(tmp_path, cli):
    from kiosk.table.service import TableService
    db = tmp_path / "j.sqlite"
    svc = TableService.open(db, rules="holecard")
    _hole_card_table(svc, ["9S", "7H", "8D", "QC"])  # box 9 8, hole 7H, up QC: 17 hidden
    for audience in ("dealer", "pit"):
        v = svc.view(audience)
        assert v.dealer.cards == ("QC",) and v.dealer.face_down == 1
        assert v.dealer.total == 10 and v.dealer.label == "hard 10"
    assert "7H" not in _texts(svc) and "17" not in json.dumps(svc.snapshot()["dealer"])
    replay = cli("replay", "--db", str(db), "--round", "1")
    assert replay.returncode == 0, replay.stderr
    assert "7H" not in replay.stdout and "hole card dealt face down" in replay.stdout
    assert "dealer: ?? QC hard 10" in replay.stdout
    svc.stand(1)  # the dealer turns his card: now everyone sees it
    v = svc.view()
    assert v.dealer.cards == ("7H", "QC") and v.dealer.face_down == 0
    assert v.dealer.label == "hard 17" and v.dealer.guidance == "stand"
    svc.close()
    replay = cli("replay", "--db", str(db), "--round", "1")
    assert "dealer: 7H QC hard 17" in replay.stdout


@pytest.mark.parametrize("hole", ["KD", "5D"])
def test_an_insurance_window_looks_the_same_whatever_the_hole_card(tmp_path, hole):
    """With an ace up the dealer peeks only after insurance: until then nothing on any view,
    choices included, may differ between a hole card that makes Black Jack and one that does
    not."""
    from kiosk.table.service import TableService
    views = {}
    for card in (hole, "6C"):
        svc = TableService.open(tmp_path / f"{card}.sqlite", rules="holecard")
        svc.open_round({1: "anna", 2: "bert"})
        svc.bet("anna", 1, "100")
        svc.bet("bert", 2, "50")
        seen = []
        for code in ["TS", "9H", card, "7C", "8C", "AS"]:  # hole card, then the ace up
            svc.card(code)
        seen.append(_json(svc.view("dealer")))
        svc.insure("anna", 1)
        seen.append(_json(svc.view("pit")))
        views[card] = seen
        svc.close()
    assert views[hole] == views["6C"]
    assert views["6C"][0]["phase"] == "insurance"
    assert views["6C"][0]["choices"]["close_insurance"] is True
    assert views["6C"][0]["choices"]["stand"] is False


def test_a_shoe_unplugged_and_plugged_back_mid_round_loses_no_card(tmp_path):
    with live_table(tmp_path / "j.sqlite") as table:
        svc, mock = table.service, table.mock
        svc.open_round({1: "anna", 2: "bert"})
        svc.bet("anna", 1, "20")
        svc.bet("bert", 2, "20")
        table.deal("TS", "9H", "6D", "7C")  # box 1 10, box 2 9, dealer 6, box 1 17
        mock.fault("unplug")
        lost = table.wait_for_event("source", status="lost")
        v = svc.view()
        assert v.source.state == "lost" and v.faults[-1].seq == lost.seq
        assert v.faults[-1].kind == "lost"
        mock.load([parse_card("9S")] + mock.shoe)
        out = mock.deal(1)[0]  # bert's second card leaves the shoe while the cable is out
        assert mock.dealt[-1].fate == "unplugged"
        table.feed.key_in(out.code)  # the dealer keys in the card he sees
        table.wait_for_event("card", card="9S", source="manual")
        mock.fault("replug")
        table.wait_for_event("source", status="connected")
        v = svc.view()
        assert v.source.state == "connected" and v.faults == ()
        svc.stand(1)
        svc.stand(2)
        table.deal("TC")  # dealer 16
        table.deal("5H")  # dealer 21
        svc.settle()
        faults = svc.view().faults
        rows = sqlite3.connect(str(tmp_path / "j.sqlite")).execute(
            "SELECT kind, data FROM events ORDER BY seq").fetchall()
    cards = [json.loads(d)["card"] for k, d in rows if k == "card"]
    assert cards == [d.card.code for d in mock.dealt]  # every card once, in shoe order
    statuses = [json.loads(d)["status"] for k, d in rows if k == "source"]
    # the shoe numbers its frames: back on the line it tells of the one it could not send,
    # which the dealer had keyed in, so no fault stays open
    assert statuses == ["connected", "lost", "connected", "gap"]
    assert faults == ()


def test_a_misread_is_a_fault_until_the_dealer_keys_the_card_in(tmp_path):
    with live_table(tmp_path / "j.sqlite") as table:
        svc, mock = table.service, table.mock
        svc.open_round({1: "anna"})
        svc.bet("anna", 1, "10")
        table.deal("TS")
        mock.load([parse_card("6D")] + mock.shoe)
        mock.fault("misread")
        fault = table.wait_for_event("source", status="misread")
        assert [f.kind for f in svc.view().faults] == ["misread"]
        assert svc.view().last_alert.seq == fault.seq
        table.feed.key_in("6D")
        table.wait_for_event("card", card="6D", source="manual")
        assert svc.view().faults == ()
        assert svc.view().dealer.cards == ("6D",)


@pytest.mark.parametrize("keyed_first", [True, False])
def test_a_damaged_frame_is_one_fault_whatever_the_shoe_says_of_it_later(tmp_path, keyed_first):
    """A frame that fails its checksum is lost; at its next frame the shoe's numbering shows
    one frame missing. That is the same card, already on screen: one fault, which the card
    keyed in closes, whether the next frame comes before or after it."""
    with live_table(tmp_path / "j.sqlite") as table:
        svc, mock = table.service, table.mock
        svc.open_round({1: "anna"})
        svc.bet("anna", 1, "10")
        table.deal("TS")
        mock.load([parse_card("6D")] + mock.shoe)
        mock.fault("checksum")  # the dealer's 6D leaves the shoe, its frame damaged
        table.wait_for_event("source", status="checksum")
        if keyed_first:
            table.feed.key_in("6D")
            table.wait_for_event("card", card="6D", source="manual")
        table.deal("9C")  # a next frame (or a heartbeat before it) shows the lost one
        table.wait_for(lambda: any(e.kind == "source" and e.data["status"] == "gap"
                                   for e in table.events))
        if not keyed_first:
            assert [f.kind for f in svc.view().faults] == ["checksum"]
            table.feed.key_in("6D")
            table.wait_for_event("card", card="6D", source="manual")
        assert svc.view().faults == ()


def test_a_card_the_engine_refuses_is_an_alert_never_applied_and_stays_on_screen(tmp_path):
    with live_table(tmp_path / "j.sqlite") as table:
        svc = table.service
        svc.open_round({1: "anna"})
        svc.bet("anna", 1, "10")
        table.deal("TS", "7D", "9C")  # box 1 19, dealer 7
        svc.stand(1)
        table.deal("KH")  # dealer 17: he stands, the round is complete
        before = svc.view()
        table.mock.load([parse_card("4S")])
        table.mock.deal(1)  # a card out of turn
        alert = table.wait_for_event("alert")
        v = svc.view()
        assert alert.data["card"] == "4S" and "out of turn" in alert.data["message"]
        assert v.dealer.cards == before.dealer.cards  # not applied
        assert v.faults[-1].kind == "card_refused" and v.faults[-1].card == "4S"
        svc.settle()
        assert svc.view().faults[-1].card == "4S"  # not dropped when the round ends
        with pytest.raises(IllegalAction, match="not an open fault"):
            svc.acknowledge(alert.seq + 1000)
        svc.acknowledge(alert.seq, "dealer")
        assert svc.view().faults == ()


def test_a_keyed_in_card_that_is_no_card_changes_nothing(tmp_path):
    with live_table(tmp_path / "j.sqlite") as table:
        svc = table.service
        svc.open_round({1: "anna"})
        seq = svc.view().seq
        with pytest.raises(CardError, match="unknown card 'ZZ'"):
            table.feed.key_in("ZZ")
        table.loop.run_pending()
        assert svc.view().seq == seq
