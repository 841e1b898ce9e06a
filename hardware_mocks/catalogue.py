"""Every test deck by name, and which of them tuning may look at.

The recognizer's constants (its thresholds and floors) are set on the tuning designs only: our
own drawn deck and cardsJS (the two it was first built on) and a pool of generated designs of
random parameters. Every figure the issue asks for is measured on the held-out designs, which
no tuning saw: the named generated designs, the fetched decks of other families, and six more
pool designs (`FRESH`) first read on 2026-11-26, after every constant had been set. `younes`
is redrawn from the same source as cardsJS's faces: its family was seen, so it is measured
but not counted as held out. A design that anything is tuned on moves to `TUNING`.
"""

from __future__ import annotations

from pathlib import Path

from hardware_mocks.decks import draw_own_deck, fetch_svg_deck, render_svg_deck
from hardware_mocks.design_faces import draw_deck
from hardware_mocks.designs import NAMED, random_design
from hardware_mocks.fetched import PACKAGES, fetched_deck

TUNING = ["own", "cardsJS"] + [f"pool-{seed}" for seed in range(1, 17)]
FRESH = [f"pool-{seed}" for seed in range(17, 23)]
# issue 31's final held-out set, fixed on 2026-11-26 before any was rendered: read once, by
# the benchmark, in the operating envelope
FINAL = [f"pool-{seed}" for seed in range(23, 29)]
HELD_OUT = [d.name for d in NAMED] + ["kennard", "kennard-4c", "bellot"] + FRESH + FINAL
SEEN_FAMILY = ["younes"]


def deck_faces(name: str, cache_dir: Path, out_dir: Path) -> Path:
    """The folder of the deck's 52 face images (`AS.png` ... `KD.png`), made in `out_dir`
    (fetched decks are downloaded once into `cache_dir`)."""
    out_dir = Path(out_dir)
    if name == "own":
        return draw_own_deck(out_dir)
    if name == "cardsJS":
        return render_svg_deck(fetch_svg_deck(cache_dir), out_dir)
    if name in PACKAGES:
        return fetched_deck(name, cache_dir, out_dir)
    if name.startswith("pool-"):
        return draw_deck(random_design(int(name[5:])), out_dir)
    for design in NAMED:
        if design.name == name:
            return draw_deck(design, out_dir)
    raise KeyError(f"no test deck named {name!r}")
