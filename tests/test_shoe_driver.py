"""The real driver through pyserial on a real pseudo-terminal, against the mock shoe."""

import random
from collections import Counter

import pytest

from drivers.dialects import DIALECTS
from drivers.dialects.messages import ShoeError
from drivers.shoe import SerialShoe
from drivers.source import CardEvent, Origin, Status
from hardware_mocks.mock_shoe import MockShoe
from tests.shoe_helpers import Listener, replug, sent_cards, shoe_on_pty

pytestmark = pytest.mark.timeout(60)
ALL = sorted(DIALECTS)


@pytest.mark.parametrize("dialect", ALL)
def test_a_full_six_deck_shoe_arrives_card_for_card_in_order(dialect):
    with shoe_on_pty(dialect, decks=6, seed=7) as (mock, _shoe, heard):
        dealt = mock.deal(400)
        assert len(dealt) == 312 and mock.remaining == 0
        heard.cards_total(312)
        assert heard.cards == dealt
        cards = [e for e in heard.events if isinstance(e, CardEvent)]
        assert {e.origin for e in cards} == {Origin.SHOE}
        if dialect == "framed":
            assert [e.sequence for e in cards] == sorted(e.sequence for e in cards)
            heard.status(Status.SHOE_EMPTY)
        assert set(heard.statuses) <= {Status.CONNECTED, Status.SHOE_EMPTY}


def applicable(dialect):
    mock = MockShoe(dialect)
    mock.close()
    return mock.faults()


# What the driver must report for each fault, per dialect (framed has a checksum and gaps).
EXPECTED = {
    "garbage": {"*": [Status.GARBAGE]},
    "corrupt": {"framed": [Status.CHECKSUM, Status.GAP], "*": [Status.GARBAGE]},
    "checksum": {"framed": [Status.CHECKSUM, Status.GAP]},
    "drop": {"framed": [Status.GAP]},
    "repeat": {"framed": [Status.DUPLICATE]},
    "misread": {"*": [Status.MISREAD]},
    "alarm": {"*": [Status.ALARM]},
}
CASES = [(d, f) for d in ALL for f in EXPECTED
         if f in applicable(d) and (d in EXPECTED[f] or "*" in EXPECTED[f])]


@pytest.mark.parametrize("dialect,fault", CASES)
def test_each_fault_shows_as_its_status_and_no_wrong_card(dialect, fault):
    with shoe_on_pty(dialect, seed=3, heartbeat=3600) as (mock, _shoe, heard):
        mock.deal(2)
        mock.fault(fault)
        mock.deal(2)
        heard.cards_total(len(sent_cards(mock)))
        assert heard.cards == sent_cards(mock)
        faults = [s for s in heard.statuses if s is not Status.CONNECTED]
        assert faults == EXPECTED[fault].get(dialect, EXPECTED[fault].get("*"))


@pytest.mark.parametrize("dialect", ["beetek", "scanner"])
@pytest.mark.parametrize("fault", ["checksum", "drop", "repeat", "stall"])
def test_the_mock_refuses_a_fault_the_dialect_cannot_show(dialect, fault):
    with MockShoe(dialect) as mock, pytest.raises(ShoeError, match=f"cannot show a {fault}"):
        mock.fault(fault)
    assert mock.dealt == []


@pytest.mark.parametrize("dialect", ALL)
def test_unplug_and_replug_recover_without_restarting_the_driver(dialect):
    with shoe_on_pty(dialect, seed=5) as (mock, shoe, heard):
        first = mock.deal(3)
        heard.cards_total(3)
        thread = shoe._thread
        replug(mock, heard)
        second = mock.deal(3)
        heard.cards_total(7)
        assert heard.cards == sent_cards(mock)
        assert heard.cards[:3] == first and heard.cards[4:] == second
        assert shoe._thread is thread and thread.is_alive()
        assert heard.statuses == [Status.CONNECTED, Status.LOST, Status.CONNECTED]


def test_a_shoe_that_is_not_there_yet_is_reported_lost_then_found(tmp_path):
    link = tmp_path / "card-shoe"
    mock = MockShoe("beetek", seed=1, link=link)
    heard = Listener()
    shoe = SerialShoe(str(link), "beetek")
    shoe.start(heard.sink)
    try:
        lost = heard.status(Status.LOST)
        assert f"cannot open {link}" in lost.detail
        mock.plug()
        heard.status(Status.CONNECTED)
        dealt = mock.deal(2)
        heard.cards_total(2)
        assert heard.cards == dealt
    finally:
        shoe.stop()
        mock.close()


def test_a_stalled_framed_shoe_is_reported_silent_then_carries_on():
    with shoe_on_pty("framed", silence_after=0.3, seed=2) as (mock, _shoe, heard):
        mock.fault("stall")
        silence = heard.status(Status.SILENCE)
        assert "no heartbeat" in silence.detail
        mock.resume()
        dealt = mock.deal(2)
        heard.cards_total(2)
        assert heard.cards == dealt


@pytest.mark.parametrize("dialect", ALL)
def test_random_faults_never_deliver_a_wrong_card_and_every_fault_is_reported(dialect):
    rng = random.Random(f"faults-{dialect}")
    kinds = [f for f in applicable(dialect) if f not in ("stall", "replug", "checksum")]
    injected = Counter()
    with shoe_on_pty(dialect, seed=11) as (mock, _shoe, heard):
        for _ in range(150):
            if rng.random() < 0.3:
                fault = rng.choice(kinds)
                injected[fault] += 1
                if fault == "unplug":
                    replug(mock, heard)
                else:
                    mock.fault(fault)
            else:
                mock.deal(1)
        mock.deal(1)  # a last good frame: every fault before it has been reported by then
        heard.cards_total(len(sent_cards(mock)))
        assert heard.cards == sent_cards(mock)
        seen = Counter(heard.statuses)
    checksummed = dialect == "framed"
    assert seen[Status.GARBAGE] == injected["garbage"] + (0 if checksummed else
                                                          injected["corrupt"])
    assert seen[Status.CHECKSUM] == (injected["corrupt"] if checksummed else 0)
    assert seen[Status.DUPLICATE] == injected["repeat"]
    assert seen[Status.MISREAD] == injected["misread"]
    assert seen[Status.ALARM] == injected["alarm"]
    assert seen[Status.LOST] == injected["unplug"]
    assert seen[Status.CONNECTED] == injected["unplug"] + 1
    lost_frames = injected["drop"] + (injected["corrupt"] if checksummed else 0)
    assert (seen[Status.GAP] > 0) == (lost_frames > 0) and seen[Status.GAP] <= lost_frames
    assert sum(injected.values()) >= 20  # the run really was a run of faults


def test_a_sink_that_raises_does_not_stop_the_reader(caplog):
    """The kiosk's bug must not silence the shoe: later cards still arrive."""
    listener = Listener()
    failures = []

    def flaky_sink(event):
        if isinstance(event, CardEvent) and not failures:
            failures.append(event)
            raise RuntimeError("screen not ready")
        listener.sink(event)

    with MockShoe("framed", decks=1, seed=3, heartbeat=0.05) as mock:
        shoe = SerialShoe(mock.path, "framed")
        shoe.start(flaky_sink)
        try:
            listener.status(Status.CONNECTED)
            dealt = mock.deal(3)
            listener.cards_total(2)
            assert listener.cards == dealt[1:]
            assert failures[0].card == dealt[0]
            assert "the sink raised" in caplog.text
        finally:
            shoe.stop()
