"""Cutting an index window out of a frame and finding rank and suit in it.

One code path for live frames and for enrolment's simulated camera views, so the classifier
is trained on exactly the crops it will be asked about.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.lib.stride_tricks import as_strided

from drivers.camera.corners import GREEN_BAIZE, Felt, darkest_channel, felt
from drivers.camera.profile import COURTS, INK, PATCH_H, DeckProfile

PAD_Y = PATCH_H // 4  # rows of slack above and below the window, for where the corner lies
SUIT_SLACK = max(2, PATCH_H // 16)  # pixels the suit may sit off its place below the rank
_SLACK = np.ones((2 * SUIT_SLACK + 1,) * 2, np.uint8)  # dilating by the slack
_HALF_SLACK = np.ones((2 * (SUIT_SLACK // 2) + 1,) * 2, np.uint8)  # at half size


# a faint fixed pattern added to the ink wherever templates are matched against it: rows in
# pairs, a thousandth of full ink up and down. OpenCV's normalised correlation divides by the
# spread of the ink under the template, which it takes from sums over the whole image; where
# that ink is flat (blank card, cloth) the spread is rounding error, and the score any value
# from -1 to 1, another on another processor (a blank place below a queen's index scored 0.93
# as a suit on one machine, 0.0 on another, and the queen was lost). With the pattern no place
# is flat: there a template scores what it scores on the pattern, the same everywhere
# (within +-0.16), and where ink varies as an index's does (by tenths) scores move by
# thousandths. Pairs of rows survive halving the windows
# (`locate_all`'s coarse search), and a window's rows are a multiple of four: each window sees
# the pattern alike, stacked or alone.
_RIPPLE = [np.zeros((0, 1), np.float32)]  # the pattern's column, as long as yet asked for


def rippled(ink: np.ndarray) -> np.ndarray:
    """The ink (rows x columns) with the faint pattern (see `_RIPPLE`) added: ready for
    `cv2.matchTemplate`."""
    if len(ink) > len(_RIPPLE[0]):
        rows = np.arange(max(len(ink), 4096))
        _RIPPLE[0] = np.where(rows // 2 % 2, 1e-3, -1e-3).astype(np.float32)[:, None]
    return ink + _RIPPLE[0][: len(ink)]


def pad_x(profile: DeckProfile) -> int:
    return max(4, round(0.5 * profile.patch_w))


def window_matrix(point: np.ndarray, u: np.ndarray, v: np.ndarray, width: float,
                  profile: DeckProfile) -> np.ndarray:
    """The 2 x 3 map from index window pixels (with slack, at canonical size) to the frame,
    for a card corner (`u` across the card, `v` along its long edge, both unit vectors;
    `width` the card's width in pixels)."""
    return window_matrices(point[None], u[None], v[None], width, profile)[0]


def window_matrices(points: np.ndarray, us: np.ndarray, vs: np.ndarray,
                    width: float | np.ndarray, profile: DeckProfile) -> np.ndarray:
    """`window_matrix` for many corners at once (n x 2 each; `width` one for all or one per
    corner): n x 2 x 3."""
    x0, y0, x1, y1 = profile.window
    width = np.asarray(width, np.float64).reshape(-1, 1)  # one for all, or one per corner
    height = width * profile.aspect
    px = pad_x(profile)
    sx, sy = (x1 - x0) / profile.patch_w, (y1 - y0) / PATCH_H
    du, dv = us * width * sx, vs * height * sy
    origin = points + us * width * (x0 - px * sx) + vs * height * (y0 - PAD_Y * sy)
    return np.stack([du, dv, origin], axis=2).astype(np.float64)


def cut_window(frame: np.ndarray, point: np.ndarray, u: np.ndarray, v: np.ndarray,
               width: float, profile: DeckProfile) -> np.ndarray:
    """The index window at a card corner, with slack, at canonical size."""
    return cut(frame, window_matrix(point, u, v, width, profile), profile)


def cut(frame: np.ndarray, m: np.ndarray, profile: DeckProfile) -> np.ndarray:
    """The index window that the map `m` (from `window_matrix`) places in the frame."""
    return cut_all(frame, [m], profile)


def ink_of(patch: np.ndarray, cloth: Felt = GREEN_BAIZE, enclosed: bool = False,
           inside: tuple[np.ndarray | int, int] | None = None) -> np.ndarray:
    """Ink 0..1 in a window (or windows stacked, `cut_all`); felt beside the card is not ink.
    With `enclosed`, cloth-coloured ink (green clubs of a four-colour deck on green baize)
    stays ink where paper surrounds it: cloth is what reaches a window's side. Given where
    each window lies surely on its card (`inside`: from that row, of each window, and column
    on; `card_inside`), only the sides beyond the card's edges (top and left) count, and
    nothing inside is cloth: a green index printed close to the card's edge, or joined by the
    blur to a court card's green frame and art, is ink. A window whose row is past its end
    (a corner that is only a guess) keeps all four sides."""
    return inks_of(patch, cloth, enclosed, [inside])[0]


def inks_of(patch: np.ndarray, cloth: Felt, enclosed: bool,
            insides: list[tuple[np.ndarray | int, int] | None]) -> list[np.ndarray]:
    """`ink_of` the same windows for each of several `inside`s, their cloth and darkest
    channel found once."""
    found = felt(patch, cloth)
    # the cloth's mask is 255 there: as bright as paper (as `darkness`, in one pass); the
    # table looked up by OpenCV, a third of the time of NumPy's indexing
    dark = darkest_channel(patch)
    rows = window_rows(patch)
    n = len(patch) // rows
    out = []
    labelled = _cloth_parts(found, rows) if enclosed else None  # once for every `inside`
    for inside in insides:
        cloth_mask = found
        if enclosed:
            top = np.full(n, rows) if inside is None else np.broadcast_to(
                np.asarray(inside[0]), (n,))
            trusted = top < rows
            cloth_mask = _reaching_out(found, rows, trusted, labelled)
            if trusted.any():
                if cloth_mask is found:  # no cloth reached out: the shared mask, kept
                    cloth_mask = found.copy()
                within = np.arange(rows)[None, :] >= top[:, None]  # n x rows
                cloth_mask[within.ravel(), inside[1]:] = 0
        out.append(cv2.LUT(cv2.max(dark, cloth_mask), INK))
    return out


def card_inside(profile: DeckProfile, width: float, slip: float = 1.0) -> tuple[int, int]:
    """The first row and column of a window (cut at a card corner, `width` px wide) that lie
    on the card though the corner was found up to `slip` frame pixels beyond it."""
    x0, y0, x1, y1 = profile.window
    col_px = width * (x1 - x0) / profile.patch_w  # a window column, in frame pixels
    row_px = width * profile.aspect * (y1 - y0) / PATCH_H
    return (max(0, math.ceil(PAD_Y - y0 * width * profile.aspect / row_px + slip / row_px)),
            max(0, math.ceil(pad_x(profile) - x0 * width / col_px + slip / col_px)))


def window_rows(patch: np.ndarray) -> int:
    """The rows of one window in a stack of them (all alike: see `window_shape`)."""
    return PATCH_H + 2 * PAD_Y


def _cloth_parts(mask: np.ndarray, rows: int) -> tuple[int, np.ndarray, np.ndarray | None]:
    """The connected parts of a cloth mask of stacked windows, each window labelled on its
    own (a row of nothing below each keeps its neighbour's cloth apart): their count (the
    background's label 0 among them), labels (n x rows x columns), and those as bytes where
    they fit in one (for `cv2.LUT`)."""
    w = mask.shape[1]
    n = mask.shape[0] // rows
    apart = np.zeros((n, rows + 1, w), np.uint8)
    apart[:, :rows] = mask.reshape(n, rows, w)
    count, labels = cv2.connectedComponents(apart.reshape(-1, w), connectivity=4)
    labels = labels.reshape(n, rows + 1, w)[:, :rows]
    return count, labels, labels.astype(np.uint8) if 1 < count <= 256 else None


def _reaching_out(mask: np.ndarray, rows: int, trusted: np.ndarray,
                  labelled: tuple[int, np.ndarray, np.ndarray | None] | None = None
                  ) -> np.ndarray:
    """The parts of a cloth mask of stacked windows that reach a window's side: of a
    `trusted` window (its corner placed well) only the top or left side, which lie beyond the
    card's edges (the other two lie within the card). `labelled`: the mask's parts
    (`_cloth_parts`), where they were found already."""
    count, labels, as_bytes = _cloth_parts(mask, rows) if labelled is None else labelled
    if count <= 1:
        return mask
    loose = labels[~trusted]
    sides = [labels[:, :, 0].ravel(), labels[:, 0].ravel(), loose[:, :, -1].ravel(),
             loose[:, -1].ravel()]
    outside = np.zeros(count, np.uint8)
    outside[np.concatenate(sides)] = 255  # a label named twice is set twice: no np.unique
    outside[0] = 0
    if as_bytes is not None:  # as a table OpenCV looks up: a third of NumPy's indexing's time
        return cv2.LUT(as_bytes, np.pad(outside, (0, 256 - count))).reshape(mask.shape)
    return outside[labels].reshape(mask.shape)


@dataclass
class Located:
    rank_part: np.ndarray
    suit_part: np.ndarray
    rank_match: float  # how index-like: the generic rank template's correlation
    suit_match: float
    rank_area: np.ndarray  # where the rank and suit were looked for: a reading's own
    suit_area: np.ndarray  # templates must fit well somewhere there (ink `rippled`)
    rank_box: tuple[int, int, int, int]  # where the rank and suit were found: x0, y0, x1, y1
    suit_box: tuple[int, int, int, int]


def fit(area: np.ndarray, template: np.ndarray) -> float:
    """How well one template fits somewhere in the area (correlation, -1 to 1): ink `rippled`
    already, as `Located`'s areas are."""
    return _best_at(area, template)[0]


def own_fit(found: Located, profile: DeckProfile, rank: str, suit: str) -> tuple[float, float]:
    """How well a reading's own rank and suit templates fit where they were found, each as a
    share of how well it fits its own index seen through a camera (enrolment's median; a
    suit's on the court cards apart, where the art may come close to the index)."""
    return fits_and_leads(found, profile, rank, suit)[:2]


def fits_and_leads(found: Located, profile: DeckProfile, rank: str,
                   suit: str) -> tuple[float, float, float, float]:
    """`own_fit`, and how far each of the two fits leads the best fit of any other rank's
    (suit's) own template, each a share of that template's fit through a camera: the
    templates' own margin, apart from the classifiers'. The others are matched where the read
    one fits best, a pixel either way, all at once (one product of matrices)."""
    return fits_and_leads_all([found], profile, [rank], [suit])[0]


def fits_and_leads_all(found: list[Located], profile: DeckProfile, ranks: list[str],
                       suits: list[str]) -> list[tuple[float, float, float, float]]:
    """`fits_and_leads` of many readings (what was found, the rank and suit read), the
    places of all of them cut and normalised together: a reading has only a few places to
    match the other templates at, and the NumPy steps round its product cost more than the
    product (4.5 of a frame's 33 ms, read one by one). Each reading's scores are its own, as
    if matched alone, to float rounding (a millionth)."""
    out: list[list[tuple[float, float]]] = []
    # the read template's fit as a share of its fit through a camera on cards like this one
    # (a court's suit: on its courts); the others' each as a share of its fit on its own
    # number cards. A court's frame by the index lowers the fit of a suit's court views
    # (pool-1706's spades: 0.68 against 0.92), and as a share of that, the spade template's
    # fit on every other suit's court led that court's own (a jack of diamonds fitted 0.85 by
    # its own, 0.76 by the spade's, was led by 0.12: never sure)
    for areas, templates, reads, fits, others in (
            ([f.rank_area for f in found], profile.ranks, ranks,
             [profile.rank_fit] * len(found), profile.rank_fit),
            ([f.suit_area for f in found], profile.suits, suits,
             [profile.court_suit_fit if rank in COURTS else profile.suit_fit
              for rank in ranks], profile.suit_fit)):
        shape = next(iter(templates.values())).shape
        found_at = _bests_at(areas, [templates[read] for read in reads])
        bests = [best for best, _ in found_at]
        nears = [area[max(0, y - 1): y + shape[0] + 1, max(0, x - 1): x + shape[1] + 1]
                 for area, (_, (x, y)) in zip(areas, found_at, strict=True)]
        names, rows, shares = _template_rows(templates, others, profile.suit_fit)
        tops = _correlations_all(nears, rows, shape)
        part = []
        for best, scores, read, fit_of in zip(bests, tops, reads, fits, strict=True):
            share = fit_of.get(read, profile.suit_fit.get(read, 1.0))
            if scores is None:  # the area is smaller than a template: nothing fits
                part.append((best / share, 0.0))
                continue
            scores = scores / shares
            scores[names.index(read)] = -np.inf
            part.append((best / share, float(best / share - scores.max())))
        out.append(part)
    return [(r[0], s[0], r[1], s[1]) for r, s in zip(*out, strict=True)]


_ROWS: dict[tuple[int, int], tuple] = {}


def _template_rows(templates: dict[str, np.ndarray], fit_of: dict[str, float],
                   fallback: dict[str, float]) -> tuple[list[str], np.ndarray, np.ndarray]:
    """A deck's templates' names, as rows of zero mean and unit length (for normalised
    correlation), and their fits through a camera: worked out once per dictionary."""
    key = (id(templates), id(fit_of))
    kept = _ROWS.get(key)
    if kept is None or kept[0] is not templates or kept[1] is not fit_of:
        names = list(templates)
        shares = np.array([fit_of.get(n, fallback.get(n, 1.0)) for n in names], np.float32)
        kept = (templates, fit_of, names, _unit_columns(tuple(templates[n] for n in names)),
                shares)
        _ROWS[key] = kept
    return kept[2], kept[3], kept[4]


_COLUMNS: dict[tuple[int, ...], tuple] = {}


def _unit_columns(templates: tuple[np.ndarray, ...]) -> np.ndarray:
    """Templates of one shape as the columns of a matrix, each of zero mean and unit length:
    a normalised correlation with each is then one product (divided by the spread of what it
    is matched with). Worked out once per set of templates."""
    key = tuple(id(t) for t in templates)
    kept = _COLUMNS.get(key)
    if kept is None or any(a is not b for a, b in zip(kept[0], templates, strict=True)):
        rows = np.stack(templates).reshape(len(templates), -1)
        rows = rows.astype(np.float32) - rows.mean(axis=1, keepdims=True)
        rows /= np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-6)
        kept = (templates, np.ascontiguousarray(rows.T))
        _COLUMNS[key] = kept
    return kept[1]


def _correlations_all(areas: list[np.ndarray], columns: np.ndarray,
                      shape: tuple[int, int]) -> list[np.ndarray | None]:
    """For each area, each template's (a column of `_template_rows`, of `shape`) best
    normalised correlation over every place in it, as `cv2.TM_CCOEFF_NORMED` gives it (to
    float rounding); None where the area is smaller. The places of all areas are cut,
    normalised and multiplied together: areas of one size (the usual case: a few places
    round each reading's own fit) are cut in one step."""
    grids = [(max(0, a.shape[0] - shape[0] + 1), max(0, a.shape[1] - shape[1] + 1))
             for a in areas]
    counts = [ny * nx for ny, nx in grids]
    if not sum(counts):
        return [None] * len(areas)
    ends = np.cumsum(counts).tolist()
    places = np.empty((ends[-1], shape[0] * shape[1]), np.float32)
    if len({a.shape for a in areas}) == 1:
        stack = np.stack(areas)
        s0, s1, s2 = stack.strides
        places.reshape(len(areas), *grids[0], *shape)[...] = as_strided(
            stack, (len(areas), *grids[0], *shape), (s0, s1, s2, s1, s2), writeable=False)
    else:
        for area, grid, count, end in zip(areas, grids, counts, ends, strict=True):
            if count:
                places[end - count: end].reshape(*grid, *shape)[...] = as_strided(
                    area, (*grid, *shape), area.strides * 2, writeable=False)
    places -= places.mean(axis=1, keepdims=True)
    length = np.sqrt(np.einsum("ij,ij->i", places, places))
    scores = places @ columns
    scores /= np.maximum(length, 1e-6)[:, None]
    firsts = [end - count for count, end in zip(counts, ends, strict=True) if count]
    tops = iter(np.maximum.reduceat(scores, firsts, axis=0))
    return [next(tops) if count else None for count in counts]


def best_within(stack: np.ndarray, n: int, templates: tuple[np.ndarray, ...]) -> np.ndarray:
    """The best of the templates' normalised correlations (as `cv2.TM_CCOEFF_NORMED` gives
    them, to float rounding) at every place where they lie wholly within one of `n` equal
    regions stacked one below the other, as n x rows x columns (the templates all of one
    shape). A template match over the stack works out every place, also those that straddle
    two regions: seven in eight of the rank's full-size search. From DIRECT_FROM regions up
    only the places within are worked out, as one product of matrices; below that the match
    costs less."""
    th, tw = templates[0].shape
    rows, cols = stack.shape[0] // n, stack.shape[1]
    py, px = rows - th + 1, cols - tw + 1
    if n < DIRECT_FROM:
        best = cv2.matchTemplate(stack, templates[0], cv2.TM_CCOEFF_NORMED)
        for template in templates[1:]:
            best = np.maximum(best, cv2.matchTemplate(stack, template, cv2.TM_CCOEFF_NORMED))
        return _per_window(best, n, rows)[:, :py]
    s0, s1 = stack.strides
    places = np.ascontiguousarray(as_strided(stack, (n, py, px, th, tw),
                                             (rows * s0, s0, s1, s0, s1), writeable=False))
    num = (places.reshape(n * py * px, th * tw) @ _unit_columns(templates)).astype(np.float64)
    # each place's sum and sum of squares, from the stack's integral images (as OpenCV takes
    # them), and the spread of the ink under it
    total, squares = cv2.integral2(stack, sdepth=cv2.CV_64F, sqdepth=cv2.CV_64F)
    top = (np.arange(n)[:, None] * rows + np.arange(py)).reshape(-1, 1)
    left = np.arange(px)[None, :]

    def box(image: np.ndarray) -> np.ndarray:
        return (image[top + th, left + tw] - image[top, left + tw] - image[top + th, left]
                + image[top, left]).reshape(-1, 1)

    area_sum, area_squares = box(total), box(squares)
    spread = np.maximum(area_squares - area_sum * area_sum / (th * tw), 0)
    # as OpenCV does: where the ink is flat the spread is rounding error, and the score 0;
    # a score a rounding beyond 1 is 1
    scale = np.where(spread <= np.minimum(0.5, 10 * np.finfo(np.float32).eps * area_squares),
                     0.0, np.sqrt(spread))
    within = np.abs(num) < scale
    out = np.where(within, num / np.where(within, scale, 1.0),
                   np.where(np.abs(num) < scale * 1.125, np.sign(num), 0.0))
    return out.max(axis=1).astype(np.float32).reshape(n, py, px)


# from this many stacked regions up `best_within` multiplies matrices rather than matching
# templates (on a quiet machine, for the rank's search: 1 region 76 us against 118, 5: 207
# against 218, 10: 618 against 327)
DIRECT_FROM = 8


def _bests_at(areas: list[np.ndarray], templates: list[np.ndarray]
              ) -> list[tuple[float, tuple[int, int]]]:
    """`_best_at` of each area with its template, the areas of one shape matched with one
    template stacked and matched in one call (a template's transform and the call's steps
    once, not once an area); each area's best looked for only among its own places, as if
    matched alone (to float rounding)."""
    out: list[tuple[float, tuple[int, int]]] = [(-1.0, (0, 0))] * len(areas)
    groups: dict[tuple, list[int]] = {}
    for i, (area, template) in enumerate(zip(areas, templates, strict=True)):
        groups.setdefault((id(template), area.shape), []).append(i)
    for (_, (rows, cols)), members in groups.items():
        template = templates[members[0]]
        th, tw = template.shape
        if rows < th or cols < tw:
            continue
        if len(members) == 1:
            out[members[0]] = _best_at(areas[members[0]], template)
            continue
        scores = cv2.matchTemplate(np.concatenate([areas[i] for i in members]), template,
                                   cv2.TM_CCOEFF_NORMED)
        places = _per_window(scores, len(members), rows)[:, : rows - th + 1]
        flat = places.reshape(len(members), -1)
        at = np.argmax(flat, axis=1)
        for i, k, best in zip(members, at.tolist(), flat[np.arange(len(members)), at].tolist(),
                              strict=True):
            out[i] = (best, (k % (cols - tw + 1), k // (cols - tw + 1)))
    return out


def _best_at(region: np.ndarray, template: np.ndarray) -> tuple[float, tuple[int, int]]:
    if region.shape[0] < template.shape[0] or region.shape[1] < template.shape[1]:
        return -1.0, (0, 0)
    _, score, _, where = cv2.minMaxLoc(cv2.matchTemplate(region, template,
                                                        cv2.TM_CCOEFF_NORMED))
    return score, where


def window_shape(profile: DeckProfile) -> tuple[int, int]:
    """Rows and columns of an index window with its slack (what `cut` returns)."""
    return PATCH_H + 2 * PAD_Y, profile.patch_w + 2 * pad_x(profile)


def cut_all(frame: np.ndarray, maps: list[np.ndarray], profile: DeckProfile) -> np.ndarray:
    """The index windows that the maps (from `window_matrices`) place in the frame, stacked one
    below the other: the windows of a frame are then searched in one pass."""
    h, w = window_shape(profile)
    out = np.empty((len(maps) * h, w, 3), np.uint8)
    for k, m in enumerate(maps):
        cv2.warpAffine(frame, m, (w, h), dst=out[k * h: (k + 1) * h],
                       flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                       borderMode=cv2.BORDER_REPLICATE)
    return out


_NONE = -2.0  # below every correlation: a place that is not searched


def _per_window(scores: np.ndarray, n: int, rows: int) -> np.ndarray:
    """A match map of `n` stacked blocks of `rows` rows each, as n x rows x columns (the rows
    where the template straddles two blocks, and the missing last rows, are `_NONE`)."""
    out = np.empty((n * rows, scores.shape[1]), np.float32)
    out[: len(scores)] = scores
    out[len(scores):] = _NONE
    return out.reshape(n, rows, -1)


def dilate_each(scores: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """Each window's map (n x rows x columns) dilated on its own, as if it were alone: below
    each a gap of unsearched rows keeps the next window's values out."""
    n, rows, cols = scores.shape
    gap = np.empty((n, rows + kernel.shape[0] // 2, cols), np.float32)
    gap[:, :rows] = scores
    gap[:, rows:] = _NONE
    return cv2.dilate(gap.reshape(-1, cols), kernel).reshape(gap.shape)[:, :rows]


def _first_best(scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per window (n x rows x columns) the row and column of its best score, the first in
    reading order on ties."""
    return np.unravel_index(np.argmax(scores.reshape(len(scores), -1), axis=1),
                            scores.shape[1:])


def _within(first: np.ndarray, last: int) -> np.ndarray:
    """Places moved inward to lie from 0 to `last` (np.clip costs more on arrays this small)."""
    return np.minimum(np.maximum(first, 0), last)


def _regions(inks: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """Equal regions out of the stacked windows, at each window's first row and column of
    `rows` and `cols` (n x rows, n x columns, in stack coordinates), stacked again. Taken
    as whole blocks of a view of every region of that size: a fifth of the time of indexing
    them pixel by pixel."""
    size = (rows.shape[1], cols.shape[1])
    every = as_strided(inks, (inks.shape[0] - size[0] + 1, inks.shape[1] - size[1] + 1, *size),
                       inks.strides * 2, writeable=False)
    return every[rows[:, 0], cols[:, 0]].reshape(-1, size[1])


def locate(ink: np.ndarray, profile: DeckProfile) -> Located:
    """Where rank and suit sit in one index window (see `locate_all`)."""
    return locate_all(ink, profile)[0]


def locate_all(inks: np.ndarray, profile: DeckProfile) -> list[Located]:
    """Find where rank and suit sit, together, in each of the stacked index windows
    (`cut_all`): the rank with the mean of all rank templates (which rank it is, the
    classifier says) and the suit with the mean suit just below it. Searched apart, a plain
    rank (an A, a 4) can fit best on the suit itself. The fits say how index-like the window
    is.

    The search runs first on the windows at half size, then at full size only round the place
    found there: the window's slack is wide, and a full search cost most of a frame's time.
    Every window is searched in one template match per step (the matches themselves cost by
    the pixel; what stacking saves is the Python and NumPy steps around them, once per frame
    rather than once per window). Each window's scores are its own (a template straddling two
    windows is never looked at, and each map is dilated on its own), so a window reads the
    same alone or stacked, to float rounding: OpenCV correlates through the Fourier transform
    of the larger image. Only where the ink is flat over a template's area (felt, blank card),
    and the correlation has no meaning, can the two differ; no index is there (on 1872 windows
    of rendered tables the places and fits agreed wherever either fit passed the recognizer's
    index tests)."""
    h, width = window_shape(profile)
    if inks.ndim != 2 or inks.shape[1] != width or inks.shape[0] % h:
        raise ValueError(f"index windows are {h} x {width} ink, stacked: not {inks.shape}")
    n = inks.shape[0] // h
    if not n:
        return []
    ink_of_windows, inks = inks, rippled(inks)
    split, w, k = profile.split, profile.patch_w, SUIT_SLACK
    suit_h = PATCH_H - split
    span_y, span_x = h - PATCH_H, width - w  # the last place of the index in the window
    # coarse: both maps have one row per place of the whole index, so they add place by place
    coarse_rank, coarse_suit = profile.coarse
    h2, r_h = h // 2, coarse_rank.shape[0]
    half = cv2.resize(inks, (width // 2, n * h2), interpolation=cv2.INTER_AREA).reshape(n, h2, -1)
    s_h = coarse_suit.shape[0]
    places = h2 - r_h - s_h + 1
    # only the rows each map needs: ranks above the last suit, suits below the first rank
    above = half[:, : h2 - s_h].reshape(n * (h2 - s_h), -1)
    rank_map = cv2.matchTemplate(above, coarse_rank, cv2.TM_CCOEFF_NORMED)
    rank_map = np.maximum(rank_map, cv2.matchTemplate(above, profile.coarse_ten,
                                                          cv2.TM_CCOEFF_NORMED))
    ranks = _per_window(rank_map, n, h2 - s_h)
    suits = _per_window(cv2.matchTemplate(half[:, r_h:].reshape(n * (h2 - r_h), -1),
                                          coarse_suit, cv2.TM_CCOEFF_NORMED), n, h2 - r_h)
    both = ranks[:, :places] + dilate_each(suits[:, :places], _HALF_SLACK)
    cy, cx = _first_best(both)
    # full size: the places round the coarse one, and the suit places within the slack of
    # them. Each window's places are cut as equal regions (shifted inward at the window's
    # edge), and the places beyond the window's own range are not searched
    y_lo, y_hi = np.maximum(0, 2 * cy - 2), np.minimum(span_y, 2 * cy + 2)
    x_lo, x_hi = np.maximum(0, 2 * cx - 2), np.minimum(span_x, 2 * cx + 2)
    sy_lo, sy_hi = np.maximum(0, y_lo - k), np.minimum(span_y, y_hi + k)
    sx_lo, sx_hi = np.maximum(0, x_lo - k), np.minimum(span_x, x_hi + k)
    ny, nx = min(4, span_y) + 1, min(4, span_x) + 1
    sny, snx = min(4 + 2 * k, span_y) + 1, min(4 + 2 * k, span_x) + 1
    y0, x0 = _within(2 * cy - 2, span_y - ny + 1), _within(2 * cx - 2, span_x - nx + 1)
    sy0, sx0 = _within(y0 - k, span_y - sny + 1), _within(x0 - k, span_x - snx + 1)
    top = np.arange(n)[:, None] * h
    rank_rows = top + y0[:, None] + np.arange(ny - 1 + split)
    suit_rows = top + split + sy0[:, None] + np.arange(sny - 1 + suit_h)
    rank_cols = x0[:, None] + np.arange(nx - 1 + w)
    suit_cols = sx0[:, None] + np.arange(snx - 1 + w)
    ranks = best_within(_regions(inks, rank_rows, rank_cols), n,
                        (profile.any_rank, profile.ranks["T"]))
    suits = _per_window(cv2.matchTemplate(_regions(inks, suit_rows, suit_cols),
                                          profile.any_suit, cv2.TM_CCOEFF_NORMED),
                        n, suit_rows.shape[1])[:, :sny]
    sy = sy0[:, None, None] + np.arange(sny)[None, :, None]  # each suit place, in the window
    sx = sx0[:, None, None] + np.arange(snx)[None, None, :]
    searched = ((sy >= sy_lo[:, None, None]) & (sy <= sy_hi[:, None, None])
                & (sx >= sx_lo[:, None, None]) & (sx <= sx_hi[:, None, None]))
    best_suit = dilate_each(np.where(searched, suits, _NONE), _SLACK)
    ry = y0[:, None, None] + np.arange(ny)[None, :, None]  # each rank place, in the window
    rx = x0[:, None, None] + np.arange(nx)[None, None, :]
    at = np.arange(n)[:, None, None]
    both = ranks + best_suit[at, ry - sy0[:, None, None], rx - sx0[:, None, None]]
    both[(ry < y_lo[:, None, None]) | (ry > y_hi[:, None, None])
         | (rx < x_lo[:, None, None]) | (rx > x_hi[:, None, None])] = 2 * _NONE
    by, bx = _first_best(both)
    rank_match = ranks[np.arange(n), by, bx]
    ry, rx = y0 + by, x0 + bx
    # the suit's own place: the best suit within the slack below the rank
    near = (searched & (np.abs(sy - ry[:, None, None]) <= k)
            & (np.abs(sx - rx[:, None, None]) <= k))
    ly, lx = _first_best(np.where(near, suits, 2 * _NONE))
    suit_match = suits[np.arange(n), ly, lx]
    sy, sx = sy0 + ly + split, sx0 + lx
    out = []
    for i, (ry_, rx_, sy_, sx_) in enumerate(zip(ry.tolist(), rx.tolist(), sy.tolist(),
                                                 sx.tolist(), strict=True)):
        ink = ink_of_windows[i * h: (i + 1) * h]  # the windows' own ink, without the ripple
        near = inks[i * h: (i + 1) * h]  # with it, for templates to be matched in
        out.append(Located(
            ink[ry_: ry_ + split, rx_: rx_ + w], ink[sy_: sy_ + suit_h, sx_: sx_ + w],
            float(rank_match[i]), float(suit_match[i]),
            near[max(0, ry_ - k): ry_ + split + k, max(0, rx_ - k): rx_ + w + k],
            near[max(0, sy_ - k): sy_ + suit_h + k, max(0, sx_ - k): sx_ + w + k],
            (rx_, ry_, rx_ + w, ry_ + split), (sx_, sy_, sx_ + w, sy_ + suit_h)))
    return out


def off_place(found: Located, profile: DeckProfile, shift: int = 0) -> float:
    """How far the rank was found from where the corner puts it, along the card's long edge,
    as a share of the card width (in a window moved `shift` rows from where the corner puts
    it). Across the edge the slack is narrower than this matters, and a wide rank (10) sits
    off the mean rank's place sideways."""
    _, y0, _, y1 = profile.window
    return abs(found.rank_box[1] + shift - PAD_Y) * (y1 - y0) * profile.aspect / PATCH_H


def ink_above(ink: np.ndarray, found: Located, rows: int = 3) -> float:
    """The share of the rows just above the rank found that is dark ink. Above a rank there is
    blank card; ink there means the rank was found cut, lower than it is: the bowl of a 6 or 8
    with the suit below it then looks like a 9 (wrong readings seen on rendered tables)."""
    x0, y0, x1, _ = found.rank_box
    above = ink[max(0, y0 - rows): y0, x0:x1]
    return float(np.count_nonzero(above > 0.5)) / above.size if above.size else 0.0


def lines_through(ink: np.ndarray, found: Located, top: int | None,
                  dark: float = 0.3) -> tuple[float, float]:
    """The largest share of the window's rows that are ink (above `dark`) in one column of
    the index's middle (the middle three fifths of where rank and suit both lie); and unless
    `top` is None (then 0.0), the same from row `top` down (the columns' counts taken once for
    both). An index is a rank above a suit with blank card above, between and below them, so
    no column of it is ink from the window's top to its bottom; a straight line of a court
    card's frame that a corner on the art puts in the window is, and a thin J with a line
    through the suit's place reads as a J. From the rank's top down, the same holds of every
    rank but the queen (whose tail may touch the suit): a frame's corner, a line turning down
    at the rank's top, reads as a J too. A court whose own frame runs by its index shows such
    a line too: the recognizer counts the line beyond the card's own (`DeckProfile.lines`)."""
    x0 = max(found.rank_box[0], found.suit_box[0])
    x1 = min(found.rank_box[2], found.suit_box[2])
    side = (x1 - x0) // 5
    middle = ink[:, x0 + side: x1 - side] > dark
    if not middle.size:
        return 0.0, 0.0
    # counted as bytes (a window has fewer than 256 rows); the rows from `top` down once,
    # and the whole window's counts as those and the rows above
    rows = middle.shape[0]
    top = rows if top is None else min(max(top, 0), rows)
    below = middle[top:].sum(axis=0, dtype=np.uint8)
    line = int((middle[:top].sum(axis=0, dtype=np.uint8) + below).max()) / rows
    return line, (0.0 if top == rows else int(below.max()) / (rows - top))


TINT_INK = 0.75  # a glyph's tint is taken per unit of ink, at this much ink (`glyph_tint`)


def tint_map(pixels: np.ndarray) -> np.ndarray:
    """How much bluer, greener and redder than the other two channels each pixel (BGR, along
    the last axis) is (int16, three channels): black ink and paper have none, red ink is
    redder, a four-colour deck's clubs greener and diamonds bluer."""
    bgr = pixels.astype(np.int16)
    b, g, r = bgr[..., 0], bgr[..., 1], bgr[..., 2]
    return np.stack([b - np.maximum(g, r), g - np.maximum(b, r), r - np.maximum(g, b)],
                    axis=-1)


def glyph_tint(patch: np.ndarray, ink: np.ndarray, found: Located,
               glyphs: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray | None:
    """The tint (`tint_map`) of the rank and suit glyphs' ink in a window (`patch`, its
    colours) per unit of ink, at the ink of a clean print (`TINT_INK`): the median over their
    dark pixels, or None when there is too little ink. Blur mixing a thin stroke with paper,
    and a glare adding white, fade a pixel's tint and its ink alike: their ratio stays the
    ink's colour (a four-colour deck's blurred hearts read 60% as red as enrolment saw them,
    between red and black, and were left uncertain). Only where the glyphs were found counts:
    the window's slack may hold shadow, dark felt or the art of the card beneath, which made
    red indices read as black. JPEG smears colour over small glyphs, so the glyphs are judged
    on the whole, not pixel by pixel. Only the glyphs' pixels are tinted: the whole windows'
    tint cost five times as much. With `glyphs` (`glyph_masks`: where the rank read and a suit
    print ink), only the ink there counts: a court's frame or a border line running through
    the rank's box is no glyph (a pool design's navy border line made its red K read as
    halfway to black)."""
    return glyph_tints([(patch, ink, found, glyphs)])[0]


def _glyph_pixels(patch: np.ndarray, ink: np.ndarray, found: Located,
                  glyphs: tuple[np.ndarray, np.ndarray] | None
                  ) -> tuple[np.ndarray, np.ndarray] | None:
    """The colours and the ink of the glyphs' dark pixels in a window (`glyph_tint`), or
    None when there are too few."""
    (rx0, ry0, rx1, ry1), (sx0, sy0, sx1, sy1) = found.rank_box, found.suit_box
    x0, y0 = min(rx0, sx0), min(ry0, sy0)
    box = ink[y0: max(ry1, sy1), x0: max(rx1, sx1)]
    mask = np.zeros(box.shape, bool)
    rank_at = mask[ry0 - y0: ry1 - y0, rx0 - x0: rx1 - x0]
    suit_at = mask[sy0 - y0: sy1 - y0, sx0 - x0: sx1 - x0]
    for at, glyph in zip((rank_at, suit_at), glyphs or (None, None), strict=True):
        at |= True if glyph is None else glyph
    mask &= box > 0.3
    ys, xs = np.nonzero(mask)
    if len(ys) < 12:
        return None
    # taken by their place in the whole window: a fifth of the time of a mask over a box
    at = (ys + y0) * patch.shape[1] + (xs + x0)
    return patch.reshape(-1, 3).take(at, axis=0), ink.reshape(-1).take(at)


_APART = 4096.0  # more than any tint per unit of ink spans (2 x 255 x TINT_INK / 0.3)


def glyph_tints(windows: list[tuple[np.ndarray, np.ndarray, Located,
                                    tuple[np.ndarray, np.ndarray] | None]]
                ) -> list[np.ndarray | None]:
    """`glyph_tint` of many windows (each its patch, ink, what was found and the glyphs),
    the same values to the bit: their pixels tinted and sorted in one pass (one by one, the
    NumPy steps round so few pixels cost more than the work). Each window's tints are sorted
    apart from the others' as keys moved `_APART` per window (exact in float64: a tint is a
    whole number times TINT_INK over an ink above 0.3, a float32 of at most 24 bits)."""
    found = [_glyph_pixels(*w) for w in windows]
    kept = [f for f in found if f is not None]
    if not kept:
        return [None] * len(windows)
    counts = np.array([len(ink) for _, ink in kept])
    tints = tint_map(np.concatenate([pix for pix, _ in kept])).T * (
        TINT_INK / np.concatenate([ink for _, ink in kept]))
    shift = np.repeat(np.arange(len(kept)) * _APART, counts)
    ordered = np.sort(tints + shift, axis=1)  # float64: each window's own, in order
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    # the median of each channel, as np.median gives it (the mean of the middle two)
    low = (ordered[:, starts + (counts - 1) // 2] - shift[starts]).astype(np.float32)
    high = (ordered[:, starts + counts // 2] - shift[starts]).astype(np.float32)
    medians = iter(((high + low) / 2).T)
    return [None if f is None else next(medians) for f in found]


GLYPH_INK = 0.5  # a template's pixel from which it is the glyph's stroke (`glyph_masks`)


def glyph_masks(profile: DeckProfile, rank: str) -> tuple[np.ndarray, np.ndarray]:
    """Where the rank `rank` and a suit (any of the four: the suit is not read yet) print
    their strokes, in the rank's and the suit's boxes (`glyph_tint`)."""
    return profile.ranks[rank] > GLYPH_INK, profile.any_suit > GLYPH_INK


def suits_of_tint(tint: np.ndarray | None, profile: DeckProfile) -> frozenset[str] | None:
    """The suits printed in the ink colour `tint` shows (the deck's colours as enrolment
    learned them: red and black, or four), or None when it is not clearly one of them."""
    return colour_and_clarity(tint, profile)[0]


def colour_clarity(tint: np.ndarray | None, profile: DeckProfile) -> float:
    """How clearly the ink's colour is one of the deck's: the distance to the nearest of its
    colours over the distance to the next (0: exactly one; 1: halfway, or no ink to judge)."""
    return colour_and_clarity(tint, profile)[1]


def colour_and_clarity(tint: np.ndarray | None,
                       profile: DeckProfile) -> tuple[frozenset[str] | None, float]:
    """`suits_of_tint` and `colour_clarity` together, the tint's distances to the deck's
    colours measured once for both. A tint clearly nearer one colour than any other gives
    that colour's suits and the suits enrolment saw in that colour too (told apart by
    shape); one that is not gives None (the reading stays uncertain)."""
    if tint is None:
        return None, 1.0
    groups = profile.colour_groups
    if len(groups) == 1:
        return groups[0][1], 0.0
    # one distance per colour, in Python: a NumPy call per colour costs eight times as much
    point = tint.tolist()
    apart = [math.dist(point, centre.tolist()) for centre, _ in groups]
    d = sorted(zip(apart, [suits for _, suits in groups], strict=True))
    near = sorted(apart)
    clarity = min(1.0, near[0] / max(near[1], 1e-6))
    if d[0][0] > 0.6 * d[1][0]:
        return None, clarity
    return d[0][1].union(*(profile.colour_confused.get(s, ()) for s in d[0][1])), clarity


def glyph_colour(patch: np.ndarray, ink: np.ndarray, found: Located, profile: DeckProfile,
                 rank: str | None = None) -> frozenset[str] | None:
    """The suits whose ink colour the window's glyphs show (`suits_of_tint`): with `rank`
    (the rank read) the ink of its strokes and the suit's only, as the recognizer asks."""
    glyphs = None if rank is None else glyph_masks(profile, rank)
    return suits_of_tint(glyph_tint(patch, ink, found, glyphs), profile)
