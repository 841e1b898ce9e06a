"""Round records (`blackjack-round/1`, see docs/round-format.md): read, play, write.

A record is played through the very same `Round` the live kiosk drives. Any refusal becomes a
`RecordError` naming the entry (`bets[i]`, `play[i]`) so a dispute reviewer finds it at once.
"""

from __future__ import annotations

import json
from decimal import Decimal

from models.errors import GameError, IllegalAction, RecordError
from models.round import Round
from models.round_view import pending
from models.settlement import Settlement
from models.table import Limits

FORMAT = "blackjack-round/1"
_BET_FIELDS = frozenset({"player", "box", "amount", "side"})

_DECISION_KEYS = {
    "stand": {"box", "hand"},
    "double": {"box", "follow", "hand"},
    "split": {"box", "follow", "hand"},
    "surrender": {"box", "hand"},
    "insure": {"player", "box", "hand"},
    "even_money": {"player", "box"},
    "close_insurance": set(),
}
_REQUIRED = {"stand": {"box"}, "double": {"box"}, "split": {"box"}, "surrender": {"box"},
             "insure": {"player", "box"}, "even_money": {"player", "box"},
             "close_insurance": set()}


class _DuplicateKey(Exception):
    def __init__(self, key: str):
        self.key = key


def _unique_keys(pairs: list) -> dict:
    out = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def loads(text: str) -> dict:
    """Parse record JSON keeping every number exact (no float ever)."""
    try:
        data = json.loads(text, parse_float=Decimal, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise RecordError("record", f"not valid JSON: {exc.msg} at line {exc.lineno} "
                                    f"column {exc.colno}") from None
    except RecursionError:
        raise RecordError("record", "nested too deep to be a round record") from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise RecordError("record", f"not a readable record: {exc}") from None
    except _DuplicateKey as exc:
        raise RecordError("record", f"the key {exc.key!r} appears twice in one object; a "
                                    "record says each thing once") from None
    if not isinstance(data, dict):
        raise RecordError("record", "a round record is a JSON object")
    return data


RECORD_KEYS = frozenset({"format", "rules", "limits", "seats", "bets", "play"})


def start_round(record: dict) -> Round:
    """The round with the record's rules, limits and seats, before any bet."""
    if record.get("format") != FORMAT:
        raise RecordError("format", f"expected {FORMAT!r}, found {record.get('format')!r}")
    extra = sorted(set(record) - RECORD_KEYS)
    if extra:
        raise RecordError(extra[0], "is not a key of a round record (keys: "
                                    f"{', '.join(sorted(RECORD_KEYS))})")
    for key in ("rules", "limits", "bets", "play"):
        if key not in record:
            raise RecordError(key, "missing")
    limits = record["limits"]
    if not isinstance(limits, dict) or set(limits) != {"min", "max"}:
        raise RecordError("limits", "expected an object with 'min' and 'max'")
    seats = record.get("seats", {})
    if not isinstance(seats, dict):
        raise RecordError("seats", "expected an object of seat number -> player")
    parsed_seats = {}
    for k, v in seats.items():
        if not (isinstance(k, str) and k.isdigit()) or not isinstance(v, str) or not v:
            raise RecordError(f"seats[{k!r}]", "expected a seat number and a player name")
        parsed_seats[int(k)] = v
    if len(set(parsed_seats.values())) != len(parsed_seats):
        raise RecordError("seats", "a player sits in two seats")
    try:
        lim = Limits.parse(limits["min"], limits["max"])
    except GameError as exc:
        raise RecordError("limits", str(exc)) from None
    try:
        return Round(record["rules"], lim, parsed_seats)
    except GameError as exc:
        where = "seats" if "seat" in str(exc) else "rules"
        raise RecordError(where, str(exc)) from None


def place_bets(rnd: Round, bets) -> None:
    if not isinstance(bets, list):
        raise RecordError("bets", "expected a list")
    for i, bet in enumerate(bets):
        where = f"bets[{i}]"
        if not isinstance(bet, dict):
            raise RecordError(where, "a bet is an object with player, box and amount")
        for key in bet:
            if key not in _BET_FIELDS:
                raise RecordError(where, f"unknown field {key!r}")
        for key in ("player", "box", "amount"):
            if key not in bet:
                raise RecordError(where, f"missing {key!r}")
        try:
            rnd.bet(bet["player"], bet["box"], bet["amount"], bet.get("side"))
        except GameError as exc:
            raise RecordError(where, str(exc)) from None


def decision_call(entry) -> tuple[str, tuple]:
    """A decision entry checked for shape, as the Round action it names and its arguments:
    `{"do": "split", "box": 1, "follow": ["carl"]}` -> ("split", (1, ["carl"], None))."""
    if not isinstance(entry, dict) or "do" not in entry:
        raise IllegalAction("a play entry is a card code or a decision {\"do\": ...}")
    do = entry["do"]
    if not isinstance(do, str) or do not in _DECISION_KEYS:
        raise IllegalAction(f"unknown decision {do!r}; decisions are: " + ", ".join(_DECISION_KEYS))
    keys = set(entry) - {"do"}
    extra = keys - _DECISION_KEYS[do]
    if extra:
        raise IllegalAction(f"unknown field {sorted(extra)[0]!r} for {do}")
    missing = _REQUIRED[do] - keys
    if missing:
        raise IllegalAction(f"{do} needs {sorted(missing)[0]!r}")
    box = entry.get("box")
    if "box" in entry and type(box) is not int:
        raise IllegalAction(f"box must be a box number, not {box!r}")
    hand = entry.get("hand")
    if hand is not None and type(hand) is not int:
        raise IllegalAction(f"hand must be a hand number, not {hand!r}")
    follow = entry.get("follow", [])
    if not isinstance(follow, list) or not all(isinstance(p, str) for p in follow):
        raise IllegalAction("follow must be a list of player names")
    if do in ("stand", "surrender"):
        return do, (box, hand)
    if do in ("double", "split"):
        return do, (box, follow, hand)
    if do == "insure":
        return do, (entry["player"], box, 1 if hand is None else hand)
    if do == "even_money":
        return do, (entry["player"], box)
    return do, ()


def decision_entry(do: str, *, box: int | None = None, follow=(), hand: int | None = None,
                   player: str | None = None) -> dict:
    """A decision as the record's play entry, written as the engine writes it (the inverse of
    `decision_call`): `decision_entry("split", box=1, follow=["carl"])`."""
    if do not in _DECISION_KEYS:
        raise IllegalAction(f"unknown decision {do!r}; decisions are: " + ", ".join(_DECISION_KEYS))
    entry: dict = {"do": do}
    if player is not None:
        entry["player"] = player
    if box is not None:
        entry["box"] = box
    if do in ("double", "split"):
        entry["follow"] = list(follow)
    if hand is not None and not (do == "insure" and hand == 1):
        entry["hand"] = hand
    return entry


def apply_entry(rnd: Round, entry) -> None:
    """Apply one `play` entry: a card code or a decision object."""
    if isinstance(entry, str):
        rnd.card(entry)
        return
    action, args = decision_call(entry)
    getattr(rnd, action)(*args)


def verify_entry(rnd: Round, entry) -> None:
    """Raise the engine's own refusal if the entry may not be applied now; change nothing."""
    if isinstance(entry, str):
        rnd.verify_card(entry)
        return
    action, args = decision_call(entry)
    getattr(rnd, "verify_" + action)(*args)


def play_record(record: dict) -> Round:
    """Play a whole record through the engine; the round is left complete, not settled."""
    rnd = start_round(record)
    place_bets(rnd, record["bets"])
    play = record["play"]
    if not isinstance(play, list):
        raise RecordError("play", "expected a list")
    for i, entry in enumerate(play):
        try:
            apply_entry(rnd, entry)
        except GameError as exc:
            bet = getattr(exc, "bet_index", None)
            where = f"bets[{bet}]" if bet is not None else f"play[{i}]"
            raise RecordError(where, str(exc)) from None
    rnd.finish_record()
    if not rnd.is_complete():
        if rnd.phase.value == "betting":
            try:
                rnd.verify_close_betting()
            except GameError as exc:
                bet = getattr(exc, "bet_index", None)
                if bet is not None:
                    raise RecordError(f"bets[{bet}]", str(exc)) from None
        raise RecordError("play", f"round incomplete: {pending(rnd)}")
    return rnd


def to_record(rnd: Round) -> dict:
    """The round as it happened, as a `blackjack-round/1` record: the rules in force (preset
    or preset with overrides), limits, seats, every stake and every card and decision."""
    return {
        "format": FORMAT,
        "rules": rnd.rules.to_spec(),
        "limits": rnd.limits.to_json(),
        "seats": {str(k): v for k, v in sorted(rnd.seats.items())},
        "bets": [dict(e) for e in rnd.bets],
        "play": [e if isinstance(e, str) else dict(e) for e in rnd.play],
    }


def settle_record(record: dict) -> Settlement:
    return play_record(record).settlement()
