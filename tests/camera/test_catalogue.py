"""The deck catalogue's split (issue 31, "held out means held out"), checked offline: nothing
here draws, fetches or reads a deck."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hardware_mocks import catalogue
from hardware_mocks.catalogue import (
    FINAL3,
    FINAL4,
    FINAL5,
    FINAL6,
    FINAL7,
    FINAL8,
    FINAL9,
    FINAL10,
    FINAL11,
    FINAL12,
    FINAL13,
    FINALS,
    FRESH,
    HELD_OUT,
    LOOKED_AT,
    NEXT_FINAL,
    SEEN_FAMILY,
    TUNING,
    source,
)
from hardware_mocks.fetched import AISLERIOT_SVG, KDE_SVG, PACKAGES

ROOT = Path(__file__).resolve().parents[2]


def test_tuning_and_held_out_share_no_design():
    assert not set(TUNING) & set(HELD_OUT)
    assert not set(SEEN_FAMILY) & (set(TUNING) | set(HELD_OUT))
    assert not set(LOOKED_AT) & (set(TUNING) | set(HELD_OUT) | set(SEEN_FAMILY))
    assert len(HELD_OUT) == len(set(HELD_OUT)), "a held-out design is listed twice"


def test_the_final_set_is_held_out_and_new():
    # a final design looked at after its reading is no longer held out
    assert set(FINAL3) <= set(HELD_OUT) | set(LOOKED_AT) | set(TUNING)
    assert set(FINAL4) <= set(TUNING)
    assert set(FINAL5) <= set(HELD_OUT)
    assert set(FINAL6) <= set(HELD_OUT) | set(TUNING)
    assert set(FINAL7) <= set(HELD_OUT) | set(LOOKED_AT)
    assert set(FINAL8) <= set(HELD_OUT) | set(TUNING)
    assert set(FINAL9) <= set(HELD_OUT) | set(LOOKED_AT)
    assert set(FINAL10) <= set(HELD_OUT)
    assert set(FINAL11) <= set(HELD_OUT)
    assert set(FINAL12) - {"pool-1202"} <= set(HELD_OUT) and "pool-1202" in TUNING
    assert set(FINAL13) <= set(HELD_OUT)
    assert NEXT_FINAL is FINALS[-1] and set(NEXT_FINAL) <= set(HELD_OUT)
    for earlier in FINALS[:-1] + [FRESH, TUNING]:
        assert not set(NEXT_FINAL) & set(earlier)
    assert len(NEXT_FINAL) >= 6


@pytest.mark.parametrize("name", NEXT_FINAL)
def test_every_final_design_resolves_without_being_drawn(name):
    kind = source(name)
    if kind == "fetched":
        assert name in PACKAGES
    assert kind in ("pool", "fetched"), f"{name} is a design the project had seen ({kind})"


def test_a_fetched_final_deck_is_a_deck_no_other_deck_is():
    """A package may hold several decks (Debian's KDE card decks, each a folder of its own;
    Aisleriot's, each an SVG file of one folder): a final deck is none of the others."""
    def where(name):
        return (*PACKAGES[name][:2], KDE_SVG.get(name), AISLERIOT_SVG.get(name))

    finals = [n for n in sum(FINALS[9:], []) if source(n) == "fetched"]
    assert finals
    for name in finals:
        assert where(name) not in {where(o) for o in PACKAGES if o != name}
        assert PACKAGES[name][2], f"{name} names no licence"


def test_every_catalogued_name_resolves_and_a_wrong_one_does_not():
    for name in TUNING + HELD_OUT + SEEN_FAMILY + LOOKED_AT:
        source(name)
    for wrong in ("pool-", "pool-x", "pool-07", "Kennard", "cardsjs"):
        with pytest.raises(KeyError):
            source(wrong)


def test_nothing_outside_the_catalogue_and_the_benchmark_names_a_final_design():
    """A test or tool that named one would render it before the final reading (a fetched deck
    is named where it is fetched, `fetched.py`, too)."""
    pools = [n for n in NEXT_FINAL if source(n) == "pool"]
    fetched = [n for n in NEXT_FINAL if source(n) == "fetched"]
    named = re.compile("|".join(rf"(?<![\w-]){re.escape(n)}(?![\w-])" for n in pools)
                       + "".join(rf"|random_design\(\s*{n[5:]}\s*\)" for n in pools))
    fetched_named = re.compile("|".join(rf"(?<![\w-]){re.escape(n)}(?![\w-])"
                                        for n in fetched) or r"(?!)")
    this = Path(__file__).resolve()
    fetched_py = (ROOT / "hardware_mocks" / "fetched.py").resolve()
    offenders = []
    for folder in ("bench", "drivers", "hardware_mocks", "kiosk", "models", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.resolve() in (this, Path(catalogue.__file__).resolve()):
                continue
            text = path.read_text(encoding="utf-8")
            if named.search(text) or (path.resolve() != fetched_py
                                      and fetched_named.search(text)):
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
