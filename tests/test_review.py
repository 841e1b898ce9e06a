"""Recall's replay keeps the hole-card rule: the dealer's face-down card is neither named in a
step's words nor shown in a step's view before he turns it."""

from __future__ import annotations

from kiosk.table.review import Review
from kiosk.table.service import TableService


def test_the_hole_card_is_not_named_or_shown_before_it_is_turned(tmp_path):
    svc = TableService.open(tmp_path / "j.sqlite", rules="holecard")
    svc.open_round({1: "anna"})
    svc.bet("anna", 1, "10")
    for card in ("TS", "7H", "9C", "KD"):  # box, dealer's hole card (face down), box, up card
        svc.card(card)
    svc.stand(1)  # the dealer turns the 7H: 17, stands
    svc.settle()
    svc.confirm_payout("dealer")
    steps = Review(svc).replay(svc.state.round_id)
    cards = [i for i, s in enumerate(steps) if s.kind == "card"]
    hole = cards[1]
    assert steps[hole].words == "hole card dealt face down"
    assert steps[cards[3]].words == "card KD (shoe)"
    turned = next(i for i, s in enumerate(steps) if "7H" in s.view.dealer.cards)
    assert turned > hole and steps[turned].kind == "decision"
    for step in steps[:turned]:
        assert "7H" not in step.words and "7H" not in step.view.dealer.cards
    assert steps[-1].view.settlement.dealer_outcome == "stand"
    svc.close()
