"""Manual entry as a card source: keyed cards marked manual, unknown cards refused."""

import pytest

from drivers.manual import ManualEntry
from drivers.source import CardEvent, Origin, Status, StatusEvent
from models.errors import CardError


def test_keyed_cards_are_delivered_marked_manual():
    events = []
    keypad = ManualEntry()
    keypad.start(events.append)
    keypad.enter("QH")
    keypad.enter("10d")
    keypad.burn("2C")
    assert events[0].status is Status.CONNECTED
    cards = [e for e in events if isinstance(e, CardEvent)]
    assert [e.card.code for e in cards] == ["QH", "TD"]
    assert {e.origin for e in events} == {Origin.MANUAL}
    burn = events[-1]
    assert isinstance(burn, StatusEvent) and burn.status is Status.BURN
    assert burn.card.code == "2C" and burn.to_json()["source"] == "manual"


@pytest.mark.parametrize("bad", ["", "1H", "QX", "joker"])
def test_an_unknown_card_is_refused_and_nothing_delivered(bad):
    events = []
    keypad = ManualEntry()
    keypad.start(events.append)
    with pytest.raises(CardError, match="unknown card"):
        keypad.enter(bad)
    assert len(events) == 1  # only the CONNECTED from start


def test_entry_before_start_is_refused():
    with pytest.raises(CardError, match="not started"):
        ManualEntry().enter("QH")
