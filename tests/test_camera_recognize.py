"""Recognition on rendered table scenes of both test decks, the figures printed.

The issue's targets are 99.5% of cards read right and no card read wrong with high
confidence. They are not met yet (docs/performance.md has the figures); what is asserted here
is the level the recognizer holds today, so that it can only get better: on our own deck no
card read wrong with confidence, on the published deck at most one in five hundred."""

from __future__ import annotations

import numpy as np
import pytest

from drivers.camera.recognize import Recognizer
from hardware_mocks.camera import random_scene
from tests.camera_support import score

pytestmark = pytest.mark.xdist_group("camera")
FLOOR = {"own": 0.93, "svg": 0.72}  # read right, surely; the target is 0.995
WRONG_SURE = {"own": 0.0, "svg": 0.002}  # read wrong with confidence; the target is 0


@pytest.mark.parametrize("deck", ["own", "svg"])
def test_rendered_tables_are_read_and_no_card_is_wrong_with_confidence(deck, decks, profiles):
    rec = Recognizer(profiles[deck])
    rng = np.random.default_rng(20261122)
    total = dict(cards=0, right=0, wrong_sure=0, uncertain=0, missed=0, rank=0, suit=0)
    for _ in range(80):
        scene = random_scene(decks[deck], rng)
        for key, value in score(rec.read(scene.image), scene.cards).items():
            total[key] += value
    n = total["cards"]
    print(f"\n{deck}: {n} cards; read right {total['right'] / n:.1%}, rank {total['rank'] / n:.1%}"
          f", suit {total['suit'] / n:.1%}, uncertain {total['uncertain']}, missed "
          f"{total['missed']}, wrong with high confidence {total['wrong_sure']}")
    assert n > 500
    assert total["wrong_sure"] <= WRONG_SURE[deck] * n
    assert total["right"] / n >= FLOOR[deck]


def test_a_clean_lone_card_is_read_at_any_angle(decks, profiles):
    from hardware_mocks.camera import PlacedCard, card_corners, felt, lay_card

    rec = Recognizer(profiles["own"])
    rng = np.random.default_rng(7)
    for angle in range(-180, 180, 15):
        img = felt((1280, 720), rng)
        corners = card_corners((640, 360), 110, angle)
        code = ["AS", "TD", "QH", "7C", "9S", "6H"][angle % 6]
        lay_card(img, decks["own"], code, corners)
        result = score(rec.read(img), [PlacedCard(code, corners)])
        assert result["right"] == 1, (angle, code)


def test_an_empty_table_shows_no_card(profiles):
    rec = Recognizer(profiles["own"])
    felt = np.zeros((720, 1280, 3), np.uint8)
    felt[:] = (45, 120, 35)
    assert rec.read(felt) == []


def test_a_frame_that_is_no_colour_image_is_refused_by_name(profiles):
    rec = Recognizer(profiles["own"])
    with pytest.raises(ValueError, match="colour image"):
        rec.read(np.zeros((10, 10), np.uint8))
