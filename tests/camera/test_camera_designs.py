"""Decks of designs the recognizer was never tuned on: enrolment learns them from their 52
clean faces, refuses sets it cannot learn from, and their tables are read.

The designs are generated (`hardware_mocks/designs.py`), so these run offline; the benchmark
(`bench/camera.py`) measures every design, fetched ones too, on many more tables."""

from __future__ import annotations

import shutil

import cv2
import numpy as np
import pytest

from drivers.camera.explain import Trace, report
from drivers.camera.profile import ProfileError, index_profile, load_faces
from drivers.camera.recognize import Recognizer
from hardware_mocks.camera import Deck, random_scene
from hardware_mocks.design_faces import draw_deck
from hardware_mocks.designs import named
from tests.camera.support import DRAWN_IN_TESTS, score

pytestmark = pytest.mark.xdist_group("camera")


@pytest.fixture(scope="module")
def serif(tmp_path_factory):
    return draw_deck(named("serif-border"), tmp_path_factory.mktemp("serif"))


def _copy(folder, tmp_path):
    out = tmp_path / "faces"
    shutil.copytree(folder, out)
    return out


@pytest.mark.parametrize(("spoil", "words"), [
    (lambda d: (d / "7H.png").unlink(), "51 images, a deck has 52: no image for 7H"),
    (lambda d: shutil.copy(d / "AS.png", d / "XX.png"), "XX.png names no card"),
    (lambda d: shutil.copy(d / "AS.png", d / "as.jpg"), "are both AS"),
    (lambda d: shutil.copy(d / "5C.png", d / "6C.png"), "5C.png and 6C.png are the same picture"),
    (lambda d: cv2.imwrite(str(d / "KD.png"), np.full((349, 250, 3), 30, np.uint8)),
     "KD.png: not a card face"),
    (lambda d: cv2.imwrite(str(d / "KD.png"), np.full((349, 250, 3), 255, np.uint8)),
     "KD.png: not a card face (it is blank)"),
    (lambda d: cv2.imwrite(str(d / "2S.png"), cv2.resize(cv2.imread(str(d / "2S.png")),
                                                          (349, 250))), "differ in size"),
])
def test_a_set_it_cannot_learn_from_is_refused_saying_why(spoil, words, serif, tmp_path):
    folder = _copy(serif, tmp_path)
    spoil(folder)
    with pytest.raises(ProfileError, match=words.replace("(", r"\(").replace(")", r"\)")):
        index_profile(load_faces(folder))


def test_a_face_filed_under_another_card_is_refused(serif, tmp_path):
    folder = _copy(serif, tmp_path)
    (folder / "5H.png").rename(folder / "tmp.png")
    (folder / "6H.png").rename(folder / "5H.png")
    (folder / "tmp.png").rename(folder / "6H.png")
    with pytest.raises(ProfileError, match="5H: its index reads as a 6, not a 5"):
        index_profile(load_faces(folder))


def _jittered(folder, tmp_path, seed: int):
    """The deck with each face's index corner moved by up to 3 pixels either way, card by
    card, as a hand-drawn deck places it (KDE's Jolly Royal: 2-5 px of a 250 px card)."""
    out = _copy(folder, tmp_path)
    rng = np.random.default_rng(seed)
    for path in sorted(out.glob("*.png")):
        face = cv2.imread(str(path))
        h, w = face.shape[:2]
        bottom, left, right = int(0.3 * h), int(0.01 * w), int(0.2 * w)
        dx, dy = (int(v) for v in rng.integers(-3, 4, 2))
        paper = tuple(int(c) for c in face[bottom + 2, right - 2])
        face[:bottom, left:right] = cv2.warpAffine(
            face[:bottom, left:right].copy(), np.float32([[1, 0, dx], [0, 1, dy]]),
            (right - left, bottom), borderMode=cv2.BORDER_CONSTANT, borderValue=paper)
        cv2.imwrite(str(path), face)
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_a_deck_whose_index_lies_a_few_pixels_apart_card_by_card_is_learned(seed, tmp_path,
                                                                           monkeypatch):
    """Averaged where they lie, such glyphs blur: a 2 read as the 3s' template more than the
    2s', and the deck was refused as if a file were misnamed. Each glyph moved onto where its
    rank's (suit's) others lie, it is learned; its templates fit its own cards."""
    from drivers.camera import profile as module

    folder = _jittered(draw_deck(named("sans-jumbo"), tmp_path / "deck"), tmp_path / "j", seed)
    faces = load_faces(folder)
    profile = index_profile(faces)
    assert profile.ranks.keys() == set("A23456789TJQK")
    monkeypatch.setattr(module, "ALIGN_GAIN", np.inf)  # never moved: as before
    with pytest.raises(ProfileError, match="its index (reads as a|shows the suit)"):
        index_profile(faces)


def test_the_index_is_learned_where_the_design_prints_it(serif, tmp_path):
    """serif-border's 10 touches the border line printed on every card: the line is left out
    and the window holds the index, wherever the design puts it."""
    design = named("serif-border")
    profile = index_profile(load_faces(serif))
    x0, y0, x1, y1 = profile.window
    assert x0 < design.index_x < x1 and y0 < design.index_y + design.rank_h < y1
    assert x1 < 0.25 and y1 - y0 < 0.25
    jumbo = named("sans-jumbo")
    big = index_profile(load_faces(draw_deck(jumbo, tmp_path / "jumbo"))).window
    assert big[3] - big[1] > y1 - y0  # a jumbo index gets a taller window


def test_a_suit_printed_low_under_a_big_rank_is_part_of_the_index(tmp_path):
    """Nicu White's suit reaches 43% of the card's height, below the top 40% enrolment once
    searched: the index was its rank alone and the deck was refused (its 7C "shows a spade").
    A design drawn alike (rank 6-21% of the height, suit 26-41%) was refused the same way
    ("2C: its index shows the suit S")."""
    from dataclasses import replace

    design = replace(named("sans-jumbo"), name="low-suit", rank_h=0.15, suit_h=0.15,
                     index_x=0.13, index_y=0.06, gap=0.05, pip_margin=0.36)
    profile = index_profile(load_faces(draw_deck(design, tmp_path / "low-suit")))
    x0, y0, x1, y1 = profile.window
    assert y0 < design.index_y and y1 > 0.41  # the window holds the suit, down to 41%
    assert x1 < 0.3


def test_enrolment_learns_four_ink_colours_of_a_four_colour_deck(design_profiles):
    groups = [sorted(s) for _, s in design_profiles["four-colour"].colour_groups]
    assert sorted(groups) == [["C"], ["D"], ["H"], ["S"]]
    two = [sorted(s) for _, s in design_profiles["mono-tight"].colour_groups]
    assert sorted(two) == [["C", "S"], ["D", "H"]]


@pytest.mark.parametrize("design", DRAWN_IN_TESTS)
def test_tables_of_a_generated_design_are_read(design, design_faces, design_profiles):
    """Few tables (the benchmark reads hundreds): none wrong with confidence, no card lying
    alone missed, and most read right (mono-tight is held out; four-colour was, until a hand of
    it was diagnosed). The issue's 99.5% is not met on every held-out design yet
    (docs/camera.md): the floor here is a little under what they read now (four-colour 129
    of 130 on these tables, mono-tight 126 with 2 missed in fans; 91.5% and 4 missed before
    10s were found with their own template), so that it cannot slip back."""
    rec = Recognizer(design_profiles[design])
    deck = Deck(design_faces[design])
    rng = np.random.default_rng(31)
    total: dict[str, int] = {}
    for _ in range(12):
        scene = random_scene(deck, rng)
        for key, value in score(rec.read(scene.image), scene.cards).items():
            total[key] = total.get(key, 0) + value
    n = total["cards"]
    print(f"\n{design}: {total}")
    assert total["wrong_sure"] == 0
    assert total["alone_missed"] == 0 and total["alone"] > 0
    # with the certainty model fitted on 18 designs' envelope tables (larger cards than
    # these) four-colour read 130 of 130 here and mono-tight 128, none wrong; with the one
    # fitted on 25 mono-tight reads 125, on 33 (threshold +5.04, not +4.49) 122; under the
    # hand-set rules 129 and 126
    assert total["right"] / n >= 0.93 and total["missed"] <= 0.025 * n


def test_explain_says_what_was_read_and_why_corners_were_passed_over(design_faces,
                                                                     design_profiles):
    rec = Recognizer(design_profiles["four-colour"])
    scene = random_scene(Deck(design_faces["four-colour"]), np.random.default_rng(5),
                         max_hands=2)
    trace = Trace()
    readings = rec.read(scene.image, trace)
    lines = report(trace, readings)
    text = "\n".join(lines)
    assert "long edges, a card" in lines[0]
    assert text.count("region ") == len(trace.regions) >= 1
    for r in readings:
        assert (r.card in text)
    assert "passed over:" in text
    assert rec.read(scene.image) == [] or len(rec.read(scene.image)) == len(readings)
