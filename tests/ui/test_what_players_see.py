"""Players can see the table screen: it shows no house result and no hold (the supervisor's
recall and the shift report keep them, behind the PIN), and no view of the table, for the
dealer or the pit, holds what is left in the shoe beyond its count."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest
from PySide6.QtWidgets import QLabel, QPushButton

from kiosk.table.view import ShoeView, to_json
from kiosk.ui.screenshots import open_scene

pytestmark = pytest.mark.xdist_group("ui")

CARD = re.compile(r"^[A2-9TJQK][SHDC]$")
TABLE_SCREENS = ("betting", "play", "play-split", "follow", "insurance", "settlement", "fault")


def strings(value):
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)
    elif isinstance(value, str):
        yield value


def visible_cards(view) -> list[str]:
    return [c for b in view.boxes for h in b.hands for c in h.cards] + list(view.dealer.cards)


@pytest.mark.parametrize("name", TABLE_SCREENS)
def test_no_view_holds_the_shoes_remaining_composition(name, qtbot, tmp_path):
    kiosk = open_scene(name, tmp_path, "en", "1920x1080")
    try:
        seen = []
        kiosk.bridge.changed.connect(seen.append)  # every view the screen is handed
        kiosk.bridge.act("stand", 7)  # a touch refused: the screen redraws what it has
        for view in [*seen, kiosk.service.view("dealer"), kiosk.service.view("pit")]:
            doc = to_json(view)
            cards = [s for s in strings(doc) if CARD.match(s)]
            # the only cards named are those on the felt (the hole card not even there)
            on_felt = visible_cards(view)
            assert set(cards) <= set(on_felt), sorted(set(cards) - set(on_felt))
            assert [f.name for f in fields(ShoeView)] == ["number", "decks", "dealt", "left",
                                                         "cut_card_out", "simulated"]
            # the shoe is told by its counts alone, never by what ranks are left
            assert "remaining" not in str(doc) and "composition" not in str(doc)
    finally:
        kiosk.close()


@pytest.mark.parametrize("language, words", [("en", ("house", "hold", "House", "Hold")),
                                             ("de", ("Bank", "Halte", "Hold", "Haus"))])
@pytest.mark.parametrize("name", TABLE_SCREENS)
def test_the_table_screen_shows_no_house_result_or_hold(name, language, words, qtbot,
                                                        tmp_path):
    kiosk = open_scene(name, tmp_path, language, "1920x1080")
    try:
        window = kiosk.window
        texts = [w.text() for w in window.findChildren(QLabel) + window.findChildren(QPushButton)
                 if w.isVisibleTo(window)]
        said = [t for t in texts if any(w in t for w in words)]
        assert said == [], said
        net = kiosk.service.view().settlement
        if net is not None:  # the house's figure appears in no text on the screen
            house = f"{abs(net.house):,}".replace(",", " ")
            assert not any(house in t and ("-" + house) in t for t in texts)
    finally:
        kiosk.close()
