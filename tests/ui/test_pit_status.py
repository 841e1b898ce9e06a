"""The pit's state in the status bar: what the shipper (its own process) last wrote beside the
journal, looked at every few seconds, on a real window."""

from __future__ import annotations

from datetime import timedelta

import pytest
from PySide6.QtWidgets import QLabel

from kiosk.pit.status import PitStatus, write_status
from models.clock import utc_iso, utc_now

pytestmark = pytest.mark.xdist_group("ui")


def shipper_says(table, state: str, shipped: int, journal: int, since=None,
                 at=None) -> None:
    write_status(table.service.journal_path,
                 PitStatus(state, shipped, journal, at or utc_iso(), since))
    table.window.pit_timer.timeout.emit()  # the 5 s look, now


def test_the_status_bar_shows_the_pits_copy_of_the_journal(table):
    label = table.find(QLabel, "pit")
    assert label.text() == "" and not label.isVisible()  # no shipper: it ships to no pit
    assert table.service.view().pit is None
    shipper_says(table, "shipped", 40, 40)
    assert label.text() == "Pit: up to date" and label.isVisible()
    shipper_says(table, "behind", 30, 42)
    assert label.text() == "Pit: 12 events behind"
    since = (utc_now() - timedelta(minutes=3)).replace(hour=9, minute=41)
    shipper_says(table, "unreachable", 30, 57, since=since.isoformat())
    local = since.astimezone().strftime("%H:%M")
    assert label.text() == f"Pit unreachable since {local} (27 events waiting)"
    shipper_says(table, "refused", 30, 57, since=since.isoformat())
    assert label.text() == f"PIT REFUSED the journal since {local}: call the supervisor"
    view = table.service.view()
    assert (view.pit.state, view.pit.behind) == ("refused", 27)


def test_a_shipper_silent_for_a_minute_shows_as_unreachable(table):
    label = table.find(QLabel, "pit")
    long_ago = utc_now() - timedelta(minutes=5)
    shipper_says(table, "shipped", 40, 40, at=long_ago.isoformat())
    assert label.text().startswith("Pit unreachable since "
                                   f"{long_ago.astimezone().strftime('%H:%M')}")
