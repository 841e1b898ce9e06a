"""A deck whose ink colours enrolment's views confuse: the suits seen in another's colour are
told apart from it by shape, never by colour alone. pool-22 (a fresh held-out design, drawn
offline) prints green clubs that a view showed black: a club read as a sure spade was possible
(its suit margin was infinite, the colour leaving one suit to choose)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from drivers.camera.index import suits_of_tint
from drivers.camera.profile import HIGH_MARGIN, DeckProfile
from drivers.camera.training import enroll

pytestmark = pytest.mark.xdist_group("camera")


@pytest.fixture(scope="module")
def pool_22(tmp_path_factory) -> DeckProfile:
    from hardware_mocks.design_faces import draw_deck
    from hardware_mocks.designs import random_design

    return enroll(draw_deck(random_design(22), tmp_path_factory.mktemp("pool-22")))


def test_a_colour_confused_in_enrolment_leaves_the_suits_to_shape(pool_22, tmp_path):
    assert set(pool_22.colour_confused) == {"S"} and "C" in pool_22.colour_confused["S"]
    assert math.isfinite(pool_22.suit_margin)
    black = np.array(pool_22.tints["S"], np.float32)
    green = np.array(pool_22.tints["C"], np.float32)
    black_ink = frozenset("S" + "".join(pool_22.colour_confused["S"]))
    assert suits_of_tint(black, pool_22) == black_ink  # black ink: a spade, or a club ...
    assert suits_of_tint(green, pool_22) == frozenset("C")  # green is never seen as black
    lines = "\n".join(pool_22.describe())
    confused = "/".join(pool_22.colour_confused["S"])
    assert f"warning: {confused} seen in the ink colour of S" in lines
    # a warning where the margin is 0.5 or more (`HIGH_MARGIN`), none below
    warned = f"warning: suit margin {pool_22.suit_margin:.2f}" in lines
    assert warned == (pool_22.suit_margin >= HIGH_MARGIN), (pool_22.suit_margin, lines)
    pool_22.save(tmp_path / "deck.profile")
    again = DeckProfile.load(tmp_path / "deck.profile")
    assert again.colour_confused == pool_22.colour_confused
    assert suits_of_tint(black, again) == black_ink


def test_a_deck_whose_colours_are_never_confused_keeps_them(design_profiles):
    for profile in design_profiles.values():
        assert profile.colour_confused == {}
        assert profile.warnings() == []
        assert not [line for line in profile.describe() if "warning" in line]
        for suit in "SHDC":
            family = suits_of_tint(np.array(profile.tints[suit], np.float32), profile)
            assert family is not None and suit in family and len(family) <= 2


def test_a_profile_of_tints_not_taken_per_unit_of_ink_is_refused(pool_22, tmp_path):
    """Before, a suit's tint was the glyphs' plain tint: a profile of those would misjudge
    every colour, so it is refused with what to do."""
    import json

    from drivers.camera.profile import ProfileError

    pool_22.save(tmp_path / "new.profile")
    data = dict(np.load(tmp_path / "new.profile"))
    meta = json.loads(bytes(data["meta"]).decode())
    meta["tints"] = meta.pop("tints_per_ink")
    data["meta"] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
    with open(tmp_path / "old.profile", "wb") as f:
        np.savez_compressed(f, **data)
    with pytest.raises(ProfileError, match="older version, without tints_per_ink: enrol"):
        DeckProfile.load(tmp_path / "old.profile")
    assert DeckProfile.load(tmp_path / "new.profile").tints == pool_22.tints
