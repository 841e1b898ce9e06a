"""Enrolment's simulated camera: what each card's index looks like from above the table.

Each clean face is laid on felt at a random size, angle and light, blurred, given sensor noise
and JPEG-compressed; its index window is then cut with a slightly wrong corner and card size,
as corner finding gets them wrong in live frames, and aligned by `index.locate`. The rank and
suit classifiers are fitted on these views, and their certainty thresholds are set from a
second, held-out set of views so that no wrong reading there passes as certain.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from drivers.camera.classify import RANK_SIZE, SUIT_SIZE, RidgeClassifier, features
from drivers.camera.index import cut_window, fit, glyph_colour, ink_of, locate, own_fit
from drivers.camera.profile import DeckProfile, index_profile, load_faces
from models.cards import RANKS, SUITS

FELT_BGR = (45, 120, 35)
# floors measured on rendered tables of both test decks (2026-11-23): no wrong rank or suit
# whose own templates fit (at the recognizer's certainty) reached them; right readings of
# small red 3, 5 and 8 and of spades and clubs fall to 0.38 and 0.53
RANK_FLOOR = 0.35
SUIT_FLOOR = 0.6


def camera_view(face: np.ndarray, rng: np.random.Generator):
    """The face on felt as an overhead camera might see it, with the true top-left or
    bottom-right corner (point, u, v) and card width."""
    h, w = face.shape[:2]
    card_w = rng.uniform(80, 140)
    scale = card_w / w
    angle = rng.uniform(-180, 180)
    size = int(card_w * 2.2)
    centre = np.array([size / 2, size / 2])
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale)
    m[:, 2] += centre - np.array([w / 2, h / 2])
    img = cv2.warpAffine(face, m, (size, size), flags=cv2.INTER_AREA,
                         borderMode=cv2.BORDER_CONSTANT, borderValue=FELT_BGR)
    img = img.astype(np.float32) * rng.uniform(0.8, 1.1) + rng.uniform(-15, 15)
    img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.2))
    img += rng.normal(0, rng.uniform(0, 5), img.shape)
    img = np.clip(img, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(55, 95))])
    img = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    a = m[:, :2]
    u = a @ np.array([1.0, 0.0])
    v = a @ np.array([0.0, 1.0])
    u, v = u / np.linalg.norm(u), v / np.linalg.norm(v)
    if rng.random() < 0.5:  # the top-left index
        point = m @ np.array([0.0, 0.0, 1.0])
    else:  # the bottom-right one, read turned 180 degrees
        point, u, v = m @ np.array([w, h, 1.0]), -u, -v
    return img, point, u, v, card_w


def perturbed(point, u, v, width, rng):
    """The corner as corner finding might report it: a little off, a little turned."""
    turn = np.deg2rad(rng.normal(0, 1.2))
    rot = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    return (point + rng.normal(0, 1.5, 2), rot @ u, rot @ v,
            width * rng.normal(1.0, 0.03))


def views(profile: DeckProfile, faces: dict[str, np.ndarray], per_card: int, seed: int):
    """(code, rank features, suit features, ink colour) for simulated views of every card."""
    rng = np.random.default_rng(seed)
    out = []
    for code, face in sorted(faces.items()):
        for _ in range(per_card):
            img, point, u, v, width = camera_view(face, rng)
            point, u, v, width = perturbed(point, u, v, width, rng)
            patch = cut_window(img, point, u, v, width, profile)
            ink = ink_of(patch)
            found = locate(ink, profile)
            out.append((code, features(found.rank_part, RANK_SIZE),
                        features(found.suit_part, SUIT_SIZE), glyph_colour(patch, ink, found),
                        found))
    return out


def train(profile: DeckProfile, faces: dict[str, np.ndarray], per_card: int = 40,
          certain_fit: tuple[float, float] = (0.7, 0.75)) -> None:
    """Fit the rank and suit classifiers into the profile, measure how well each template
    fits its own index through a camera, and set the certainty margins.

    A margin is set from the wrong readings that would otherwise have been certain: those with
    the ink's colour known and their rank and suit templates fitting at least `certain_fit`
    of their own fit (the recognizer's other conditions, a little looser); the others are
    reported uncertain whatever their margin."""
    seen = views(profile, faces, per_card, seed=1)
    profile.rank_classifier = RidgeClassifier.fit(
        np.array([v[1] for v in seen]), [v[0][0] for v in seen], list(RANKS))
    profile.suit_classifier = RidgeClassifier.fit(
        np.array([v[2] for v in seen]), [v[0][1] for v in seen], list(SUITS))
    held_out = views(profile, faces, max(8, per_card // 3), seed=2)
    rank_fits: dict[str, list[float]] = {r: [] for r in RANKS}
    suit_fits: dict[str, list[float]] = {s: [] for s in SUITS}
    for code, _, _, _, found in held_out:
        rank_fits[code[0]].append(fit(found.rank_area, profile.ranks[code[0]]))
        suit_fits[code[1]].append(fit(found.suit_area, profile.suits[code[1]]))
    # a floor, so that a template hardly fitting its own views cannot make any fit look good
    profile.rank_fit = {r: max(0.5, float(np.median(f or [1.0]))) for r, f in rank_fits.items()}
    profile.suit_fit = {s: max(0.5, float(np.median(f or [1.0]))) for s, f in suit_fits.items()}
    rank_wrong, suit_wrong = [0.0], [0.0]
    for code, rank_f, suit_f, red, found in held_out:
        if red is None:
            continue
        rank, _, r_margin = profile.rank_classifier.best(rank_f)
        family = {s for s in SUITS if (s in "HD") == red}
        suit, _, s_margin = profile.suit_classifier.best(suit_f, family)
        rank_fit, suit_fit = own_fit(found, profile, rank, suit)
        if rank_fit < certain_fit[0] or suit_fit < certain_fit[1]:
            continue
        if rank != code[0]:
            rank_wrong.append(r_margin)
        if suit != code[1]:
            suit_wrong.append(s_margin)
    # certain only beyond every margin a wrong reading reached, with room to spare, and never
    # below the floors measured on rendered tables of both test decks (a window cut a little
    # wrong in a fanned hand is harder than any single simulated view)
    profile.rank_margin = max(RANK_FLOOR, 1.25 * max(rank_wrong))
    profile.suit_margin = max(SUIT_FLOOR, 1.25 * max(suit_wrong))


def enroll(folder: Path, views_per_card: int = 40) -> DeckProfile:
    """Learn a deck from its 52 clean face images: where its index lies, then its glyphs."""
    faces = load_faces(folder)
    profile = index_profile(faces)
    train(profile, faces, views_per_card)
    return profile
