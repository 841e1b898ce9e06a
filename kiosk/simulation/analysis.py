"""The analyser's report for one rule set: exact figures, simulated figures, strategy table.

`analyse` gathers everything as JSON-ready values (fractions, not percents); `format_text`
lays the same values out for a person.
"""

from __future__ import annotations

import math

from kiosk.simulation.pool import Estimate, half_width, mean_estimate, run
from models.analysis.dealer import OUTCOMES, dealer_table
from models.analysis.side_bets import bust_return, twins_return
from models.analysis.strategy import basic_strategy
from models.rules import Rules

UP_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A", "overall")


MIMIC_ROUNDS = 1_000_000  # copying the dealer is the leaflet's figure, not a preset's edge


def analyse(rules: Rules, rounds: int, seed: int, processes: int | None = None,
            progress=None, precision: float | None = None) -> dict:
    """The report. With `precision` (in stakes: 0.0005 is 0.05 points) the basic-strategy edge
    is simulated until its 95% interval is that narrow or `rounds` are played, and copying
    the dealer for at most a million rounds. `progress(done, total, half_width)` hears the
    rounds of both strategies as they finish; with a precision the total is an estimate."""
    table = dealer_table(rules.decks, rules.dealer_hits_soft_17)
    strategy = basic_strategy(rules)
    mimic_rounds = min(rounds, MIMIC_ROUNDS) if precision else rounds

    def basic_told(sums) -> None:
        half = half_width(sums)
        goal = rounds if not precision or half == math.inf else \
            min(rounds, max(sums.rounds, int(sums.rounds * (half / precision) ** 2)))
        progress(sums.rounds, goal + mimic_rounds, half)

    basic = run(rules, "basic", rounds, seed, processes, progress and basic_told, precision)
    mimic = run(rules, "mimic", mimic_rounds, seed, processes,
                progress and (lambda sums: progress(basic.rounds + sums.rounds,
                                                    basic.rounds + mimic_rounds,
                                                    half_width(basic))))
    return {
        "precision_asked": precision,
        "preset": rules.preset,
        "rules": rules.to_spec(),
        "decks": rules.decks,
        "seed": seed,
        "side_bets_offered": sorted(rules.side_bets),
        "twins_return": float(twins_return(rules.decks, rules.twins_pays)),
        "bust_return": bust_return(rules.decks, rules.bust_pays, rules.dealer_hits_soft_17),
        "dealer_outcomes": {up: table[up] for up in UP_ORDER},
        "house_edge_basic": _edge(basic).to_json(),
        "house_edge_basic_computed": -strategy.ev,
        "mimic_return": _return(mimic).to_json(),
        "simulated": _simulated_side(rules, basic),
        "basic_strategy": strategy.to_json(),
    }


def _edge(t) -> Estimate:
    return mean_estimate(t.main, t.main_sq, t.rounds, 0.0, -1.0)


def _return(t) -> Estimate:
    return mean_estimate(t.main, t.main_sq, t.rounds, 1.0)


def _simulated_side(rules: Rules, t) -> dict:
    """Side-bet returns and dealer outcomes as the engine settled them (basic-strategy run);
    only where the preset offers the bets (the Bust bet keeps the dealer drawing)."""
    out: dict = {}
    if "twins" in rules.side_bets:
        out["twins_return"] = mean_estimate(t.twins, t.twins_sq, t.rounds, 1.0).to_json()
    if "bust" in rules.side_bets:
        out["bust_return"] = mean_estimate(t.bust, t.bust_sq, t.rounds, 1.0).to_json()
        out["dealer_outcomes"] = {k: t.dealer[k] / t.rounds for k in OUTCOMES}
    return out


# -- text ------------------------------------------------------------------------------------

def _pct(x: float, places: int = 2) -> str:
    return f"{100 * x:.{places}f}%"


def _ci(est: dict) -> str:
    low, high = est["ci95"]
    return (f"{_pct(est['value'])} (95% CI {_pct(low)} to {_pct(high)}, "
            f"{est['rounds']:,} rounds)")


def format_text(r: dict) -> str:
    lines = [f"Rule analysis: preset {r['preset']}, {r['decks']} decks, seed {r['seed']}", ""]
    lines += _dealer_lines(r["dealer_outcomes"])
    offered = ", ".join(r["side_bets_offered"]) or "none"
    lines += ["", f"Side bets (offered here: {offered}), exact return:",
              f"  Twins (11:1 on a pair of the same rank): {_pct(r['twins_return'])}",
              f"  Bust (5:2 on the dealer busting):        {_pct(r['bust_return'])}"]
    sim = r["simulated"]
    for name in ("twins_return", "bust_return"):
        if name in sim:
            lines.append(f"  simulated {name.split('_')[0]}: {_ci(sim[name])}")
    lines += ["", "Main game, simulated through the engine:",
              f"  house edge, basic strategy: {_ci(r['house_edge_basic'])}",
              f"    {_reached(r)}",
              f"    (computed from the strategy's EVs: {_pct(r['house_edge_basic_computed'])})",
              f"  return, copying the dealer: {_ci(r['mimic_return'])}", ""]
    lines += _strategy_lines(r["basic_strategy"])
    return "\n".join(lines)


def _reached(r: dict) -> str:
    low, high = r["house_edge_basic"]["ci95"]
    half = 100 * (high - low) / 2
    asked = r.get("precision_asked")
    if not asked:
        return f"(95% interval +-{half:.3f} points after the rounds asked)"
    if half <= 100 * asked + 1e-12:
        return f"(95% interval +-{half:.3f} points: the precision asked, +-{100 * asked:.3f})"
    return (f"(95% interval +-{half:.3f} points: --rounds ran out before the precision asked, "
            f"+-{100 * asked:.3f}; the presets' edges differ by 0.14 points and more)")


def _dealer_lines(table: dict) -> list[str]:
    head = "up card " + "".join(f"{k:>10}" for k in OUTCOMES)
    out = ["Dealer's final outcome by up card (exact, full shoe less the up card):", head]
    for up in UP_ORDER:
        out.append(f"{up:<8}" + "".join(f"{_pct(table[up][k], 1):>10}" for k in OUTCOMES))
    return out


def _strategy_lines(s: dict) -> list[str]:
    out = ["Basic strategy used (S stand, H hit, D double, P split, R surrender; a lower-case "
           "letter is the fallback where the first choice is refused):",
           "          " + "".join(f"{c:>4}" for c in s["columns"])]
    for label, cells in s["rows"].items():
        out.append(f"{label:<10}" + "".join(f"{c:>4}" for c in cells))
    return out
