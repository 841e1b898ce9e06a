"""Card corners on green felt: where an index may be read, even in an overlapping hand.

Cards are found by colour (the felt is green and saturated, a card is not), not by one grey
threshold, so uneven light and glare on the felt do not make cards of it. Within the card
regions the cards' straight edges are found as line segments: against the felt, and also where
a card lies on another (its border and the step in light show there). Every card of a hand
fanned the way dealers lay it shows one whole long edge (its left edge; the top card all four
edges), so the long edges are what we look for.

Each end of a long edge is a corner of its card, and the corner's index window lies on one side
of the edge only: taking `v` along the edge away from the corner and `u` across it such that
cross(u, v) > 0 (image axes, y down), the window spans `u` and `v` at a top-left corner and at
a bottom-right corner alike (the bottom-right index is the top-left one turned 180 degrees).
At the other two corners that side is off the card or along a blank border, and the window
reads nothing.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

FELT_LOW = (35, 80, 70)  # HSV: green, saturated, and bright (dark ink can look green)
FELT_HIGH = (95, 255, 255)
ROUNDING = 0.06  # corner radius as a share of the card width
# how far along the card a followed long edge's end lies from the card's corner, as a share
# of the card width (negative: the edge fades out short of the corner, where the rounding
# begins): the median over 9,469 corners of the 41 tuning designs' envelope scenes
# (`bench/camera_corners.py`). A window cut from a corner placed a hundredth of a card off
# finds its index about 3 of its 64 rows off: the old +0.013 put most indices a third of
# the slack high, and one window in two was cut again (`_cut_higher`)
OVERSHOOT = -0.005
# the least step in brightness (darkest channel, 0-255, two pixels either side) that is an edge:
# against the cloth it is far more, card on card only the card's shadow marks it
EDGE_CONTRAST = 14.0


@dataclass(frozen=True)
class Corner:
    point: np.ndarray  # where the card's corner would be without rounding
    u: np.ndarray  # unit vector across the card's long edge (along its short edge)
    v: np.ndarray  # unit vector along the long edge, away from the corner
    from_outline: bool = False  # implied by a hand's outline rather than found on an edge


@dataclass(frozen=True, eq=False)
class Corners:
    """Many corners as arrays, in the order found: a frame's corners are tested, sampled and
    cut together, and only the few read become `Corner`s."""

    points: np.ndarray  # n x 2, as `Corner.point`
    us: np.ndarray  # n x 2
    vs: np.ndarray  # n x 2
    from_outline: np.ndarray  # n flags

    @classmethod
    def of(cls, corners: list[Corner]) -> Corners:
        """The corners given, as arrays (also when there are none)."""
        return cls(*(np.array([getattr(c, name) for c in corners], float).reshape(-1, 2)
                     for name in ("point", "u", "v")),
                   np.array([c.from_outline for c in corners], bool))

    @classmethod
    def join(cls, *parts: Corners) -> Corners:
        """The corners of all parts, in order (none without parts)."""
        if not parts:
            return cls.of([])
        return cls(*(np.concatenate([getattr(p, name) for p in parts])
                     for name in ("points", "us", "vs", "from_outline")))

    def __len__(self) -> int:
        return len(self.points)

    def __iter__(self) -> Iterator[Corner]:
        return (self.corner(i) for i in range(len(self)))

    def take(self, which: np.ndarray | list[int]) -> Corners:
        """The corners a flag array or a list of places picks, in order."""
        which = np.asarray(which)
        if which.dtype != bool:
            which = which.astype(int)  # (an empty list is read as floats)
        return Corners(self.points[which], self.us[which], self.vs[which],
                       self.from_outline[which])

    def unscaled(self, scale: float) -> Corners:
        """The same corners in the frame they were found in at `scale` times its size."""
        return Corners(self.points / scale, self.us, self.vs, self.from_outline)

    def corner(self, i: int) -> Corner:
        """The i-th corner on its own."""
        return Corner(self.points[i], self.us[i], self.vs[i], bool(self.from_outline[i]))


@dataclass(frozen=True)
class Felt:
    """The table's cloth as a range of HSV colours; green baize unless calibrated."""

    low: tuple[int, int, int] = FELT_LOW
    high: tuple[int, int, int] = FELT_HIGH

    @classmethod
    def from_empty(cls, image: np.ndarray) -> Felt:
        """Learn the cloth from a picture of the empty table (its colours, with room for
        shadow and light)."""
        hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV).reshape(-1, 3).astype(int)
        lo_h, hi_h = np.percentile(hsv[:, 0], [1, 99])
        lo_s, lo_v = np.percentile(hsv[:, 1], 1), np.percentile(hsv[:, 2], 1)
        return cls((max(0, int(lo_h) - 8), max(40, int(lo_s * 0.6)), max(40, int(lo_v * 0.5))),
                   (min(179, int(hi_h) + 8), 255, 255))


GREEN_BAIZE = Felt()


def felt(frame: np.ndarray, cloth: Felt = GREEN_BAIZE,
         hsv: np.ndarray | None = None) -> np.ndarray:
    """255 where the table shows its cloth (`hsv`: the frame in HSV, where it was converted
    already)."""
    if hsv is None:
        hsv = cv2.cvtColor(frame, cv2.COLOR_BGR2HSV)
    if cloth.low[0] <= cloth.high[0]:
        return cv2.inRange(hsv, cloth.low, cloth.high)
    # a range of hues round red's end of the scale
    return cv2.bitwise_or(cv2.inRange(hsv, cloth.low, (179, *cloth.high[1:])),
                          cv2.inRange(hsv, (0, *cloth.low[1:]), cloth.high))


@dataclass(frozen=True)
class Cloth:
    """The cloth as one frame shows it, learnt from that frame: its hue (the colour most of
    the frame's saturated pixels share: green or blue baize, whatever the white balance), how
    saturated it is, and how bright it is where (`floor`, CLOTH_DARK of the cloth's light, a
    coarse map: vignetting and a light gradient darken it toward the frame's edges by a fifth
    or more, which no fixed range of colours allows for). `felt` is the same as one range of
    colours, for index windows."""

    hue: int
    hue_width: int
    saturation: int  # the least saturation that is cloth
    floor: np.ndarray  # the least brightness (HSV value) that is cloth, over the frame
    felt: Felt

    def mask(self, frame: np.ndarray, hsv: np.ndarray | None = None) -> np.ndarray:
        """255 where `frame` (the size `floor` was made for) shows the cloth: its hue, its
        saturation, and at least CLOTH_DARK of the cloth's brightness there (ink is darker).
        `hsv`: the frame in HSV, where it was converted already."""
        if hsv is None:
            hsv = cv2.cvtColor(frame, cv2.COLOR_BGR2HSV)
        # hue and saturation in one range of colours (two where the hues wrap round red's
        # end of the scale): a third of the time of splitting the channels to test each
        low, high = self.hue - self.hue_width, self.hue + self.hue_width
        ranges = [(max(0, low), min(179, high))]
        if low < 0:
            ranges.append((low + 180, 179))
        if high > 179:
            ranges.append((0, high - 180))
        coloured = cv2.inRange(hsv, (ranges[0][0], self.saturation, 0), (ranges[0][1], 255, 255))
        for lo, hi in ranges[1:]:
            coloured |= cv2.inRange(hsv, (lo, self.saturation, 0), (hi, 255, 255))
        bright = cv2.compare(cv2.extractChannel(hsv, 2), self.floor, cv2.CMP_GE)
        return cv2.bitwise_and(coloured, bright)


# cloth is at least this share of the cloth's brightness where it lies (dark ink that JPEG
# tints the cloth's hue is darker); vignetting and light are modelled by `Cloth.light`
CLOTH_DARK = 0.55
# in an index window (no light map there) cloth is brighter than this share of the darkest
# cloth in the frame: dark ink that JPEG tints green stays ink
CLOTH_WINDOW_DARK = 0.7
CLOTH_HUE_WIDTH = 14  # OpenCV hue units (0-179) either side of the cloth's own
CLOTH_SATURATION = 0.45  # the least saturation that is cloth, a share of the cloth's median


def learn_cloth(frame: np.ndarray, hint: Felt | None = None,
                known: Felt = GREEN_BAIZE) -> Cloth | None:
    """The cloth of this frame (`Cloth`), or None where no colour covers enough of it. With a
    `hint` (a calibrated cloth), only its hues are looked at; without one, any hue. A cloth
    whose hue lies in the `known` range (calibrated, or green baize) is no less saturated
    than that range says: the card's soft shadow on it is not cloth, as before."""
    h, w = frame.shape[:2]
    step = max(1, round(w / 160))
    small = cv2.resize(frame, (max(1, w // step), max(1, h // step)),
                       interpolation=cv2.INTER_AREA)
    hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV).reshape(-1, 3).astype(np.int32)
    coloured = (hsv[:, 1] >= 60) & (hsv[:, 2] >= 30)
    if hint is not None:
        coloured &= (hsv[:, 0] >= hint.low[0]) & (hsv[:, 0] <= hint.high[0])
    if coloured.sum() < 0.15 * len(hsv):
        return None  # no colour covers enough of the frame to be its cloth
    counts = np.bincount(hsv[coloured, 0], minlength=180)[:180].astype(np.float64)
    # the counts of the hues within 4 either way, round the circle of hues (whole numbers:
    # summed exactly in any order)
    smooth = np.convolve(np.concatenate((counts[-4:], counts, counts[:4])), np.ones(9), "valid")
    hue = int(np.argmax(smooth))
    d = np.abs(hsv[:, 0] - hue)
    near = coloured & (np.minimum(d, 180 - d) <= CLOTH_HUE_WIDTH)
    saturation = max(40, int(CLOTH_SATURATION * _median_byte(hsv[near, 1])))
    if known.low[0] <= hue <= known.high[0]:
        saturation = max(saturation, known.low[1])
    cloth = near & (hsv[:, 1] >= saturation)
    # the cloth's brightness where it lies, spread under the cards from the cloth around
    # them (a normalised blur: wide enough to span a hand of cards)
    v = hsv[:, 2].reshape(small.shape[:2]).astype(np.float32)
    m = cloth.reshape(small.shape[:2]).astype(np.float32)
    # at a quarter of that size again: the light changes slowly, and the blurs are wide
    coarse = (max(1, small.shape[1] // 4), max(1, small.shape[0] // 4))
    # the two as channels of one image: each is resized and blurred as if alone, in half the
    # calls
    both = cv2.resize(cv2.merge([v * m, m]), coarse, interpolation=cv2.INTER_AREA)
    light = None
    for sigma in (coarse[0] / 16, coarse[0] / 5):
        blurred = cv2.GaussianBlur(both, (0, 0), sigma, borderType=cv2.BORDER_REFLECT)
        num, den = blurred[:, :, 0], blurred[:, :, 1]
        here = np.where(den > 0.05, num / np.maximum(den, 1e-6), 0)
        light = here if light is None else np.where(light > 0, light, here)
    if not (light > 0).all():
        light = np.where(light > 0, light, _median_byte(hsv[cloth, 2]))
    darkest = _percentile(light, 2)
    # the least value that is cloth, pixel by pixel, at the frame's size
    floor = cv2.resize(np.clip(CLOTH_DARK * light, 0, 255).astype(np.uint8), (w, h),
                       interpolation=cv2.INTER_LINEAR)
    felt_range = Felt(((hue - CLOTH_HUE_WIDTH) % 180, saturation,
                       max(25, int(CLOTH_WINDOW_DARK * darkest))),
                      ((hue + CLOTH_HUE_WIDTH) % 180, 255, 255))
    return Cloth(hue, CLOTH_HUE_WIDTH, saturation, floor, felt_range)


def _percentile(values: np.ndarray, q: float) -> float:
    """np.percentile(values, q) of a float array without NaNs (its linear method, to the bit),
    without the tenth of a millisecond its general machinery costs on a thousand values."""
    flat = values.ravel()
    at = (len(flat) - 1) * (q / 100)
    low = int(at)
    high = min(low + 1, len(flat) - 1)
    part = np.partition(flat, [low, high])
    a, b, t = part[low], part[high], at - low
    # as NumPy interpolates: from the nearer end
    return float(b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t)


def _median_byte(values: np.ndarray) -> float:
    """np.median of whole numbers from 0 to 255 (an HSV channel), from their counts: the
    same value to the bit (the middle one, or the mean of the two middle ones, exact in any
    float type), at a fifth of the cost of np.median's partition of a frame's pixels."""
    n = len(values)
    if not n:
        return float(np.median(values))
    below = np.cumsum(np.bincount(values, minlength=256))
    low, high = np.searchsorted(below, [(n - 1) // 2, n // 2], side="right").tolist()
    return (low + high) / 2


def card_mask(frame: np.ndarray, cloth: Felt | Cloth = GREEN_BAIZE,
              also: Felt | None = None) -> np.ndarray:
    """255 where the table shows something that is not its cloth (nor the cloth `also`
    names: a learnt cloth together with the known range, where the frame lies within it)."""
    hsv = cv2.cvtColor(frame, cv2.COLOR_BGR2HSV)  # once for both ranges
    seen = cloth.mask(frame, hsv) if isinstance(cloth, Cloth) else felt(frame, cloth, hsv)
    if also is not None:
        seen = cv2.bitwise_or(seen, felt(frame, also, hsv))
    mask = cv2.bitwise_not(seen)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel)


def darkest_channel(frame: np.ndarray) -> np.ndarray:
    """Per pixel the darkest of B, G, R: paper is bright in all three, ink of either colour is
    dark in one at least. Each channel taken out alone: half the time of splitting all."""
    return cv2.min(cv2.min(cv2.extractChannel(frame, 0), cv2.extractChannel(frame, 1)),
                   cv2.extractChannel(frame, 2))


def darkness_at(image: np.ndarray, points: np.ndarray) -> np.ndarray:
    """The darkest channel of a colour image (or the values of a one-channel one) at points
    (rows x columns x 2, x and y), interpolated, as float32. Of a colour image each channel is
    interpolated and the darkest taken: for the few thousand points sampled a frame that costs
    a fraction of the darkest channel of the whole frame, and it differs from interpolating
    that only where a channel's order changes between two pixels."""
    at = points.astype(np.float32)
    seen = cv2.remap(image, at[:, :, 0], at[:, :, 1], cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE)
    return (darkest_channel(seen) if seen.ndim == 3 else seen).astype(np.float32)


def card_regions(mask: np.ndarray, min_area: float) -> list[np.ndarray]:
    """The outlines of the mask's regions that can hold a card (`min_area` pixels or more; a
    chip or a glare spot is smaller), as contours."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return [c for c in contours if cv2.contourArea(c) >= min_area]


def card_edges(frame: np.ndarray, regions: list[np.ndarray],
               heights: list[float] | None = None) -> np.ndarray:
    """Straight segments on and around the cards, as rows (x1, y1, x2, y2) in frame pixels,
    found only over the card regions (`card_regions`). The recognizer runs it at half
    resolution: a card's long edge is long enough to be found there, and it is four times
    cheaper. Given each region's cards' long edge (`heights`, in frame pixels), the detector
    sees each region at the scale `lsd_scale` picks for it; without, at OpenCV's own."""
    found = []
    for k, c in enumerate(regions):
        x, y, w, h = cv2.boundingRect(c)
        x0, y0 = max(0, x - 3), max(0, y - 3)
        # the darkest channel of the region's box only: the cloth around is most of the frame
        lsd = _detector(LSD_MOST if heights is None else lsd_scale(heights[k]))
        lines = lsd.detect(darkest_channel(frame[y0:y + h + 3, x0:x + w + 3]))[0]
        if lines is not None:
            found.append(lines.reshape(-1, 4) + (x0, y0, x0, y0))
    if not found:
        return np.zeros((0, 4))
    return np.vstack(found).astype(np.float64)


# the line detector looks at a region scaled so that its cards' long edge is about LSD_HEIGHT
# pixels, between LSD_LEAST and OpenCV's own scale (LSD_MOST): its time goes with the pixels
# it sees (pool-1705's regions at a half-resolution frame: 2.7 ms a frame at 0.8, 1.0 at 0.4),
# and a long edge 40 pixels long is still found whole; the edges it finds are followed on the
# frame itself (`followed`), so their ends are placed at the frame's resolution
LSD_HEIGHT = 40.0
LSD_LEAST = 0.4
LSD_MOST = 0.8


def lsd_scale(height: float) -> float:
    """The line detector's scale for cards `height` pixels long (`card_edges`), in steps of
    0.05."""
    return min(LSD_MOST, max(LSD_LEAST, round(LSD_HEIGHT / max(height, 1.0) * 20) / 20))


_DETECTORS: dict[float, cv2.LineSegmentDetector] = {}


def _detector(scale: float) -> cv2.LineSegmentDetector:
    """A line segment detector at `scale` (OpenCV's other settings), made once."""
    lsd = _DETECTORS.get(scale)
    if lsd is None:
        lsd = _DETECTORS[scale] = cv2.createLineSegmentDetector(cv2.LSD_REFINE_NONE, scale)
    return lsd


def _lengths(segments: np.ndarray) -> np.ndarray:
    return np.hypot(segments[:, 2] - segments[:, 0], segments[:, 3] - segments[:, 1])


def region_height(contour: np.ndarray, aspect: float) -> float:
    """A first guess of the long edge of the cards of one card region: a lone card's
    rectangle, else the longest straight part of its outline (every hand shows one whole long
    edge, its top card's right edge) plus the rounded corners it leaves out."""
    area = cv2.contourArea(contour)
    (_, _), (rw, rh), _ = cv2.minAreaRect(contour)
    if area > 0.9 * rw * rh and abs(max(rw, rh) / min(rw, rh) - aspect) < 0.12 * aspect:
        return float(max(rw, rh))
    poly = cv2.approxPolyDP(contour, 2.0, True)[:, 0, :].astype(float)
    edges = np.hypot(*(np.roll(poly, -1, axis=0) - poly).T)
    return float(edges.max() / (1 - 2 * ROUNDING / aspect))


def long_edges(image: np.ndarray, segments: np.ndarray, height_guess: float,
               aspect: float | None = None) -> tuple[np.ndarray, float]:
    """The card edges as long as a card's long edge, corner to corner, and that length.

    The line detector often finds only a piece of an edge (noise, glare, or a pip of the card
    beneath interrupts it), so each piece of some length is followed along its line in both
    directions for as long as there is an edge there. Followed edges gather at two lengths,
    the cards' long and short edges. The guess from the outline can be a sixth off (a hand
    whose outline has no whole edge), so with `aspect` given the long edge's length is the one
    that most followed edges share, counted together with the short edges that go with it:
    a short edge's length has few edges at its own short-edge length. `image` is the frame
    (its darkest channel is sampled, `darkness_at`) or that channel."""
    grown = followed(image, segments, height_guess)
    height = card_height(_lengths(grown), height_guess, aspect)
    return grown[of_length(grown, height)], height


def followed(image: np.ndarray, segments: np.ndarray, height_guess: float) -> np.ndarray:
    """The segments of some length (for cards about `height_guess` long), each followed
    along its line for as long as there is an edge (`long_edges`)."""
    pieces = segments[_lengths(segments) > 0.4 * height_guess]
    if not len(pieces):
        return pieces
    return _follow(image, _placed(image, pieces), 0.7 * height_guess)


def _placed(image: np.ndarray, segments: np.ndarray) -> np.ndarray:
    """Each segment laid on the edge it was found on, as the frame itself shows it: across
    the segment at PLACE_SAMPLES points along it, the place of the steepest step in brightness
    (of the edge's own sense: dark to light or light to dark) within PLACE_REACH pixels,
    and the line through those places. The line detector, working on a region shrunk to a
    card 40 pixels long (`lsd_scale`), finds an edge's direction a degree or so off: followed
    along that direction, a long edge left its line two pixels out before its end, and its
    end made a corner where none was (a fanned card's bottom edge and the next card's side).
    A segment with fewer than half its places on a clear step is kept as found."""
    a, b = segments[:, :2], segments[:, 2:]
    length = _lengths(segments)
    d = (b - a) / length[:, None]
    n = np.stack([-d[:, 1], d[:, 0]], axis=1)
    along = length[:, None] * _PLACE_ALONG[None, :]  # segments x places, pixels from a
    centres = a[:, None, :] + along[:, :, None] * d[:, None, :]
    pts = centres[:, :, None, :] + _PLACE_ACROSS[None, None, :, None] * n[:, None, None, :]
    m, k, o = len(segments), len(_PLACE_ALONG), len(_PLACE_ACROSS)
    seen = darkness_at(image, pts.reshape(m * k, o, 2)).reshape(m, k, o)
    step = np.diff(seen, axis=2)  # between neighbouring places across
    sense = np.where(step.sum(axis=(1, 2)) >= 0, 1.0, -1.0)
    step *= sense[:, None, None]
    best = np.argmax(step, axis=2)
    top = np.take_along_axis(step, best[:, :, None], axis=2)[:, :, 0]
    # the step's middle, between two places across; a parabola through it and its
    # neighbours places it within that interval
    lo = np.take_along_axis(step, np.maximum(best - 1, 0)[:, :, None], axis=2)[:, :, 0]
    hi = np.take_along_axis(step, np.minimum(best + 1, o - 2)[:, :, None], axis=2)[:, :, 0]
    curve = lo - 2 * top + hi
    shift = np.where(curve < 0, 0.5 * (lo - hi) / np.where(curve < 0, curve, -1.0), 0.0)
    offset = _PLACE_ACROSS[best] + _PLACE_GAP / 2 + np.clip(shift, -0.5, 0.5) * _PLACE_GAP
    # a clear step, not at the sampled band's edge (a step beyond it was only its flank)
    clear = (top >= PLACE_STEP) & (best > 0) & (best < o - 2)
    # each segment's line through its clear places (least squares, all segments at once)
    w = clear.astype(np.float64)
    count, sx, sy = w.sum(axis=1), (w * along).sum(axis=1), (w * offset).sum(axis=1)
    sxx, sxy = (w * along * along).sum(axis=1), (w * along * offset).sum(axis=1)
    spread = count * sxx - sx * sx
    fit = (count * 2 >= k) & (spread > 0)
    slope = (count * sxy - sx * sy)[fit] / spread[fit]
    level = (sy[fit] - slope * sx[fit]) / count[fit]
    out = segments.copy()
    out[fit, :2] = a[fit] + n[fit] * level[:, None]
    out[fit, 2:] = b[fit] + n[fit] * (level + slope * length[fit])[:, None]
    return out


# `_placed`: points along a segment sampled (shares of its length), places across it
# (pixels either side), and the least step between neighbouring places that is an edge
PLACE_SAMPLES = 9
_PLACE_ALONG = np.linspace(0.1, 0.9, PLACE_SAMPLES)
PLACE_REACH = 2.5
_PLACE_GAP = 0.5
_PLACE_ACROSS = np.arange(-PLACE_REACH, PLACE_REACH + _PLACE_GAP / 2, _PLACE_GAP)
PLACE_STEP = 3.0


def card_height(lengths: np.ndarray, height_guess: float, aspect: float | None = None,
                candidates: np.ndarray | None = None) -> float:
    """The cards' long edge from the lengths of followed edges (`long_edges`): the length
    that most of them share near the guess, with the short edges that go with it; the guess
    where none lies near it. With `candidates` (flags), only the length of one of those edges
    is the answer, where one lies near the guess (all edges still count as support)."""
    near = (lengths > 0.75 * height_guess) & (lengths < 1.35 * height_guess)
    if candidates is not None and (near & candidates).any():
        near &= candidates
    near = lengths[near]
    if aspect is None or not len(near):
        return height_guess
    # each candidate's support: the edges of its length, and the short edges that go with it
    support = ((np.abs(lengths[None, :] / near[:, None] - 1) < 0.04).sum(axis=1)
               + (np.abs(lengths[None, :] * aspect / near[:, None] - 1) < 0.04).sum(axis=1))
    best = near[np.lexsort((near, support))[-1]]
    if candidates is not None:
        # no straight edge of a card is longer than its long edge: where two edges on the
        # outline are `aspect` times the length chosen, that length is the cards' short edge
        # (a four-colour hand whose top card's green index notched the outline was guessed
        # short, and read at its cards' width: five cards missed)
        longer = candidates & (np.abs(lengths / (best * aspect) - 1) < 0.04)
        if np.count_nonzero(longer) >= 2:
            best = float(statistics.median(lengths[longer].tolist()))
    return float(statistics.median(lengths[np.abs(lengths / best - 1) < 0.04].tolist()))


def of_length(edges: np.ndarray, height: float) -> np.ndarray:
    """Which followed edges are about a card's long edge (`height`) long."""
    lengths = _lengths(edges)
    return (lengths > 0.85 * height) & (lengths < 1.15 * height)


def _follow(image: np.ndarray, segments: np.ndarray, reach: float) -> np.ndarray:
    """Each segment grown at both ends for as long as its edge goes on."""
    a, b = segments[:, :2], segments[:, 2:]
    d = (b - a) / _lengths(segments)[:, None]
    ends = _track(image, np.vstack([a, b]), np.vstack([-d, d]), reach)
    return np.hstack([ends[: len(a)], ends[len(a):]])


def _track(image: np.ndarray, ends: np.ndarray, d: np.ndarray, reach: float,
           contrast: float = EDGE_CONTRAST) -> np.ndarray:
    """How far the edge through each end goes on in its direction `d`: sample the brightness
    two pixels either side of the line, step by step, until the difference fades for 3 steps.
    All ends at once (one row of samples each), a stretch of steps at a time: most edges end
    within a few steps (half of them within 5 of some 150), and only the ends still going
    are sampled further. Each sample is the same wherever it is taken, so the stops are the
    same as from sampling every step of every end."""
    total = int(reach)
    n = np.stack([-d[:, 1], d[:, 0]], axis=1)
    stop = np.full(len(ends), total)
    going = np.arange(len(ends))
    first, size = 0, _FIRST_STEPS  # the stretch's first step (0-based) and its length
    while len(going) and first < total - 2:
        last = min(total, first + size)
        steps = np.arange(first + 1, last + 1, dtype=np.float64)
        e, dd, nn = ends[going], d[going], 2 * n[going]
        pts = e[:, None, :] + steps[None, :, None] * dd[:, None, :]
        weak = np.abs(darkness_at(image, pts + nn[:, None, :])
                      - darkness_at(image, pts - nn[:, None, :])) < contrast
        run = weak[:, :-2] & weak[:, 1:-1] & weak[:, 2:]  # three weak steps: the edge ended
        ended = run.any(axis=1)
        stop[going[ended]] = first + np.argmax(run[ended], axis=1)
        going = going[~ended]
        # the next stretch starts at the first run not looked at in full (two steps back)
        first, size = last - 2, 2 * size
    return ends + stop[:, None] * d


_FIRST_STEPS = 16  # the steps `_track` samples first


def edge_corners(segments: np.ndarray, card_width: float) -> Corners:
    """The corner at each end of each long edge, with the side its index window lies on."""
    a, b = segments[:, :2], segments[:, 2:]
    along = (b - a) / np.hypot(*(b - a).T)[:, None]
    # per edge its first end, then its second, each with `v` running into the edge
    ends = np.stack([a, b], axis=1).reshape(-1, 2)
    vs = np.stack([along, -along], axis=1).reshape(-1, 2)
    us = np.stack([vs[:, 1], -vs[:, 0]], axis=1)  # the perpendicular with cross(u, v) = +1
    points = ends + vs * OVERSHOOT * card_width
    # the caller dedupes them together with the corners found elsewhere
    return Corners(points, us, vs, np.zeros(len(points), bool))


def distances(points: np.ndarray) -> np.ndarray:
    """The distance between every two of the points (n x 2)."""
    x, y = points[:, 0], points[:, 1]
    # in place: np.hypot and fresh temporaries cost several times more at a hundred points
    dx, dy = np.subtract.outer(x, x), np.subtract.outer(y, y)
    dx *= dx
    dy *= dy
    dx += dy
    return np.sqrt(dx, out=dx)


def dedupe(corners: Corners, radius: float) -> Corners:
    """One corner per place and orientation, in the order given: of each place the corner
    furthest out of its card (least far along its `u` and `v`), the corners of long edges
    before those the outlines imply. A card's printed border line runs parallel to its edge,
    a few pixels in, and gives a second corner there: read at it, the index lies that much
    higher in its window (on pool designs a third of a window's slack)."""
    vs = corners.vs
    n = len(corners)
    near = (distances(corners.points) < radius) & (vs @ vs.T > 0.95)  # each one's group
    alone = (near.sum(axis=1) == 1).tolist()  # only itself: most corners
    # how far each corner lies along each one's `u` and `v` (the group's all point alike)
    depth = (corners.us + vs) @ corners.points.T
    depth[:, corners.from_outline] = np.inf
    taken = np.zeros(n, bool)
    kept: list[int] = []
    for i in range(n):
        if taken[i]:
            continue
        if alone[i]:
            kept.append(i)
            taken[i] = True
            continue
        free = np.flatnonzero(near[i] & ~taken)
        kept.append(int(free[np.argmin(depth[i, free])]))
        taken |= near[i]
    return corners.take(kept)


def corner_grid(corners: Corners, across: np.ndarray, along: np.ndarray) -> np.ndarray:
    """Points laid out from each corner, `across` its card (along `u`) and `along` its long
    edge (along `v`), in the corners' pixels: corners x across x along x 2."""
    points, us, vs = corners.points, corners.us, corners.vs
    return (points[:, None, None, :] + us[:, None, None, :] * across[None, :, None, None]
            + vs[:, None, None, :] * along[None, None, :, None])


def card_centres(corners: Corners, width: float | np.ndarray, aspect: float) -> np.ndarray:
    """The centre of the card whose index corner each corner is (n x 2): half a card width
    along `u` and half a card height along `v` (`width` one for all or one per corner)."""
    width = np.asarray(width, np.float64).reshape(-1, 1)
    return corners.points + corners.us * (width / 2) + corners.vs * (width * aspect / 2)


def _middle(samples: np.ndarray) -> np.ndarray:
    """The median along the third axis, of an even number of samples (np.median costs twice
    as much)."""
    half = samples.shape[2] // 2
    low_high = np.partition(samples, (half - 1, half), axis=2)[:, :, half - 1: half + 1]
    return low_high.mean(axis=2)


# where `short_edges` samples, in card widths (made once: np.linspace costs by the call)
_SHORT_REACH = np.linspace(0.12, 0.4, 8)
_SHORT_ACROSS = np.concatenate([_SHORT_REACH, -_SHORT_REACH])
_SHORT_ALONG = np.linspace(-0.1, 0.1, 21)


def short_edges(image: np.ndarray, corners: Corners, width: float) -> np.ndarray:
    """Whether each corner's short edge shows: an edge running from the corner across the card
    (along `u`), brighter on the card's side. At a card's top-left and bottom-right corner it
    does, against the cloth or the card beneath. The far end of a long edge names the side
    its window lies on as if it were an index corner too; but there the card lies on the other
    side: nothing runs on past the corner, the card's own short edge runs back along `-u`, and
    the window would be cut over the card beneath or the cloth.

    Card on card, only the top card's shadow marks its edge, and it can be faint: a step of
    less than the edge contrast still counts unless the edge running back is clear, and only
    a step of less than half of it never counts. Sampled past the rounding, a fifth of the
    card width long each way, within 0.08 card widths of the corner along `v` (where corner
    finding puts it); one remap of `image` (as in `long_edges`) for all corners."""
    if not len(corners):
        return np.zeros(0, bool)
    on, back = short_edge_steps(image, corners, width)
    return (on >= EDGE_CONTRAST) | ((on >= EDGE_CONTRAST / 2) & (back < EDGE_CONTRAST))


def short_edge_steps(image: np.ndarray, corners: Corners, width: float
                     ) -> tuple[np.ndarray, np.ndarray]:
    """`short_edges`' measures: for each corner the step (brightness, darkest channel) of the
    strongest edge running on from it along `u`, and of the one running back along `-u`."""
    across = width * _SHORT_ACROSS  # on along u, then back along -u
    along = width * _SHORT_ALONG  # a step of 0.01 card widths
    grid = corner_grid(corners, across, along)
    seen = darkness_at(image, grid.reshape(len(corners) * len(across), len(along), 2))
    seen = seen.reshape(len(corners), 2, len(_SHORT_REACH), len(along))
    step = seen[..., 4:] - seen[..., :-4]  # brighter 0.02 widths on than 0.02 before
    # along the edge most samples must show the step (pips and ink interrupt it)
    strength = _middle(step).max(axis=2)
    return strength[:, 0], strength[:, 1]
