"""Exact money: stakes and payouts as Decimal, read from strings or integers, never floats."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

ZERO = Decimal(0)
_CACHE: dict[str, Decimal] = {}
_TEXT: dict[Decimal, str] = {}


class MoneyError(ValueError):
    """An amount that is not a decimal with at most two places."""


MAX_AMOUNT = Decimal(10**9)  # a thousand million: no stake, payout or house result comes near


def parse_amount(value: object) -> Decimal:
    """Read an amount ('22.50', 15, '10') exactly; floats are refused so no rounding sneaks in.

    JSON numbers reach here as int or, when a record was loaded with `parse_float=Decimal`, as
    Decimal; a bare float means precision may already be lost, so it is refused.
    """
    if type(value) is str:
        cached = _CACHE.get(value)
        if cached is not None:
            return cached
    if isinstance(value, (bool, float)):
        raise MoneyError(f"amount {value!r} must be a decimal string such as \"22.50\"")
    if isinstance(value, int):
        amount = Decimal(value)
    elif isinstance(value, Decimal):
        amount = value
    elif isinstance(value, str):
        try:
            amount = Decimal(value.strip())
        except InvalidOperation:
            raise MoneyError(f"amount {value!r} is not a number") from None
    else:
        raise MoneyError(f"amount {value!r} is not a number")
    if not amount.is_finite():
        raise MoneyError(f"amount {value!r} is not a number")
    if abs(amount) > MAX_AMOUNT:
        raise MoneyError(f"amount {value!r} is beyond any table's money (at most "
                         f"{MAX_AMOUNT:,})")
    if amount.as_tuple().exponent < -2 and amount != amount.quantize(Decimal("0.01")):
        raise MoneyError(f"amount {value!r} has more than two decimals")
    if type(value) is str and len(_CACHE) < 4096:
        _CACHE[value] = amount  # stakes repeat endlessly: "10", "20", "100"
    return amount


def format_amount(amount: Decimal) -> str:
    """'100', '-50', '22.50', '0.075': whole amounts bare, fractions with at least two places."""
    text = _TEXT.get(amount)
    if text is None:
        text = _format(amount)
        if len(_TEXT) < 4096:
            _TEXT[amount] = text
    return text


def _format(amount: Decimal) -> str:
    if amount == amount.to_integral_value():
        return str(int(amount))
    text = format(amount.normalize(), "f")
    whole, _, frac = text.partition(".")
    if len(frac) < 2:
        frac = frac.ljust(2, "0")
    return f"{whole}.{frac}"
