"""`camera watch` logic on rendered dealing sequences: every card once, in order."""

from __future__ import annotations

import numpy as np
import pytest

from drivers.camera.recognize import Recognizer
from drivers.camera.watch import CameraSource, FrameError, Watcher
from drivers.source import CardEvent, QueueSink, Status, StatusEvent
from hardware_mocks.camera import Deck, dealing_sequence
from models.cards import ALL_CARDS
from tests.camera.support import DRAWN_IN_TESTS

pytestmark = pytest.mark.xdist_group("camera")


def deal(deck, profile, seed: int, count: int):
    rng = np.random.default_rng(seed)
    codes = [ALL_CARDS[i].code for i in rng.choice(len(ALL_CARDS), count, replace=False)]
    watcher = Watcher(Recognizer(profile))
    events = []
    for frame, _ in dealing_sequence(deck, codes, rng):
        events.extend(watcher.feed(frame))
    return codes, events


@pytest.mark.parametrize("seed", [1, 2])
def test_a_dealt_round_on_our_deck_gives_every_card_once_in_order(seed, decks, profiles):
    codes, events = deal(decks["own"], profiles["own"], seed, 9)
    assert [e.card.code for e in events] == codes  # sure cards, and best guesses, all right
    assert sum(not isinstance(e, CardEvent) for e in events) <= 1  # at most one not sure


@pytest.mark.parametrize("seed", [1, 2])
def test_a_dealt_round_on_the_published_deck_never_gives_a_wrong_card(seed, decks, profiles):
    """Every card once, in order, is the goal; on this deck the recognizer may still miss a
    card (docs/performance.md). What must hold: nothing twice, nothing out of order, no sure
    card wrong, a card not read surely said so."""
    codes, events = deal(decks["svg"], profiles["svg"], seed, 9)
    said = [e.card.code for e in events]
    positions = [codes.index(c) for c in said]
    assert positions == sorted(set(positions))  # in order, none twice
    for event, code in zip(events, said, strict=True):
        if isinstance(event, CardEvent):
            assert event.card.code == code
        else:
            assert event.status is Status.UNCERTAIN
    assert len(events) >= len(codes) - 1


@pytest.mark.parametrize("design", DRAWN_IN_TESTS)
def test_a_dealt_round_of_a_generated_design_gives_every_card_once_in_order_surely(
        design, design_faces, design_profiles):
    """Generated designs (mono-tight held out from tuning, four-colour a tuning design since
    a hand of it was diagnosed; `bench/camera.py --deals` deals every design, fetched ones
    too): each card once, in order, and read surely."""
    codes, events = deal(Deck(design_faces[design]), design_profiles[design], 1, 9)
    assert [e.card.code for e in events] == codes
    assert all(isinstance(e, CardEvent) for e in events)


@pytest.mark.parametrize(("seed", "glare"), [(1, 120), (3, 120), (4, 240)])
def test_a_round_under_a_moving_glare_gives_every_card_once_in_order(seed, glare, decks,
                                                                     profiles):
    """Issue 31: a glare spot lies on each card's index as it is laid and drifts off it, a hand
    passes over between cards. A card is a card once read surely in 3 frames in a row; a card
    the glare hides is reported `uncertain`, keeps its place, and is given once when the glare
    has moved (`resolves`), before the next card. At the envelope's glare (120 grey levels)
    every card of these rounds is read surely through it (the card's other index, or the
    frames where the glare has moved); one nearly white (240) hides one card's at first."""
    rng = np.random.default_rng(seed)
    codes = [ALL_CARDS[i].code for i in rng.choice(len(ALL_CARDS), 9, replace=False)]
    watcher = Watcher(Recognizer(profiles["own"]))
    events = []
    for frame, _ in dealing_sequence(decks["own"], codes, rng, still_frames=10, glare=glare):
        events.extend(watcher.feed(frame))
    cards = [e for e in events if isinstance(e, CardEvent)]
    assert [e.card.code for e in cards] == codes
    doubts = [e for e in events if not isinstance(e, CardEvent)]
    if glare > 200:
        assert doubts, "the glare should have hidden some card's index at first"
    for doubt in doubts:  # each resolved by the next card event, the same card and place
        after = events[events.index(doubt) + 1]
        assert isinstance(after, CardEvent) and after.resolves
        assert doubt.place is not None and after.place == doubt.place
    assert sum(e.resolves for e in cards) == len(doubts)


def test_the_camera_source_delivers_events_then_says_the_stream_ended(decks, profiles):
    rng = np.random.default_rng(3)
    codes = ["7H", "KS", "2D"]
    frames = [f for f, _ in dealing_sequence(decks["own"], codes, rng)]
    sink = QueueSink()
    source = CameraSource(frames, Recognizer(profiles["own"]), device="mock")
    source.start(sink)
    got = [sink.get(timeout=60) for _ in range(4)]
    source.stop()
    assert [e.card.code for e in got[:3]] == codes
    assert isinstance(got[3], StatusEvent) and got[3].status is Status.LOST


def test_a_broken_frame_is_refused_by_number(profiles):
    watcher = Watcher(Recognizer(profiles["own"]))
    with pytest.raises(FrameError, match="frame 1"):
        watcher.feed(np.zeros((4, 4), np.uint8))


def test_a_glare_moving_over_cards_already_dealt_reports_nothing_new(decks, profiles):
    """Between two cards the table is still but a glare drifts over the hand already dealt:
    the picture changes there, but no card arrived (no cloth became card), so nothing is
    reported, not even `uncertain`. Read as a place that changed, a corner under the glare
    gave an `uncertain` where no card had come."""
    from hardware_mocks.camera import Effects, apply_effects, card_corners, felt, lay_card

    rng = np.random.default_rng(4)
    table = felt((1280, 720), rng)
    hand = []
    for i, code in enumerate(["KD", "QS", "JH", "8C"]):
        corners = card_corners((500 + 36 * i, 300 + 18 * i), 120, 0.0)
        lay_card(table, decks["own"], code, corners)
        hand.append(corners)
    watcher = Watcher(Recognizer(profiles["own"]))
    events = []
    for k in range(6):  # the hand as it lies, read once
        events.extend(watcher.feed(apply_effects(table, Effects(noise=2.0),
                                                 np.random.default_rng(k), [])))
    assert [e.card.code for e in events if isinstance(e, CardEvent)] == ["KD", "QS", "JH", "8C"]
    later = []
    for k in range(60):  # a glare crossing every card's index and art, a step a frame
        at = hand[0][0] + (k * 4, k * 4)
        fx = Effects(noise=2.0, glare=128, glare_at=(float(at[0]), float(at[1])),
                     glare_size=130)
        later.extend(watcher.feed(apply_effects(table, fx, np.random.default_rng(k), [])))
    assert later == []


def test_an_index_read_as_if_its_card_lay_elsewhere_brings_no_uncertain(tmp_path):
    """A tuning design's dealt round (pool-304, the benchmark's first round): as the 8S was
    laid, one of its indices also read as a 4C whose card would lie partly on cloth, beside
    it; that place was voted on and reported `uncertain`, a fault no dealt card explains. A
    place whose readings all imply a card partly on cloth, beside a card read surely in the
    same vote, is forgotten: the round is every card once, in order, surely."""
    codes, events = _glare_round_of_pool_design(304, 1, tmp_path)
    assert [e.card.code for e in events] == codes
    assert all(isinstance(e, CardEvent) for e in events)


def test_a_phantom_beside_a_card_takes_neither_its_frames_nor_its_place(tmp_path):
    """A tuning design's dealt round (pool-12, seed 2): as the QS was laid under a glare, its
    index also read, in most frames, as a 2C whose card would lie partly on cloth, close
    enough to be one place with the QS. Each frame's first reading there took the vote,
    so the QS's sure readings ran three in a row only three cards later; the 5S laid by it
    was never reported (a place centred on a phantom lies off its card, and once reported it
    hides what lies near it: `_is_known`), and phantoms that read a third time after the QS
    was reported were said `uncertain`. Each frame's surest reading of a place counts, a
    sure one moves the place onto its card, and a phantom beside a card that arrived with it
    is forgotten: every card once, in order, surely."""
    codes, events = _glare_round_of_pool_design(12, 2, tmp_path)
    assert [e.card.code for e in events] == codes
    assert all(isinstance(e, CardEvent) for e in events)


def _glare_round_of_pool_design(design: int, seed: int, tmp_path):
    """A round of nine dealt under a drifting glare on a generated pool design (the
    benchmark's `--deals`): the codes dealt, and the watcher's events."""
    from drivers.camera.training import enroll
    from hardware_mocks.design_faces import draw_deck
    from hardware_mocks.designs import random_design

    folder = draw_deck(random_design(design), tmp_path / f"pool-{design}")
    rng = np.random.default_rng(seed)
    codes = [ALL_CARDS[i].code for i in rng.choice(len(ALL_CARDS), 9, replace=False)]
    watcher = Watcher(Recognizer(enroll(folder)))
    events = []
    for frame, _ in dealing_sequence(Deck(folder), codes, rng, size=(1280, 720),
                                     still_frames=10, glare=120):
        events.extend(watcher.feed(frame))
    return codes, events
