"""`blackjack-kiosk analyse`: what a rule preset's game and side bets return."""

from __future__ import annotations

import json

from kiosk.commands._common import BIGGEST_ID, CommandError, add_parser, whole, writable_file
from kiosk.simulation.analysis import analyse, format_text
from kiosk.simulation.chart import write_chart
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
    report = analyse(rules, rounds, int(args.seed))
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
        "blackjack-kiosk analyse --rules bayern --rounds 40000 --chart dealer.png", run)
    p.add_argument("--rules", required=True, choices=sorted(PRESETS), help="rule preset")
    p.add_argument("--decks", help="override the preset's number of decks")
    p.add_argument("--rounds", default="200000",
                   help="rounds simulated per strategy (default 200000)")
    p.add_argument("--seed", type=whole(0, BIGGEST_ID), default=1,
                   help="seed of the simulated shoes")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--chart", metavar="FILE.png", help="also write the dealer-odds chart")
