"""The pit's chart: the dealer's outcome probabilities by up card, as a PNG (matplotlib)."""

from __future__ import annotations

from pathlib import Path

from models.analysis.dealer import OUTCOMES


def write_chart(report: dict, path: str | Path) -> None:
    """Stacked bars, one per up card and one overall, each summing to 100%."""
    import matplotlib

    matplotlib.use("Agg")  # a kiosk or CI machine has no display for the chart
    import matplotlib.pyplot as plt

    table = report["dealer_outcomes"]
    ups = list(table)
    fig, ax = plt.subplots(figsize=(10, 5.5))
    bottom = [0.0] * len(ups)
    colours = ["#9ecae1", "#6baed6", "#4292c6", "#2171b5", "#084594", "#e6ab02", "#d62728"]
    for outcome, colour in zip(OUTCOMES, colours, strict=True):
        heights = [100 * table[u][outcome] for u in ups]
        ax.bar(ups, heights, bottom=bottom, color=colour, label=outcome)
        bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    ax.set_ylabel("probability (%)")
    ax.set_xlabel("dealer's up card")
    ax.set_ylim(0, 100)
    ax.set_title(f"Dealer's final hand, preset {report['preset']}, {report['decks']} decks")
    ax.legend(title="dealer ends on", bbox_to_anchor=(1.01, 1), loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
