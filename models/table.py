"""The table: limits, seats, and who owns (decides for) each box."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from models.errors import StakeError
from models.money import MoneyError, format_amount, parse_amount

FORMULA_START = ("=", "+", "-", "@")
LONGEST_NAME = 64


_GOOD_NAMES: set[str] = set()  # names seen good: a table sees the same few all night


def verify_name(name: object, what: str = "player") -> None:
    """A player's name as the journal, the screens and the reports show it: text of at most 64
    characters, no control characters (a newline or NUL would forge lines in a report), and
    not starting with = + - @ (a spreadsheet would run it as a formula)."""
    if type(name) is str and name in _GOOD_NAMES:
        return
    _check_name(name, what)
    if len(_GOOD_NAMES) < 4096:
        _GOOD_NAMES.add(name)


def _check_name(name: object, what: str) -> None:
    if not isinstance(name, str) or not name.strip():
        raise StakeError(f"{what} {name!r} must be a name", "player_name")
    if len(name) > LONGEST_NAME:
        raise StakeError(f"{what} name {name[:20]!r}... is longer than {LONGEST_NAME} "
                         "characters", "player_name")
    if any(ord(c) < 32 or 127 <= ord(c) < 160 or c in "\u2028\u2029" for c in name):
        raise StakeError(f"{what} name {name!r} holds a control character", "player_name")
    if name.lstrip().startswith(FORMULA_START):
        raise StakeError(f"{what} name {name!r} starts with {name.lstrip()[0]!r}: a "
                         "spreadsheet would read it as a formula", "player_name")


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
