"""The table: limits, seats, and who owns (decides for) each box."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from decimal import Decimal

from models.errors import StakeError
from models.money import MoneyError, format_amount, parse_amount


@dataclass(frozen=True, slots=True)
class Limits:
    """Table minimum and box maximum; every stake is a multiple of the minimum."""

    min: Decimal
    max: Decimal

    @classmethod
    def parse(cls, min_value, max_value) -> Limits:
        try:
            lo, hi = parse_amount(min_value), parse_amount(max_value)
        except MoneyError as exc:
            raise StakeError(f"table limits: {exc}") from None
        if lo <= 0:
            raise StakeError(f"table minimum {format_amount(lo)} must be above zero")
        if hi < lo:
            raise StakeError(
                f"box maximum {format_amount(hi)} is below the table minimum {format_amount(lo)}")
        return cls(lo, hi)

    def to_json(self) -> dict:
        return {"min": format_amount(self.min), "max": format_amount(self.max)}

    def check_multiple(self, amount: Decimal, what: str) -> None:
        if amount <= 0:
            raise StakeError(f"{what} {format_amount(amount)} must be above zero", "not_positive",
                             amount=amount)
        if amount % self.min != 0:
            raise StakeError(f"{what} {format_amount(amount)} is not a multiple of the table "
                             f"minimum {format_amount(self.min)}", "not_multiple",
                             amount=amount, min=self.min)


def box_owner(box: int, seats: dict[int, str]) -> str | None:
    """The player who decides for a box: the one seated in front of it, else the nearest seated
    player, a tie going to the lower seat number (counted from the shoe)."""
    if box in seats:
        return seats[box]
    if not seats:
        return None
    seat = min(seats, key=lambda s: (abs(s - box), s))
    return seats[seat]


NAME_MAX = 40
FORMULA_START = ("=", "+", "-", "@")  # what a spreadsheet reads as the start of a formula


_GOOD_NAMES: set[str] = set()  # names found good: a table sees the same few all night


def check_player_name(player) -> str:
    """A player's name or number as the journal, the screen and every report may show it: a
    name of 1 to 40 characters, with no control characters (a newline or a NUL would break a
    line of a report) and not starting like a spreadsheet formula. StakeError otherwise."""
    if type(player) is str and player in _GOOD_NAMES:
        return player  # verify replays every bet of a table-year: check each name once
    _check_name(player)
    if len(_GOOD_NAMES) < 4096:
        _GOOD_NAMES.add(player)
    return player


def _check_name(player) -> None:
    if not isinstance(player, str) or not player.strip():
        raise StakeError(f"player {player!r} must be a name", "player_name")
    if len(player) > NAME_MAX:
        raise StakeError(f"player name {player[:NAME_MAX]!r}... is longer than {NAME_MAX} "
                         "characters", "player_name")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in player):
        raise StakeError(f"player name {player!r} holds a control character", "player_name")
    if player != player.strip():
        raise StakeError(f"player name {player!r} begins or ends with a space", "player_name")
    if player.startswith(FORMULA_START):
        raise StakeError(f"player name {player!r} may not begin with {player[0]} (a "
                         "spreadsheet would read it as a formula)", "player_name")
