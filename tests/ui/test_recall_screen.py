"""Game recall by touch: the last ten rounds newest first; a round replayed step by step with
what the journal holds at each step (the hole card face down until turned) and the engine's
settlement at the end; the export is what `blackjack-kiosk export` writes; the shift report's
figures are the CLI report's; a card arriving meanwhile is journaled as always."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QLabel

from kiosk.cli import main


def play_round(table, cards) -> None:
    """Box 1 seated with 10; the cards from the shoe; stand until the payout."""
    table.window._box_clicked(1)
    if not table.service.view().boxes[0].seated:
        table.click("seat")
    table.click("chip-10")
    table.deal(*cards[:3])
    table.wait_phase("boxes")
    table.click("stand")
    table.deal(*cards[3:])
    table.qtbot.waitUntil(lambda: table.window.pages.currentWidget() is table.window.settlement)
    table.click("paid")
    table.wait_phase("betting")


def open_recall_with_pin(table) -> None:
    """Recall takes the supervisor's PIN (the demo supervisor's here)."""
    table.click("open-recall")
    assert table.window.pages.currentWidget() is table.window.supervisor
    for digit in "1234":
        table.click(f"pin-{digit}")
    table.click("pin-ok")
    assert table.window.pages.currentWidget() is table.window.recall


def felt_cards(table) -> list[str]:
    view = table.window.recall.steps[table.window.recall.step].view
    return [c for b in view.boxes for h in b.hands for c in h.cards] + list(view.dealer.cards)


def test_recall_lists_rounds_and_replays_one_step_by_step(table, tmp_path, capsys):
    rounds = [("TS", "6D", "7C", "KD", "9H"), ("9S", "5D", "9C", "TH", "3C"),
              ("8S", "7D", "9D", "QH")]
    for cards in rounds:
        play_round(table, cards)
    open_recall_with_pin(table)
    names = [b.objectName() for b in table.window.recall.list_page.findChildren(
        type(table.window.recall_button)) if b.isVisible()]
    # newest first: round 4 is the one open for bets now
    assert names == ["recall-round-4", "recall-round-3", "recall-round-2", "recall-round-1"]
    table.click("recall-round-1")
    recall = table.window.recall
    journal_cards = []
    seen = []
    while True:
        step = recall.steps[recall.step]
        if step.kind == "card":
            journal_cards.append(step.words.split()[1])
        seen.append(felt_cards(table))
        if not table.find(type(table.window.recall_button), "step-next").isEnabled():
            break
        table.click("step-next")
    assert journal_cards == list(rounds[0])
    # after the third card the dealer's one up card is on the felt, no more
    third = next(i for i, s in enumerate(recall.steps) if s.words.startswith("card 7C"))
    assert "6D" in seen[third] and len(recall.steps[third].view.dealer.cards) == 1
    last = recall.steps[-1].view
    settled = json.loads(table.service.writer.db.conn.execute(
        "SELECT settlement FROM settlements WHERE round_id = 1").fetchone()[0])
    assert {s.player: str(s.amount) for s in last.settlement.net} == settled["net"]
    assert "Settlement:" in recall.words.text()
    # the export is the CLI's
    table.click("step-export")
    written = tmp_path / "var_exports_check"
    exported = (recall.exports / "round-1.json").read_text()
    assert main(["export", "--db", table.service.journal_path, "--round", "1", "--out",
                 str(written)]) == 0
    assert exported == written.read_text()
    assert str((recall.exports / "round-1.json").resolve()) in recall.exported.text()
    # a card while recall is up: journaled, and recall says a round is in play
    table.click("recall-list")
    assert recall.live.text() == ""  # round 4 takes bets
    table.service.bet("S1", 1, "10")
    table.deal("5S")  # the shoe deals while recall is up
    assert table.window.pages.currentWidget() is recall
    table.qtbot.waitUntil(lambda: recall.live.text() == "Round 4 in play")
    table.click("recall-back")
    assert table.window.pages.currentWidget() is table.window.table_page


def test_the_shift_report_on_screen_has_the_cli_reports_figures(table, capsys):
    play_round(table, ("TS", "6D", "7C", "KD", "9H"))
    open_recall_with_pin(table)
    table.click("recall-shift")
    text = table.window.recall.shift_page.text()
    assert main(["report", "--db", table.service.journal_path, "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)[0]
    main_game = report["main"]
    assert f"{main_game['drop']:>9} EUR" in text and f"{main_game['house']:>9} EUR" in text
    assert "Table table-1: 1 rounds" in text
    assert table.window.recall.title.text() == "Shift report: the last 12 hours"
    labels = [w.text() for w in table.window.recall.findChildren(QLabel)]
    assert any("Shift report" in t for t in labels)


def test_a_german_screen_replays_in_german_and_never_names_a_face_down_card(open_table):
    table = open_table(language="de")
    play_round(table, ("TS", "6D", "7C", "KD", "9H"))
    open_recall_with_pin(table)
    table.click("recall-round-1")
    recall = table.window.recall
    said = []
    while True:
        said.append(recall.words.text())
        if not table.find(type(table.window.recall_button), "step-next").isEnabled():
            break
        table.click("step-next")
    assert said[0].startswith("Runde 1 beginnt")
    assert "Karte TS (Schlitten)" in said
    assert "Platz 1: Einsatz 10 auf Box 1" in said
    assert "Platz 1 besetzt" in said and "Box 1 bleibt stehen (Hand 1)" in said, "|".join(said)
    assert said[-1].startswith("Auszahlung vom Croupier bestätigt\nAbrechnung: Platz 1 +10")
    assert not any(word in s for s in said for word in ("card ", "stakes", "opens", "settled"))


@pytest.mark.parametrize("language", ["en", "de"])
def test_replay_words_never_name_a_face_down_card_nor_break_on_a_broken_record(qtbot,
                                                                              language):
    from kiosk.ui.app import application
    from kiosk.ui.text import replay_words
    application(language)
    hidden = replay_words("card", {}, face_down=True)
    assert hidden in ("Hole card dealt face down", "Verdeckte Karte (Hole Card) gegeben")
    assert replay_words("bet", {"player": "anna"}) == "bet"  # a broken record: its kind
    if language == "de":
        assert replay_words("decision", {"do": "split", "box": 2, "hand": 1,
                                         "follow": ["carl", "C2"]}) == \
            "Box 2 teilt (Hand 1), mitgegangen: carl, Mitspieler 2"
        return
    assert replay_words("card", {"card": "7H", "source": "shoe"}) == "Card 7H (shoe)"
    assert replay_words("decision", {"do": "split", "box": 2, "hand": 1,
                                     "follow": ["carl"]}) == \
        "Box 2 splits (hand 1), followed by carl"
    assert replay_words("decision", {"do": "insure", "player": "anna", "box": 1}) == \
        "anna insures on box 1"


def test_recall_and_the_shift_report_take_the_supervisors_pin(table):
    play_round(table, ("TS", "6D", "7C", "KD", "9H"))
    table.click("open-recall")
    assert table.window.pages.currentWidget() is table.window.supervisor
    assert table.window.supervisor.stack.currentWidget() is table.window.supervisor.sign_in_page
    table.click("supervisor-back")  # no PIN: back to the table, nothing of recall seen
    assert table.window.pages.currentWidget() is table.window.table_page
    open_recall_with_pin(table)
    rows = [b.text() for b in table.window.recall.list_page.findChildren(
        type(table.window.recall_button)) if b.isVisible()]
    assert any("house" in r for r in rows), rows  # the supervisor sees the house's result
    table.click("recall-back")  # leaving recall signs the supervisor out
    assert table.service.view().supervisor is None


def test_recall_without_pin_where_configured_but_never_the_house_or_the_shift(open_table):
    table = open_table(recall_without_pin=True, timezone="Asia/Tokyo")
    play_round(table, ("TS", "6D", "7C", "KD", "9H"))
    table.click("open-recall")
    assert table.window.pages.currentWidget() is table.window.recall
    rows = [b.text() for b in table.window.recall.list_page.findChildren(
        type(table.window.recall_button)) if b.isVisible()]
    assert rows and not any("house" in r for r in rows), rows
    # the round's time in the table's zone (Tokyo: UTC+9, no summer time)
    from datetime import UTC, datetime, timedelta
    opened = table.service.writer.db.conn.execute(
        "SELECT opened_at FROM rounds WHERE id = 1").fetchone()[0]
    utc = datetime.fromisoformat(opened).replace(tzinfo=UTC) if datetime.fromisoformat(
        opened).tzinfo is None else datetime.fromisoformat(opened)
    tokyo = (utc + timedelta(hours=9)).strftime("%H:%M")
    row = next(r for r in rows if r.startswith("Round 1 "))
    assert tokyo in row and "UTC" not in row, row
    table.click("recall-round-1")
    table.click("step-last")
    assert "house" not in table.window.recall.words.text()
    table.click("recall-shift")  # the shift report still takes the PIN
    assert table.window.pages.currentWidget() is table.window.supervisor
    for digit in "1234":
        table.click(f"pin-{digit}")
    table.click("pin-ok")
    assert table.window.pages.currentWidget() is table.window.recall
    assert table.window.recall.stack.currentWidget() is table.window.recall.shift_page
