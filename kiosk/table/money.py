"""Money as the table pays it: amounts written as the journal writes them, and the fewest
chips of the table's denominations that make an amount."""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache
from math import gcd

from models.money import format_amount, parse_amount

__all__ = ["ChipCount", "fewest_chips", "format_amount", "parse_amount"]

ChipCount = tuple[Decimal, int]  # a denomination and how many of it


def fewest_chips(amount, denominations) -> tuple[list[ChipCount], Decimal]:
    """The fewest chips that make `amount`, largest first, and what they leave unpaid (zero
    unless no chips make it exactly, as 22.50 with no chip below 1: paid 22, 0.50 left).

    Exact for any denominations, not merely greedy: with chips of 1, 20 and 25, 40 is two 20s,
    not a 25 and fifteen 1s. A series where greedy is always right (every casino's 1-5-25-100
    is) is recognised once and paid greedily; another is worked out by dynamic programming.
    """
    amount = Decimal(amount)
    chips = tuple(sorted({int(Decimal(d) * 100) for d in denominations if Decimal(d) > 0},
                         reverse=True))
    if amount <= 0 or not chips:
        return [], max(amount, Decimal(0))
    step = _step(chips)
    units = tuple(c // step for c in chips)
    target = int(amount * 100) // step
    if _greedy_is_fewest(units):
        used = _greedy(target, units)
    else:
        used = _dynamic(target, units)
    paid = sum(u * n for u, n in used) * step
    return [(Decimal(u * step) / 100, n) for u, n in used], amount - Decimal(paid) / 100


def _step(chips: tuple[int, ...]) -> int:
    step = 0
    for c in chips:
        step = gcd(step, c)
    return step


def _greedy(target: int, units: tuple[int, ...]) -> list[tuple[int, int]]:
    used = []
    for u in units:
        n, target = divmod(target, u)
        if n:
            used.append((u, n))
    return used


@lru_cache(maxsize=32)
def _greedy_is_fewest(units: tuple[int, ...]) -> bool:
    """Whether greedy gives the fewest chips for every amount: a series where it does not
    fails below the sum of its two largest chips (Kozen and Zaks), so those are checked."""
    if len(units) < 3:
        return True
    limit = units[0] + units[1]
    best = _counts(limit, units)
    return all(sum(n for _, n in _greedy(v, units)) == best[v] for v in range(limit + 1))


def _counts(limit: int, units: tuple[int, ...]) -> list[int]:
    inf = limit + 1
    count = [0] + [inf] * limit
    for v in range(1, limit + 1):
        count[v] = min((count[v - u] + 1 for u in units if u <= v), default=inf)
    return count


def _dynamic(target: int, units: tuple[int, ...]) -> list[tuple[int, int]]:
    """Fewest chips for the largest amount up to `target` that the chips make."""
    inf = target + 1
    count = [0] + [inf] * target
    last = [0] * (target + 1)
    for v in range(1, target + 1):
        for u in units:
            if u <= v and count[v - u] + 1 < count[v]:
                count[v], last[v] = count[v - u] + 1, u
    v = next(v for v in range(target, -1, -1) if count[v] < inf)
    used: dict[int, int] = {}
    while v:
        used[last[v]] = used.get(last[v], 0) + 1
        v -= last[v]
    return sorted(used.items(), reverse=True)
