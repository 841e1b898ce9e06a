"""Cutting an index window out of a frame and finding rank and suit in it.

One code path for live frames and for enrolment's simulated camera views, so the classifier
is trained on exactly the crops it will be asked about.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from drivers.camera.corners import GREEN_BAIZE, Felt, darkest_channel, felt
from drivers.camera.profile import PATCH_H, DeckProfile

PAD_Y = PATCH_H // 4  # rows of slack above and below the window, for where the corner lies
SUIT_SLACK = max(2, PATCH_H // 16)  # pixels the suit may sit off its place below the rank
_SLACK = np.ones((2 * SUIT_SLACK + 1,) * 2, np.uint8)  # dilating by the slack
_HALF_SLACK = np.ones((2 * (SUIT_SLACK // 2) + 1,) * 2, np.uint8)  # at half size


def pad_x(profile: DeckProfile) -> int:
    return max(4, round(0.5 * profile.patch_w))


def window_matrix(point: np.ndarray, u: np.ndarray, v: np.ndarray, width: float,
                  profile: DeckProfile) -> np.ndarray:
    """The 2 x 3 map from index window pixels (with slack, at canonical size) to the frame,
    for a card corner (`u` across the card, `v` along its long edge, both unit vectors;
    `width` the card's width in pixels)."""
    x0, y0, x1, y1 = profile.window
    height = width * profile.aspect
    px = pad_x(profile)
    sx, sy = (x1 - x0) / profile.patch_w, (y1 - y0) / PATCH_H
    du, dv = u * width * sx, v * height * sy
    origin = point + u * width * (x0 - px * sx) + v * height * (y0 - PAD_Y * sy)
    return np.array([[du[0], dv[0], origin[0]], [du[1], dv[1], origin[1]]], np.float64)


def cut_window(frame: np.ndarray, point: np.ndarray, u: np.ndarray, v: np.ndarray,
               width: float, profile: DeckProfile) -> np.ndarray:
    """The index window at a card corner, with slack, at canonical size."""
    return cut(frame, window_matrix(point, u, v, width, profile), profile)


def cut(frame: np.ndarray, m: np.ndarray, profile: DeckProfile) -> np.ndarray:
    """The index window that the map `m` (from `window_matrix`) places in the frame."""
    size = (profile.patch_w + 2 * pad_x(profile), PATCH_H + 2 * PAD_Y)
    return cv2.warpAffine(frame, m, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


def ink_of(patch: np.ndarray, cloth: Felt = GREEN_BAIZE) -> np.ndarray:
    """Ink 0..1 in a window; felt beside the card is not ink."""
    # the cloth's mask is 255 there: as bright as paper (as `darkness`, in one pass)
    darkest = cv2.max(darkest_channel(patch), felt(patch, cloth))
    return 1.0 - darkest.astype(np.float32) / 255.0


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


def own_fit(found: Located, profile: DeckProfile, rank: str, suit: str) -> tuple[float, float]:
    """How well a reading's own rank and suit templates fit where they were found, each as a
    share of how well it fits its own index seen through a camera (enrolment's median)."""
    return (fit(found.rank_area, profile.ranks[rank]) / profile.rank_fit[rank],
            fit(found.suit_area, profile.suits[suit]) / profile.suit_fit[suit])


def _best_at(region: np.ndarray, template: np.ndarray) -> tuple[float, tuple[int, int]]:
    if region.shape[0] < template.shape[0] or region.shape[1] < template.shape[1]:
        return -1.0, (0, 0)
    _, score, _, where = cv2.minMaxLoc(cv2.matchTemplate(region, template,
                                                        cv2.TM_CCOEFF_NORMED))
    return score, where


def _both(ink: np.ndarray, any_rank: np.ndarray, any_suit: np.ndarray, split: int,
          slack: np.ndarray) -> np.ndarray:
    """The rank fit at each place of the index plus the best suit fit just below it within
    the slack (`slack`, the dilation kernel that spans it): both maps have one row per place of
    the whole index, so they add place by place."""
    suit_h = any_suit.shape[0]
    ranks = cv2.matchTemplate(ink[: ink.shape[0] - suit_h], any_rank, cv2.TM_CCOEFF_NORMED)
    suits = cv2.matchTemplate(ink[split:], any_suit, cv2.TM_CCOEFF_NORMED)
    return ranks + cv2.dilate(suits, slack)


def locate(ink: np.ndarray, profile: DeckProfile) -> Located | None:
    """Find where rank and suit sit, together: the rank with the mean of all rank templates
    (which rank it is, the classifier says) and the suit with the mean suit just below it.
    Searched apart, a plain rank (an A, a 4) can fit best on the suit itself. The fits say
    how index-like the window is.

    The search runs first on the window at half size, then at full size only round the place
    found there: the window's slack is wide, and a full search cost most of a frame's time."""
    split, w = profile.split, profile.patch_w
    suit_h = PATCH_H - split
    h, width = ink.shape
    if h < PATCH_H or width < w:
        return None
    k = SUIT_SLACK
    coarse_rank, coarse_suit = profile.coarse
    half = cv2.resize(ink, (width // 2, h // 2), interpolation=cv2.INTER_AREA)
    both = _both(half, coarse_rank, coarse_suit, coarse_rank.shape[0], _HALF_SLACK)
    cy, cx = np.unravel_index(int(np.argmax(both)), both.shape)
    # the full-size places round the coarse one, and the suit places within the slack of them
    y_lo, x_lo = max(0, 2 * cy - 2), max(0, 2 * cx - 2)
    y_hi, x_hi = min(h - PATCH_H, 2 * cy + 2), min(width - w, 2 * cx + 2)
    sy_lo, sx_lo = max(0, y_lo - k), max(0, x_lo - k)
    sy_hi, sx_hi = min(h - PATCH_H, y_hi + k), min(width - w, x_hi + k)
    ranks = cv2.matchTemplate(ink[y_lo: y_hi + split, x_lo: x_hi + w], profile.any_rank,
                              cv2.TM_CCOEFF_NORMED)
    suits = cv2.matchTemplate(ink[split + sy_lo: split + sy_hi + suit_h, sx_lo: sx_hi + w],
                              profile.any_suit, cv2.TM_CCOEFF_NORMED)
    best_suit = cv2.dilate(suits, _SLACK)
    both = ranks + best_suit[y_lo - sy_lo: y_hi - sy_lo + 1, x_lo - sx_lo: x_hi - sx_lo + 1]
    ry, rx = np.unravel_index(int(np.argmax(both)), both.shape)
    rank_match = float(ranks[ry, rx])
    ry, rx = ry + y_lo, rx + x_lo
    y0, x0 = max(sy_lo, ry - k), max(sx_lo, rx - k)
    local = suits[y0 - sy_lo: ry + k + 1 - sy_lo, x0 - sx_lo: rx + k + 1 - sx_lo]
    sy, sx = np.unravel_index(int(np.argmax(local)), local.shape)
    suit_match = float(local[sy, sx])
    sx, sy = x0 + sx, y0 + sy + split
    rank_area = ink[max(0, ry - k): ry + split + k, max(0, rx - k): rx + w + k]
    suit_area = ink[max(0, sy - k): sy + suit_h + k, max(0, sx - k): sx + w + k]
    rank_part = ink[ry: ry + split, rx: rx + w]
    suit_part = ink[sy: sy + suit_h, sx: sx + w]
    return Located(rank_part, suit_part, rank_match, suit_match, rank_area, suit_area,
                   (rx, ry, rx + w, ry + split), (sx, sy, sx + w, sy + suit_h))


def off_place(found: Located, profile: DeckProfile) -> float:
    """How far the rank was found from where the corner puts it, along the card's long edge,
    as a share of the card width. Across the edge the slack is narrower than this matters,
    and a wide rank (10) sits off the mean rank's place sideways."""
    _, y0, _, y1 = profile.window
    return abs(found.rank_box[1] - PAD_Y) * (y1 - y0) * profile.aspect / PATCH_H


def ink_above(ink: np.ndarray, found: Located, rows: int = 3) -> float:
    """The share of the rows just above the rank found that is dark ink. Above a rank there is
    blank card; ink there means the rank was found cut, lower than it is: the bowl of a 6 or 8
    with the suit below it then looks like a 9 (wrong readings seen on rendered tables)."""
    x0, y0, x1, _ = found.rank_box
    above = ink[max(0, y0 - rows): y0, x0:x1]
    return float(np.count_nonzero(above > 0.5)) / above.size if above.size else 0.0


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
    glyphs = patch[mask].astype(np.int16)  # the glyphs' pixels, B G R
    if len(glyphs) < 12:
        return None
    excess = glyphs[:, 2] - np.maximum(glyphs[:, 1], glyphs[:, 0])
    redness = float(np.partition(excess, len(excess) // 2)[len(excess) // 2])  # the median
    if 8 <= redness <= 25:
        return None  # neither clearly: do not let colour decide
    return redness > 25
