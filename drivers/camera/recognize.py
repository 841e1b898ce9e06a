"""Reading cards from an overhead frame: corners -> index windows -> rank and suit.

At each card corner found on the felt (`corners.py`) the index window the deck profile names
is cut out along the card's own edges, so a turned card reads upright, and the top-left and
bottom-right index alike (`index.py`). Templates find where rank and suit sit in the window
and say whether it holds an index at all; the enrolled classifiers say which rank and which
suit (`classify.py`); red or black is measured from the ink, so the suit's shape only has to
tell two suits apart. How sure a reading is, the certainty model says (`certainty.py`,
fitted on rendered tables of the tuning designs) from the reading's evidence; below its
threshold a reading is reported uncertain with its best guess, never as a card. The corners
of one card are merged into one card, and two corners that disagree make it uncertain.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import cv2
import numpy as np

from drivers.camera.certainty import Certainty, packaged, partly_on_cloth, vetoed
from drivers.camera.classify import RANK_SIZE, SUIT_SIZE, features_all
from drivers.camera.corners import (
    CLOTH_HUE_WIDTH,
    GREEN_BAIZE,
    Corner,
    Corners,
    Felt,
    card_centres,
    card_edges,
    card_height,
    card_mask,
    card_regions,
    corner_grid,
    dedupe,
    distances,
    edge_corners,
    felt,
    followed,
    learn_cloth,
    of_length,
    region_height,
    short_edge_steps,
    short_edges,
)
from drivers.camera.explain import Trace
from drivers.camera.index import (
    PAD_Y,
    SUIT_SLACK,
    Located,
    card_inside,
    colour_and_clarity,
    cut_all,
    fits_and_leads_all,
    glyph_masks,
    glyph_tints,
    ink_above,
    ink_of,
    inks_of,
    lines_through,
    locate_all,
    off_place,
    window_matrices,
    window_shape,
)
from drivers.camera.outline import outline_corners
from drivers.camera.profile import NUMBER_RANKS, PATCH_H, DeckProfile

RED_SUITS = {"H", "D"}
# ranks whose glyph turned round is another's: on a deck printing its bottom index upright
# (`DeckProfile.bottom_upright`) neither is sure alone, and the two corners of one card
# disagree, so neither is ever sure
TURNED_TWINS = "69"


@dataclass(frozen=True)
class Thresholds:
    """Where no index is: below these fits of the generic rank and suit templates a window is
    passed over unread (how sure a reading of an index is, the certainty model says)."""

    seen: float = 0.3
    # the generic suit template fit every index read surely at 0.72 or better (3400 sure
    # readings of each first test deck), and below 0.6 four fifths of cardsJS's unsure
    # readings lay (on the art of court cards)
    suit_seen: float = 0.6


@dataclass
class CardReading:
    card: str  # the reading, or the best guess when uncertain
    confidence: float
    margin: float
    certain: bool
    center: np.ndarray  # the card's centre in the frame
    corners_read: int = 1
    scores: dict = field(default_factory=dict)
    width: float = 0.0  # the card's width in frame pixels
    region: str | None = None  # where on the table, when calibration names regions
    corner: Corner | None = None  # where the index was read
    index_at: np.ndarray | None = None  # the centre of the rank read, in the frame
    doubts: list[str] = field(default_factory=list)  # why it is uncertain
    candidates: dict | None = None  # the classifiers' best few, when explaining
    evidence: dict | None = None  # what the certainty model weighs (`certainty.FEATURES`)
    logit: float | None = None  # the model's log-odds that the reading is right

    def to_json(self) -> dict:
        out = {"card": self.card, "confidence": round(self.confidence, 3)}
        if not self.certain:
            out["uncertain"] = True
        out["at"] = [round(float(self.center[0]), 1), round(float(self.center[1]), 1)]
        if self.region:
            out["region"] = self.region
        return out


class Recognizer:
    """Reads the cards of one deck design in frames of one table."""

    def __init__(self, profile: DeckProfile, card_width: float | None = None,
                 thresholds: Thresholds = Thresholds(), cloth: Felt | None = None,
                 certainty: Certainty | None | bool = True):
        self.profile = profile
        # how sure a reading is: the packaged model (`certainty.py`) or a given one; None
        # reads every card uncertain (gathering readings to fit a model on: then no corner is
        # passed over for a card read surely, and every index the frame shows is read)
        if certainty is True:
            certainty = packaged()
            if certainty is None:
                raise ValueError("no certainty model: drivers/camera/certainty.json is "
                                 "missing (python bench/camera_certainty.py makes it)")
        self.certainty = certainty or None
        # every corner's reading before readings of one card are joined (for fitting the
        # certainty model): a list to append to, or None
        self.collect: list[CardReading] | None = None
        # every corner found (before any is passed over), with its card's width, in frame
        # pixels (for measuring where corner finding puts corners): a list, or None
        self.found: list[tuple[Corners, float]] | None = None
        # for fitting the certainty model only: a function that moves the corners found (and
        # is given the card's width), to read them as a corner finder a few pixels off would
        # place them; or None
        self.moved: Callable[[Corners, float], Corners] | None = None
        # in pixels of the full frame, where calibration knows it: a hint, never needed
        self.card_width = card_width
        self.t = thresholds
        self.hint = cloth  # a calibrated cloth narrows the hues the frame's cloth may have
        # the cloth as the frame being read shows it (learnt per frame in `read`)
        self.cloth = cloth or GREEN_BAIZE
        # a deck whose ink has the cloth's colour (green clubs on green baize): cloth-coloured
        # pixels that paper surrounds are ink, not cloth
        self._glyph_bgr = np.array(list(profile.glyph_bgr.values()) or [[0, 0, 0]],
                                   np.uint8)[None]
        self.enclosed = ink_like_cloth(self._glyph_bgr, self.cloth)
        # the generic templates' limits, as loose as the deck needs
        self.rank_seen = min(thresholds.seen, profile.rank_seen)
        self.suit_seen = min(thresholds.suit_seen, profile.suit_seen)

    def read(self, frame: np.ndarray, trace: Trace | None = None,
             stream: bool = False) -> list[CardReading]:
        """Every card whose index shows in the frame, certain or not. With a `Trace`, what
        each step found and why each corner was passed over is noted in it (`--explain`).
        A frame of a `stream` (the watcher's) keeps a card's print read as if the card lay
        beside it (`_without_prints_beside`): under a glare a card dealt next to one read
        surely may be read so at first, and its `uncertain` keeps its place in the round; the
        watcher passes over those whose sure card arrived with them."""
        if frame is None or frame.ndim != 3 or frame.shape[2] != 3 or frame.size == 0:
            raise ValueError("a frame is a colour image (height x width x 3)")
        scale = min(1.0, 1280 / frame.shape[1])
        small = frame if scale == 1.0 else cv2.resize(frame, None, fx=scale, fy=scale,
                                                      interpolation=cv2.INTER_AREA)
        # the cloth and the straight edges are found at half resolution: four times cheaper,
        # and a card's outline and long edges are big enough there
        half = cv2.resize(small, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
        # the cloth as this frame shows it: its colour and its light where it lies (a
        # calibrated cloth only narrows the hues looked at)
        model = learn_cloth(half, self.hint, self.hint or GREEN_BAIZE)
        if model is None:
            self.cloth = self.hint or GREEN_BAIZE
            mask = card_mask(half, self.cloth)
        else:
            known = self.hint or GREEN_BAIZE
            self.cloth = model.felt
            within = known.low[0] <= model.hue <= known.high[0]
            if within:
                # the known range in index windows (its limits were set there), as dark as
                # this frame's cloth is
                self.cloth = Felt(known.low[:2] + (min(known.low[2], model.felt.low[2]),),
                                  known.high)
            # with the known range too where the cloth lies within it: where the light is even
            # the two agree, and there the recognizer's limits were set on the known range's
            # outlines. On a cloth of another colour the known range is print: a court's
            # green art on blue baize, taken for cloth, left its card partly on cloth
            mask = card_mask(half, model, known if within else None)
        self.enclosed = ink_like_cloth(self._glyph_bgr, self.cloth)
        min_area = 2500 / 4 * (small.shape[1] / 1280) ** 2
        # cloth-coloured print on a card is no hole in the card: green in a court card's art,
        # a big green ace of clubs, a green court frame with the art joined to it; up to
        # about a third of a card at 720p (cloth that cards lie all round is rarely so small)
        mask = _holes_filled(mask, 2 * min_area)
        regions = card_regions(mask, min_area)
        # green print close to the card's edge joins the cloth round it, and is no hole: where
        # the deck prints green, whether a window or a card lies on card is asked of the mask
        # closed over strokes and pips that size
        if self.enclosed:
            mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, _CLOSE_GREEN)
        if trace is not None:
            trace.regions = [r / scale * 2 for r in regions]
        if not regions:
            if trace is not None:
                trace.note("no card-coloured region big enough for a card on the cloth")
            return []
        # the cards' size is taken from the cards, region by region: a camera's slant makes
        # them a fifth bigger on one side of the table than on the other. Regions of about one
        # size are read together
        aspect = self.profile.aspect
        calibrated = None if not self.card_width else self.card_width * scale * aspect / 2
        guesses = _guesses(regions, aspect, calibrated)
        segments = card_edges(half, regions, guesses) * 2
        # the parts of every group read together (`_read_parts`): one search of all windows
        parts = [(*part, 2 * guess) for group, guess in _by_size(regions, guesses)
                 for part in self._parts(small, group, _within(segments, group), 2 * guess)]
        out = self._read_parts(frame, small, mask, parts, scale, trace)
        if not stream:
            out = _without_prints_beside(out, trace)
        if trace is not None:
            for reading in out:
                self.explain(reading)
        return out

    def _parts(self, small, regions, segments, guess) -> list[tuple]:
        """The regions whose cards are about `guess` pixels (of `small`) long in parts of
        one card size each (`_by_edges`), from their long edges (`segments`)."""
        # followed edges run corner to corner: the length most share is the card's height.
        # A region whose own long edges say its cards are of another size is read at its own:
        # the outlines' guesses group hands up to a sixth apart, and read at the other hand's
        # size a hand's windows and the corners its outline implies lie off (fanned cards
        # missed)
        return _by_edges(regions, followed(small, segments, guess), guess, self.profile.aspect)

    def _corners_of(self, small, mask, regions, edges, height, scale, trace,
                    apart: list[np.ndarray]) -> Corners:
        """The index corners worth reading of regions whose cards are `height` pixels (of
        `small`) long, from their long edges (`edges`) and outlines (`apart`: how far each
        edge's midpoint lies from each region's outline, where `_by_edges` measured it)."""
        aspect = self.profile.aspect
        width = height / aspect
        if trace is not None:
            trace.card_width = width / scale
            trace.note(f"{len(edges)} long edges, a card {width / scale:.0f} x "
                       f"{height / scale:.0f} px")
        # corners at the ends of long edges first (they are placed best), then the ones the
        # hands' outlines imply, for cards whose long edge lies unseen on the card beneath
        found = dedupe(Corners.join(edge_corners(edges, width),
                                    outline_corners(regions, edges, width, aspect, apart)),
                       0.08 * width)
        if self.moved is not None:
            found = self.moved(found, width)
        if self.found is not None:
            self.found.append((found.unscaled(scale), width / scale))
        # the far end of a long edge, or no card's corner at all; or the index window would
        # lie on the cloth: no index is there, and the window need not be cut and searched
        # (an outline's corners are guesses that need no short edge: only edges' are tested)
        worth = found.from_outline.copy()
        worth[~worth] = short_edges(small, found.take(~worth), width)
        on_card = _index_on_card(mask, found, width, self.profile, 0.3 if self.enclosed else 1.0)
        if trace is not None:
            for i, corner in enumerate(found.unscaled(scale)):
                if not worth[i]:
                    trace.passed(corner, "no short edge runs on from it: not an index corner")
                elif not on_card[i]:
                    trace.passed(corner, "its index window would lie on the cloth")
        return found.take(worth & on_card)

    def _read_parts(self, frame, small, mask, parts, scale, trace) -> list[CardReading]:
        """The cards of the frame's parts (`_parts`: regions, their long edges, their cards'
        height in pixels of `small`, their edges' distances from the outlines, and the
        height their outlines guessed), each part's corners found at its own size and all
        read together, each window cut at its card's size."""
        aspect = self.profile.aspect
        sizes, each = [], []
        for regions, edges, height, apart, guess in parts:
            if not len(edges):
                if trace is not None:
                    trace.note(f"no straight edge about a card long (about "
                               f"{guess / scale:.0f} px)")
                continue
            width = height / aspect
            part = self._corners_of(small, mask, regions, edges, height, scale, trace, apart)
            centres = card_centres(part, width, aspect)
            # each card once first: of the corners at long edges one per card (its two index
            # corners imply one centre), read together
            each.append((part, centres, _on_cards(mask, part, width, aspect),
                         _one_per_card(part, centres, width)))
            sizes.append(width)
        if not each:
            return []
        found = Corners.join(*(part for part, *_ in each))
        of_part = np.repeat(np.arange(len(each)), [len(part) for part, *_ in each])
        widths = np.asarray(sizes)[of_part]  # each corner's card width, in pixels of `small`
        at = np.vstack([c for _, c, _, _ in each])  # each corner's card centre
        centres = at.tolist()
        on_shares = np.concatenate([o for *_, o, _ in each]).tolist()
        first = np.concatenate([f for *_, f in each]).tolist()
        readings = []
        sure: list[tuple[float, ...]] = []
        # then, together, the others of the cards not read surely so and the corners the
        # outlines imply that no card read surely accounts for. Within each batch a corner is
        # passed over, as when read one by one, where a card read surely before it in the
        # batch accounts for it. A card read surely at one index is not read at its other (a
        # sure reading's error rate is measured alone: 0 in the tuning designs' tens of
        # thousands), which halves a frame's windows
        points, outline = found.points.tolist(), found.from_outline.tolist()
        wide = widths.tolist()
        unscaled, w = found.unscaled(scale), widths / scale
        rows, cols = window_shape(self.profile)
        got: dict[int, CardReading | None] = {}  # each corner read: its reading,
        cut: dict[int, np.ndarray] = {}  # on a deck printing green its window as cut,
        passed: dict[int, tuple] = {}  # where no index was found there, the trace's note,
        trusted: dict[int, CardReading | None] = {}  # and, on a deck printing green, its
        # reading as if placed well, where the window's ink then differs (see below)

        def read(which: list[int]) -> None:
            """Read the corners `which` together, judged below, once their evidence is
            whole (the trace's notes of them kept apart, for the batch that reads them). On
            a deck printing green, an outline's corner whose ink differs when the corner is
            taken as placed well is read so too, in the same search."""
            if not which:
                return
            corners, ws = unscaled.take(which), w[which]
            patches = cut_all(frame, window_matrices(corners.points, corners.us, corners.vs,
                                                     ws, self.profile), self.profile)
            inks, also = None, []
            if self.enclosed:
                inks, sure_ink, differs = self._both_inks(corners, ws, patches)
                also = np.flatnonzero(differs)
                taken = np.repeat(np.isin(np.arange(len(which)), also), rows)
                # the windows as cut are kept where they may be read again (`read_corners`
                # moves a window whose index lies beyond its end in place)
                patches = np.concatenate([patches, patches[taken]])
                inks = np.concatenate([inks, sure_ink[taken]])
                corners = Corners.join(corners, corners.take(also))
                ws = np.concatenate([ws, ws[also]])
            mark = len(trace.skipped) if trace is not None else 0
            out = self.read_corners(frame, corners, ws, trace, judge=False,
                                    patches=patches.copy() if self.enclosed else patches,
                                    inks=inks, trust=np.arange(len(corners)) >= len(which))
            notes = iter(trace.skipped[mark:] if trace is not None else ())
            if trace is not None:
                del trace.skipped[mark:]
            for k, (i, reading) in enumerate(zip(which, out[:len(which)], strict=True)):
                got[i] = reading
                if self.enclosed:
                    cut[i] = patches[k * rows: (k + 1) * rows]
                if reading is None and trace is not None:
                    passed[i] = next(notes)
            for k, reading in zip(also.tolist() if len(also) else [], out[len(which):],
                                  strict=True):
                if reading is not None:
                    reading.candidates = None  # explained as read first
                trusted[which[k]] = reading

        # read at once with the first: the corners the outlines imply that no first corner's
        # card accounts for (as if each first corner were read surely, as most are). They are
        # of cards whose long edges lie unseen, and the second batch reads them; searched with
        # the first, each costs a fraction of a second search's steps
        ahead = [(*centres[i], *points[i], *u) for i, u in enumerate(found.us.tolist())
                 if first[i]]
        guessed = [i for i, o in enumerate(outline) if o and not first[i]
                   and not _read_already(points[i], True, centres[i], ahead, wide[i])]
        read([i for i in range(len(outline)) if first[i]] + [
            i for k, width in enumerate(sizes) for i in _covered_last(
                [i for i in guessed if of_part[i] == k], found, at, small, width)])
        for second in (False, True):
            batch = [i for i, o in enumerate(outline) if (first[i] if not second else not (
                     first[i] or _read_already(points[i], True, centres[i], sure, wide[i])))]
            if second and any(i not in got for i in batch):
                # a corner left for this batch (`_covered_last`) is read only where its card
                # was not read surely at one read with the first (judged here as below)
                early = [(i, got[i]) for i in batch if got.get(i) is not None]
                for i, reading in early:
                    reading.evidence["on_card"] = on_shares[i]
                self._judge_all([r for _, r in early])
                also_sure = [_where_read(r, scale) for _, r in early if r.certain]
                batch = [i for i in batch if i in got or not _read_already(
                    points[i], True, centres[i], sure + also_sure, wide[i])]
            if trace is not None and second:
                for i in range(len(outline)):
                    if not first[i] and i not in batch:
                        trace.passed(unscaled.corner(i),
                                     "its card was read surely at another corner")
            missing = [i for i in batch if i not in got]
            if missing:
                read(missing)
            if trace is not None:
                trace.skipped.extend(passed[i] for i in batch if i in passed)
            batch_read = [got[i] for i in batch]
            if second and self.enclosed:
                # green print is cloth at an outline's corner (a guess): read again as at a
                # corner placed well, where not read surely, and taken only if read surely so.
                # That reading differs only where the window's ink then differs (`read` read
                # those so already), or where the index was found against the window's end,
                # and the window moved beyond it has ink that may differ. Whether a reading is
                # sure is asked here before its evidence is whole, and again below
                self._judge_all([r for r in batch_read if r is not None])
                again = [k for k, r in enumerate(batch_read)
                         if outline[batch[k]] and (r is None or not r.certain) and (
                             batch[k] in trusted or r is not None and (
                                 r.evidence["shifted"] or r.evidence["at_end"]))]
                sure_now = [trusted.get(batch[k]) for k in again]
                moved = [j for j, k in enumerate(again) if batch[k] not in trusted]
                if moved:
                    which = [batch[again[j]] for j in moved]
                    for j, reading in zip(moved, self.read_corners(
                            frame, unscaled.take(which), w[which], trust=True, judge=False,
                            patches=np.concatenate([cut[i] for i in which])), strict=True):
                        sure_now[j] = reading
                self._judge_all([r for r in sure_now if r is not None])
                for k, reading in zip(again, sure_now, strict=True):
                    if reading is not None and reading.certain:
                        batch_read[k] = reading
            for i, reading in zip(batch, batch_read, strict=True):
                if reading is not None:
                    reading.evidence["on_card"] = on_shares[i]
            self._judge_all([r for r in batch_read if r is not None])
            for i, reading in zip(batch, batch_read, strict=True):
                if reading is None:
                    continue  # an outline's corner is a guess, but an index read there is one
                if _read_already(points[i], second, centres[i], sure, wide[i]):
                    continue
                readings.append((int(of_part[i]), reading))
                if reading.certain:
                    sure.append(_where_read(reading, scale))
        # a reading whose card another reading of the same card lies beside, further than the
        # next card of a fan (0.25-0.41 card widths) but closer than 1.2: one of them is a print
        # read as if its card lay elsewhere (a design with indices in all four corners: its
        # top-right index read as a top-left one, its card 0.7 widths off)
        for _, r in readings:
            r.evidence["twin"] = float(any(
                o is not r and o.card == r.card
                and TWIN[0] * r.width < float(np.hypot(*(o.center - r.center)))
                < TWIN[1] * r.width
                for _, o in readings))
        self._judge_all([r for _, r in readings])
        if self.collect is not None:
            self.collect.extend(r for _, r in readings)
        # the readings of one card are of one part (a card lies in one region)
        return [card for k, width in enumerate(sizes) for card in merge(
            [r for part, r in readings if part == k], width / scale,
            None if self.certainty is None else self.certainty.pair)]

    def read_corner(self, frame, corner: Corner, width: float) -> CardReading | None:
        """The card whose index lies at this corner, or None when no index lies there."""
        return self.read_corners(frame, Corners.of([corner]), width)[0]

    def read_corners(self, frame, corners: Corners, width: float | np.ndarray,
                     trace: Trace | None = None, trust: bool | np.ndarray = False,
                     judge: bool = True, patches: np.ndarray | None = None,
                     inks: np.ndarray | None = None) -> list[CardReading | None]:
        """`read_corner` for each corner, all their windows searched together (with `trust`,
        an outline's corners as if placed well: see `_inside`). Without `judge` the readings
        are left unjudged, for a caller that adds to their evidence and judges them then.
        `patches` and `inks`: the windows, cut already (`cut_all`), and their ink, where the
        caller has them (both are changed in place where a window is moved). `trust` and the
        card's `width` may be given corner by corner."""
        if not len(corners):
            return []
        p = self.profile
        maps = window_matrices(corners.points, corners.us, corners.vs, width, p)
        if patches is None:
            patches = cut_all(frame, maps, p)
        if inks is None:
            inks = ink_of(patches, self.cloth, self.enclosed,
                          _inside(p, width, corners, 0, trust))
        h = len(inks) // len(corners)
        readings: list[CardReading | None] = [None] * len(corners)
        located = locate_all(inks, p)
        shifts = self._beyond_the_end(frame, corners, width, maps, patches, inks, located, trust)
        # where the generic templates fit too badly, no index is there
        seen = [(i, f) for i, f in enumerate(located)
                if f.rank_match >= self.rank_seen and f.suit_match >= self.suit_seen]
        if trace is not None:
            kept = {i for i, _ in seen}
            for i, f in enumerate(located):
                if i not in kept:
                    trace.passed(corners.corner(i), "no index in its window: the index "
                                 f"templates fit {f.rank_match:.2f} (rank) and "
                                 f"{f.suit_match:.2f} (suit), below {self.rank_seen:.2f} "
                                 f"and {self.suit_seen:.2f}")
        if not seen:
            return readings
        # the rank first (its colour is not asked): the ink colour is read from its strokes
        ranks = p.rank_classifier.best_all(
            features_all([found.rank_part for _, found in seen], RANK_SIZE), [None] * len(seen))
        tints = glyph_tints([(patches[i * h: (i + 1) * h], inks[i * h: (i + 1) * h], found,
                              glyph_masks(p, rank[0]))
                             for (i, found), rank in zip(seen, ranks, strict=True)])
        families, clarity = zip(*[colour_and_clarity(tint, p) for tint in tints],
                                strict=True)
        suits = p.suit_classifier.best_all(
            features_all([found.suit_part for _, found in seen], SUIT_SIZE),
            [None if f is None else set(f) for f in families])
        centres = card_centres(corners, width, p.aspect)
        # how well the readings' own rank and suit templates fit what was read
        fits = fits_and_leads_all([found for _, found in seen], p, [r[0] for r in ranks],
                                  [s[0] for s in suits])
        widths = np.broadcast_to(np.asarray(width, float), (len(corners),)).tolist()
        for (i, found), family, (rank, _, r_margin), (suit, _, s_margin), clear, fit in zip(
                seen, families, ranks, suits, clarity, fits, strict=True):
            readings[i] = self._reading(corners.corner(i), centres[i], maps[i],
                                        inks[i * h: (i + 1) * h], found, family, rank,
                                        r_margin, suit, s_margin, widths[i], fit, shifts[i],
                                        clear)
            if trace is not None:
                readings[i].candidates = _candidates(p, found, family)
        self._cut_higher(frame, maps, located, readings)
        if judge:
            self._judge_all([r for r in readings if r is not None])
        return readings

    def _both_inks(self, corners: Corners, width: float | np.ndarray,
                   patches: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The ink of the corners' windows (cut already: `patches`) as `read_corners` finds
        it, and as it finds it with `trust` (the corner taken as placed well); and for each
        corner whether the two differ: only there can a reading with `trust` differ."""
        guessed, trusted = inks_of(patches, self.cloth, self.enclosed,
                                   [_inside(self.profile, width, corners, 0, trust)
                                    for trust in (False, True)])
        return guessed, trusted, (guessed != trusted).reshape(len(corners), -1).any(axis=1)

    def _beyond_the_end(self, frame, corners: Corners, width: float | np.ndarray,
                        maps: np.ndarray,
                        patches: np.ndarray, inks: np.ndarray, located: list[Located],
                        trust: bool | np.ndarray = False) -> np.ndarray:
        """Where an index was found against the end of its window it may lie beyond (the
        corner found a few pixels off along the card's edge, on a deck whose slack is short):
        such windows are cut again, moved by the slack towards where the index lies, and
        searched again. Where the index then lies within its window, that window and what was
        found in it replace the first (in place: `maps`, `patches`, `inks`, `located`). The
        rows each window was moved by (0 where it was not) are returned: the index's distance
        from its place counts them."""
        p = self.profile
        shifts = np.zeros(len(corners), int)
        ends = [i for i, f in enumerate(located) if f.rank_box[1] in (0, 2 * PAD_Y)]
        if not ends:
            return shifts
        rows = np.array([-PAD_Y if located[i].rank_box[1] == 0 else PAD_Y for i in ends])
        _, y0, _, y1 = p.window
        if np.ndim(width):
            width = np.asarray(width)[ends]
        step = width * p.aspect * (y1 - y0) / PATCH_H  # a window row in frame pixels
        moved = corners.take(ends)
        points = moved.points + moved.vs * (rows * step)[:, None]
        again = window_matrices(points, moved.us, moved.vs, width, p)
        patches2 = cut_all(frame, again, p)
        inks2 = ink_of(patches2, self.cloth, self.enclosed,
                       _inside(p, width, moved, rows, np.asarray(trust)[ends] if np.ndim(trust)
                               else trust))
        h = len(inks2) // len(ends)
        for k, (i, found) in enumerate(zip(ends, locate_all(inks2, p), strict=True)):
            if found.rank_box[1] in (0, 2 * PAD_Y):
                continue  # against the end again: beyond any place the slack allows
            maps[i] = again[k]
            patches[i * h: (i + 1) * h] = patches2[k * h: (k + 1) * h]
            inks[i * h: (i + 1) * h] = inks2[k * h: (k + 1) * h]
            located[i] = found
            shifts[i] = rows[k]
        return shifts

    def _cut_higher(self, frame, maps: np.ndarray, located: list[Located],
                    readings: list[CardReading | None]) -> None:
        """Doubt the sure readings whose index may be the lower part of one lying beyond the
        window's top. A corner found a card's tenth off puts the index partly above the window;
        the rank is then found lower, cut (a 6's bowl with the suit below it reads as a 9, a 5's
        as a 2). Each reading whose rank lies in the upper half of the window's slack is
        cut again PAD_Y rows higher, all in one stack: where an index is found there higher
        than this one (by more than the suit's slack), the two windows disagree where the
        index lies: the reading's evidence says so (`higher`), and by how many rows (its
        `scores`: a doubt of `_judge` where it is not sure)."""
        near = [i for i, r in enumerate(readings) if r is not None
                and located[i].rank_box[1] <= PAD_Y // 2]
        if not near:
            return
        higher = maps[near].copy()
        higher[:, :, 2] -= higher[:, :, 1] * PAD_Y  # the origin PAD_Y window rows up
        inks = ink_of(cut_all(frame, higher, self.profile), self.cloth, self.enclosed)
        for i, found in zip(near, locate_all(inks, self.profile), strict=True):
            up = located[i].rank_box[1] + PAD_Y - found.rank_box[1]
            if (up > SUIT_SLACK and found.rank_match >= self.rank_seen
                    and found.suit_match >= self.suit_seen):
                readings[i].scores["higher_by"] = up
                readings[i].evidence["higher"] = 1.0

    def _reading(self, corner: Corner, center: np.ndarray, to_frame: np.ndarray,
                 ink: np.ndarray, found: Located, colour: frozenset[str] | None, rank: str,
                 r_margin: float, suit: str, s_margin: float, width: float,
                 fits: tuple[float, float, float, float], shift: int = 0,
                 clarity: float = 0.0) -> CardReading:
        """A corner's reading (its card centred at `center`) from what its window showed
        (moved `shift` rows along the card's edge from where the corner puts it; `fits`: how
        well its own templates fit, `index.fits_and_leads`): certain or not, and how sure."""
        p = self.profile
        rank_fit, suit_fit, rank_lead, suit_lead = fits
        match = min(rank_fit, suit_fit)
        off = off_place(found, p, shift)
        # a 6 or 8 found cut reads as a 9: on a deck that prints a line there, only a 9 is
        # asked (ink above says nothing of the others there, and they were read right)
        asked = rank in NUMBER_RANKS and (rank == "9" or not p.line_above)
        above = ink_above(ink, found) if asked else 0.0
        # beyond the card's own: a court whose frame runs by its index shows a line
        own_line, own_down = p.lines.get(rank + suit, (0.0, 0.0))
        line, down = lines_through(ink, found, None if rank == "Q" else found.rank_box[1])
        line = max(0.0, line - own_line)
        down = 0.0 if rank == "Q" else max(0.0, down - own_down)
        red = None if colour is None else bool(colour & RED_SUITS)
        evidence = {"rank_margin": r_margin, "suit_margin": s_margin,
                    "rank_share": r_margin / p.rank_margin_of(rank),
                    "suit_share": s_margin / p.suit_margin_of(suit),
                    "rank_fit": rank_fit, "suit_fit": suit_fit,
                    "rank_lead": rank_lead, "suit_lead": suit_lead,
                    "rank_match": found.rank_match, "suit_match": found.suit_match,
                    "colour": clarity if colour is not None else 1.0, "off_place": float(off),
                    "at_end": float(found.rank_box[1] in (0, 2 * PAD_Y)), "ink_above": above,
                    "line": line, "down": down, "shifted": float(shift != 0),
                    "outline": float(corner.from_outline), "higher": 0.0,
                    "width": width / 100, "nine": float(rank == "9"),
                    "court": float(rank in "JQK"), "on_card": 1.0, "twin": 0.0}
        x0, y0, x1, y1 = found.rank_box
        index_at = to_frame @ np.array([(x0 + x1) / 2, (y0 + y1) / 2, 1.0])
        reading = CardReading(rank + suit, 0.0, min(r_margin, s_margin), False, center,
                              scores={"match": round(match, 3),
                                      "rank_margin": round(r_margin, 3),
                                      "suit_margin": round(s_margin, 3), "red": red,
                                      "off_place": round(float(off), 3),
                                      "ink_above": round(above, 3)},
                              corner=corner, width=width, index_at=index_at, evidence=evidence)
        return reading

    def _judge(self, reading: CardReading, logit: float | None = None) -> None:
        """Certain or not by the model: its log-odds from the reading's evidence against the
        threshold picked on the tuning designs' tables; and never where a veto holds (the
        ink's colour unknown, the card it implies partly on cloth, ...: `vetoed`). Why not, in
        the model's terms (which measures weigh it down most `explain` adds: asked of every
        reading, several times a frame, they would cost more than the reading)."""
        model = self.certainty
        if model is None:  # gathering readings: nothing is sure
            reading.certain, reading.doubts = False, ["no certainty model"]
            return
        reading.logit = model.logit(reading.evidence) if logit is None else logit
        vetoes = vetoed(reading.evidence)
        if never_sure(self.profile, reading.card):
            vetoes = vetoes + ["the deck prints its bottom index upright: a 6 seen there reads "
                               "as a 9, a 9 as a 6"]
        reading.certain = not vetoes and reading.logit >= model.threshold
        reading.doubts = [] if reading.certain else (
            ([] if reading.logit >= model.threshold else
             [f"certainty {reading.logit:+.1f} below {model.threshold:+.1f}"]) + vetoes)
        if not reading.certain and "higher_by" in reading.scores:
            reading.doubts.append(f"a window cut higher finds an index "
                                  f"{reading.scores['higher_by']} rows above this one: it may "
                                  "be found cut (a 6 read as a 9)")
        # clipped in Python: np.clip costs ten times the rest on one number
        reading.confidence = float(1 / (1 + np.exp(-min(max(reading.logit, -30.0), 30.0))))

    def _judge_all(self, readings: list[CardReading]) -> None:
        """`_judge` for each reading, their log-odds in one call of the model."""
        model = self.certainty
        if model is None or not readings:
            for reading in readings:
                self._judge(reading)
            return
        logits = model.logits(model.vectors([r.evidence for r in readings]))
        for reading, logit in zip(readings, logits.tolist(), strict=True):
            self._judge(reading, logit)

    def explain(self, reading: CardReading) -> None:
        """Add to an uncertain reading's doubts the measures that weigh its log-odds down most
        (`Certainty.weakest`)."""
        model = self.certainty
        if model is None or reading.certain or reading.evidence is None:
            return
        for k, why in enumerate(reading.doubts):
            if why.startswith("certainty ") and ":" not in why:
                reading.doubts[k] = f"{why}: " + ", ".join(model.weakest(reading.evidence))


def never_sure(profile: DeckProfile, card: str) -> bool:
    """Whether a reading of `card` is never sure on this deck, whatever its log-odds: a 6 or
    9 of a deck that prints its bottom index upright (`TURNED_TWINS`)."""
    return bool(profile.bottom_upright and card[0] in TURNED_TWINS)


def ink_like_cloth(glyph_bgr: np.ndarray, cloth: Felt) -> bool:
    """Whether one of a deck's ink colours (`glyph_bgr`, 1 x n x 3) could be taken for the
    cloth: within its range, or within CLOTH_HUE_WIDTH hues beyond either end of it. On a
    camera a glyph's hue shifts (white balance, blur mixing it with paper, JPEG's coarse
    colour): a four-colour deck's blue diamonds (hue 120 enrolled) on blue baize learnt as
    hues 91-119 lost their index to the cloth mask, and a lone queen of them was missed."""
    # taken round the circle of hues (`felt` reads a range whose low end is the higher one as
    # running round red's end of the scale)
    wider = Felt(((cloth.low[0] - CLOTH_HUE_WIDTH) % 180, *cloth.low[1:]),
                 ((cloth.high[0] + CLOTH_HUE_WIDTH) % 180, *cloth.high[1:]))
    return bool(felt(glyph_bgr, wider).any())


def _inside(profile: DeckProfile, width: float | np.ndarray, corners: Corners,
            moved: np.ndarray | int = 0,
            trust: bool | np.ndarray = False) -> tuple[np.ndarray, int]:
    """Where each corner's window (moved `moved` rows along the card's edge) lies surely on
    its card (`index.card_inside`): from that row, of each window, and column on. Only for a
    corner at a long edge's end, unless `trust`: an outline's corner is a guess, often a few
    pixels off, and its window's cloth kept as ink read as an index (spurious unsure cards in
    dealt rounds); its reading with `trust` counts only where sure."""
    if np.ndim(width):  # a width per corner: each its own row, and the furthest column in
        # (the narrowest card's: a frame pixel of slip is more columns there), on card in all
        insides = {w: card_inside(profile, w) for w in set(np.asarray(width).tolist())}
        top = np.array([insides[w][0] for w in np.asarray(width).tolist()], int)
        left = max(inside[1] for inside in insides.values())
    else:
        top, left = card_inside(profile, width)
    tops = np.maximum(0, top - np.asarray(moved)) + np.zeros(len(corners), int)
    guessed = corners.from_outline & ~np.asarray(trust, bool)
    return np.where(guessed, window_shape(profile)[0], tops), left


def _within(segments: np.ndarray, regions: list[np.ndarray]) -> np.ndarray:
    """The segments (of the frame at twice the regions' resolution) whose midpoints lie in or
    by the bounding box of one of the regions."""
    boxes = np.array([cv2.boundingRect(c) for c in regions], float) * 2
    mids = (segments[:, :2] + segments[:, 2:]) / 2
    within = ((mids[:, None, 0] >= boxes[None, :, 0] - 6)
              & (mids[:, None, 0] <= boxes[None, :, 0] + boxes[None, :, 2] + 6)
              & (mids[:, None, 1] >= boxes[None, :, 1] - 6)
              & (mids[:, None, 1] <= boxes[None, :, 1] + boxes[None, :, 3] + 6)).any(1)
    return segments[within]


# a region whose own long edges' lengths differ from its group's by more than this share is
# read apart (and regions apart from one another)
APART = 0.04


def _by_edges(regions: list[np.ndarray], grown: np.ndarray, guess: float, aspect: float
              ) -> list[tuple[list[np.ndarray], np.ndarray, float, list[np.ndarray]]]:
    """The regions of one group in parts of one card size each, as their own followed edges
    (`grown`, at twice the regions' resolution) show it: each part with its long edges and
    its cards' height, and per region of it how far each of those edges' midpoints lies from
    its outline (`cv2.pointPolygonTest`, as `outline_corners` asks it: measured once). The
    group's height is the length most edges share (`card_height`); regions with an edge on
    their outline of about that length (or none near the `guess`) are one part at it,
    together with the edges in no region.

    Only an edge on a region's outline gives its length as the card's: every hand shows a
    whole long edge there (its first card's left edge, its top card's right one), and no
    other edge lies there; within, a court frame's lines and the pieces of a card's edge
    lying white on white over the card beneath are shorter (on pool-14 they outnumbered the
    cards' edges, and a hand was read at four fifths of its cards' size)."""
    lengths = np.hypot(*(grown[:, 2:] - grown[:, :2]).T)
    mid_xy = (grown[:, :2] + grown[:, 2:]) / 4
    mids = mid_xy.tolist()
    owner = np.full(len(grown), -1)
    outer = np.zeros(len(grown), bool)
    aparts = []
    for k, c in enumerate(regions):
        # an edge on the outline has its midpoint on the contour, or a pixel or two off it.
        # Only a midpoint within the region's box (and 3 pixels round it) can lie so near:
        # one further out is further from the outline than from the box (-inf: outside, far)
        x, y, w, h = cv2.boundingRect(c)
        near = ((mid_xy[:, 0] >= x - 3) & (mid_xy[:, 0] <= x + w + 2)
                & (mid_xy[:, 1] >= y - 3) & (mid_xy[:, 1] <= y + h + 2))
        apart = np.full(len(mids), -np.inf)
        apart[near] = [cv2.pointPolygonTest(c, (mids[i][0], mids[i][1]), True)
                       for i in np.flatnonzero(near).tolist()]
        aparts.append(apart)
        mine = (apart >= -2) & (owner < 0) if len(mids) else np.zeros(0, bool)
        owner[mine] = k
        outer[mine] = np.abs(apart[mine]) <= 2.5
    height = card_height(lengths, guess, aspect, outer)
    own: list[float | None] = []
    for k in range(len(regions)):
        theirs, on_outline = lengths[owner == k], outer[owner == k]
        near = (theirs > 0.75 * guess) & (theirs < 1.35 * guess)
        if not near.any() or (np.abs(theirs[on_outline] / height - 1) < APART).any():
            own.append(None)
        else:
            size = card_height(theirs, guess, aspect, on_outline)
            own.append(None if abs(size / height - 1) < APART else size)
    same = [k for k, o in enumerate(own) if o is None]
    # whether each edge's owner is one of `same` (or none), looked up by owner (np.isin's
    # sorting cost more than the rest of this function)
    is_same = np.zeros(len(regions) + 1, bool)
    is_same[0] = True
    is_same[np.array(same, int) + 1] = True
    parts = [(same, is_same[owner + 1], height)]
    for o, k in sorted((o, k) for k, o in enumerate(own) if o is not None):
        if len(parts) > 1 and o <= (1 + APART) * parts[-1][2]:
            parts[-1][0].append(k)
            parts[-1][1][owner == k] = True
        else:
            parts.append(([k], owner == k, o))
    out = []
    for ks, mine, size in parts:
        if ks or mine.any():
            chosen = mine & of_length(grown, size)
            out.append(([regions[k] for k in ks], grown[chosen], size,
                        [aparts[k][chosen] for k in ks]))
    return out


def _guesses(regions: list[np.ndarray], aspect: float, calibrated: float | None) -> list[float]:
    """Each card region's cards' long edge guessed from its outline (mask pixels,
    `region_height`); a calibrated size (`calibrated`) stands in for a guess far from it."""
    guesses = [region_height(c, aspect) for c in regions]
    if calibrated:
        guesses = [g if 0.7 < g / calibrated < 1.4 else calibrated for g in guesses]
    return guesses


def _by_size(regions: list[np.ndarray], guesses: list[float]
             ) -> list[tuple[list[np.ndarray], float]]:
    """The card regions in groups of about one card size, each with its cards' long edge
    guessed from the regions' outlines (`_guesses`)."""
    sized = sorted(zip(guesses, range(len(regions)), strict=True))
    groups: list[tuple[list[np.ndarray], list[float]]] = []
    for guess, k in sized:
        c = regions[k]
        if groups and guess <= 1.12 * groups[-1][1][0]:
            groups[-1][0].append(c)
            groups[-1][1].append(guess)
        else:
            groups.append(([c], [guess]))
    return [(cs, float(np.median(gs))) for cs, gs in groups]


_CLOSE_GREEN = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))  # half-resolution pixels


def _holes_filled(mask: np.ndarray, most: float) -> np.ndarray:
    """The card mask with the cloth-coloured patches that card surrounds, smaller than `most`
    pixels, filled in: green print seen as cloth. A patch is cloth 4-connected within, and
    touches no side of the frame. The patches are the holes that the card mask's contours
    enclose (a contour follows card 8-connected, round cloth 4-connected), each counted and
    filled within its own bounding box: a tenth of the time of labelling the whole frame's
    cloth, which cost a four-colour frame 2 of its 18 ms."""
    framed = cv2.copyMakeBorder(mask, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    contours, hierarchy = cv2.findContours(framed, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return mask
    for contour, (_, _, _, parent) in zip(contours, hierarchy[0], strict=True):
        if parent < 0:
            continue  # a card region's outside edge: only holes have a parent
        x, y, w, h = cv2.boundingRect(contour)
        inside = np.zeros((h, w), np.uint8)
        cv2.drawContours(inside, [contour], -1, 255, thickness=cv2.FILLED, offset=(-x, -y))
        box = framed[y: y + h, x: x + w]
        hole = cv2.bitwise_and(inside, cv2.bitwise_not(box))
        if cv2.countNonZero(hole) < most:
            cv2.bitwise_or(box, hole, dst=box)
    return framed[1:-1, 1:-1]


def _candidates(profile: DeckProfile, found: Located, family: set[str] | None) -> dict:
    """The classifiers' three best ranks and suits with their scores (for `--explain`)."""
    out = {}
    for name, classifier, part, size, allowed in (
            ("ranks", profile.rank_classifier, found.rank_part, RANK_SIZE, None),
            ("suits", profile.suit_classifier, found.suit_part, SUIT_SIZE, family)):
        ranked = classifier.ranked(features_all([part], size)[0], allowed)
        out[name] = [[c, round(v, 2)] for c, v in ranked]
    return out


def _covered_last(which: list[int], corners: Corners, centres: np.ndarray,
                  image: np.ndarray, width: float) -> list[int]:
    """Of the outline's corners `which`, those to read with the first batch: where two of
    them are one card's two index corners (their centres one, `_one_card`, facing apart),
    only the one whose short edge shows the stronger step (`short_edge_steps`). In a fan the
    other is mostly under the next card (a window on that card's face: no index), and the
    second batch reads it where its card was not read surely at the first (on four tuning
    designs, 48 tables: 95 of 101 such covered corners had the weaker step)."""
    if len(which) < 2:
        return which
    taken = corners.take(which)
    on, _ = short_edge_steps(image, taken, width)
    same = _one_card(centres[which], taken.us, width)[1]
    facing_apart = (taken.us @ taken.us.T) < -0.5
    weaker = (same & facing_apart & (on[None, :] > on[:, None])).any(axis=1)
    return [i for i, w in zip(which, weaker.tolist(), strict=True) if not w]


def _one_per_card(corners: Corners, centres: np.ndarray, width: float) -> np.ndarray:
    """Flags: of the corners at long edges, the first of each card in the order found. A
    corner whose card's centre (`centres`, n x 2) lies where an earlier flagged one's does is
    that card's too (`_one_card`, as `merge` joins two readings). Outline corners are never
    flagged."""
    same = _one_card(centres, corners.us, width)[1].tolist()
    flags = [False] * len(corners)
    chosen: list[int] = []
    for i in range(len(corners)):
        if not corners.from_outline[i] and not any(same[i][k] for k in chosen):
            flags[i] = True
            chosen.append(i)
    return np.array(flags, bool)


def _without_prints_beside(readings: list[CardReading],
                           trace: Trace | None = None) -> list[CardReading]:
    """The readings but those that are a card's print read as if its card lay elsewhere: an
    unsure reading whose card would lie partly on cloth (`partly_on_cloth`) within `TWIN`'s
    reach (1.2 card widths) of a card read surely. On the tuning designs' envelope tables
    (10 designs, 120 tables) 52 unsure readings lay where no card's centre was, 40 of them
    such; of the 18 cards left unsure none was. The watcher passes such places over as well
    (`watch._beside`), where the sure card arrived with them."""
    sure = [r for r in readings if r.certain]
    out = []
    for r in readings:
        beside = None if r.certain or not partly_on_cloth(r.evidence) else next(
            (s for s in sure if math.hypot(*(s.center - r.center)) < TWIN[1] * s.width), None)
        if beside is None:
            out.append(r)
        elif trace is not None and r.corner is not None:
            trace.passed(r.corner, f"read {r.card} unsurely, its card partly on cloth beside "
                         f"the {beside.card} read surely: a print of that card read as if it "
                         "lay elsewhere")
    return out


def _where_read(reading: CardReading, scale: float) -> tuple[float, ...]:
    """A sure reading as `_read_already` looks it up: its card's centre and its corner (in
    the pixels corners are found in, `scale` of the frame's), and the corner's `u`."""
    return (*(reading.center * scale).tolist(), *(reading.corner.point * scale).tolist(),
            *reading.corner.u.tolist())


def _read_already(point: list[float], anywhere: bool, centre: list[float],
                  sure: list[tuple[float, ...]], width: float) -> bool:
    """Whether the card of the corner at `point` (whose card's centre is `centre`) was read
    surely already (`sure`: centre, corner and the corner's `u` of each card read surely), at
    this corner (a border line inside a court card's face gives a second corner there) or,
    `anywhere`, at any of its corners. A card's centre as two corners imply it lies within
    0.135 card widths across the card (as in `merge`): the next card of a fan a quarter of a
    card across lies further, though within 0.25 of it (and was passed over)."""
    cx, cy = centre
    px, py = point
    for rx, ry, qx, qy, ux, uy in sure:
        if (math.hypot(rx - cx, ry - cy) >= 0.25 * width
                or abs((rx - cx) * ux + (ry - cy) * uy) >= 0.135 * width):
            continue
        if anywhere or math.hypot(qx - px, qy - py) < 0.5 * width:
            return True
    return False


def _on_card_share(mask: np.ndarray, corners: Corners, across: np.ndarray,
                   along: np.ndarray, inside: float = 1.0) -> np.ndarray:
    """For each corner, the share of a grid of points (pixels `across` the card and `along`
    its long edge from the corner) that lies on card in the mask (at half the resolution of
    the points), among the points within the frame; 0 when less than the share `inside` of
    them is. All corners at once."""
    if not len(corners):
        return np.zeros(0)
    grid = (corner_grid(corners, across, along) / 2).astype(int).reshape(len(corners), -1, 2)
    x, y = grid[..., 0], grid[..., 1]
    h, w = mask.shape
    seen = (x >= 0) & (y >= 0) & (x < w) & (y < h)
    on = np.zeros(x.shape, bool)
    on[seen] = mask[y[seen], x[seen]] > 0
    n = seen.sum(axis=1)
    share = on.sum(axis=1) / np.maximum(n, 1)
    return np.where((n >= inside * grid.shape[1]) & (n > 0), share, 0.0)


def _index_on_card(mask: np.ndarray, corners: Corners, width: float,
                   profile: DeckProfile, share: float = 1.0) -> np.ndarray:
    """Whether the middle of the index window each corner implies lies on card (at least the
    `share` of it: less where the index has the cloth's colour): at the far ends of long
    edges and where an edge was found on the felt it lies on the cloth."""
    x0, y0, x1, y1 = profile.window
    # where the index has the cloth's colour, its own glyphs are cloth in the mask (and one
    # reaching the card's edge notches the card's outline): the whole window is asked, and
    # less of it need be on card (a lone green ten of four-colour turned 50 degrees, its
    # corner placed on the card's own, had 0.44 of its window on card, and less of its
    # middle: it was missed)
    at = _WINDOW_MIDDLE if share >= 1.0 else _WINDOW_ALL
    return _on_card_share(mask, corners, width * (x0 + at * (x1 - x0)),
                          width * profile.aspect * (y0 + at * (y1 - y0))) >= share


_WINDOW_MIDDLE = np.array([0.3, 0.7])  # where `_index_on_card` samples a window
_WINDOW_ALL = np.linspace(0.1, 0.9, 5)


def _on_cards(mask: np.ndarray, corners: Corners, width: float,
              aspect: float) -> np.ndarray:
    """How much of the card each corner implies lies on card-coloured table (not over felt): a
    corner found a little wrong in a fan can put a neighbour's index where no card would fit.
    A card may reach out of the frame (the dealer's hand at the picture's edge): only what
    the frame shows counts, as long as it shows at least half of the card."""
    return _on_card_share(mask, corners, width * _ON_CARDS, width * aspect * _ON_CARDS, 0.5)


_ON_CARDS = np.linspace(0.1, 0.9, 5)  # where `_on_cards` samples, in card widths and heights


# how far apart (card widths) two readings of one code make one a twin of the other: beyond the
# next card of a fan (two cards of one code side by side in a six-deck shoe are read surely)
TWIN = (0.45, 1.2)


def _agree(members: list[CardReading], width: float, pair: float | None) -> bool:
    """Whether the readings of one card, none sure alone, read the same card at two printed
    indices (not one index read from two corners found close together), each with its ink's
    colour known and its card on card, and their two best log-odds added reach `pair` (picked
    on the tuning designs' tables as the single threshold is)."""
    if pair is None or len(members) < 2 or any(
            r.logit is None or r.card != members[0].card or vetoed(r.evidence)
            for r in members):
        return False
    apart = distances(np.array([r.index_at for r in members], float))
    if (apart + np.diag(np.full(len(members), np.inf))).min() < 0.5 * width:
        return False  # each a print of its own, or the same print would count twice
    return sum(sorted(r.logit for r in members)[-2:]) >= pair


def _one_card(centres: np.ndarray, turns: np.ndarray,
              width: float) -> tuple[np.ndarray, np.ndarray]:
    """The distances between the card centres that readings or corners imply (n x 2, each
    with its corner's `u`, `turns`), and which two imply one card: centres together, and
    corners pointing opposite ways unless at one place. A card's two index corners put its
    centre apart by their errors: across the card (along a corner's `u`) by up to 0.10 card
    widths, along it up to 0.14 (from where each card's outline or edges imply them: a card
    width and height away); the next card of a fan lies 0.25-0.35 widths across (less those
    errors: 0.17 at least, on tuning designs at seed 2026), and a centre radius of 0.25
    joined them."""
    apart = distances(centres)
    offset = centres[:, None, :] - centres[None, :, :]
    across = np.abs((offset * turns[:, None, :]).sum(axis=2))
    across = np.maximum(across, across.T)
    opposite = (turns @ turns.T <= 0) & (across < 0.135 * width) & (apart < 0.25 * width)
    return apart, opposite | (apart < 0.12 * width)


def merge(readings: list[CardReading], width: float,
          pair: float | None = None) -> list[CardReading]:
    """The readings of one card joined into one. A card's two index corners give the same
    centre; and a corner found off its place can read a card's index as if the card lay
    elsewhere, so two readings of the same printed index are one card too. Pairs join closest
    first, and a card never takes two readings of corners that point the same way from
    centres apart: in a tight fan the next card's top-left index lies nearer to this card's
    bottom-right one than corner finding is sure of, and joined they made both uncertain."""
    order = sorted(readings, key=lambda r: (not r.certain, -r.confidence))
    n = len(order)
    centres = np.array([r.center for r in order]).reshape(n, 2)
    turns = np.array([r.corner.u if r.corner is not None else (0.0, 0.0)
                      for r in order]).reshape(n, 2)
    inks = np.array([r.index_at if r.index_at is not None else (np.nan, np.nan)
                     for r in order], float).reshape(n, 2)
    # one card (`_one_card`), or one printed index (a reading without one is at no distance
    # from any: NaN compares false)
    apart, together = _one_card(centres, turns, width)
    one = together | (distances(inks) < 0.06 * width)
    left, right = np.nonzero(np.triu(one, 1))
    card_of = np.arange(n)  # each reading's card: the index of its first member
    for k in np.argsort(apart[left, right], kind="stable"):
        a, b = card_of[left[k]], card_of[right[k]]
        if a == b:
            continue
        members_a, members_b = np.flatnonzero(card_of == a), np.flatnonzero(card_of == b)
        if not one[members_a][:, members_b].all():
            continue  # every reading of a card must belong with every other
        card_of[np.concatenate((members_a, members_b))] = min(a, b)
    cards = []
    for first in sorted(set(card_of)):
        card = order[first]
        members = [order[k] for k in range(n) if card_of[k] == first]
        for other in members:
            if other is card:
                continue
            card.corners_read += 1
            if other.card != card.card and other.certain:
                card.certain = False  # two corners disagree: say so, do not pick
                card.doubts.append(f"another corner of it reads {other.card}")
        if not card.certain and _agree(members, width, pair):
            card.certain = True
            card.doubts = []
            card.confidence = max(r.confidence for r in members)
        cards.append(card)
    return sorted(cards, key=lambda c: (float(c.center[1]), float(c.center[0])))

