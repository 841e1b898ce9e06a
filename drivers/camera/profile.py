"""Deck profiles: what the recognizer learns from one clean face image per card.

Enrolment finds the index window (where rank and suit are printed in the top-left corner;
the bottom-right one is the same turned 180 degrees) from the number cards, where nothing but
the index lies near the corner, splits it into the rank part and the suit part at the blank
rows between them, and keeps one template per rank (the mean over its four suits) and one per
suit (the mean over its thirteen ranks), as ink darkness at a canonical size.
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


class ProfileError(ValueError):
    """A deck that cannot be enrolled or a profile file that cannot be read."""


def darkness(img: np.ndarray) -> np.ndarray:
    """Ink as 0..1: black and red ink are dark in their darkest channel, paper is not."""
    return INK[darkest_channel(img)]


INK = 1.0 - np.arange(256, dtype=np.float32) / 255.0  # the ink of each darkest-channel value


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
    rank_margin: float = 1.0  # margins beyond which a reading is certain
    suit_margin: float = 1.0
    # how well each rank's (suit's) template fits its own index seen through a camera (the
    # median over enrolment's simulated views): a thin 10 fits its sharp template less well
    # than a bold 4 does, so how well a reading fits is judged against its own template's
    rank_fit: dict[str, float] = field(default_factory=dict)
    suit_fit: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # what every rank (suit) has in common: finds where it sits without asking which
        self.any_rank = np.mean(list(self.ranks.values()), axis=0).astype(np.float32)
        self.any_suit = np.mean(list(self.suits.values()), axis=0).astype(np.float32)
        # the same at half size, for a coarse search first: rank and suit parts stacked
        # make half the window's height
        w, split = self.patch_w // 2, self.split // 2
        self.coarse = (cv2.resize(self.any_rank, (w, split), interpolation=cv2.INTER_AREA),
                       cv2.resize(self.any_suit, (w, PATCH_H // 2 - split),
                                  interpolation=cv2.INTER_AREA))

    def save(self, path: Path) -> None:
        meta = {"aspect": self.aspect, "window": list(self.window), "split": self.split,
                "patch_w": self.patch_w, "rank_margin": self.rank_margin,
                "suit_margin": self.suit_margin, "rank_fit": self.rank_fit,
                "suit_fit": self.suit_fit, "window_rows": PATCH_H}
        arrays = {f"rank_{r}": a for r, a in self.ranks.items()}
        arrays.update({f"suit_{s}": a for s, a in self.suits.items()})
        arrays["rank_weights"] = self.rank_classifier.weights
        arrays["suit_weights"] = self.suit_classifier.weights
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
        except (OSError, ValueError, KeyError, EOFError) as exc:
            raise ProfileError(f"{path}: not a deck profile ({exc})") from None
        missing = [key for key in ("rank_fit", "suit_fit", "window_rows") if key not in meta]
        if missing:
            raise ProfileError(f"{path}: made by an older version, without {missing[0]}: "
                               "enrol the deck again")
        if meta["window_rows"] != PATCH_H:
            raise ProfileError(f"{path}: made for index windows of {meta['window_rows']} rows, "
                               f"this version cuts {PATCH_H}: enrol the deck again")
        from drivers.camera.classify import RidgeClassifier
        return cls(meta["aspect"], tuple(meta["window"]), meta["split"], meta["patch_w"],
                   ranks, suits, RidgeClassifier(list(RANKS), rank_w),
                   RidgeClassifier(list(SUITS), suit_w), meta["rank_margin"],
                   meta["suit_margin"], meta["rank_fit"], meta["suit_fit"])


def load_faces(folder: Path) -> dict[str, np.ndarray]:
    folder = Path(folder)
    if not folder.is_dir():
        raise ProfileError(f"{folder}: no such folder of card images")
    expected = {c.code for c in ALL_CARDS}
    found = {p.stem.upper(): p for p in folder.iterdir()
             if p.suffix.lower() in (".png", ".jpg", ".jpeg", ".bmp")}
    missing = sorted(expected - set(found))
    if missing:
        raise ProfileError(f"{folder}: no image for {', '.join(missing[:8])}"
                           f"{' ...' if len(missing) > 8 else ''} "
                           "(files are named AS.png .. KD.png)")
    extra = sorted(set(found) - expected)
    if extra:
        raise ProfileError(f"{folder}: {found[extra[0]].name} names no card")
    faces = {}
    for code in sorted(expected):
        img = cv2.imread(str(found[code]), cv2.IMREAD_COLOR)
        if img is None:
            raise ProfileError(f"{found[code]}: not a readable image")
        faces[code] = img
    sizes = {f.shape[:2] for f in faces.values()}
    if len(sizes) != 1:
        raise ProfileError(f"{folder}: the card images differ in size ({sorted(sizes)[:3]})")
    return faces


def _index_box(face: np.ndarray) -> tuple[int, int, int, int] | None:
    """Bounding box of the ink wholly inside the top-left corner region (the index)."""
    h, w = face.shape[:2]
    rw, rh = int(0.25 * w), int(0.4 * h)
    ink = (darkness(face[:rh, :rw]) > 0.35).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    boxes = []
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        if area < 6 or x + bw >= rw - 1 or y + bh >= rh - 1:
            continue  # noise, or something reaching out of the corner (pips, artwork)
        if x <= 1 or y <= 1:
            continue  # the card's own border
        boxes.append((x, y, x + bw, y + bh))
    if not boxes:
        return None
    xs0, ys0, xs1, ys1 = zip(*boxes, strict=True)
    return min(xs0), min(ys0), max(xs1), max(ys1)


def _split_row(parts: list[np.ndarray]) -> int:
    """The blank band between rank and suit: the emptiest rows of the summed ink profile in
    the middle of the window."""
    profile = np.mean([p.mean(axis=1) for p in parts], axis=0)
    lo, hi = int(0.3 * len(profile)), int(0.75 * len(profile))
    return lo + int(np.argmin(profile[lo:hi]))


def index_profile(faces: dict[str, np.ndarray]) -> DeckProfile:
    """Where the index lies and what its parts look like, from the clean faces."""
    h, w = next(iter(faces.values())).shape[:2]
    boxes = [_index_box(faces[r + s]) for r in NUMBER_RANKS for s in SUITS]
    if any(b is None for b in boxes):
        raise ProfileError("no index found in the top-left corner of some number cards")
    x0 = max(0, min(b[0] for b in boxes) - 0.015 * w) / w
    y0 = max(0, min(b[1] for b in boxes) - 0.012 * h) / h
    x1 = min(w, max(b[2] for b in boxes) + 0.015 * w) / w
    y1 = min(h, max(b[3] for b in boxes) + 0.012 * h) / h
    patch_w = max(16, round(PATCH_H * (x1 - x0) * w / ((y1 - y0) * h)))
    crops = {code: _canonical(face, (x0, y0, x1, y1), patch_w) for code, face in faces.items()}
    split = _split_row([crops[r + s] for r in NUMBER_RANKS for s in SUITS])
    ranks = {r: np.mean([crops[r + s][:split] for s in SUITS], axis=0).astype(np.float32)
             for r in RANKS}
    suits = {s: np.mean([crops[r + s][split:] for r in RANKS], axis=0).astype(np.float32)
             for s in SUITS}
    return DeckProfile(h / w, (x0, y0, x1, y1), split, patch_w, ranks, suits)


def _canonical(face: np.ndarray, window, patch_w: int) -> np.ndarray:
    h, w = face.shape[:2]
    x0, y0, x1, y1 = window
    crop = face[int(y0 * h):int(round(y1 * h)), int(x0 * w):int(round(x1 * w))]
    return darkness(cv2.resize(crop, (patch_w, PATCH_H), interpolation=cv2.INTER_AREA))
