"""`blackjack-kiosk analyse`: what a rule preset's game and side bets return."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from kiosk.commands._common import CommandError, add_parser, number
from kiosk.simulation.analysis import analyse, format_text
from kiosk.simulation.chart import write_chart
from models.rules import PRESETS, rules_from_spec

CHART_FORMATS = (".png", ".svg", ".pdf")
LONG_RUN = 100_000  # rounds from which a terminal gets a progress bar


def _show_bar(args) -> bool:
    return args.rounds >= LONG_RUN and sys.stderr.isatty()


def _bar(done: int, total: int) -> None:
    width = 40
    filled = width * done // total
    sys.stderr.write(f"\rsimulating [{'#' * filled}{'.' * (width - filled)}] "
                     f"{done:,}/{total:,} rounds")
    sys.stderr.flush()


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
    report = analyse(rules, args.rounds, args.seed, progress=_bar if _show_bar(args) else None)
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
        "the dealer (simulated through the engine on every core, with 95% intervals)",
        "blackjack-kiosk analyse --rules bayern --rounds 20000 --chart dealer.png", run)
    p.add_argument("--rules", required=True, choices=sorted(PRESETS), help="rule preset")
    p.add_argument("--decks", type=number(1, 8), help="override the preset's number of decks")
    p.add_argument("--rounds", type=number(1, 10**9), default=200000,
                   help="rounds simulated per strategy (default 200000)")
    p.add_argument("--seed", type=number(0, 2**63 - 1), default=1,
                   help="seed of the simulated shoes")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--chart", metavar="FILE.png", help="also write the dealer-odds chart")
