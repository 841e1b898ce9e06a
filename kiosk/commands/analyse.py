"""`blackjack-kiosk analyse`: what a rule preset's game and side bets return."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from kiosk.commands._common import CommandError, add_parser, number
from kiosk.simulation.analysis import analyse, format_text
from kiosk.simulation.chart import write_chart
from models.rules import PRESETS, rules_from_spec

CHART_FORMATS = (".png", ".svg", ".pdf")
LONG_RUN = 100_000  # rounds from which a terminal gets a progress bar


def _show_bar(args) -> bool:
    if args.progress is not None:
        return args.progress == "on"
    return args.rounds >= LONG_RUN and sys.stderr.isatty()


class _Bar:
    """The progress bar on standard error: rounds so far of the (estimated) total, the edge's
    interval reached, the time left at this pace."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.shown = 0.0

    def __call__(self, done: int, total: int, half: float) -> None:
        now = time.monotonic()
        if now - self.shown < 0.2 and done < total:
            return
        self.shown = now
        width = 30
        share = min(done / max(total, 1), 1.0)
        filled = int(width * share)
        left = (now - self.start) * (1 - share) / share if share else 0.0
        interval = f"  +-{100 * half:.3f} points" if half != float("inf") else ""
        sys.stderr.write(f"\rsimulating [{'#' * filled}{'.' * (width - filled)}] "
                         f"{done:,}/{total:,} rounds{interval}  about {_duration(left)} left ")
        sys.stderr.flush()


def _duration(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min"


def run(args) -> int:
    spec = {"preset": args.rules}
    if args.decks is not None:
        spec["decks"] = args.decks
    rules = rules_from_spec(spec)
    if args.chart:  # refused before the long simulation, not after it
        chart = Path(args.chart)
        if chart.suffix.lower() not in CHART_FORMATS:
            raise CommandError(f"{args.chart}: a chart is written as "
                               f"{', '.join(CHART_FORMATS)}, not {chart.suffix or 'no suffix'}")
        if not chart.parent.is_dir():
            raise CommandError(f"{args.chart}: the folder {chart.parent} does not exist")
    precision = args.precision / 100 if args.precision else None
    report = analyse(rules, args.rounds, args.seed, progress=_Bar() if _show_bar(args) else None,
                     precision=precision)
    if _show_bar(args):
        sys.stderr.write("\n")
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


def register(sub) -> None:
    p = add_parser(
        sub, "analyse",
        "analyse a rule preset: the dealer's outcome odds and the Twins and Bust returns "
        "(exact), the house edge under computed basic strategy and the return of copying "
        "the dealer (simulated through the engine on every core, with 95% intervals; by "
        "default until the edge's interval is +-0.05 points, which tells the presets apart: "
        "minutes on two cores, with a progress bar on a terminal)",
        "blackjack-kiosk analyse --rules bayern --rounds 20000 --chart dealer.png", run)
    p.add_argument("--rules", required=True, choices=sorted(PRESETS), help="rule preset")
    p.add_argument("--decks", type=number(1, 8), help="override the preset's number of decks")
    p.add_argument("--rounds", type=number(1, 10**9), default=40_000_000,
                   help="at most this many rounds per strategy (default 40000000); with "
                        "--precision 0 exactly this many")
    p.add_argument("--precision", type=number(0, 100, float), default=0.05, metavar="POINTS",
                   help="stop once the basic-strategy edge's 95%% interval is this narrow, in "
                        "percentage points either side (default 0.05; 0: play all --rounds)")
    p.add_argument("--progress", choices=("on", "off"), default=None,
                   help="the progress bar on standard error (default: on a terminal, for "
                        "runs of 100000 rounds or more)")
    p.add_argument("--seed", type=number(0, 2**63 - 1), default=1,
                   help="seed of the simulated shoes")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--chart", metavar="FILE.png", help="also write the dealer-odds chart")
