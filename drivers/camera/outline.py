"""Card corners from the outline of a hand, where the long edge itself is not found.

A card laid on another shows its long edge against the card beneath, white on white: only a
faint shadow marks it, and the line detector misses it on plain decks. Its corners still show
on the hand's outline against the cloth: in a hand fanned right and down, each card's top-right
corner sticks out of the outline's top staircase and its bottom-left corner out of the left
one. The cards of a hand lie alike, so the hand's axes come from any long edge found in it (the
top card shows all four). Turned onto those axes, the outline's four envelopes (the first card
pixel seen from above, below, left and right) run flat along card edges; where a flat run ends
and the outline falls away from the card, a card's corner stands. Which corner it is follows
from the side the card lies on; a corner without an index (top-right, bottom-left) puts the
card's index corners one card width and one card height away along its edges.
"""

from __future__ import annotations

import cv2
import numpy as np

from drivers.camera.corners import ROUNDING, Corners

TOL = 1  # mask pixels an edge's envelope may wander and still be flat
MIN_RUN = 0.1  # a flat run at least this share of the card width is an edge
# mask pixels from the outline that an edge's midpoint lies when the edge is on it (as
# `recognize._by_edges` takes an edge's length as its card's)
ON_OUTLINE = 2.5


def outline_corners(regions: list[np.ndarray], edges: np.ndarray, width: float,
                    aspect: float, apart: list[np.ndarray] | None = None) -> Corners:
    """Index corners implied by the outline of each card region (`corners.card_regions`),
    turned onto the axes of a long edge found inside it. The regions are outlined at half
    the resolution of `edges`, `width` and the corners returned. `apart`, where known: per
    region, each edge's midpoint's distance from its outline (`cv2.pointPolygonTest`). The
    flat runs of all regions' envelopes are found together."""
    if not len(edges):
        return Corners.join()
    mids = (edges[:, :2] + edges[:, 2:]) / 4  # midpoints in mask pixels
    axes, envelopes = [], []
    for k, contour in enumerate(regions):
        # edges within the region (their midpoints in it, or a pixel or two off its outline)
        if apart is not None:
            near = apart[k]
        else:
            near = np.array([cv2.pointPolygonTest(contour, (float(m[0]), float(m[1])), True)
                             for m in mids])
        inside = np.flatnonzero(near >= -2).tolist()
        if not inside:
            continue
        # the axes from the edges lying on the outline (their midpoints on it, as
        # `recognize._by_edges` counts them): a hand's whole long edges (its first card's,
        # its top card's) do; an edge followed along a staircase of the cards' short edges
        # runs on over the next card's face, inside the outline (three such on a hand of
        # five outnumbered its two long edges, and turned its axes)
        whole = [i for i in inside if abs(near[i]) <= ON_OUTLINE] or inside
        seg = edges[whole[_most_shared(edges[whole])]]
        v = (seg[2:] - seg[:2]) / np.hypot(*(seg[2:] - seg[:2]))
        u = np.array([v[1], -v[0]])
        shift, env, valid, begins = _envelopes(contour, u, v)
        axes.append((u, v, shift))
        envelopes.append((env, valid, begins))
    if not axes:
        return Corners.join()
    w = width / 2
    rounding = ROUNDING * w
    beyond = max(0.0, rounding - np.sqrt(2 * rounding * TOL)) + 0.5
    min_run = max(3, int(MIN_RUN * w))
    # the regions' envelopes end to end: each ends in an invalid place, so no run crosses
    # from one into the next, and a walk off one's end stops as at its outline's end
    lengths = [len(env) for env, _, _ in envelopes]
    offset = np.concatenate(([0], np.cumsum(lengths)[:-1])).tolist()
    env = np.concatenate([e for e, _, _ in envelopes])
    valid = np.concatenate([v for _, v, _ in envelopes])
    starts = np.concatenate([o + np.asarray(b[:-1]) for o, (_, _, b) in
                             zip(offset, envelopes, strict=True)])  # each envelope's first
    run_first, run_last, level = _runs(env, valid, min_run)
    # per run: its envelope (of 4 per region: `side`), whether it runs along s (a short edge:
    # the first two), and the card's side (+1: larger; the first and third); then each run's
    # two ends, its first place looking back and its last looking on, in that order
    which = np.searchsorted(starts, run_first, side="right") - 1
    side = which % 4
    inward = np.where(side % 2 == 0, 1, -1)
    at = np.stack([run_first, run_last], axis=1).ravel()
    out = np.tile([-1, 1], len(run_first))
    which, side, inward, level = (np.repeat(a, 2) for a in (which, side, inward, level))
    corner = _falls_away(env, valid, at, out, level, inward, rounding)
    pos = at - starts[which] + out * beyond
    # a short edge: across the long edge is along the run
    st = np.where((side < 2)[:, None], np.stack([pos, level, -out, inward], axis=1),
                  np.stack([level, pos, inward, -out], axis=1))[corner]
    region = which[corner] // 4
    if not len(st):
        return Corners.join()
    u = np.array([a[0] for a in axes])[region]
    v = np.array([a[1] for a in axes])[region]
    shift = np.array([a[2] for a in axes])[region]
    points = (shift + st[:, :1] * u + st[:, 1:2] * v) * 2
    across, along = st[:, 2:3] * u, st[:, 3:4] * v  # into each corner's card
    # a corner with an index (top-left, bottom-right) is one; a top-right or bottom-left
    # one implies its card's two index corners, along its edges: in this order, each
    # found corner gives two places, of which a corner with an index fills the first
    index = st[:, 2] * st[:, 3] > 0
    ix = index[:, None]
    first = (np.where(ix, points, points + across * width), np.where(ix, across, -across),
             along)
    second = (points + along * width * aspect, across, -along)
    filled = np.stack([np.ones(len(st), bool), ~index], axis=1).ravel()
    # (they are guesses: only a sure reading at one of them counts)
    return Corners(*(np.stack(pair, axis=1).reshape(-1, 2)[filled]
                     for pair in zip(first, second, strict=True)),
                   np.ones(int(filled.sum()), bool))


def _most_shared(edges: np.ndarray, tolerance: float = 4.0) -> int:
    """The edge whose direction most of the others share (within `tolerance` degrees, either
    way along): the cards of a hand lie alike, but edge following can run along a hand's
    staircase of short edges and make a long edge across the cards; one such gave a whole
    hand wrong axes."""
    d = edges[:, 2:] - edges[:, :2]
    angle = np.degrees(np.arctan2(d[:, 1], d[:, 0])) % 180
    apart = np.abs(angle[:, None] - angle[None, :])
    apart = np.minimum(apart, 180 - apart)
    return int(np.argmax((apart < tolerance).sum(axis=1)))


def _envelopes(contour: np.ndarray, u: np.ndarray,
               v: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int]]:
    """One region's outline turned onto the axes `u`, `v` (mask pixels): `shift` (a place
    (s, t) lies at `shift + s u + t v`), and its four envelopes (the first card pixel from
    each side, where a row or column has one) end to end, each followed by an invalid place,
    with their flags of validity and where each begins (and the last ends)."""
    x, y, bw, bh = cv2.boundingRect(contour)
    region = np.zeros((bh + 2, bw + 2), np.uint8)
    cv2.drawContours(region, [contour - (x - 1, y - 1)], -1, 255, -1)
    box = np.array([[0, 0], [bw + 2, 0], [0, bh + 2], [bw + 2, bh + 2]], float)
    s_range, t_range = box @ u, box @ v
    origin = u * s_range.min() + v * t_range.min()  # the turned frame's (0, 0) in the box
    size = (int(np.ceil(np.ptp(s_range))) + 1, int(np.ceil(np.ptp(t_range))) + 1)
    m = np.array([[u[0], v[0], origin[0]], [u[1], v[1], origin[1]]])
    turned = cv2.warpAffine(region, m, size, flags=cv2.INTER_NEAREST | cv2.WARP_INVERSE_MAP) > 0
    shift = np.array([x - 1, y - 1], float) + origin
    cols, rows = turned.any(axis=0), turned.any(axis=1)
    n_t, n_s = turned.shape
    begins = [0, n_s + 1, 2 * n_s + 2, 2 * n_s + n_t + 3, 2 * n_s + 2 * n_t + 4]
    env = np.zeros(begins[-1])
    valid = np.zeros(begins[-1], bool)
    firsts = (np.argmax(turned, axis=0), n_t - 1 - np.argmax(turned[::-1], axis=0),
              np.argmax(turned, axis=1), n_s - 1 - np.argmax(turned[:, ::-1], axis=1))
    for k, (first, ok) in enumerate(zip(firsts, (cols, cols, rows, rows), strict=True)):
        env[begins[k]: begins[k + 1] - 1] = first
        valid[begins[k]: begins[k + 1] - 1] = ok
    return shift, env, valid, begins


def _runs(env: np.ndarray, valid: np.ndarray,
          min_run: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """First, last and level of each stretch where the envelope stays flat: of the pieces
    with no step over TOL, those with `min_run` or more places within TOL of their median
    level, from the first such place to the last. All pieces at once."""
    steps = np.abs(np.diff(env)) > TOL
    breaks = np.flatnonzero(~valid[1:] | ~valid[:-1] | steps) + 1
    starts = np.concatenate(([0], breaks))
    ends = np.concatenate((breaks, [len(env)]))
    long = (ends - starts >= min_run) & valid[starts]  # most pieces are a pixel or two
    starts, lengths = starts[long], (ends - starts)[long]
    if not len(starts):
        return np.zeros(0, int), np.zeros(0, int), np.zeros(0)
    offsets = np.concatenate(([0], np.cumsum(lengths)[:-1]))  # each piece's first, packed
    piece = np.repeat(np.arange(len(starts)), lengths)
    at = np.arange(lengths.sum()) - offsets[piece] + starts[piece]  # where, in the envelope
    values = env[at]
    level = values[np.lexsort((values, piece))][offsets + lengths // 2]  # each one's median
    flat = np.abs(values - level[piece]) <= TOL
    first = np.minimum.reduceat(np.where(flat, at, len(env)), offsets)
    last = np.maximum.reduceat(np.where(flat, at, -1), offsets)
    keep = np.add.reduceat(flat, offsets) >= min_run
    return first[keep], last[keep], level[keep]


def _falls_away(env: np.ndarray, valid: np.ndarray, at: np.ndarray, out: np.ndarray,
                level: np.ndarray, inward: np.ndarray, rounding: float) -> np.ndarray:
    """Whether beyond each flat run's end (at `at`, looking `out`) the outline falls away from
    the card (a corner of it) rather than rising onto a card that lies further out (where two
    cards meet): walking out from the end, the first place that decides says which; off the
    outline's end, or a step of more than 2 TOL away from the card, is a corner; one of more
    than 2 TOL towards it is not; no step within the rounding and 3 places more is not."""
    i = at[:, None] + out[:, None] * np.arange(1, int(rounding) + 4)
    on = (i >= 0) & (i < len(env))
    i = np.where(on, i, 0)
    on &= valid[i]
    step = (env[i] - level[:, None]) * inward[:, None]
    away = ~on | (step > 2 * TOL)
    decided = away | (step < -2 * TOL)
    return decided.any(axis=1) & away[np.arange(len(at)), np.argmax(decided, axis=1)]
