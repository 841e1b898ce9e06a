"""Standard decks of many designs, drawn here: the recognizer's test decks beyond the fetched ones.

A `Design` says how a deck looks where the camera reads it and where it can be fooled: the
index's font, size and place; a border line or none; the number cards' pips close to the index
or not; court-card art from sparse to dense; two-colour or four-colour suits (clubs green,
diamonds blue, as on poker room decks); a jumbo index; a second pair of indices in the other two
corners. `draw_deck(design, folder)` writes its 52 faces as `AS.png` ... `KD.png`, the input of
`camera enroll` (drawn by `design_faces.py`). Fonts are the TrueType files matplotlib ships
(DejaVu, STIX, Computer Modern), so every machine with the project's dependencies draws the
same decks.

`NAMED` are the designs the benchmark and tests measure, each held out from tuning;
`random_design(seed)` makes the tuning pool: any parameter mix, never one of the named ones.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np

CARD_W = 250  # pixels; the height follows the design's aspect

BLACK, RED, BLUE, GREEN = "#1a1a1a", "#c8141e", "#1837b4", "#0f7a2a"


@dataclass(frozen=True)
class Design:
    name: str
    font: str = "DejaVuSans-Bold.ttf"  # the index font: a file of matplotlib's fonts
    suits: str = "shapes"  # "shapes" (drawn from circles and polygons) or a font file
    rank_h: float = 0.085  # the rank's height as a share of the card height
    suit_h: float = 0.06  # the index suit's height, as a share of the card height
    index_x: float = 0.06  # the index column's centre, share of the width from the left
    index_y: float = 0.045  # the rank's top, share of the height from the top
    gap: float = 0.012  # between rank and suit, share of the height
    border: float | None = None  # a border line's inset, share of the width; None: no border
    pip_h: float = 0.13  # the number cards' pips, share of the height
    pip_margin: float = 0.26  # the outer pip columns' centres from the sides, share of width
    court: float = 0.5  # how dense the court cards' art is, 0 (a frame and a letter) to 1
    four_colour: bool = False
    four_index: bool = False  # indices in all four corners
    aspect: float = 88 / 63  # card height over width (poker size; bridge is 89 / 56)
    paper: str = "#ffffff"
    condense_ten: float = 1.0  # how narrow "10" is drawn, relative to the font's own width


NAMED = [
    Design("sans-jumbo", font="DejaVuSans-Bold.ttf", rank_h=0.14, suit_h=0.075, index_x=0.085,
           index_y=0.035, pip_margin=0.3, court=0.3, condense_ten=0.7),
    Design("serif-border", font="DejaVuSerif-Bold.ttf", suits="DejaVuSans.ttf", rank_h=0.075,
           suit_h=0.055, index_x=0.075, index_y=0.05, border=0.03, court=0.8),
    Design("four-colour", font="STIXGeneralBol.ttf", suits="STIXGeneral.ttf", rank_h=0.09,
           suit_h=0.065, four_colour=True, court=0.6),
    Design("mono-tight", font="DejaVuSansMono-Bold.ttf", rank_h=0.07, suit_h=0.05,
           index_x=0.055, index_y=0.04, pip_h=0.15, pip_margin=0.23, court=1.0),
    Design("roman-bridge", font="cmr10.ttf", suits="DejaVuSans.ttf", rank_h=0.08, suit_h=0.06,
           index_x=0.075, aspect=89 / 56, court=0.4, paper="#fbf8ef", four_index=True),
    Design("jumbo-four-colour", font="cmss10.ttf", rank_h=0.13, suit_h=0.07, index_x=0.09,
           index_y=0.03, gap=0.008, four_colour=True, court=0.7, condense_ten=0.75),
]


def random_design(seed: int) -> Design:
    """A design for the tuning pool: every parameter drawn at random (seeded)."""
    rng = np.random.default_rng(seed)
    fonts = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf",
             "DejaVuSansMono.ttf", "STIXGeneral.ttf", "STIXGeneralBol.ttf", "cmr10.ttf",
             "cmss10.ttf", "cmb10.ttf"]
    jumbo = rng.random() < 0.25
    rank_h = float(rng.uniform(0.12, 0.15) if jumbo else rng.uniform(0.065, 0.1))
    border = float(rng.uniform(0.025, 0.045)) if rng.random() < 0.4 else None
    aspect = float(89 / 56 if rng.random() < 0.25 else 88 / 63)
    condense = float(rng.uniform(0.7, 1.0))
    # printers keep the index clear of the card's edge, the border and the pips: its widest
    # rank (a 10) is at most about this wide, as a share of the card's width
    half = 0.5 * min(0.1 + 0.6 * rank_h * aspect, 1.25 * rank_h * aspect * condense)
    index_x = max(float(rng.uniform(0.055, 0.09)), (border or 0.0) + 0.02 + half)
    pip_h = float(rng.uniform(0.11, 0.15))
    pip_margin = max(float(rng.uniform(0.22, 0.3)), index_x + half + 0.03 + 0.4 * pip_h * aspect)
    return Design(
        f"pool-{seed}", font=str(rng.choice(fonts)),
        suits=str(rng.choice(["shapes", "DejaVuSans.ttf", "STIXGeneral.ttf"])),
        rank_h=rank_h, suit_h=float(rank_h * rng.uniform(0.55, 0.8)),
        index_x=index_x, index_y=float(rng.uniform(0.03, 0.055)),
        gap=float(rng.uniform(0.006, 0.016)), border=border, pip_h=pip_h,
        pip_margin=pip_margin, court=float(rng.uniform(0, 1)),
        four_colour=bool(rng.random() < 0.3), four_index=bool(rng.random() < 0.2),
        aspect=aspect, condense_ten=condense)


def ink(design: Design, suit: str) -> str:
    if design.four_colour:
        return {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}[suit]
    return RED if suit in "HD" else BLACK


def named(name: str) -> Design:
    """One of the named designs (the benchmark and tests call them by name)."""
    for design in NAMED:
        if design.name == name:
            return design
    raise KeyError(f"no design named {name!r}: {[d.name for d in NAMED]}")


def font_file(name: str) -> str:
    """The path of one of the TrueType fonts matplotlib ships."""
    import matplotlib

    return os.path.join(matplotlib.get_data_path(), "fonts", "ttf", name)

