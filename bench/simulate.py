"""Benchmark: simulated rounds per second through the engine, on every core.

    python bench/simulate.py [--rules bayern] [--rounds 1000000] [--processes N]

Prints rounds per second for basic strategy and the time the run took. Other work on the
machine slows it down: quote the figure with the load it was measured under.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kiosk.simulation.pool import run  # noqa: E402
from models.analysis.strategy import basic_strategy  # noqa: E402
from models.rules import rules_from_spec  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="bayern")
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--player", default="basic", choices=("basic", "mimic"))
    parser.add_argument("--processes", type=int, default=os.cpu_count())
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = rules_from_spec(args.rules)
    basic_strategy(rules)  # computed once before timing, as the analyser does
    start = time.perf_counter()
    tally = run(rules, args.player, args.rounds, args.seed, args.processes)
    seconds = time.perf_counter() - start
    print(f"{tally.rounds:,} rounds ({args.rules}, {args.player}) on {args.processes} "
          f"processes in {seconds:.1f} s: {tally.rounds / seconds:,.0f} rounds/s; "
          f"load average before end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
