"""Standing stakes: the chips of the last round stay on the table.

A round opens with every stake of the round before it (settled or void, whatever its outcome)
proposed again: the same player on the same box and side bet, with the same chips (one entry
per bet, so "the last chip" is the last bet). They stand, unjournaled, until the dealer
touches that stake (the first bet or withdraw on it in the new round takes it over) or the
first card closes betting; whatever still stands then is journaled as ordinary `bet` events
just before the card. So the journal alone rebuilds them after a restart: the last round's
bets, less every stake the open round's own events touched.
"""

from __future__ import annotations

from collections.abc import Iterable

from models.errors import GameError
from models.round import Phase, Round

STAKE_EVENTS = ("bet", "withdraw")


def stake_key(entry: dict) -> tuple:
    """(player, box, side) of a bet entry or event's data: one stake."""
    return entry["player"], entry["box"], entry.get("side")


def bet_entry(entry: dict) -> dict:
    """The `bet` event's data for a standing entry (the record's bet entry)."""
    data = {"player": entry["player"], "box": entry["box"], "amount": entry["amount"]}
    if entry.get("side"):
        data["side"] = entry["side"]
    return data


def proposed(previous: Iterable[dict], rnd: Round) -> list[dict]:
    """The previous round's bet entries that the new round `rnd` (still in betting, no stake
    yet) accepts, in their order: a stake its limits or rules refuse is not proposed."""
    trial = Round(rnd.rules, rnd.limits, rnd.seats)
    out = []
    for entry in previous:
        try:
            trial.bet(entry["player"], entry["box"], entry["amount"], entry.get("side"))
        except GameError:
            continue
        out.append(bet_entry(entry))
    return out


def still_standing(entries: Iterable[dict], events: Iterable) -> list[dict]:
    """The entries the open round's own events have not taken over (no bet or withdraw on the
    same stake); none once a card is out."""
    events = list(events)
    if any(e.kind == "card" for e in events):
        return []
    touched = {stake_key(e.data) for e in events if e.kind in STAKE_EVENTS}
    return [e for e in entries if stake_key(e) not in touched]


def with_standing(rnd: Round, standing: Iterable[dict]) -> Round:
    """A copy of the round in betting with the standing entries placed after its own bets:
    the round as the table shows it (and as it will be when betting closes)."""
    if rnd.phase != Phase.BETTING:
        return rnd
    out = Round(rnd.rules, rnd.limits, rnd.seats)
    for e in [*rnd.bets, *standing]:
        out.bet(e["player"], e["box"], e["amount"], e.get("side"))
    return out
