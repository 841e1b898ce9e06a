"""The published test decks are fetched whole, once, however many test processes ask at once."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

from hardware_mocks.decks import SVG_PACKAGE, fetch_svg_deck
from hardware_mocks.npm_cache import fetch_package
from models.cards import ALL_CARDS


def _fetch(cache: str) -> str:
    return str(fetch_svg_deck(Path(cache)))


def test_processes_fetching_at_once_all_get_the_whole_deck(tmp_path):
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        folders = pool.map(_fetch, [str(tmp_path)] * 4)
    assert len(set(folders)) == 1
    faces = sorted(Path(folders[0]).glob("*.svg"))
    assert len(faces) >= len(ALL_CARDS)
    assert all(face.read_text().rstrip().endswith("</svg>") for face in faces)
    assert not list(tmp_path.glob(".fetch-*"))  # no private download left behind


def test_a_fetch_cut_off_half_way_is_fetched_again_whole(tmp_path):
    whole = fetch_package(SVG_PACKAGE, tmp_path)
    names = sorted(p.relative_to(whole) for p in whole.rglob("*"))
    folder = whole.parent
    (folder / ".complete").unlink()  # as a run killed before the package was in place
    for face in list((whole / "cards").glob("*.svg"))[::2]:
        face.unlink()
    (whole / "cards" / "AS.svg").write_text("<svg")  # and one face half written
    again = fetch_package(SVG_PACKAGE, tmp_path)
    assert sorted(p.relative_to(again) for p in again.rglob("*")) == names
    assert (again / "cards" / "AS.svg").read_text().rstrip().endswith("</svg>")
