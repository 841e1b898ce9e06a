"""Issue 31: cards found under a casino's light, at any scale, with no calibration.

The scenes are rendered in the issue's operating envelope (`hardware_mocks.camera`:
`Effects.envelope`, `envelope_scene`): vignetting, a light gradient, white balance, brightness
and contrast, blur, noise, JPEG, glare on the cards, green or blue baize, cards 100-180 px wide
and a fifth bigger on one side of the frame than on the other."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from drivers.camera.recognize import Recognizer
from hardware_mocks.camera import (
    Effects,
    PlacedCard,
    apply_effects,
    card_corners,
    envelope_scene,
    felt,
    hand_corners,
    lay_card,
)
from tests.camera.support import score

pytestmark = pytest.mark.xdist_group("camera")

def dark_cloth(rng) -> np.ndarray:
    """A baize a fifth darker than the renderer's middling one (as real cloth often is)."""
    return (felt((1280, 720), rng) * 0.8).astype(np.uint8)


DARK_EDGES = Effects(blur=0.6, noise=3, jpeg=85, light=0.3, vignette=0.2, gain=0.87)


def test_a_lone_card_on_felt_darkening_to_the_edges_is_read_without_calibration(decks,
                                                                                  profiles):
    """The issue's lone 4 of diamonds, 153 px wide: the vignetted felt's edge bands were taken
    for card, and their frame-long edges for the card's size ("0 cards")."""
    rng = np.random.default_rng(0)
    cloth = dark_cloth(rng)
    for angle in (0, 37, -110):
        img = cloth.copy()
        corners = card_corners((420, 300), 153, angle)
        lay_card(img, decks["own"], "4D", corners)
        cards = [PlacedCard("4D", corners)]
        frame = apply_effects(img, DARK_EDGES, rng, cards)
        result = score(Recognizer(profiles["own"]).read(frame), cards)
        assert result["right"] == 1, (angle, result)


def test_a_clean_hand_of_small_cards_is_read_without_calibration(decks, profiles):
    """The issue's clean hand of four cards 112 px wide (0 cards read)."""
    rng = np.random.default_rng(3)
    img = dark_cloth(rng)
    codes = ["9C", "KH", "3S", "TD"]
    cards = [PlacedCard(code, corners) for code, corners in zip(
        codes, hand_corners((560, 300), 112, 4, 4, (0.3, 0.12)), strict=True)]
    for card in cards:
        lay_card(img, decks["own"], card.code, card.corners)
    frame = apply_effects(img, Effects(jpeg=90, vignette=0.2, gain=0.9), rng, cards)
    result = score(Recognizer(profiles["own"]).read(frame), cards)
    assert result["right"] == 4, result


def test_cards_on_blue_baize_are_found(decks, profiles):
    rng = np.random.default_rng(8)
    img = felt((1280, 720), rng, blue=True)
    cards = [PlacedCard("QS", card_corners((300, 360), 130, 75))]
    cards += [PlacedCard(code, corners) for code, corners in zip(
        ["2H", "AC", "8D"], hand_corners((800, 280), 140, -10, 3, (0.32, 0.13)), strict=True)]
    for card in cards:
        lay_card(img, decks["own"], card.code, card.corners)
    frame = apply_effects(img, DARK_EDGES, rng, cards)
    result = score(Recognizer(profiles["own"]).read(frame), cards)
    assert result["right"] == 4, result


def test_green_print_on_blue_baize_is_card_not_cloth(decks, profiles):
    """The known green baize's colours are cloth only on a cloth of that colour: on blue baize
    a court's green art (pool-304's jack and king) was taken for cloth, and the card it read
    lay partly on cloth (never sure). A card with a green panel across its face, too big to
    be a hole the mask fills, is read surely on blue baize."""
    rng = np.random.default_rng(4)
    img = felt((1280, 720), rng, blue=True)
    green = np.median(felt((64, 64), rng).reshape(-1, 3), axis=0)
    corners = card_corners((640, 360), 140, 20)
    lay_card(img, decks["own"], "7C", corners)
    tl, tr, _, bl = corners
    panel = np.array([tl + (tr - tl) * a + (bl - tl) * b
                      for a, b in ((0.3, 0.25), (0.7, 0.25), (0.7, 0.75), (0.3, 0.75))])
    cv2.fillConvexPoly(img, np.round(panel).astype(np.int32), green.tolist())
    cards = [PlacedCard("7C", corners)]
    frame = apply_effects(img, Effects(blur=0.6, noise=3, jpeg=90), rng, cards)
    readings = Recognizer(profiles["own"]).read(frame)
    assert score(readings, cards)["right"] == 1, [(r.card, r.doubts) for r in readings]


@pytest.mark.parametrize("deck", ["own", "svg"])
def test_tables_in_the_envelope_are_read_and_no_card_is_wrong_with_confidence(deck, decks,
                                                                               profiles):
    rec = Recognizer(profiles[deck])
    rng = np.random.default_rng(20261126)
    total: dict[str, int] = {}
    for _ in range(16):
        scene = envelope_scene(decks[deck], rng)
        for key, value in score(rec.read(scene.image), scene.cards, 45.0).items():
            total[key] = total.get(key, 0) + value
    n = total["cards"]
    print(f"\n{deck} in the envelope: {n} cards; right {total['right'] / n:.1%}, uncertain "
          f"{total['uncertain']}, missed {total['missed']}, wrong surely {total['wrong_sure']}")
    assert n > 100
    assert total["wrong_sure"] == 0
    assert total["alone_missed"] == 0
    assert total["right"] / n >= 0.95


@pytest.mark.parametrize("seed", [0, 2, 3])
def test_two_tight_fans_of_cards_a_twelfth_apart_in_size_are_each_read_at_their_own(
        seed, decks, profiles):
    """A camera's slant makes the cards on one side of the table bigger than on the other;
    two hands fanned a quarter of a card across, one with cards 8% bigger, are grouped by
    their outlines' guesses and were read at one size (the cardsJS deck: 7 to 9 of 10 right,
    cards missed). Each hand's own long edges give its own size: every card read right."""
    deck = decks["svg"]
    rng = np.random.default_rng(seed)
    img = felt((1280, 720), rng)
    cards = []
    for at, width, angle, codes in (((330, 330), 112, -8, ["7S", "KD", "4C", "QH", "2D"]),
                                    ((900, 330), 104, 6, ["5H", "9S", "JC", "3D", "8C"])):
        for code, corners in zip(codes, hand_corners(at, width, angle, 5, (0.25, 0.10),
                                                     deck.aspect), strict=True):
            lay_card(img, deck, code, corners)
            cards.append(PlacedCard(code, corners))
    frame = apply_effects(img, Effects(blur=0.6, noise=3, jpeg=85), rng, cards)
    result = score(Recognizer(profiles["svg"]).read(frame), cards, 45.0)
    assert result["right"] == len(cards), result


@pytest.mark.parametrize("seed", [0, 5])
def test_hands_of_three_sizes_are_read_in_one_search_each_at_its_own_cards_width(
        seed, decks, profiles):
    """Three fanned hands of cards 104, 112 and 121 px wide (a slanted camera) fall into one
    or two groups by their outlines and into parts by their own long edges. All parts are read
    in one search a pass, each window cut at its own hand's width: every card is read right,
    each reading at its card's width to 3%, and the frame's windows are searched in at most
    two `read_corners` calls (a call per part and pass would take three or four here)."""
    deck = decks["svg"]
    rng = np.random.default_rng(seed)
    img = felt((1280, 720), rng)
    cards = []
    for at, width, angle, codes in (((250, 330), 104, -8, ["7S", "KD", "4C", "QH"]),
                                    ((640, 360), 112, 5, ["5H", "9S", "JC", "3D"]),
                                    ((1030, 330), 121, -4, ["2C", "8D", "TS", "6H"])):
        for code, corners in zip(codes, hand_corners(at, width, angle, 4, (0.3, 0.12),
                                                     deck.aspect), strict=True):
            lay_card(img, deck, code, corners)
            cards.append(PlacedCard(code, corners))
    frame = apply_effects(img, Effects(blur=0.6, noise=3, jpeg=85), rng, cards)
    rec = Recognizer(profiles["svg"])
    calls = []
    searched = rec.read_corners
    rec.read_corners = lambda *a, **k: calls.append(len(a[1])) or searched(*a, **k)
    readings = rec.read(frame)
    result = score(readings, cards, 45.0)
    assert result["right"] == len(cards), result
    assert len(calls) <= 2, calls
    for r in readings:
        card = min(cards, key=lambda c: np.hypot(*(c.corners.mean(axis=0) - r.center)))
        true = float(np.linalg.norm(card.corners[1] - card.corners[0]))
        assert abs(r.width / true - 1) < 0.03, (r.card, r.width, true)


def test_a_four_colour_decks_blue_diamonds_on_blue_baize_are_read(tmp_path):
    """pool-22 prints its diamonds blue (hue 120 enrolled), just beyond the hues blue baize is
    learnt as: through the camera they fell within them, were masked as cloth, and lone
    diamonds were missed (3 of these 12 before). Its ink now counts as cloth-coloured there,
    kept where paper surrounds it: every card is read as itself, none surely as another, and
    all but one surely (a king through the envelope's effects, its rank template fitting 0.44,
    is left uncertain at +1.5: what the blue ink does not decide)."""
    from drivers.camera.training import enroll
    from hardware_mocks.camera import Deck
    from hardware_mocks.design_faces import draw_deck
    from hardware_mocks.designs import random_design

    folder = draw_deck(random_design(22), tmp_path / "pool-22")
    deck, rec = Deck(folder), Recognizer(enroll(folder))
    rng = np.random.default_rng(3)
    read = []
    for k in range(12):
        code = ["QD", "KD", "5D", "9D", "AD", "TD"][k % 6]
        img = felt((1280, 720), rng, blue=True)
        width = float(rng.uniform(100, 180))
        centre = (float(rng.uniform(300, 980)), float(rng.uniform(220, 500)))
        placed = [PlacedCard(code, card_corners(centre, width, float(rng.uniform(-180, 180))))]
        lay_card(img, deck, code, placed[0].corners)
        img = apply_effects(img, Effects.envelope(rng, cards=placed), rng, placed)
        near = [r for r in rec.read(img)
                if np.hypot(*(r.center - placed[0].corners.mean(axis=0))) < 0.3 * width]
        assert not any(r.certain and r.card != code for r in near), (code, near)
        assert any(r.card == code for r in near), (code, near)  # found, not masked as cloth
        read.append(any(r.certain and r.card == code for r in near))
    assert sum(read) >= 11, read
