"""Open-licensed published decks, fetched from the npm registry at test time, never committed.

Each is fetched once with `npm pack` into a cache folder (`.test-cache/`, ignored by git) and
turned into `AS.png` ... `KD.png`, the input of `camera enroll`:

- `kennard`, `kennard-4c`: Adrian Kennard's SVG cards (CC0), two-colour and four-colour, as
  packaged by @heruka_urgyen/react-playing-cards (MIT). Their index glyphs and pips are SVG
  symbols placed by height, which Qt's SVG renderer does not scale, so each use of a symbol is
  written out as a transformed group first.
- `bellot`: David Bellot's SVG-cards (LGPL-2.1), the French-pattern courts, from the PNG
  renderings the package ships (2x).
- `younes`: the Responsive Playing Cards (LGPL-3.0), from Chris Aguilar's vectorised cards
  (the same source as cardsJS's faces, redrawn), as @younestouati/playing-cards-standard-deck.
- `tigullio`: Luciano Montanaro's Tigullio International deck (LGPL-2.0-or-later), as KDE
  games package it; no npm package carries it, so it comes from Debian's
  kdegames-card-data-kf5 with `apt-get download` (the archive is unpacked, never installed).
  Its 52 faces are elements of one SVG, each rendered on its own.
- `nicu-white` (Nicu Buculei's "Nicu White") and `oxygen-white` (KDE's "Oxygen White"), both
  GPL-2.0-or-later, from the same Debian package and rendered the same way; so are KDE's
  "Standard" (`kde-standard`) and "Dondorf" (`dondorf`), GPL-2.0-or-later, and the other
  decks `PACKAGES` lists from it (Penguins is GPL-3.0-or-later: its Tux art keeps its authors'
  credit, as the package's copyright file asks; KDE's "Konqi Modern", `konqi-modern`, is
  under the permissive licence its copyright file names Expat-like-Carddecks).
- `anglo`: GNOME Aisleriot's "Anglo" deck (GPL-3.0-or-later, the package's copyright file
  lists no other licence for its card themes), from Debian's gnome-cards-data, one SVG whose
  elements are named `club_1` ... `spade_king`; so are its "Neoclassical", "Slavic
  Costumes", "Rheinland" and "Berlin" decks (final sets), and its other French-suited decks
  that tuning reads (Gnomangelo, Tango, Plastic, Ancient French, Atlasnye) or enrolment
  refuses (Simplistic, Guyenne Classic, Tango Nuevo): `AISLERIOT_SVG` names each one's file.

cardsJS stays in `decks.py`. Only downloaded for tests, never shipped.
"""

from __future__ import annotations

import copy
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import cv2
import numpy as np

from hardware_mocks.decks import CARD_W, qt_ready, render_svg_deck
from hardware_mocks.npm_cache import fetch_debian_package, fetch_package
from models.cards import ALL_CARDS, Card

# GNOME Aisleriot's decks (Debian's gnome-cards-data): each one's SVG file
AISLERIOT_SVG = {"anglo": "anglo.svgz", "neoclassical": "neoclassical.svgz",
                 "gnomangelo": "gnomangelo.svgz", "tango": "tango.svgz",
                 "plastic": "plastic.svgz", "ancient-french": "ancient_french.svgz",
                 "atlasnye": "atlasnye.svgz", "simplistic": "simplistic.svgz",
                 "guyenne-classic": "guyenne-classic.svgz", "tango-nuevo": "tango_nuevo.svgz",
                 "slavic-costumes": "slavic_costumes.svgz", "rheinland": "rheinland.svgz",
                 "berlin": "berlin.svgz", "lattmann": "lattmann.svgz",
                 "orell": "orell.svgz", "swiss-xvii": "swiss-xvii.svgz"}
PACKAGES = {  # deck: (npm package, or "deb:" and a Debian package, folder inside it, licence)
    "kennard": ("@heruka_urgyen/react-playing-cards@0.5.0", "src/images/2color", "CC0"),
    "kennard-4c": ("@heruka_urgyen/react-playing-cards@0.5.0", "src/images/4color", "CC0"),
    "bellot": ("svg-cards@4.0.2", "png/2x", "LGPL-2.1"),
    "younes": ("@younestouati/playing-cards-standard-deck@3.0.0", "cards", "LGPL-3.0"),
    "tigullio": ("deb:kdegames-card-data-kf5=4:22.12.3-1",
                 "usr/share/carddecks/svg-tigullio-international", "LGPL-2.0-or-later"),
    # the package's files not listed apart in its copyright file are GPL-2+
    "nicu-white": ("deb:kdegames-card-data-kf5=4:22.12.3-1",
                   "usr/share/carddecks/svg-nicu-white", "GPL-2.0-or-later"),
    "oxygen-white": ("deb:kdegames-card-data-kf5=4:22.12.3-1",
                     "usr/share/carddecks/svg-oxygen-white", "GPL-2.0-or-later"),
    "kde-standard": ("deb:kdegames-card-data-kf5=4:22.12.3-1",
                     "usr/share/carddecks/svg-standard", "GPL-2.0-or-later"),
    "dondorf": ("deb:kdegames-card-data-kf5=4:22.12.3-1",
                "usr/share/carddecks/svg-dondorf", "GPL-2.0-or-later"),
    "xskat-french": ("deb:kdegames-card-data-kf5=4:22.12.3-1",
                     "usr/share/carddecks/svg-xskat-french", "GPL-2.0-or-later"),
    "gm-paris": ("deb:kdegames-card-data-kf5=4:22.12.3-1",
                 "usr/share/carddecks/svg-gm-paris", "GPL-2.0-or-later"),
    "nicu-ornamental": ("deb:kdegames-card-data-kf5=4:22.12.3-1",
                        "usr/share/carddecks/svg-nicu-ornamental", "GPL-2.0-or-later"),
    "jolly-royal": ("deb:kdegames-card-data-kf5=4:22.12.3-1",
                    "usr/share/carddecks/svg-jolly-royal", "GPL-2.0-or-later"),
    "future-simple": ("deb:kdegames-card-data-kf5=4:22.12.3-1",
                      "usr/share/carddecks/svg-future", "GPL-2.0-or-later"),
    "ancient-egyptians": ("deb:kdegames-card-data-kf5=4:22.12.3-1",
                          "usr/share/carddecks/svg-ancient-egyptians", "GPL-2.0-or-later"),
    "oxygen-air": ("deb:kdegames-card-data-kf5=4:22.12.3-1",
                   "usr/share/carddecks/svg-oxygen-air", "GPL-2.0-or-later"),
    "oxygen": ("deb:kdegames-card-data-kf5=4:22.12.3-1",
               "usr/share/carddecks/svg-oxygen", "GPL-2.0-or-later"),
    # listed apart in the copyright file: GPL-3+, with the Tux artwork's credit
    "penguins": ("deb:kdegames-card-data-kf5=4:22.12.3-1",
                 "usr/share/carddecks/svg-penguins", "GPL-3.0-or-later"),
    "konqi-modern": ("deb:kdegames-card-data-kf5=4:22.12.3-1",
                     "usr/share/carddecks/svg-konqi-modern", "Expat-like-Carddecks"),
    # Aisleriot's decks: one folder, an SVG file each
    **dict.fromkeys(AISLERIOT_SVG, ("deb:gnome-cards-data=1:3.22.23-1",
                                    "usr/share/aisleriot/cards", "GPL-3.0-or-later")),
}
KDE_SVG = {"tigullio": "tigullio-international.svgz", "nicu-white": "white.svgz",
           "oxygen-white": "oxygen-white.svgz", "kde-standard": "standard.svgz",
           "dondorf": "dondorf.svgz", "xskat-french": "french.svgz", "gm-paris": "paris.svgz",
           "nicu-ornamental": "ornamental.svgz", "jolly-royal": "jolly-royal.svgz",
           "future-simple": "future.svgz", "penguins": "penguins.svgz",
           "ancient-egyptians": "Ancient_Egyptians.svgz", "oxygen-air": "oxygen-air.svgz",
           "oxygen": "oxygen.svgz", "konqi-modern": "konqi.svgz"}
SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"


def fetched_deck(name: str, cache_dir: Path, out_dir: Path) -> Path:
    """Write the fetched deck `name` (of PACKAGES) as PNG faces named by card code."""
    spec, inside, _ = PACKAGES[name]
    if spec.startswith("deb:"):
        source = fetch_debian_package(spec[4:], cache_dir) / inside
    else:
        source = fetch_package(spec, cache_dir) / inside
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    if name in KDE_SVG:
        return render_svg_elements(source / KDE_SVG[name], out_dir, _kde_element)
    if name in AISLERIOT_SVG:
        return render_svg_elements(source / AISLERIOT_SVG[name], out_dir, _aisleriot_element)
    if name.startswith("kennard"):
        with tempfile.TemporaryDirectory(prefix="kennard-flat-") as flat:
            for card in ALL_CARDS:  # written per call: never a half-written shared file
                tree = ET.parse(source / f"{card.code}.svg")
                inline_symbols(tree.getroot())
                tree.write(Path(flat) / f"{card.code}.svg")
            return render_svg_deck(Path(flat), out_dir, names=lambda card: f"{card.code}.svg")
    if name == "younes":
        return render_svg_deck(source, out_dir, names=_younes_name)
    for card in ALL_CARDS:  # bellot: PNG with a transparent margin round the rounded card
        rgba = cv2.imread(str(source / _bellot_name(card)), cv2.IMREAD_UNCHANGED)
        if rgba is None:
            raise RuntimeError(f"{spec} lacks {_bellot_name(card)}")
        alpha = rgba[:, :, 3:].astype(np.float32) / 255
        face = rgba[:, :, :3] * alpha + 255 * (1 - alpha)
        h, w = face.shape[:2]
        face = cv2.resize(face.astype(np.uint8), (CARD_W, round(CARD_W * h / w)),
                          interpolation=cv2.INTER_AREA)
        cv2.imwrite(str(out_dir / f"{card.code}.png"), face)
    return out_dir


def render_svg_elements(svg: Path, out_dir: Path, element, width: int = CARD_W) -> Path:
    """Render each card's element of one SVG holding the whole deck (`element` gives its id) to
    PNG named by our card codes, `width` pixels wide on white, all one size (the first card's
    aspect)."""
    qt_ready()  # Gnomangelo's SVG holds text (its copyright line): Qt needs its fonts
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise RuntimeError(f"{svg} is not a valid SVG")
    missing = [c.code for c in ALL_CARDS if not renderer.elementExists(element(c))]
    if missing:
        raise RuntimeError(f"{svg} lacks faces for {missing}")
    first = renderer.boundsOnElement(element(ALL_CARDS[0]))
    height = round(width * first.height() / first.width())
    for card in ALL_CARDS:
        image = QImage(width, height, QImage.Format.Format_RGB888)
        image.fill(QColor("white"))
        painter = QPainter(image)
        renderer.render(painter, element(card), QRectF(0, 0, width, height))
        painter.end()
        image.save(str(Path(out_dir) / f"{card.code}.png"))
    return Path(out_dir)


def _kde_element(card: Card) -> str:
    """A KDE card deck's element id: `1_club` ... `10_spade`, `jack_heart`, `king_diamond`."""
    suit = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}[card.suit]
    rank = {"A": "1", "T": "10", "J": "jack", "Q": "queen", "K": "king"}.get(card.rank,
                                                                               card.rank)
    return f"{rank}_{suit}"


def _aisleriot_element(card: Card) -> str:
    """An Aisleriot deck's element id: `club_1` ... `club_10`, `heart_jack`, `diamond_king`."""
    suit, rank = _kde_element(card).split("_")[::-1]
    return f"{suit}_{rank}"


def _younes_name(card: Card) -> str:
    rank = {"A": "1", "T": "10", "J": "11", "Q": "12", "K": "13"}.get(card.rank, card.rank)
    return f"{rank}{card.suit.lower()}.svg"


def _bellot_name(card: Card) -> str:
    suit = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}[card.suit]
    rank = {"A": "1", "T": "10", "J": "jack", "Q": "queen", "K": "king"}.get(card.rank,
                                                                               card.rank)
    return f"{suit}_{rank}.png"


def _number(value: str | None, whole: float) -> float:
    if value is None:
        return whole
    if value.endswith("%"):
        return whole * float(value[:-1]) / 100
    return float(value)


def inline_symbols(svg: ET.Element) -> None:
    """Replace every `<use>` of a `<symbol>` by a group of the symbol's content, scaled and
    placed as SVG places a symbol's viewBox in the use's viewport (preserveAspectRatio's
    xMin/xMid/xMax and YMin/YMid/YMax with meet, or none)."""
    ET.register_namespace("", SVG)
    ET.register_namespace("xlink", XLINK)
    symbols = {s.get("id"): s for s in svg.iter(f"{{{SVG}}}symbol")}
    for symbol in symbols.values():  # symbols that use symbols (court art uses the pips)
        _inline(symbol, symbols, symbol.get("viewBox"))
    _inline(svg, symbols, svg.get("viewBox", "0 0 100 100"))
    for parent in list(svg.iter()):
        for child in list(parent):
            if child.tag == f"{{{SVG}}}symbol":
                parent.remove(child)


def _inline(root: ET.Element, symbols: dict[str, ET.Element], viewbox: str) -> None:
    """`inline_symbols` within `root`, whose viewport is `viewbox` (for sizes in %)."""
    view = [float(v) for v in viewbox.split()]
    for parent in list(root.iter()):
        if parent.tag == f"{{{SVG}}}symbol" and parent is not root:
            continue
        for i, use in enumerate(list(parent)):
            href = use.get(f"{{{XLINK}}}href") or use.get("href") or ""
            if use.tag != f"{{{SVG}}}use" or href[1:] not in symbols:
                continue
            symbol = symbols[href[1:]]
            vx, vy, vw, vh = (float(v) for v in symbol.get("viewBox").split())
            w, h = _number(use.get("width"), view[2]), _number(use.get("height"), view[3])
            x, y = _number(use.get("x"), 0), _number(use.get("y"), 0)
            align = symbol.get("preserveAspectRatio", "xMidYMid")
            if align.startswith("none"):
                sx, sy = w / vw, h / vh
                dx = dy = 0.0
            else:
                sx = sy = min(w / vw, h / vh)
                dx = {"xMin": 0, "xMid": 0.5, "xMax": 1}[align[:4]] * (w - vw * sx)
                dy = {"YMin": 0, "YMid": 0.5, "YMax": 1}[align[4:8]] * (h - vh * sy)
            # the use's own transform applies outside its placement
            group = ET.Element(f"{{{SVG}}}g", {
                "transform": f"{use.get('transform', '')} "
                             f"translate({x + dx - vx * sx} {y + dy - vy * sy}) "
                             f"scale({sx} {sy})"})
            for key in ("fill", "stroke"):
                if use.get(key):
                    group.set(key, use.get(key))
            group.extend(copy.deepcopy(list(symbol)))
            parent[i] = group
