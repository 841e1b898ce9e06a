"""Rule presets: each house's game as a set of named options, with overrides.

Every rule that differs between the houses in RULES.md is an option here, never a constant in
the engine. `docs/rules.md` documents each option, its values per preset and the source text.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

from models.errors import RulesError


def _ratio(value) -> Fraction:
    """Odds as '3:2', '11:1', a Fraction or an int."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, str) and ":" in value:
        a, _, b = value.partition(":")
        if a.strip().isdigit() and b.strip().isdigit() and int(b) > 0:
            return Fraction(int(a), int(b))
    raise ValueError(f"{value!r} is not odds such as '3:2'")


def _ratio_text(value: Fraction) -> str:
    return f"{value.numerator}:{value.denominator}"


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of one game. Field docs are in docs/rules.md; names are the record's."""

    preset: str
    decks: int = 6
    boxes: int = 7
    # shoe
    cut_card: bool = True  # a cut card ends the shoe after the current round
    continuous_shuffle: bool = False  # reshuffle before every round
    penetration: Fraction = Fraction(3, 4)  # where the cut card lies, as a share of the shoe
    # dealer
    hole_card: bool = False  # dealer's first card face down; he peeks with an ace or ten up
    dealer_hits_soft_17: bool = False
    # payouts
    blackjack_pays: Fraction = Fraction(3, 2)
    # doubling
    double_totals: frozenset[int] | None = frozenset({9, 10, 11})  # None: any first two cards
    double_ace_as_one: bool = True  # A+8 qualifies as 9 (the player counts the ace as he wishes)
    double_after_split: bool = False
    double_over_max: bool = True  # a doubled stake may exceed the box maximum
    # splitting
    split_by: str = "value"  # "value": J+Q may split; "rank": only identical ranks
    max_hands: int | None = None  # hands one box may grow to by splitting; None: no limit
    split_ten_ace_blackjack: bool = False  # split ten-value card receiving an ace is Black Jack
    # dealer Black Jack in the no-hole-card game takes doubled and split stakes too
    dealer_blackjack_takes_all: bool = True
    # surrender (late, after the peek; hole-card game only)
    surrender: bool = False
    # co-players on a box
    coplayer_double: bool = True  # co-players may double with the owner
    coplayer_split: bool = True  # co-players may follow a split
    # insurance and even money
    insurance: bool = True
    even_money: bool = True
    insurance_after_play: bool = True  # no-hole-card: open until the dealer's second card
    # side bets
    side_bets: frozenset[str] = frozenset({"twins", "bust"})
    twins_pays: Fraction = Fraction(11)
    twins_max_share: Fraction = Fraction(1, 5)  # of the box maximum
    bust_pays: Fraction = Fraction(5, 2)
    bust_max_share: Fraction = Fraction(1, 2)  # of the box maximum
    # the table limits a kiosk starts with when its configuration names none
    default_min: str = "10"
    default_max: str = "500"

    def __post_init__(self) -> None:
        problems = _check(self)
        if problems:
            raise RulesError(f"rules {self.preset}: " + "; ".join(problems))

    # -- conversion --------------------------------------------------------------------------

    def overrides(self) -> dict:
        """Options that differ from the preset, as JSON values."""
        base = PRESETS[self.preset]
        out = {}
        for f in dataclasses.fields(self):
            if f.name == "preset":
                continue
            mine, theirs = getattr(self, f.name), getattr(base, f.name)
            if mine != theirs:
                out[f.name] = option_to_json(f.name, mine)
        return out

    def to_spec(self):
        """The record's `rules` value: the preset name, or an object with overrides."""
        extra = self.overrides()
        return {"preset": self.preset, **extra} if extra else self.preset

    def describe(self) -> dict:
        """Every option with its value, as JSON values (for docs, the analyser, the journal)."""
        return {f.name: option_to_json(f.name, getattr(self, f.name))
                for f in dataclasses.fields(self)}


def _check(r: Rules) -> list[str]:
    p = []
    if not 1 <= r.decks <= 12:
        p.append(f"decks must be 1 to 12, not {r.decks}")
    if not 1 <= r.boxes <= 9:
        p.append(f"boxes must be 1 to 9, not {r.boxes}")
    if r.split_by not in ("value", "rank"):
        p.append(f"split_by must be 'value' or 'rank', not {r.split_by!r}")
    if r.max_hands is not None and r.max_hands < 1:
        p.append(f"max_hands must be at least 1 or null, not {r.max_hands}")
    if r.surrender and not r.hole_card:
        p.append("surrender needs the hole-card game (it is offered after the dealer's peek)")
    if not 0 < r.penetration < 1:
        p.append(f"penetration must lie between 0 and 1, not {r.penetration}")
    unknown = set(r.side_bets) - {"twins", "bust"}
    if unknown:
        p.append(f"unknown side bets {sorted(unknown)}: known are twins, bust")
    if r.double_totals is not None and not all(2 <= t <= 21 for t in r.double_totals):
        p.append("double_totals must be totals from 2 to 21")
    return p


# -- option values to and from JSON ---------------------------------------------------------

_RATIOS = {"blackjack_pays", "twins_pays", "bust_pays", "twins_max_share", "bust_max_share",
           "penetration"}
_FIELDS = {f.name: f for f in dataclasses.fields(Rules)}


def option_to_json(name: str, value):
    if name in _RATIOS:
        return _ratio_text(value)
    if isinstance(value, frozenset):
        return sorted(value)
    return value


def option_from_json(name: str, value):
    if name not in _FIELDS or name == "preset":
        known = ", ".join(n for n in _FIELDS if n != "preset")
        raise RulesError(f"unknown rule option {name!r}; known options: {known}")
    default = getattr(PRESETS["bayern"], name)
    try:
        if name in _RATIOS:
            return _ratio(value)
        if name == "double_totals":
            if value is None or value == "any":
                return None
            if not isinstance(value, list) or not all(type(v) is int for v in value):
                raise ValueError("expected a list of totals or 'any'")
            return frozenset(value)
        if name == "side_bets":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValueError("expected a list of side-bet names")
            return frozenset(value)
        if name == "max_hands":
            if value is None or type(value) is int:
                return value
            raise ValueError("expected a whole number or null")
        if isinstance(default, bool):
            if type(value) is not bool:
                raise ValueError("expected true or false")
            return value
        if isinstance(default, int):
            if type(value) is not int:
                raise ValueError("expected a whole number")
            return value
        if isinstance(default, str):
            if not isinstance(value, str | int):
                raise ValueError("expected a string")
            return str(value)
    except ValueError as exc:
        raise RulesError(f"rule option {name}: {value!r} is not allowed ({exc})") from None
    return value


# -- the presets ----------------------------------------------------------------------------

_ANY_UNDER_21 = None  # a hand at 21 ends by itself, so "any two cards" and "under 21" agree

PRESETS: dict[str, Rules] = {
    # Spielbanken Bayern leaflet (seed 002)
    "bayern": Rules(preset="bayern"),
    # Casinos Schleswig-Holstein leaflet (seed 004)
    "schleswig-holstein": Rules(preset="schleswig-holstein", split_ten_ace_blackjack=True),
    # American-style hole-card game (seeds 000, 001)
    "holecard": Rules(
        preset="holecard", hole_card=True, double_totals=_ANY_UNDER_21,
        double_after_split=True, max_hands=4, insurance_after_play=False,
        side_bets=frozenset(), dealer_blackjack_takes_all=False,
    ),
    # eight decks shuffled before every round (seed 003)
    "continuous-8": Rules(
        preset="continuous-8", decks=8, cut_card=False, continuous_shuffle=True,
        double_totals=_ANY_UNDER_21, double_after_split=True, max_hands=4,
        insurance_after_play=False, side_bets=frozenset(), default_min="10",
        default_max="2000",
    ),
}


def rules_from_spec(spec) -> Rules:
    """Rules from a record's `rules` value: a preset name or {"preset": name, option: value}."""
    if isinstance(spec, Rules):
        return spec
    if isinstance(spec, str):
        base, overrides = spec, {}
    elif isinstance(spec, dict):
        if "preset" not in spec:
            raise RulesError("rules object needs a 'preset' naming one of: " + ", ".join(PRESETS))
        base = spec["preset"]
        overrides = {k: v for k, v in spec.items() if k != "preset"}
    else:
        raise RulesError(f"rules must be a preset name or an object, not {spec!r}")
    if base not in PRESETS:
        raise RulesError(f"unknown rule preset {base!r}; presets are: " + ", ".join(PRESETS))
    if not overrides:
        return PRESETS[base]
    values = {k: option_from_json(k, v) for k, v in overrides.items()}
    return dataclasses.replace(PRESETS[base], **values)
