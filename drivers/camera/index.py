"""Cutting an index window out of a frame and finding rank and suit in it.

One code path for live frames and for enrolment's simulated camera views, so the classifier
is trained on exactly the crops it will be asked about.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from drivers.camera.corners import GREEN_BAIZE, Felt, felt
from drivers.camera.profile import PATCH_H, DeckProfile, darkness

PAD_Y = 12  # rows of slack above and below the window, for where the corner really lies
SUIT_SLACK = 6  # pixels the suit may sit off its place below the rank


def pad_x(profile: DeckProfile) -> int:
    return max(4, round(0.3 * profile.patch_w))


def cut_window(frame: np.ndarray, point: np.ndarray, u: np.ndarray, v: np.ndarray,
               width: float, profile: DeckProfile) -> np.ndarray:
    """The index window at a card corner (`u` across the card, `v` along its long edge, both
    unit vectors; `width` the card's width in pixels), with slack, at canonical size."""
    x0, y0, x1, y1 = profile.window
    height = width * profile.aspect
    px = pad_x(profile)
    sx, sy = (x1 - x0) / profile.patch_w, (y1 - y0) / PATCH_H
    du, dv = u * width * sx, v * height * sy
    origin = point + u * width * (x0 - px * sx) + v * height * (y0 - PAD_Y * sy)
    m = np.array([[du[0], dv[0], origin[0]], [du[1], dv[1], origin[1]]], np.float64)
    size = (profile.patch_w + 2 * px, PATCH_H + 2 * PAD_Y)
    return cv2.warpAffine(frame, m, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


def ink_of(patch: np.ndarray, cloth: Felt = GREEN_BAIZE) -> np.ndarray:
    """Ink 0..1 in a window; felt beside the card is not ink."""
    ink = darkness(patch)
    ink[felt(patch, cloth) > 0] = 0.0
    return ink


@dataclass
class Located:
    rank_part: np.ndarray
    suit_part: np.ndarray
    rank_match: float  # how index-like: the generic rank template's correlation
    suit_match: float
    rank_area: np.ndarray  # where the rank and suit were looked for: a reading's own
    suit_area: np.ndarray  # templates must fit well somewhere there
    rank_box: tuple[int, int, int, int]  # where the rank and suit were found: x0, y0, x1, y1
    suit_box: tuple[int, int, int, int]


def fit(area: np.ndarray, template: np.ndarray) -> float:
    """How well one template fits somewhere in the area (correlation, -1 to 1)."""
    return _best_at(area, template)[0]


def _best_at(region: np.ndarray, template: np.ndarray) -> tuple[float, tuple[int, int]]:
    if region.shape[0] < template.shape[0] or region.shape[1] < template.shape[1]:
        return -1.0, (0, 0)
    _, score, _, where = cv2.minMaxLoc(cv2.matchTemplate(region, template,
                                                        cv2.TM_CCOEFF_NORMED))
    return score, where


def locate(ink: np.ndarray, profile: DeckProfile) -> Located | None:
    """Find where the rank sits (with the mean of all rank templates: which rank it is, the
    classifier says), then the suit just below it. The fits say how index-like the window is."""
    split, w = profile.split, profile.patch_w
    rank_area = ink[: split + 2 * PAD_Y]
    rank_match, (rx, ry) = _best_at(rank_area, profile.any_rank)
    if rank_match < 0:
        return None
    k = SUIT_SLACK
    top, left = max(0, ry + split - k), max(0, rx - k)
    suit_area = ink[top: ry + PATCH_H + k, left: rx + w + k]
    suit_match, (sx, sy) = _best_at(suit_area, profile.any_suit)
    if suit_match < 0:
        return None
    sx, sy = left + sx, top + sy
    rank_part = ink[ry: ry + split, rx: rx + w]
    suit_part = ink[sy: sy + PATCH_H - split, sx: sx + w]
    return Located(rank_part, suit_part, rank_match, suit_match, rank_area, suit_area,
                   (rx, ry, rx + w, ry + split), (sx, sy, sx + w, sy + PATCH_H - split))


def glyph_colour(patch: np.ndarray, ink: np.ndarray, found: Located) -> bool | None:
    """Red (True) or black (False) ink of the rank and suit glyphs, or None when there is too
    little ink or it is neither clearly. Only where the glyphs were found counts: the window's
    slack may hold shadow, dark felt or the art of the card beneath, which made red indices
    read as black. JPEG smears colour over small glyphs, so the test is how much redder than
    green and blue the ink is on the whole, not pixel by pixel."""
    mask = np.zeros(ink.shape, bool)
    for x0, y0, x1, y1 in (found.rank_box, found.suit_box):
        mask[y0:y1, x0:x1] = True
    mask &= ink > 0.3
    if mask.sum() < 12:
        return None
    b, g, r = (patch[:, :, i][mask].astype(np.float32) for i in range(3))
    redness = float(np.median(r - np.maximum(g, b)))
    if 8 <= redness <= 25:
        return None  # neither clearly: do not let colour decide
    return redness > 25
