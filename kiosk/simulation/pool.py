"""A simulation spread over every core, reproducible from its seed.

The rounds are cut into fixed-size chunks, each with its own shoe seeded from (seed, chunk
number), so the result depends on the seed and the number of rounds only, not on how many
cores ran it or in what order the chunks finished.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from multiprocessing import get_context

from kiosk.simulation.players import basic_player, dealer_copier
from kiosk.simulation.rounds import Sums, simulate
from models.analysis.strategy import basic_strategy
from models.rules import Rules, rules_from_spec

CHUNK = 20_000
PLAYERS = ("basic", "mimic")
Z95 = 1.959964  # two-sided 95% normal quantile


@dataclass(frozen=True)
class Estimate:
    """A simulated figure with its 95% confidence interval."""

    value: float
    low: float
    high: float
    rounds: int

    def to_json(self) -> dict:
        return {"value": self.value, "ci95": [self.low, self.high], "rounds": self.rounds}


def _player(rules: Rules, name: str):
    if name == "basic":
        return basic_player(basic_strategy(rules))
    if name == "mimic":
        return dealer_copier(rules.dealer_hits_soft_17)
    raise ValueError(f"unknown player {name!r}; players are {', '.join(PLAYERS)}")


def _chunk(job: tuple) -> Sums:
    spec, player, rounds, seed = job
    rules = rules_from_spec(spec)
    return simulate(rules, _player(rules, player), rounds, seed)


def jobs(rules: Rules, player: str, rounds: int, seed: int) -> list[tuple]:
    spec = rules.to_spec()
    sizes = [CHUNK] * (rounds // CHUNK) + ([rounds % CHUNK] if rounds % CHUNK else [])
    return [(spec, player, n, f"{seed}/{player}/{i}") for i, n in enumerate(sizes)]


def run(rules: Rules, player: str, rounds: int, seed: int = 1,
        processes: int | None = None, progress=None) -> Sums:
    """Simulate `rounds` rounds with `player` ('basic' or 'mimic') on all cores;
    `progress(rounds_done)` after each chunk, if given."""
    _player(rules, player)  # fail here, not in a worker
    work = jobs(rules, player, rounds, seed)
    processes = min(processes or os.cpu_count() or 1, len(work))
    total = Sums()
    if processes <= 1:
        parts = (_chunk(j) for j in work)
        for part in parts:
            total.add(part)
            if progress:
                progress(total.rounds)
        return total
    with get_context("fork").Pool(processes) as pool:
        for part in pool.imap(_chunk, work, chunksize=1):  # in chunk order: the same sums
            total.add(part)
            if progress:
                progress(total.rounds)
    return total


def mean_estimate(total: float, total_sq: float, n: int, offset: float = 0.0,
                  sign: float = 1.0) -> Estimate:
    """`offset + sign * mean` of a per-round figure, with a normal 95% interval.

    Rounds from one shoe are very slightly correlated; at one box per round the interval
    treats them as independent, which the dealer-outcome tests bear out."""
    mean = total / n
    var = max(total_sq / n - mean * mean, 0.0) * n / max(n - 1, 1)
    half = Z95 * math.sqrt(var / n)
    value = offset + sign * mean
    return Estimate(value, value - half, value + half, n)
