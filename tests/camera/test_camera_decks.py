"""The two test decks the mock camera renders: ours, and the published SVG deck fetched at
test time (never committed)."""

from pathlib import Path

import cv2
import numpy as np

from hardware_mocks.decks import CARD_H, CARD_W, draw_own_deck, fetch_svg_deck, render_svg_deck
from models.cards import ALL_CARDS

CACHE = Path(__file__).resolve().parents[2] / ".test-cache"


def faces(folder: Path) -> dict[str, np.ndarray]:
    return {c.code: cv2.imread(str(folder / f"{c.code}.png")) for c in ALL_CARDS}


def test_own_deck_has_52_distinct_faces_with_red_hearts_and_diamonds(tmp_path):
    deck = faces(draw_own_deck(tmp_path))
    assert all(img is not None and img.shape == (CARD_H, CARD_W, 3) for img in deck.values())
    assert len({img.tobytes() for img in deck.values()}) == 52
    for code, img in deck.items():
        corner = img[10:120, 8:64].astype(int)
        reddish = ((corner[:, :, 2] - corner[:, :, :2].max(axis=2)) > 80).sum()
        assert (reddish > 50) == (code[1] in "HD"), code


def test_published_svg_deck_is_fetched_and_rendered_by_card_code(tmp_path):
    deck = faces(render_svg_deck(fetch_svg_deck(CACHE), tmp_path, width=200))
    assert all(img is not None and img.shape[1] == 200 for img in deck.values())
    assert len({img.tobytes() for img in deck.values()}) == 52
    # white faces with ink in the index corner
    ace = deck["AS"]
    assert ace[ace.shape[0] // 2, 5].tolist() == [255, 255, 255]
    assert (ace[: ace.shape[0] // 4, : 200 // 8] < 100).any()
