"""Checking a decision (a record play entry) with the engine's verify_* before it is journaled.

`models.record.apply_entry` applies an entry; this is its twin that only asks, so a refused
decision raises the engine's own sentence and is never written down as done.
"""

from __future__ import annotations

from models.errors import IllegalAction
from models.round import Round

_FIELDS = {
    "stand": ({"box"}, {"hand"}),
    "double": ({"box"}, {"follow", "hand"}),
    "split": ({"box"}, {"follow", "hand"}),
    "surrender": ({"box"}, {"hand"}),
    "insure": ({"player", "box"}, {"hand"}),
    "even_money": ({"player", "box"}, set()),
    "close_insurance": (set(), set()),
}


def check_shape(entry) -> dict:
    """The entry as a clean dict, or IllegalAction naming what is wrong with it."""
    if not isinstance(entry, dict) or entry.get("do") not in _FIELDS:
        raise IllegalAction("a decision is {\"do\": D, ...} with D one of: " + ", ".join(_FIELDS))
    required, optional = _FIELDS[entry["do"]]
    keys = set(entry) - {"do"}
    if required - keys:
        raise IllegalAction(f"{entry['do']} needs {sorted(required - keys)[0]!r}")
    if keys - required - optional:
        raise IllegalAction(f"unknown field {sorted(keys - required - optional)[0]!r} for "
                            f"{entry['do']}")
    for key in ("box", "hand"):
        if key in entry and type(entry[key]) is not int:
            raise IllegalAction(f"{key} must be a number, not {entry[key]!r}")
    follow = entry.get("follow", [])
    if not isinstance(follow, list) or not all(isinstance(p, str) for p in follow):
        raise IllegalAction("follow must be a list of player names")
    return dict(entry)


def verify_decision(rnd: Round, entry) -> dict:
    """Raise the engine's refusal if the decision is not allowed now; return the entry."""
    entry = check_shape(entry)
    do, box, hand = entry["do"], entry.get("box"), entry.get("hand")
    follow = entry.get("follow", [])
    if do == "stand":
        rnd.verify_stand(box, hand)
    elif do == "double":
        rnd.verify_double(box, follow, hand)
    elif do == "split":
        rnd.verify_split(box, follow, hand)
    elif do == "surrender":
        rnd.verify_surrender(box, hand)
    elif do == "insure":
        rnd.verify_insure(entry["player"], box, 1 if hand is None else hand)
    elif do == "even_money":
        rnd.verify_even_money(entry["player"], box)
    else:
        rnd.verify_close_insurance()
    return entry
