"""Drawing one face of a generated deck design (`designs.Design`).

The index is the rank's glyph outline from the design's font (Qt gives the outline; a narrow 10
is squeezed as printers do), scaled to the design's height, over a suit; the bottom-right index
is the same turned half round. Number cards carry their pips in the classic layout, the lower
half turned; court cards a frame and abstract art, point-symmetric like a double-headed figure,
from a big letter and pip to many small shapes. Shapes are filled with OpenCV, anti-aliased:
Qt is asked only for glyph outlines, each once (PySide6 6.12 loses a reference to None on every
call that returns nothing, and a deck drawn with Qt's painter crashed the interpreter).
"""

from __future__ import annotations

import zlib
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from hardware_mocks.decks import qt_ready
from hardware_mocks.designs import CARD_W, Design, font_file, ink
from models.cards import ALL_CARDS, Card

SUIT_CHARS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
PIPS = {  # pip centres: x 0 (left column) to 1 (right), y as a share of the height
    1: [(0.5, 0.5)],
    2: [(0.5, 0.2), (0.5, 0.8)],
    3: [(0.5, 0.2), (0.5, 0.5), (0.5, 0.8)],
    4: [(0, 0.2), (1, 0.2), (0, 0.8), (1, 0.8)],
    5: [(0, 0.2), (1, 0.2), (0.5, 0.5), (0, 0.8), (1, 0.8)],
    6: [(0, 0.2), (1, 0.2), (0, 0.5), (1, 0.5), (0, 0.8), (1, 0.8)],
}
PIPS[7] = PIPS[6] + [(0.5, 0.35)]
PIPS[8] = PIPS[7] + [(0.5, 0.65)]
PIPS[9] = [(x, y) for x in (0, 1) for y in (0.2, 0.4, 0.6, 0.8)] + [(0.5, 0.5)]
PIPS[10] = [(x, y) for x in (0, 1) for y in (0.2, 0.4, 0.6, 0.8)] + [(0.5, 0.3), (0.5, 0.7)]
ART = [(30, 20, 200), (180, 55, 24), (46, 193, 242), (26, 26, 26), (87, 139, 46),
       (160, 201, 242)]  # BGR: red, blue, yellow, black, green, skin
SHIFT = 4  # sub-pixel bits for OpenCV's polygon filling
# A shape is a list of parts, each a list of closed outlines filled together (even-odd: a
# glyph's holes stay open); parts are filled one over another (a union)
Shape = list[list[np.ndarray]]


def hex_bgr(colour: str) -> tuple[int, int, int]:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return b, g, r


@cache
def glyph(file: str, text: str) -> tuple[np.ndarray, ...]:
    """The outlines of `text` in a font of matplotlib's, as point arrays (y down).

    The glyphs come from that font file itself (a raw font), never from a family looked up by
    name: fonts sharing a family (STIXGeneral and its bold) or a family the system also has
    would otherwise make a design's faces depend on what the process drew before.
    """
    qt_ready()
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QRawFont

    font = QRawFont(font_file(file), 400)
    if not font.isValid():
        raise RuntimeError(f"{file}: not a font Qt can load")
    indexes = font.glyphIndexesForString(text)
    if not indexes or 0 in indexes:
        raise RuntimeError(f"{file} has no glyph for {text!r}")
    outlines, x = [], 0.0
    for index, advance in zip(indexes, font.advancesForGlyphIndexes(indexes), strict=True):
        path = font.pathForGlyph(index)
        path.translate(QPointF(x, 0))
        x += advance.x()
        for poly in path.toSubpathPolygons():
            pts = np.array([(pt.x(), pt.y()) for pt in poly], np.float64)
            if len(pts) >= 3:
                outlines.append(pts)
    if not outlines:
        raise RuntimeError(f"{file} has no glyph for {text!r}")
    return tuple(outlines)


def _circle(x: float, y: float, r: float) -> np.ndarray:
    a = np.linspace(0, 2 * np.pi, 48, endpoint=False)
    return np.stack([x + r * np.cos(a), y + r * np.sin(a)], axis=1)


def shape_suit(suit: str) -> Shape:
    """A suit drawn from circles and polygons, in a unit box round (0, 0)."""
    if suit == "D":
        return [[np.array([(0, -0.5), (0.37, 0), (0, 0.5), (-0.37, 0)], float)]]
    if suit == "C":
        lobes = ((0, -0.28), (-0.24, 0.04), (0.24, 0.04))
        stem = np.array([(0, -0.05), (0.16, 0.5), (-0.16, 0.5)])
        return [[_circle(x, y, 0.2)] for x, y in lobes] + [[np.array(lobes, float)], [stem]]
    flip = -1 if suit == "S" else 1  # a spade is a heart upside down, with a stem
    parts = [[_circle(x, -flip * 0.22, 0.25)] for x in (-0.23, 0.23)]
    parts.append([np.array([(-0.47, -flip * 0.15), (0, flip * 0.5), (0.47, -flip * 0.15),
                            (0, -flip * 0.3)], float)])
    if suit == "S":
        parts.append([np.array([(0, 0.1), (0.15, 0.5), (-0.15, 0.5)])])
    return parts


def suit_shape(design: Design, suit: str) -> Shape:
    if design.suits == "shapes":
        return shape_suit(suit)
    return [list(glyph(design.suits, SUIT_CHARS[suit]))]


def text_shape(font: str, text: str) -> Shape:
    return [list(glyph(font, text))]


def bounds(shape: Shape) -> tuple[float, float, float, float]:
    pts = np.vstack([o for part in shape for o in part])
    return pts[:, 0].min(), pts[:, 1].min(), pts[:, 0].max(), pts[:, 1].max()


def fit(shape: Shape, cx: float, top: float, height: float, squeeze: float = 1.0,
        max_w: float | None = None) -> Shape:
    """The shape scaled to `height` (and `squeeze` times as wide, or narrower to fit `max_w`),
    centred at `cx` with its top at `top`."""
    x0, y0, x1, y1 = bounds(shape)
    s = height / (y1 - y0)
    sx = s * squeeze
    if max_w is not None and (x1 - x0) * sx > max_w:
        sx = max_w / (x1 - x0)
    mid = (x0 + x1) / 2
    return [[np.stack([cx + (o[:, 0] - mid) * sx, top + (o[:, 1] - y0) * s], axis=1)
             for o in part] for part in shape]


def turned(shape: Shape, w: float, h: float) -> Shape:
    """The shape turned half round the centre of a w x h face."""
    return [[np.stack([w - o[:, 0], h - o[:, 1]], axis=1) for o in part] for part in shape]


def fill(img: np.ndarray, shape: Shape, colour) -> None:
    for part in shape:
        cv2.fillPoly(img, [np.round(o * (1 << SHIFT)).astype(np.int32) for o in part], colour,
                     cv2.LINE_AA, SHIFT)


CLEAR = 0.02  # an index glyph keeps this share of the width from the card's edge


def index_shape(design: Design, card: Card, cx: float) -> Shape:
    """The index (rank over suit) of the top corners, its column centred at `cx`. A glyph too
    wide for the room between the column's centre and the card's edge is drawn
    narrower, as printers condense a jumbo index: none runs off the card."""
    w, h = CARD_W, CARD_W * design.aspect
    label = "10" if card.rank == "T" else card.rank
    rank_h = design.rank_h * h
    room = 2 * (design.index_x - CLEAR) * w
    rank = fit(text_shape(design.font, label), cx, design.index_y * h, rank_h,
               design.condense_ten if label == "10" else 1.0,
               max_w=min(0.1 * w + 0.6 * rank_h, room))
    top = design.index_y * h + rank_h + design.gap * h
    return rank + fit(suit_shape(design, card.suit), cx, top, design.suit_h * h, max_w=room)


def draw_face(design: Design, card: Card) -> np.ndarray:
    """One face, BGR, CARD_W wide."""
    w, h = CARD_W, round(CARD_W * design.aspect)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = hex_bgr(design.paper)
    colour = hex_bgr(ink(design, card.suit))
    for cx in [design.index_x * w] + ([w - design.index_x * w] if design.four_index else []):
        index = index_shape(design, card, cx)
        fill(img, index, colour)
        fill(img, turned(index, w, h), colour)
    if design.border is not None:
        inset = round(design.border * w)
        cv2.rectangle(img, (inset, inset), (w - 1 - inset, h - 1 - inset), (106, 58, 58), 2,
                      cv2.LINE_AA)
    if card.rank in "JQK":
        _court(img, design, card, colour)
    else:
        _pips(img, design, card, colour)
    return img


def _pips(img: np.ndarray, design: Design, card: Card, colour) -> None:
    h, w = img.shape[:2]
    n = 1 if card.rank == "A" else card.value
    size = design.pip_h * h * (2.4 if n == 1 else 1.0)
    left, right = design.pip_margin * w, w - design.pip_margin * w
    for fx, fy in PIPS[n]:
        x = left + fx * (right - left)
        y = h * (0.5 + (fy - 0.5) * 1.02)
        if fy > 0.5:  # the lower half is the upper one turned
            x, y = w - x, h - y
        pip = fit(suit_shape(design, card.suit), x, y - size / 2, size)
        fill(img, turned(pip, w, h) if fy > 0.5 else pip, colour)


def _court(img: np.ndarray, design: Design, card: Card, colour) -> None:
    """A frame, and within it art drawn in the top half and repeated turned in the bottom half:
    sparse art is a big letter and pip, dense art many small shapes and lines over them."""
    h, w = img.shape[:2]
    x0, y0 = round(0.18 * w), round(0.1 * h)
    x1, mid = w - x0, h // 2
    half = img[y0:mid, x0:x1].copy()
    hh, hw = half.shape[:2]
    fill(half, fit(text_shape(design.font, card.rank), hw * 0.58, 0.1 * hh, 0.6 * hh), colour)
    fill(half, fit(suit_shape(design, card.suit), 0.15 * hw, 0.05 * hh, 0.2 * hh), colour)
    rng = np.random.default_rng(zlib.crc32(f"{design.name}{card.code}".encode()))
    for _ in range(int(4 + 60 * design.court)):
        cx, cy = rng.uniform(0, hw), rng.uniform(0, hh)
        size = rng.uniform(0.03, 0.25) * w * (1.2 - 0.7 * design.court)
        fillc = ART[int(rng.integers(len(ART)))]
        kind = int(rng.integers(3))
        if kind == 0:
            box = ((float(cx), float(cy)), (float(size), float(size * 0.66)),
                   float(rng.uniform(0, 180)))
            cv2.ellipse(half, box, fillc, -1, cv2.LINE_AA)
            cv2.ellipse(half, box, (26, 26, 26), 1, cv2.LINE_AA)
        elif kind == 1:
            a = np.sort(rng.uniform(0, 2 * np.pi, 4))
            pts = np.stack([cx + size * np.cos(a), cy + size * np.sin(a)], axis=1)
            fill(half, [[pts]], fillc)
            cv2.polylines(half, [pts.astype(np.int32)], True, (26, 26, 26), 1, cv2.LINE_AA)
        else:
            end = (int(cx + size), int(cy + rng.normal(0, size)))
            cv2.line(half, (int(cx), int(cy)), end, (26, 26, 26), int(rng.integers(1, 3)),
                     cv2.LINE_AA)
    img[y0:mid, x0:x1] = half
    img[h - mid:h - y0, w - x1:w - x0] = half[::-1, ::-1]
    cv2.rectangle(img, (x0, y0), (x1, h - y0), colour, 2, cv2.LINE_AA)
    cv2.line(img, (x0, mid), (x1, mid), colour, 1, cv2.LINE_AA)


def draw_deck(design: Design, out_dir: Path) -> Path:
    """Write the design's 52 faces as PNG named by card code; return the folder."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    for card in ALL_CARDS:
        cv2.imwrite(str(out_dir / f"{card.code}.png"), draw_face(design, card))
    return out_dir
