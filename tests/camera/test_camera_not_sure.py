"""Windows that look like an index but are not one, or not all of one, must never read as a sure
card: a wrong sure card goes into a casino's settlement. Both cases were found reading wrong
surely on tables of tuning designs (`hardware_mocks.catalogue`), drawn here offline."""

from __future__ import annotations

import numpy as np
import pytest

from drivers.camera.corners import Corner, Corners
from drivers.camera.recognize import Recognizer
from drivers.camera.training import enroll
from hardware_mocks.camera import Deck, card_corners, felt, lay_card

pytestmark = pytest.mark.xdist_group("camera")


@pytest.fixture(scope="module")
def tuning(tmp_path_factory) -> dict[str, tuple[Deck, Recognizer]]:
    from hardware_mocks.design_faces import draw_deck
    from hardware_mocks.designs import random_design

    root = tmp_path_factory.mktemp("tuning")
    out = {}
    for seed in (9, 16):
        folder = draw_deck(random_design(seed), root / f"pool-{seed}")
        out[f"pool-{seed}"] = Deck(folder), Recognizer(enroll(folder))
    return out


def _lone(deck: Deck, code: str, angle: float, seed: int):
    """A lone card 100 px wide on felt, with its top-left corner and unit vectors u (across)
    and v (down the long edge)."""
    img = felt((640, 480), np.random.default_rng(seed))
    corners = card_corners((320, 240), 100, angle)
    lay_card(img, deck, code, corners)
    tl, tr, _, bl = corners
    return img, tl, (tr - tl) / np.linalg.norm(tr - tl), (bl - tl) / np.linalg.norm(bl - tl)


@pytest.mark.parametrize("code", ["6S", "6H", "6D", "6C"])
def test_a_six_whose_window_is_cut_too_low_is_never_a_sure_nine(code, tuning):
    """A corner found too far down the card's long edge puts the index partly above the
    window's top; the 6 is then found cut, its bowl with the suit below it like a 9 (pool-16
    draws a border line just above its index, so ink there says nothing). The windows of all
    the corners are read in one batch, as a frame's are."""
    deck, rec = tuning["pool-16"]
    tested = 0
    for i, angle in enumerate((0.0, 10.0, -20.0)):
        img, tl, u, v = _lone(deck, code, angle, i)
        offsets = range(14)  # pixels down the long edge
        readings = rec.read_corners(img, Corners.of([Corner(tl + d * v, u, v) for d in offsets]),
                                    100.0)
        assert readings[0] is not None and readings[0].certain and readings[0].card == code
        for d, reading in zip(offsets, readings, strict=True):
            if reading is not None and reading.certain:
                assert reading.card == code, (angle, d, reading.card, reading.scores)
        tested += sum(r is not None and r.card[0] == "9" and r.evidence["higher"] == 1.0
                      for r in readings)
        for reading in readings:  # and an unsure one says why
            if reading is not None and reading.evidence["higher"] and not reading.certain:
                assert any("cut higher finds an index" in d for d in reading.doubts), (
                    reading.doubts)
    assert tested, "no window read the cut 6 as a 9 with an index found higher: not tested"


def test_a_court_frames_line_is_never_a_sure_jack(tuning):
    """pool-9's court cards are framed by thin lines, and its J is a thin stroke: a window that
    a corner on the art puts on a line read as a sure J of some suit, and so did one put just
    above the frame's top corner, where the line turns down at the J's top."""
    deck, rec = tuning["pool-9"]
    img, tl, u, v = _lone(deck, "QS", 0.0, 5)
    grid = [(s, t) for s in np.linspace(0.05, 0.8, 16) for t in np.linspace(0.05, 0.8, 16)]
    readings = rec.read_corners(img, Corners.of([Corner(tl + s * 100 * u + t * 140 * v, u, v)
                                                 for s, t in grid]), 100.0)
    sure = [(s, t, r.card) for (s, t), r in zip(grid, readings, strict=True)
            if r is not None and r.certain]
    # only a window at the card's own corner (the grid's first) may read surely: the queen
    assert all(card == "QS" and s < 0.1 and t < 0.1 for s, t, card in sure), sure
    # the evidence counts the line beyond the read card's own (its enrolled views' median)
    lines = [r for r in readings if r is not None
             and max(r.evidence["line"] + rec.profile.lines[r.card][0],
                     r.evidence["down"] + rec.profile.lines[r.card][1]) >= 0.97
             and max(r.evidence["line"], r.evidence["down"]) > 0.2]
    assert lines, "no window lay on a frame line: the case is not tested"
