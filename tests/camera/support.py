"""Shared by the camera tests: both test decks' faces and enrolled profiles, made once."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from drivers.camera.profile import DeckProfile
from drivers.camera.training import enroll
from hardware_mocks.camera import Deck
from hardware_mocks.decks import draw_own_deck, fetch_svg_deck, render_svg_deck

CACHE = Path(__file__).resolve().parents[2] / ".test-cache"


@pytest.fixture(scope="session")
def deck_faces(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("decks")
    return {"own": draw_own_deck(root / "own"),
            "svg": render_svg_deck(fetch_svg_deck(CACHE), root / "svg")}


@pytest.fixture(scope="session")
def profiles(deck_faces) -> dict[str, DeckProfile]:
    return {name: enroll(folder) for name, folder in deck_faces.items()}


@pytest.fixture(scope="session")
def decks(deck_faces) -> dict[str, Deck]:
    return {name: Deck(folder) for name, folder in deck_faces.items()}


def score(readings, cards, radius: float = 30.0) -> dict:
    """Match readings to the rendered truth by position: right, wrong but sure, uncertain,
    missed, rank and suit right (best guesses included), and the readings left over (sure or
    not). The closest pairs are matched first, so a card that was missed does not take its
    fanned neighbour's reading (the cards of a hand lie closer together than the radius)."""
    out = dict(cards=len(cards), right=0, wrong_sure=0, uncertain=0, missed=0, rank=0, suit=0,
               alone=0, alone_missed=0, extra_sure=0, extra_uncertain=0)
    lone = alone(cards)
    pairs = sorted((float(np.hypot(*(r.center - card.corners.mean(axis=0)))), ci, ri)
                   for ci, card in enumerate(cards) for ri, r in enumerate(readings))
    match: dict[int, int] = {}
    used: set[int] = set()
    for distance, ci, ri in pairs:
        if distance >= radius:
            break
        if ci in match or ri in used:
            continue
        match[ci] = ri
        used.add(ri)
    for ci, card in enumerate(cards):
        out["alone"] += lone[ci]
        if ci not in match:
            out["missed"] += 1
            out["alone_missed"] += lone[ci]
            continue
        r = readings[match[ci]]
        out["rank"] += r.card[0] == card.code[0]
        out["suit"] += r.card[1] == card.code[1]
        if not r.certain:
            out["uncertain"] += 1
        elif r.card == card.code:
            out["right"] += 1
        else:
            out["wrong_sure"] += 1
    # readings that no card took: where no card lies, or a second reading of a card the
    # recognizer did not join (at a table each would be a card, or a fault, too many)
    for ri, r in enumerate(readings):
        if ri not in used:
            out["extra_sure" if r.certain else "extra_uncertain"] += 1
    return out


def label(readings, cards) -> list[tuple[int, int]]:
    """For each reading: the index of the card it lies on (or -1) and whether it is right."""
    centres = np.array([c.corners.mean(axis=0) for c in cards]).reshape(-1, 2)
    widths = np.array([np.linalg.norm(c.corners[1] - c.corners[0]) for c in cards])
    out = []
    for r in readings:
        if not len(cards):
            out.append((-1, 0))
            continue
        d = np.hypot(*(centres - r.center).T)
        k = int(np.argmin(d))
        if d[k] >= 0.3 * widths[k]:
            out.append((-1, 0))
        else:
            out.append((k, int(cards[k].code == r.card)))
    return out


def alone(cards) -> list[bool]:
    """For each card, whether it lies alone: no other card overlaps it."""
    quads = [c.corners.astype(np.float32).reshape(-1, 1, 2) for c in cards]
    return [not any(cv2.intersectConvexConvex(q, other)[0] > 1.0
                    for j, other in enumerate(quads) if j != i)
            for i, q in enumerate(quads)]


# generated designs drawn for the tests: four-colour (green clubs on green baize; a tuning
# design since a hand of it was diagnosed) and mono-tight, held out
DRAWN_IN_TESTS = ["four-colour", "mono-tight"]


@pytest.fixture(scope="session")
def design_faces(tmp_path_factory) -> dict[str, Path]:
    from hardware_mocks.design_faces import draw_deck
    from hardware_mocks.designs import named

    root = tmp_path_factory.mktemp("designs")
    return {name: draw_deck(named(name), root / name) for name in DRAWN_IN_TESTS}


@pytest.fixture(scope="session")
def design_profiles(design_faces) -> dict[str, DeckProfile]:
    return {name: enroll(folder) for name, folder in design_faces.items()}
