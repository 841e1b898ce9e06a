"""Card decks for the mock camera: clean face images, one per card, named by card code.

Two designs, so the recognizer is never tuned to one deck:

- `draw_own_deck`: a deck drawn here with OpenCV primitives (our own suit shapes, Hershey
  digits and letters), white faces, index corners top-left and bottom-right;
- `fetch_svg_deck` + `render_svg_deck`: the published cardsJS deck (MIT licence; its faces
  come from Chris Aguilar's Vector Playing Card Library), fetched from the npm registry at test
  time by `npm pack` into a cache folder, never committed, and rendered with Qt's SVG renderer
  (PySide6 is a dependency already; no system cairo needed).

Both write `AS.png` ... `KD.png` (ten as `T`), the enrolment input of `camera enroll`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from hardware_mocks.npm_cache import fetch_package
from models.cards import ALL_CARDS, Card

CARD_W, CARD_H = 250, 350  # 63 x 88 mm at 4 px/mm
RED = (30, 30, 200)  # BGR
BLACK = (25, 25, 25)
SVG_PACKAGE = "cardsJS@1.1.1"


# -- our own deck ------------------------------------------------------------------------------

def _suit_shape(img, suit: str, cx: float, cy: float, size: float, color) -> None:
    """Draw a suit symbol of height `size` centred at (cx, cy)."""
    s = size / 2
    if suit == "D":
        pts = np.array([[cx, cy - s], [cx + 0.72 * s, cy], [cx, cy + s], [cx - 0.72 * s, cy]])
        cv2.fillPoly(img, [pts.astype(np.int32)], color, cv2.LINE_AA)
        return
    if suit in "HS":
        flip = -1 if suit == "S" else 1
        r = 0.5 * s
        lobe_y = cy - flip * 0.35 * s
        for dx in (-0.48 * s, 0.48 * s):
            cv2.circle(img, (int(cx + dx), int(lobe_y)), int(r), color, -1, cv2.LINE_AA)
        tip = [cx, cy + flip * s]
        pts = np.array([[cx - 0.96 * s, lobe_y + flip * 0.12 * s], tip,
                        [cx + 0.96 * s, lobe_y + flip * 0.12 * s], [cx, lobe_y]])
        cv2.fillPoly(img, [pts.astype(np.int32)], color, cv2.LINE_AA)
        if suit == "S":
            stem = np.array([[cx, cy + 0.2 * s], [cx + 0.35 * s, cy + s], [cx - 0.35 * s, cy + s]])
            cv2.fillPoly(img, [stem.astype(np.int32)], color, cv2.LINE_AA)
        return
    # clubs: three balls and a stem
    r = 0.38 * s
    for dx, dy in ((0, -0.5 * s), (-0.48 * s, 0.12 * s), (0.48 * s, 0.12 * s)):
        cv2.circle(img, (int(cx + dx), int(cy + dy)), int(r), color, -1, cv2.LINE_AA)
    stem = np.array([[cx, cy - 0.1 * s], [cx + 0.35 * s, cy + s], [cx - 0.35 * s, cy + s]])
    cv2.fillPoly(img, [stem.astype(np.int32)], color, cv2.LINE_AA)


_PIPS = {  # pip centres as fractions of the face, for the number cards
    1: [(0.5, 0.5)],
    2: [(0.5, 0.22), (0.5, 0.78)],
    3: [(0.5, 0.22), (0.5, 0.5), (0.5, 0.78)],
    4: [(0.33, 0.22), (0.67, 0.22), (0.33, 0.78), (0.67, 0.78)],
    5: [(0.33, 0.22), (0.67, 0.22), (0.5, 0.5), (0.33, 0.78), (0.67, 0.78)],
    6: [(0.33, 0.22), (0.67, 0.22), (0.33, 0.5), (0.67, 0.5), (0.33, 0.78), (0.67, 0.78)],
}
_PIPS[7] = _PIPS[6] + [(0.5, 0.36)]
_PIPS[8] = _PIPS[7] + [(0.5, 0.64)]
_PIPS[9] = [(x, y) for x in (0.33, 0.67) for y in (0.2, 0.4, 0.6, 0.8)] + [(0.5, 0.5)]
_PIPS[10] = [(x, y) for x in (0.33, 0.67) for y in (0.2, 0.4, 0.6, 0.8)] + [
    (0.5, 0.3), (0.5, 0.7)]


def draw_own_face(card: Card) -> np.ndarray:
    """One face of our own deck, BGR, CARD_W x CARD_H."""
    img = np.full((CARD_H, CARD_W, 3), 255, np.uint8)
    color = RED if card.is_red else BLACK
    label = "10" if card.rank == "T" else card.rank
    index = np.full((110, 56, 3), 255, np.uint8)
    scale = 1.25 if len(label) == 1 else 1.0
    (tw, th), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_DUPLEX, scale, 3)
    cv2.putText(index, label, ((56 - tw) // 2, 8 + th), cv2.FONT_HERSHEY_DUPLEX, scale, color, 3,
                cv2.LINE_AA)
    _suit_shape(index, card.suit, 28, 74, 34, color)
    img[10:120, 8:64] = index
    img[CARD_H - 120:CARD_H - 10, CARD_W - 64:CARD_W - 8] = index[::-1, ::-1]
    if card.rank in "JQK":
        cv2.rectangle(img, (70, 60), (CARD_W - 70, CARD_H - 60), color, 3, cv2.LINE_AA)
        cv2.putText(img, card.rank, (92, 210), cv2.FONT_HERSHEY_TRIPLEX, 3.2, color, 6,
                    cv2.LINE_AA)
    else:
        n = 1 if card.rank == "A" else card.value
        size = 90 if n == 1 else 40
        for fx, fy in _PIPS[n]:
            _suit_shape(img, card.suit, 40 + fx * (CARD_W - 80), 30 + fy * (CARD_H - 60), size,
                        color)
    cv2.rectangle(img, (1, 1), (CARD_W - 2, CARD_H - 2), (170, 170, 170), 2, cv2.LINE_AA)
    return img


def draw_own_deck(out_dir: Path) -> Path:
    """Write our own deck's 52 faces as PNG named by card code; return the folder."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    for card in ALL_CARDS:
        cv2.imwrite(str(out_dir / f"{card.code}.png"), draw_own_face(card))
    return out_dir


# -- the published SVG deck ----------------------------------------------------------------

def _svg_name(card: Card) -> str:
    return ("10" if card.rank == "T" else card.rank) + card.suit + ".svg"


def fetch_svg_deck(cache_dir: Path) -> Path:
    """The cardsJS SVG faces, fetched once with `npm pack` into `cache_dir`; return their
    folder. Raises RuntimeError saying why when the registry cannot be reached or the package
    lacks a face."""
    svg_dir = fetch_package(SVG_PACKAGE, Path(cache_dir)) / "cards"
    missing = [c.code for c in ALL_CARDS if not (svg_dir / _svg_name(c)).exists()]
    if missing:
        raise RuntimeError(f"{SVG_PACKAGE} lacks faces for {missing}")
    return svg_dir


def qt_ready() -> None:
    """Qt made ready to draw here, headless: the offscreen platform, and an application object
    where none exists yet (Qt reads fonts only with one: an SVG holding text, or a glyph asked
    of a font, aborts the whole process without it)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is None:
        qt_ready.app = QApplication([])  # type: ignore[attr-defined]


def render_svg_deck(svg_dir: Path, out_dir: Path, width: int = CARD_W,
                    names: Callable[[Card], str] = _svg_name) -> Path:
    """Render the 52 SVG faces (`names` gives each card's file) to PNG named by our card codes,
    `width` pixels wide."""
    qt_ready()
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    for card in ALL_CARDS:
        renderer = QSvgRenderer(str(Path(svg_dir) / names(card)))
        if not renderer.isValid():
            raise RuntimeError(f"{names(card)} is not a valid SVG")
        box = renderer.viewBoxF()
        height = round(width * box.height() / box.width())
        image = QImage(width, height, QImage.Format.Format_RGB888)
        image.fill(QColor("white"))
        painter = QPainter(image)
        renderer.render(painter, QRectF(0, 0, width, height))
        painter.end()
        image.save(str(out_dir / f"{card.code}.png"))
    return out_dir
