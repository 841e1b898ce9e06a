"""German by default, English on request: every text the screen builds goes through Qt's
translation, and the committed Linguist sources and .qm files keep up with the code."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtWidgets import QLabel, QPushButton

from kiosk.ui import translations
from kiosk.ui.app import build, show
from kiosk.ui.window import TableSettings

pytestmark = pytest.mark.xdist_group("ui")


def messages(ts) -> dict[tuple[str, str], str]:
    out = {}
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.find("name").text
        for m in context.iter("message"):
            t = m.find("translation")
            out[(name, m.find("source").text)] = (t.text or "", t.get("type"))
    return out


def test_the_linguist_sources_hold_every_text_of_the_code_translated(tmp_path):
    for lang in translations.LANGUAGES:
        shutil.copy(translations.I18N / f"kiosk_{lang}.ts", tmp_path)
    translations.update(tmp_path)
    for lang in translations.LANGUAGES:
        committed = messages(translations.I18N / f"kiosk_{lang}.ts")
        fresh = messages(tmp_path / f"kiosk_{lang}.ts")
        assert set(fresh) == set(committed), f"run python -m kiosk.ui.translations ({lang})"
        unfinished = [k for k, (_, kind) in fresh.items() if kind == "unfinished"]
        assert unfinished == [], f"{lang}: texts without a translation: {unfinished[:5]}"


def test_the_built_translations_are_those_of_the_sources(tmp_path):
    for lang in translations.LANGUAGES:
        built = tmp_path / f"kiosk_{lang}.qm"
        translations.release(translations.I18N / f"kiosk_{lang}.ts", built)
        assert built.read_bytes() == (translations.I18N / f"kiosk_{lang}.qm").read_bytes(), \
            f"kiosk_{lang}.qm is stale: run python -m kiosk.ui.translations"


@pytest.mark.parametrize("language, bets, stand", [("de", "Machen Sie Ihr Spiel", "Stehen"),
                                                   ("en", "Place your bets", "Stand")])
def test_the_screen_speaks_the_configured_language(qtbot, tmp_path, language, bets, stand):
    kiosk = build(tmp_path / "j.sqlite", settings=TableSettings(language=language))
    show(kiosk)
    qtbot.addWidget(kiosk.window)
    qtbot.waitUntil(lambda: kiosk.service.view().phase == "betting", timeout=5000)
    assert kiosk.window.felt.findChild(QLabel, "guidance").text() == bets
    assert kiosk.window.findChild(QPushButton, "stand").text() == stand
    kiosk.feed.stop()
    kiosk.bridge.close()
    kiosk.service.close()
