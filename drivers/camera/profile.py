"""Deck profiles: what the recognizer learns from one clean face image per card.

Enrolment finds the index window (where rank and suit are printed in the top-left corner;
the bottom-right one is the same turned 180 degrees) from the number cards, where nothing but
the index lies near the corner, splits it into the rank part and the suit part at the blank
rows between them, and keeps one template per rank (the mean over its four suits) and one per
suit (the mean over its thirteen ranks), as ink darkness at a canonical size. A deck that
places its glyphs a few pixels apart card by card has them moved onto their kind first.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from drivers.camera.corners import darkest_channel
from models.cards import ALL_CARDS, RANKS, SUITS

# canonical height of the index window, pixels: an index is 12 to 25 pixels high in a frame,
# so 64 rows keep its detail; at 96 a 720p frame took 16% longer and read no more right
PATCH_H = 64
NUMBER_RANKS = "A23456789T"
COURTS = "JQK"


class ProfileError(ValueError):
    """A deck that cannot be enrolled or a profile file that cannot be read."""


def darkness(img: np.ndarray) -> np.ndarray:
    """Ink as 0..1: black and red ink are dark in their darkest channel, paper is not."""
    return INK[darkest_channel(img)]


INK = 1.0 - np.arange(256, dtype=np.float32) / 255.0  # the ink of each darkest-channel value
# a learned margin from which `camera enroll` warns: of 33 designs enrolled on 2026-11-26 the
# five that learned 0.5 or more (0.52-0.81) all read under 99.5% on the benchmark (76.5-98.0%);
# of the 28 below, 20 read 99.5% or more, the rest 96.9-99.4% (a warning only: no reading
# depends on it)
HIGH_MARGIN = 0.5


@dataclass
class DeckProfile:
    aspect: float  # card height over width
    window: tuple[float, float, float, float]  # x0, y0, x1, y1 as shares of width and height
    split: int  # row of the canonical window where the suit part begins
    patch_w: int
    ranks: dict[str, np.ndarray]  # canonical rank parts, float32 0..1
    suits: dict[str, np.ndarray]  # canonical suit parts
    rank_classifier: Any = None  # classify.RidgeClassifier, fitted by training.train
    suit_classifier: Any = None
    # the classifiers' margins enrolment's wrong views reached (with room, and floors): how far
    # a reading clears them is evidence for the certainty model (`certainty.py`). Per rank
    # (suit) read: a wrong view read as a 9 says a 9 read that close may be wrong, nothing of
    # a king (a deck printing its bottom index upright confuses 6 and 9 only). The two single
    # margins are the largest (a profile enrolled before asks them of every rank and suit)
    rank_margin: float = 1.0
    suit_margin: float = 1.0
    # how well each rank's (suit's) template fits its own index seen through a camera (the
    # median over enrolment's simulated views): a thin 10 fits its sharp template less well
    # than a bold 4 does, so how well a reading fits is judged against its own template's
    rank_fit: dict[str, float] = field(default_factory=dict)
    suit_fit: dict[str, float] = field(default_factory=dict)
    # each suit's ink colour through a camera (`index.glyph_tint`: bluer, greener, redder
    # than the rest, per unit of ink), the median over enrolment's views: two colours or four
    tints: dict[str, list[float]] = field(default_factory=dict)
    glyph_bgr: dict[str, list[float]] = field(default_factory=dict)  # on the clean faces
    # below these the generic templates say no index is in a window: the recognizer's own
    # limits, lowered for a deck whose indices fit them worse through a camera (a jumbo 10)
    rank_seen: float = 1.0
    suit_seen: float = 1.0
    # the share of the rows above a number's rank its views showed as ink at most (a border
    # or the card's edge line printed just above the index shows as ink there)
    ink_above: float = 0.0
    # `suit_fit` on the court cards only: some designs draw the art so close to the index
    # that the suit's template, the mean over all ranks, fits their suit worse
    court_suit_fit: dict[str, float] = field(default_factory=dict)
    # whether the deck prints a line just above its index (a border, the card's edge line):
    # then ink there says nothing of a rank found cut, but on the 9 it is read as
    line_above: bool = False
    # suits whose ink enrolment's views showed in another suit's colour: suit -> the suits
    # seen in its colour (a green club seen as black puts C under S). A reading in that colour
    # is then told apart from them by shape, with a margin, not by colour alone
    colour_confused: dict[str, list[str]] = field(default_factory=dict)
    # each card's own column of ink through its window (`index.lines_through`), and from its
    # rank's top down, the medians over enrolment's views: a court's frame running by its
    # index shows as one, and a reading's evidence counts only the line beyond its card's own
    lines: dict[str, list[float]] = field(default_factory=dict)
    rank_margins: dict[str, float] = field(default_factory=dict)
    suit_margins: dict[str, float] = field(default_factory=dict)
    # the deck prints its bottom-right index upright, not turned round with the card (the
    # Ancient Egyptians deck): read at that corner, turned, a 6 shows a 9's glyph and a 9 a
    # 6's, as alike as the two cards' own top indices (`bottom_upright`)
    bottom_upright: bool = False

    def __post_init__(self) -> None:
        self.set_tints(self.tints)
        # what every rank (suit) has in common: finds where it sits without asking which
        self.any_rank = np.mean(list(self.ranks.values()), axis=0).astype(np.float32)
        self.any_suit = np.mean(list(self.suits.values()), axis=0).astype(np.float32)
        # the same at half size, for a coarse search first: rank and suit parts stacked
        # make half the window's height
        w, split = self.patch_w // 2, self.split // 2
        self.coarse = (cv2.resize(self.any_rank, (w, split), interpolation=cv2.INTER_AREA),
                       cv2.resize(self.any_suit, (w, PATCH_H // 2 - split),
                                  interpolation=cv2.INTER_AREA))
        self.coarse_ten = cv2.resize(self.ranks["T"], (w, split), interpolation=cv2.INTER_AREA)

    def rank_margin_of(self, rank: str) -> float:
        """The margin enrolment asks of a reading of this rank."""
        return self.rank_margins.get(rank, self.rank_margin)

    def suit_margin_of(self, suit: str) -> float:
        """The margin enrolment asks of a reading of this suit."""
        return self.suit_margins.get(suit, self.suit_margin)

    def set_tints(self, tints: dict[str, list[float]]) -> None:
        """Each suit's ink colour, and from them the deck's colours: suits printed in one
        colour tell each other apart by shape only."""
        self.tints = tints
        groups: list[tuple[np.ndarray, frozenset[str]]] = []
        for suit in SUITS:
            tint = np.array(self.tints.get(suit, (0.0, 0.0, 0.0)), np.float32)
            for k, (centre, members) in enumerate(groups):
                if np.linalg.norm(tint - centre) < 25:
                    groups[k] = (centre, members | {suit})
                    break
            else:
                groups.append((tint, frozenset(suit)))
        self.colour_groups = [(np.mean([self.tints.get(s, (0.0, 0.0, 0.0)) for s in members],
                                       axis=0).astype(np.float32), members)
                              for _, members in groups]

    def describe(self) -> list[str]:
        """What enrolment learned, in a few lines for the installer."""
        x0, y0, x1, y1 = self.window
        rank_h = self.split / PATCH_H * (y1 - y0)
        colours = " / ".join("".join(sorted(s, key=SUITS.index)) for _, s in self.colour_groups)
        return [f"card {self.aspect:.2f} times as high as wide",
                f"index window x {x0:.3f}-{x1:.3f}, y {y0:.3f}-{y1:.3f} of the card; rank "
                f"{rank_h:.3f} of the card high, suit below it",
                f"{len(self.colour_groups)} ink colours: {colours}",
                f"templates fit their own index through a camera: ranks "
                f"{min(self.rank_fit.values()):.2f}-{max(self.rank_fit.values()):.2f}, suits "
                f"{min(self.suit_fit.values()):.2f}-{max(self.suit_fit.values()):.2f}",
                f"classifier margins to clear: {self.rank_margin:.2f} "
                f"(rank{_of(self.rank_margins)}), {self.suit_margin:.2f} "
                f"(suit{_of(self.suit_margins)}); how far a reading clears them is evidence "
                "for the certainty model"] + self.warnings()

    def warnings(self) -> list[str]:
        """What enrolment saw that will leave cards uncertain, for the installer."""
        out = [f"warning: {name} margin {margin:.2f}{_of(each, HIGH_MARGIN)} (enrolment's views "
               f"were read as {'them' if each else 'another'} wrongly up to {margin / 1.25:.2f}: "
               f"a small index?): expect many of {'them' if each else 'them all'} left uncertain"
               for name, margin, each in (("rank", self.rank_margin, self.rank_margins),
                                          ("suit", self.suit_margin, self.suit_margins))
               if margin >= HIGH_MARGIN]
        if self.bottom_upright:
            out.append("warning: the bottom-right index is printed upright, not turned round: "
                       "a 6 seen there reads as a 9 and a 9 as a 6, so a 6 or 9 is never sure "
                       "alone (expect them left uncertain)")
        out += [f"warning: {'/'.join(sorted(seen, key=SUITS.index))} seen in the ink colour of "
                f"{suit} in enrolment's views: told apart from {suit} by shape, not colour"
                for suit, seen in sorted(self.colour_confused.items())]
        return out

    def save(self, path: Path) -> None:
        meta = {"aspect": self.aspect, "window": list(self.window), "split": self.split,
                "patch_w": self.patch_w, "rank_margin": self.rank_margin,
                "suit_margin": self.suit_margin, "rank_fit": self.rank_fit,
                "suit_fit": self.suit_fit, "window_rows": PATCH_H,
                "tints_per_ink": self.tints,
                "glyph_bgr": self.glyph_bgr, "rank_seen": self.rank_seen,
                "suit_seen": self.suit_seen, "ink_above": self.ink_above,
                "court_suit_fit": self.court_suit_fit, "line_above": self.line_above,
                "colour_confused": self.colour_confused, "lines": self.lines,
                "rank_margins": self.rank_margins, "suit_margins": self.suit_margins,
                "bottom_upright": self.bottom_upright}
        arrays = {f"rank_{r}": a for r, a in self.ranks.items()}
        arrays.update({f"suit_{s}": a for s, a in self.suits.items()})
        arrays["rank_weights"] = self.rank_classifier.weights
        arrays["suit_weights"] = self.suit_classifier.weights
        # none (no rows) where enrolment kept one scorer per suit (`training.train`)
        pairs = self.suit_classifier.pairs
        arrays["suit_pairs"] = np.zeros((0, 0)) if pairs is None else pairs
        with open(path, "wb") as f:
            np.savez_compressed(f, meta=np.frombuffer(json.dumps(meta).encode(), np.uint8),
                                **arrays)

    @classmethod
    def load(cls, path: Path) -> DeckProfile:
        try:
            data = np.load(path, allow_pickle=False)
            meta = json.loads(bytes(data["meta"]).decode())
            ranks = {r: data[f"rank_{r}"] for r in RANKS}
            suits = {s: data[f"suit_{s}"] for s in SUITS}
            rank_w, suit_w = data["rank_weights"], data["suit_weights"]
            suit_pairs = data["suit_pairs"] if "suit_pairs" in data.files else None
        except (OSError, ValueError, KeyError, EOFError) as exc:
            raise ProfileError(f"{path}: not a deck profile ({exc})") from None
        missing = [key for key in ("rank_fit", "suit_fit", "window_rows", "tints_per_ink",
                                   "court_suit_fit", "lines")
                   if key not in meta]
        if suit_pairs is None:
            missing.append("suit_pairs")
        elif not len(suit_pairs):
            suit_pairs = None
        if missing:
            raise ProfileError(f"{path}: made by an older version, without {missing[0]}: "
                               "enrol the deck again")
        if meta["window_rows"] != PATCH_H:
            raise ProfileError(f"{path}: made for index windows of {meta['window_rows']} rows, "
                               f"this version cuts {PATCH_H}: enrol the deck again")
        from drivers.camera.classify import RidgeClassifier
        return cls(meta["aspect"], tuple(meta["window"]), meta["split"], meta["patch_w"],
                   ranks, suits, RidgeClassifier(list(RANKS), rank_w),
                   RidgeClassifier(list(SUITS), suit_w, suit_pairs), meta["rank_margin"],
                   meta["suit_margin"], meta["rank_fit"], meta["suit_fit"],
                   meta["tints_per_ink"],
                   meta["glyph_bgr"], meta["rank_seen"], meta["suit_seen"], meta["ink_above"],
                   court_suit_fit=meta["court_suit_fit"],
                   line_above=bool(meta.get("line_above", False)),
                   colour_confused=meta.get("colour_confused", {}), lines=meta["lines"],
                   rank_margins=meta.get("rank_margins", {}),
                   suit_margins=meta.get("suit_margins", {}),
                   bottom_upright=bool(meta.get("bottom_upright", False)))


def _of(margins: dict[str, float], least: float | None = None) -> str:
    """The ranks (suits) whose own margin is above the least any is asked (or `least`), as
    words for `describe` (", for 6 9; the others 0.15") or `warnings` (" for 6 9")."""
    if not margins:
        return ""
    floor = min(margins.values()) if least is None else least
    high = [k for k, m in margins.items() if m > floor]
    return f", for {' '.join(high)}; the others {floor:.2f}" if high and least is None else (
        f" for {' '.join(high)}" if high else "")


IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")


def load_faces(folder: Path) -> dict[str, np.ndarray]:
    """The 52 face images of a folder by card code, or a ProfileError naming what is wrong:
    a card missing, a file naming no card, two files for one card, an unreadable image, sizes
    that differ, the same picture under two names, or a picture that is no card face."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ProfileError(f"{folder}: no such folder of card images")
    expected = {c.code for c in ALL_CARDS}
    found: dict[str, Path] = {}
    images = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
    for path in images:
        code = path.stem.upper()
        if code in found:
            raise ProfileError(f"{folder}: {found[code].name} and {path.name} are both {code}: "
                               "one image per card")
        found[code] = path
    missing = sorted(expected - set(found))
    extra = sorted(set(found) - expected)
    if missing or extra:
        count = f"{len(images)} images, a deck has 52: " if len(images) != 52 else ""
        if missing:
            raise ProfileError(f"{folder}: {count}no image for {', '.join(missing[:8])}"
                               f"{' ...' if len(missing) > 8 else ''} "
                               "(files are named AS.png .. KD.png)")
        raise ProfileError(f"{folder}: {count}{found[extra[0]].name} names no card "
                           "(files are named AS.png .. KD.png, ten as T)")
    faces = {}
    for code in sorted(expected):
        img = cv2.imread(str(found[code]), cv2.IMREAD_COLOR)
        if img is None:
            raise ProfileError(f"{found[code]}: not a readable image")
        faces[code] = img
    sizes = {f.shape[:2] for f in faces.values()}
    if len(sizes) != 1:
        raise ProfileError(f"{folder}: the card images differ in size ({sorted(sizes)[:3]})")
    for code, face in faces.items():
        why = _not_a_face(face)
        if why:
            raise ProfileError(f"{found[code]}: not a card face ({why})")
    _no_duplicates(faces, found)
    return faces


def _not_a_face(face: np.ndarray) -> str | None:
    """Why an image cannot be a card's face seen flat and whole, or None."""
    h, w = face.shape[:2]
    if not 1.2 <= h / w <= 1.75:
        return f"{w} x {h} pixels: a card standing upright is 1.4 to 1.6 times as high as wide"
    if w < 60:
        return f"{w} pixels wide: at least 60 are needed to learn its index"
    ink = darkness(face)
    paper = float(np.mean(ink < 0.25))
    if paper < 0.3:
        return f"only {paper:.0%} of it is light: a face is mostly light card"
    if float(np.mean(ink > 0.35)) < 0.005:
        return "it is blank"
    return None


def _no_duplicates(faces: dict[str, np.ndarray], files: dict[str, Path]) -> None:
    """Refuse two cards whose images are the same picture (a file copied under another
    name): compared small, as ink."""
    codes = sorted(faces)
    stack = np.stack([cv2.resize(faces[c], (48, 68), interpolation=cv2.INTER_AREA).ravel()
                      for c in codes]).astype(np.int16)
    for i in range(len(codes)):
        # the same picture, saved again (JPEG) at most: hardly a pixel differs much
        differ = (np.abs(stack[i + 1:] - stack[i]) > 40).mean(axis=1)
        same = np.flatnonzero(differ < 0.002)
        if len(same):
            j = i + 1 + int(same[0])
            raise ProfileError(f"{files[codes[i]].name} and {files[codes[j]].name} are the same "
                               "picture: each card needs its own")


def _common_ink(faces: dict[str, np.ndarray], rw: int, rh: int) -> np.ndarray:
    """Where every face has ink of one colour in its top-left `rw` x `rh` corner: a border
    line or frame printed on every card, not an index (an index's rank and suit change from
    card to card, in shape or in colour)."""
    corners = np.stack([f[:rh, :rw] for f in faces.values()]).astype(np.float32)
    ink = np.stack([darkness(f[:rh, :rw]) for f in faces.values()])
    return (np.mean(ink > 0.35, axis=0) >= 0.95) & (corners.std(axis=0).max(axis=2) < 25)


# where enrolment looks for the index: the card's left 30% and top 50%, a glyph of it
# starting in the top 40% (a big rank's suit may reach further down: Nicu White's to 43%)
CORNER = (0.3, 0.5)
INDEX_STARTS = 0.4


def _index_box(face: np.ndarray, common: np.ndarray) -> tuple[int, int, int, int] | None:
    """Bounding box of the ink wholly inside the top-left corner region (the index), the ink
    common to every card (`common`, a border) left out; only glyphs that start in the top
    `INDEX_STARTS` of the card count."""
    h, w = face.shape[:2]
    rh, rw = common.shape
    starts = int(INDEX_STARTS * h)
    ink = (darkness(face[:rh, :rw]) > 0.35) & ~common
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    # pieces of a border line left where an index glyph crosses it lie along it
    near = cv2.dilate(common.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    along = np.bincount(labels[near].ravel(), minlength=n)
    pieces = [stats[i] for i in range(1, n) if along[i] <= 0.5 * stats[i][4]]
    # a glyph joined to a thin line running out of the corner (a frame line drawn in the
    # suit's colour from the index down the card's side: Jolly Royal's diamonds) is that
    # glyph once lines narrower than a glyph's stroke are opened away
    thin = np.ones((1, max(3, round(0.02 * w))), np.uint8)
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        if along[i] <= 0.5 * area and (x + bw >= rw - 1 or y + bh >= rh - 1) and y < starts:
            opened = cv2.morphologyEx((labels == i).astype(np.uint8), cv2.MORPH_OPEN, thin)
            m, _, parts, _ = cv2.connectedComponentsWithStats(opened, connectivity=8)
            pieces += [parts[k] for k in range(1, m)]
    boxes = []
    for x, y, bw, bh, area in pieces:
        if area < 6 or x + bw >= rw - 1 or y + bh >= rh - 1 or y >= starts:
            continue  # noise, or something reaching out of the corner (pips, artwork)
        if x <= 1 or y <= 1:
            continue  # the card's own edge line
        if bw < 0.012 * w and bh < 0.012 * h:
            continue  # a speck: an index glyph is bigger, and a border's joins leave these
        boxes.append((int(x), int(y), int(x + bw), int(y + bh)))
    if not boxes:
        return None
    # the index is the column of ink nearest the card's corner: rank over suit. Ink further
    # in that starts right of that column's middle (a pip, a court's frame) is not index
    boxes.sort(key=lambda b: b[0] ** 2 + b[1] ** 2)
    first = boxes[0]
    mid = (first[0] + first[2]) / 2
    column = [b for b in boxes if b[0] <= mid + 0.02 * w]
    xs0, ys0, xs1, ys1 = zip(*column, strict=True)
    return min(xs0), min(ys0), max(xs1), max(ys1)


def _agreeing(boxes: dict[str, tuple[int, int, int, int]], w: int,
              h: int) -> list[tuple[int, int, int, int]]:
    """The number cards' index boxes that agree with most on where the index sits (the
    middle of its column and its top; an A or a 10 is wider, a rank or suit may be lower). A
    few that do not (ink of a pip within the corner) are left out; many are refused: the
    index is not where it is on the others."""
    middle = np.median([(b[0] + b[2]) / 2 for b in boxes.values()])
    top = np.median([b[1] for b in boxes.values()])
    bottom = np.median([b[3] for b in boxes.values()])
    good = {code: b for code, b in boxes.items()
            if abs((b[0] + b[2]) / 2 - middle) <= 0.04 * w and abs(b[1] - top) <= 0.03 * h
            and abs(b[3] - bottom) <= 0.05 * h}
    odd = sorted(set(boxes) - set(good))
    if len(odd) > len(boxes) // 8:
        raise ProfileError(f"the index does not sit in one place on {', '.join(odd[:6])}"
                           f"{' ...' if len(odd) > 6 else ''}: are the faces upright and cut "
                           "to the card's edge?")
    return list(good.values())


def correlation(a: np.ndarray, b: np.ndarray) -> float:
    """The normalised correlation of two arrays of one shape (-1 to 1; 0 where one is flat)."""
    a, b = a - a.mean(), b - b.mean()
    norm = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return float((a * b).sum()) / norm if norm > 1e-9 else 0.0


def _check_labels(crops: dict[str, np.ndarray], split: int) -> None:
    """Refuse a number card whose index reads as another card's (a file named wrong): its rank
    part is compared with every rank's template made from the other suits' cards, its suit
    part with the suits' made from the other number cards. Court cards are not asked: some
    decks print their index a little apart (cardsJS's jacks)."""
    for code, crop in crops.items():
        rank, suit = code
        if rank not in NUMBER_RANKS:
            continue
        fits = {r: correlation(crop[:split], np.mean(
            [crops[r + s][:split] for s in SUITS if r + s != code], axis=0)) for r in RANKS}
        best = max(fits, key=fits.get)
        if best != rank and fits[best] > fits[rank] + 0.1:
            raise ProfileError(f"{code}: its index reads as a {best}, not a {rank} "
                               "(is the file named for the card it shows?)")
        fits = {t: correlation(crop[split:], np.mean(
            [crops[r + t][split:] for r in NUMBER_RANKS if r + t != code], axis=0))
            for t in SUITS}
        best = max(fits, key=fits.get)
        if best != suit and fits[best] > fits[suit] + 0.1:
            raise ProfileError(f"{code}: its index shows the suit {best}, not {suit} "
                               "(is the file named for the card it shows?)")


def _split_row(parts: list[np.ndarray]) -> int:
    """The blank band between rank and suit: the emptiest rows of the summed ink profile in
    the middle of the window."""
    profile = np.mean([p.mean(axis=1) for p in parts], axis=0)
    lo, hi = int(0.3 * len(profile)), int(0.75 * len(profile))
    return lo + int(np.argmin(profile[lo:hi]))


def index_profile(faces: dict[str, np.ndarray]) -> DeckProfile:
    """Where the index lies and what its parts look like, from the clean faces."""
    h, w = next(iter(faces.values())).shape[:2]
    common = _common_ink(faces, int(CORNER[0] * w), int(CORNER[1] * h))
    boxes = {r + s: _index_box(faces[r + s], common) for r in NUMBER_RANKS for s in SUITS}
    lacking = [code for code, box in boxes.items() if box is None]
    if lacking:
        raise ProfileError(f"no index found in the top-left corner of {', '.join(lacking[:6])}:"
                           " faces are upright, index top left")
    boxes = _agreeing(boxes, w, h)
    x0 = max(0, min(b[0] for b in boxes) - 0.015 * w) / w
    y0 = max(0, min(b[1] for b in boxes) - 0.012 * h) / h
    x1 = min(w, max(b[2] for b in boxes) + 0.015 * w) / w
    y1 = min(h, max(b[3] for b in boxes) + 0.012 * h) / h
    patch_w = max(16, round(PATCH_H * (x1 - x0) * w / ((y1 - y0) * h)))
    crops = {code: _canonical(face, (x0, y0, x1, y1), patch_w) for code, face in faces.items()}
    split = _split_row([crops[r + s] for r in NUMBER_RANKS for s in SUITS])
    try:
        _check_labels(crops, split)
    except ProfileError:
        # a rank read as another where it lies: on a deck that places its glyphs a few pixels
        # apart card by card, the templates blur. Each glyph moved onto its kind, the deck is
        # asked again (a face filed under another card is still refused). Decks learned as
        # printed are left so: every measure of the recognizer was taken on them that way
        crops = _aligned(faces, crops, (x0, y0, x1, y1), patch_w, split)
        _check_labels(crops, split)
    ranks = {r: np.mean([crops[r + s][:split] for s in SUITS], axis=0).astype(np.float32)
             for r in RANKS}
    suits = {s: np.mean([crops[r + s][split:] for r in RANKS], axis=0).astype(np.float32)
             for s in SUITS}
    return DeckProfile(h / w, (x0, y0, x1, y1), split, patch_w, ranks, suits,
                       glyph_bgr=_glyph_colours(faces, (x0, y0, x1, y1)),
                       bottom_upright=bottom_upright(faces, (x0, y0, x1, y1), patch_w))


def bottom_upright(faces: dict[str, np.ndarray], window, patch_w: int) -> bool:
    """Whether the deck prints its bottom-right index upright rather than turned round with
    the card: on the number cards, the bottom-right window turned round (what a camera sees
    at that corner) fits the top-left one badly wherever it is laid over it (up to 8 window
    pixels off: Jolly Royal prints its two indices a few pixels apart), though it holds as
    much ink. The medians: 0.85-1.0 on turned decks (Jolly Royal the lowest), 0.61 on Ancient
    Egyptians, 0.66 on our deck with its bottom glyphs turned upright. A deck that prints no
    bottom-right index holds little ink there and is not taken for one."""
    alike, inked = [], []
    for r in NUMBER_RANKS:
        for s in SUITS:
            face = faces[r + s]
            top = _canonical(face, window, patch_w)
            turned = _canonical(face[::-1, ::-1], window, patch_w)
            around = cv2.copyMakeBorder(turned, 8, 8, 8, 8, cv2.BORDER_CONSTANT, value=0)
            alike.append(float(cv2.matchTemplate(around, top, cv2.TM_CCOEFF_NORMED).max()))
            inked.append(float(turned.sum()) >= 0.5 * float(top.sum()))
    return float(np.median(alike)) < 0.75 and float(np.mean(inked)) >= 0.8


def _glyph_colours(faces: dict[str, np.ndarray], window) -> dict[str, list[float]]:
    """Each suit's ink colour on the clean faces (BGR): the median of the index's dark
    pixels over its number cards."""
    h, w = next(iter(faces.values())).shape[:2]
    x0, y0, x1, y1 = window
    out = {}
    for suit in SUITS:
        pixels = []
        for rank in NUMBER_RANKS:
            crop = faces[rank + suit][int(y0 * h):int(round(y1 * h)),
                                      int(x0 * w):int(round(x1 * w))]
            pixels.append(crop[darkness(crop) > 0.5])
        pixels = np.concatenate(pixels)
        out[suit] = np.median(pixels, axis=0).tolist() if len(pixels) else [0.0, 0.0, 0.0]
    return out


# how far (canonical pixels) a glyph may lie from where the deck's others of its kind lie, and
# how much better it must then fit them to be moved: a hand-drawn deck places its glyphs a few
# pixels apart card by card (Jolly Royal: 2-5 px of a 250 px card), and their mean is blurred
ALIGN = 3
ALIGN_GAIN = 0.05


def _aligned(faces: dict[str, np.ndarray], crops: dict[str, np.ndarray], window,
             patch_w: int, split: int) -> dict[str, np.ndarray]:
    """Each card's rank part moved onto where its rank's others lie, and its suit part onto
    where its suit's others lie, by whole canonical pixels (up to `ALIGN`), where that fits
    them `ALIGN_GAIN` better: a deck printed alike on every card is left as it is. The others
    are taken where they were moved to, three times over (their first mean is blurred)."""
    x0, y0, x1, y1 = window
    px, py = (x1 - x0) / patch_w, (y1 - y0) / PATCH_H  # a canonical pixel, card fractions
    big = {code: _cut(face, (x0 - ALIGN * px, y0 - ALIGN * py, x1 + ALIGN * px,
                             y1 + ALIGN * py), patch_w + 2 * ALIGN, PATCH_H + 2 * ALIGN)
           for code, face in faces.items()}
    shifts = [(dy, dx) for dy in range(-ALIGN, ALIGN + 1) for dx in range(-ALIGN, ALIGN + 1)]

    def part(code: str, at: tuple[int, int], rows: slice) -> np.ndarray:
        dy, dx = at
        return big[code][ALIGN + dy:ALIGN + dy + PATCH_H, ALIGN + dx:ALIGN + dx + patch_w][rows]

    out = {code: crop.copy() for code, crop in crops.items()}
    for rows, key in ((slice(0, split), 0), (slice(split, PATCH_H), 1)):
        moved = dict.fromkeys(crops, (0, 0))
        for _ in range(3):
            for code in crops:
                others = [c for c in crops if c[key] == code[key] and c != code]
                if not others:
                    continue
                # on the wider cut's own pixel grid, the card's and the others' alike
                mean = np.mean([part(c, moved[c], rows) for c in others], axis=0)
                fits = {at: correlation(part(code, at, rows), mean) for at in shifts}
                best = max(fits, key=fits.get)
                moved[code] = best if fits[best] >= fits[(0, 0)] + ALIGN_GAIN else (0, 0)
        for code, (dy, dx) in moved.items():
            if (dy, dx) != (0, 0):
                out[code][rows] = _cut(faces[code], (x0 + dx * px, y0 + dy * py,
                                                     x1 + dx * px, y1 + dy * py),
                                       patch_w, PATCH_H)[rows]
    return out


def _cut(face: np.ndarray, window, patch_w: int, patch_h: int) -> np.ndarray:
    """`_canonical`, for a window that may reach past the card's edge (the face's edge
    pixels carried on there)."""
    h, w = face.shape[:2]
    pad = max(h, w) // 10
    wide = cv2.copyMakeBorder(face, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
    x0, y0, x1, y1 = window
    return _canonical(wide, ((x0 * w + pad) / (w + 2 * pad), (y0 * h + pad) / (h + 2 * pad),
                             (x1 * w + pad) / (w + 2 * pad), (y1 * h + pad) / (h + 2 * pad)),
                      patch_w, patch_h)


def _canonical(face: np.ndarray, window, patch_w: int, patch_h: int = PATCH_H) -> np.ndarray:
    h, w = face.shape[:2]
    x0, y0, x1, y1 = window
    crop = face[int(y0 * h):int(round(y1 * h)), int(x0 * w):int(round(x1 * w))]
    return darkness(cv2.resize(crop, (patch_w, patch_h), interpolation=cv2.INTER_AREA))
