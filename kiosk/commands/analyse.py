"""`blackjack-kiosk analyse`: what a rule preset's game and side bets return."""

from __future__ import annotations

import json
import sys
import time

from kiosk.commands._common import (
    BIGGEST_ID,
    CommandError,
    add_parser,
    number,
    whole,
    writable_file,
)
from kiosk.simulation.analysis import MIMIC_ROUNDS, analyse, format_text
from kiosk.simulation.chart import write_chart
from kiosk.simulation.pool import half_width
from models.rules import PRESETS, rules_from_spec

CHART_KINDS = (".png", ".svg", ".pdf")


def _positive(text: str, option: str, most: int) -> int:
    try:
        value = int(text) if len(text) <= 20 else None
    except ValueError:
        value = None
    if value is None:
        raise CommandError(f"analyse: {option}: {text[:24]!r} is not a whole number")
    if not 1 <= value <= most:
        raise CommandError(f"analyse: {option}: {text} is out of range (1 to {most:,})")
    return value


def run(args) -> int:
    spec = {"preset": args.rules}
    if args.decks is not None:
        spec["decks"] = _positive(args.decks, "--decks", 8)
    rules = rules_from_spec(spec)
    rounds = _positive(args.rounds, "--rounds", 10**10)
    if args.chart:
        if not args.chart.lower().endswith(CHART_KINDS):
            raise CommandError(f"{args.chart}: the chart is written as "
                               f"{', '.join(CHART_KINDS)}; name the file so")
        writable_file(args.chart, "chart")
    precision = args.precision / 100 if args.precision else None
    bar = Progress(rounds, precision) if _show_progress(args) else None
    try:
        report = analyse(rules, rounds, int(args.seed), precision=precision, progress=bar)
    finally:
        if bar is not None:
            bar.done()
    if args.chart:
        try:
            write_chart(report, args.chart)
        except OSError as exc:
            raise CommandError(f"{args.chart}: cannot write the chart: {exc.strerror}") from None
    if args.format == "json":
        print(json.dumps(report, indent=2))
    else:
        print(format_text(report))
    return 0


def _show_progress(args) -> bool:
    if args.progress is not None:
        return args.progress == "on"
    return sys.stderr.isatty()


class Progress:
    """A one-line progress bar on standard error: rounds so far, the interval reached, and
    the time left at this pace (to the precision asked, or to the --rounds cap)."""

    WIDTH = 30

    def __init__(self, cap: int, precision: float | None):
        self.cap, self.precision = cap, precision
        self.start = time.monotonic()
        self.shown = 0.0
        self.player = None

    def __call__(self, player: str, sums) -> None:
        now = time.monotonic()
        if player != self.player:  # each strategy's run has its own clock and bar
            if self.player is not None:
                sys.stderr.write("\n")
            self.player, self.start, self.shown = player, now, 0.0
        if now - self.shown < 0.2:
            return
        self.shown = now
        half = half_width(sums)
        if player == "basic":
            goal = _rounds_needed(sums, half, self.precision, self.cap)
        else:
            goal = min(self.cap, MIMIC_ROUNDS) if self.precision else self.cap
        share = min(sums.rounds / max(goal, 1), 1.0)
        elapsed = now - self.start
        left = elapsed * (1 - share) / share if share > 0 else 0
        filled = int(self.WIDTH * share)
        what = "basic strategy" if player == "basic" else "copying the dealer"
        sys.stderr.write(f"\r{what:<18} [{'#' * filled}{'.' * (self.WIDTH - filled)}] "
                         f"{sums.rounds:>12,} rounds  +-{100 * half:.3f} points  "
                         f"about {_duration(left)} left ")
        sys.stderr.flush()

    def done(self) -> None:
        sys.stderr.write("\n")
        sys.stderr.flush()


def _rounds_needed(sums, half: float, precision: float | None, cap: int) -> int:
    if not precision or half == float("inf"):
        return cap
    return min(cap, int(sums.rounds * (half / precision) ** 2) + 1)


def _duration(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min"


def register(sub) -> None:
    p = add_parser(
        sub, "analyse",
        "analyse a rule preset: the dealer's outcome odds and the Twins and Bust returns "
        "(exact), the house edge under computed basic strategy and the return of copying "
        "the dealer (simulated through the engine on every core, with 95% intervals; by "
        "default until the edge's interval is +-0.05 points, which separates the presets: "
        "minutes on two cores, with a progress bar on a terminal)",
        "blackjack-kiosk analyse --rules bayern --rounds 40000 --chart dealer.png", run)
    p.add_argument("--rules", required=True, choices=sorted(PRESETS), help="rule preset")
    p.add_argument("--decks", help="override the preset's number of decks")
    p.add_argument("--rounds", default="40000000",
                   help="at most this many rounds per strategy (default 40000000); with "
                        "--precision 0 exactly this many")
    p.add_argument("--precision", type=number(0, 100), default=0.05, metavar="POINTS",
                   help="stop once the basic-strategy edge's 95%% interval is this narrow, in "
                        "percentage points either side (default 0.05; 0: play all --rounds)")
    p.add_argument("--progress", choices=("on", "off"), default=None,
                   help="the progress bar on standard error (default: on a terminal)")
    p.add_argument("--seed", type=whole(0, BIGGEST_ID), default=1,
                   help="seed of the simulated shoes")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--chart", metavar="FILE.png", help="also write the dealer-odds chart")
