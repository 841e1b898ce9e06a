from fractions import Fraction

import pytest

from models.cards import parse_card
from models.errors import CardError, RulesError
from models.rules import PRESETS, rules_from_spec
from models.shoe import Shoe


def test_presets_differ_where_the_houses_differ():
    by = PRESETS["bayern"]
    assert PRESETS["schleswig-holstein"].split_ten_ace_blackjack and not by.split_ten_ace_blackjack
    assert PRESETS["holecard"].hole_card and not by.hole_card
    assert PRESETS["continuous-8"].decks == 8 and PRESETS["continuous-8"].continuous_shuffle
    assert by.double_totals == frozenset({9, 10, 11}) and PRESETS["continuous-8"].double_totals \
        is None
    assert PRESETS["continuous-8"].max_hands == 4 and by.max_hands is None


def test_overrides_round_trip_through_the_record_spec():
    r = rules_from_spec({"preset": "bayern", "decks": 8, "blackjack_pays": "6:5",
                         "double_totals": [10, 11], "max_hands": 3})
    assert r.decks == 8 and r.blackjack_pays == Fraction(6, 5) and r.max_hands == 3
    assert rules_from_spec(r.to_spec()) == r
    assert rules_from_spec("bayern").to_spec() == "bayern"


@pytest.mark.parametrize("spec,message", [
    ("monaco", "unknown rule preset 'monaco'"),
    ({"decks": 6}, "needs a 'preset'"),
    ({"preset": "bayern", "colour": "red"}, "unknown rule option 'colour'"),
    ({"preset": "bayern", "decks": "six"}, "rule option decks"),
    ({"preset": "bayern", "decks": 40}, "decks must be 1 to 12"),
    ({"preset": "bayern", "surrender": True}, "surrender needs the hole-card game"),
    ({"preset": "bayern", "blackjack_pays": "lots"}, "rule option blackjack_pays"),
])
def test_bad_rules_are_refused_by_name(spec, message):
    with pytest.raises(RulesError, match=message):
        rules_from_spec(spec)


def test_shoe_counts_cards_and_refuses_one_it_cannot_hold():
    shoe = Shoe(decks=1, seed=1)
    shoe.observe("AS")
    with pytest.raises(CardError, match="cannot come from this 1-deck shoe"):
        shoe.observe("AS")
    assert shoe.dealt == 1 and shoe.remaining_of(parse_card("AS")) == 0


def test_cut_card_ends_the_shoe_at_its_position_and_reshuffle_restores_it():
    shoe = Shoe(decks=2, penetration=Fraction(1, 2), seed=7)
    drawn = [shoe.draw() for _ in range(51)]
    assert not shoe.cut_card_reached
    drawn.append(shoe.draw())
    assert shoe.cut_card_reached and shoe.dealt == 52
    assert sorted(drawn + [shoe.draw() for _ in range(52)]) == sorted(
        list(Shoe(decks=2, seed=1)._order))
    shoe.shuffle()
    assert shoe.dealt == 0 and not shoe.cut_card_reached and shoe.shuffles == 2


def test_seeded_shoes_repeat_and_a_shuffling_machine_has_no_cut_card():
    a, b = Shoe(6, seed=42), Shoe(6, seed=42)
    assert [a.draw() for _ in range(300)] == [b.draw() for _ in range(300)]
    machine = Shoe(8, cut_card=False, seed=1)
    for _ in range(415):
        machine.draw()
    assert not machine.cut_card_reached
    machine.draw()
    with pytest.raises(CardError, match="empty"):
        machine.draw()


def test_every_rule_option_is_used_by_the_game_or_its_shoe():
    """An option nothing reads would promise a rule the engine does not play."""
    import dataclasses
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    code = "".join(p.read_text() for p in (root / "models").rglob("*.py")
                   if p.name != "rules.py")
    code += "".join((root / "kiosk" / "table" / name).read_text()
                    for name in ("service.py", "shoe.py"))
    unused = [f.name for f in dataclasses.fields(PRESETS["bayern"])
              if f.name != "preset" and f".{f.name}" not in code]
    assert unused == []
