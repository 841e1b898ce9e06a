"""A simulation spread over every core, reproducible from its seed.

The rounds are cut into fixed-size chunks, each with its own shoe seeded from (seed, chunk
number), so the result depends on the seed and the number of rounds only, not on how many
cores ran it or in what order the chunks finished.
"""

from __future__ import annotations

import math
import os
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import islice
from multiprocessing import get_context

from kiosk.simulation.players import basic_player, dealer_copier
from kiosk.simulation.rounds import Sums, simulate
from models.analysis.strategy import basic_strategy
from models.rules import Rules, rules_from_spec

CHUNK = 5_000  # small enough that a short run keeps every core busy too
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
        processes: int | None = None, progress=None, precision: float | None = None) -> Sums:
    """Simulate `rounds` rounds with `player` ('basic' or 'mimic') on all cores;
    `progress(sums so far)` after each chunk, if given. With `precision` (the 95% half-width
    of the mean main-bet net, in stakes) stop at the first chunk, counted in order, after
    which the interval is that narrow: where it stops depends on the seed alone."""
    _player(rules, player)  # fail here, not in a worker
    work = jobs(rules, player, rounds, seed)
    processes = min(processes or os.cpu_count() or 1, len(work))
    total = Sums()
    parts = _parts(work, processes)
    try:
        for part in parts:
            total.add(part)
            if progress:
                progress(total)
            if precision and half_width(total) <= precision:
                break
    finally:
        parts.close()  # the chunks handed out are finished, the rest never start
    return total


def _parts(work: list[tuple], processes: int):
    """Each chunk's sums in chunk order, whichever core finished first: the same sums however
    many cores ran them. At most two chunks a core are handed out ahead, so a stop at the
    caller's precision waits for those alone; the rest are never started. No worker is
    killed: a pool killed mid-task can hang its own shutdown."""
    if processes <= 1:
        yield from map(_chunk, work)
        return
    pending = iter(work)
    with ProcessPoolExecutor(processes, mp_context=get_context("fork")) as pool:
        ahead = deque(pool.submit(_chunk, job) for job in islice(pending, 2 * processes))
        try:
            while ahead:
                part = ahead.popleft().result()
                job = next(pending, None)
                if job is not None:
                    ahead.append(pool.submit(_chunk, job))
                yield part
        finally:
            for future in ahead:
                future.cancel()


def half_width(t: Sums) -> float:
    """The 95% half-width of the mean main-bet net so far, in stakes (infinite before two
    rounds)."""
    if t.rounds < 2:
        return math.inf
    mean = t.main / t.rounds
    var = max(t.main_sq / t.rounds - mean * mean, 0.0) * t.rounds / (t.rounds - 1)
    return Z95 * math.sqrt(var / t.rounds)


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
