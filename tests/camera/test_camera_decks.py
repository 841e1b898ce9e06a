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


def test_a_deck_svg_holding_text_renders_in_a_process_without_a_qt_application(tmp_path):
    """Aisleriot's Gnomangelo prints a copyright line: Qt reads fonts only with an application
    object, and without one it aborted the whole process (a certainty gather's worker)."""
    import subprocess
    import sys

    from hardware_mocks.fetched import _aisleriot_element

    groups = "".join(
        f'<g id="{_aisleriot_element(card)}"><rect x="{i * 10}" y="0" width="8" height="12" '
        f'fill="white"/><text x="{i * 10}" y="10" font-size="4">{card.code}</text></g>'
        for i, card in enumerate(ALL_CARDS))
    svg = tmp_path / "deck.svg"
    svg.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="520" height="12">{groups}'
                   "</svg>")
    out = tmp_path / "faces"
    out.mkdir()
    script = ("import sys; from pathlib import Path; "
              "from hardware_mocks.fetched import render_svg_elements, _aisleriot_element; "
              "render_svg_elements(Path(sys.argv[1]), Path(sys.argv[2]), _aisleriot_element, 40)")
    done = subprocess.run([sys.executable, "-c", script, str(svg), str(out)],
                          cwd=Path(__file__).resolve().parents[2], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    faces = sorted(p.stem for p in out.glob("*.png"))
    assert faces == sorted(c.code for c in ALL_CARDS)
    assert cv2.imread(str(out / "AS.png")).shape == (60, 40, 3)
