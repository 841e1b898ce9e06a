"""The overhead camera as the table's card source: frames on disk, read by OpenCV through the
card feed into the table service, every card where the engine says."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from hardware_mocks.camera import dealing_sequence
from kiosk.table.feed import CardFeed
from kiosk.table.loop import HeadlessLoop
from kiosk.table.service import TableService
from kiosk.table.sources import SourceError, open_source

pytestmark = pytest.mark.xdist_group("camera")


def test_cards_seen_by_the_camera_are_dealt_through_the_feed(tmp_path, decks, profiles):
    folder = tmp_path / "frames"
    folder.mkdir()
    # laid on the felt in deal order: box 1, the dealer, box 1
    frames = dealing_sequence(decks["own"], ["9S", "6D", "TH"], np.random.default_rng(5))
    for i, (frame, _) in enumerate(frames):
        cv2.imwrite(str(folder / f"{i:04d}.png"), frame)
    profile = tmp_path / "deck.profile"
    profiles["own"].save(profile)
    service = TableService.open(tmp_path / "j.sqlite")
    service.open_round({1: "anna"})
    service.bet("anna", 1, "10")
    loop = HeadlessLoop()
    source, mock = open_source("camera", profile=profile, device=str(folder))
    assert mock is None
    with CardFeed(service, source, loop.post):
        assert loop.run_until(lambda: service.view().source.state == "lost", 120)
    view = service.view()
    assert view.boxes[0].hands[0].cards == ("9S", "TH")
    assert view.dealer.cards == ("6D",)
    assert view.source.kind == "camera" and "frames ended" in view.source.detail
    service.close()


def test_a_camera_without_its_profile_is_refused_by_name():
    with pytest.raises(SourceError, match="deck profile"):
        open_source("camera", device="0")


def _round_with_a_doubt(tmp_path):
    """A round with one box, and the camera's `uncertain` for its first card on the board."""
    from drivers.source import Origin, Status, StatusEvent
    from models.cards import parse_card

    service = TableService.open(tmp_path / "j.sqlite")
    service.open_round({1: "anna"})
    service.bet("anna", 1, "10")
    feed = CardFeed(service, None, lambda f: f())
    feed.deliver(StatusEvent(Status.UNCERTAIN, Origin.CAMERA, "a card not read surely",
                             card=parse_card("8S")))
    assert [f.kind for f in service.board.open.values()] == ["uncertain"]
    return service, feed


def test_a_card_read_surely_after_its_doubt_closes_the_fault_as_one_card(tmp_path):
    from drivers.source import CardEvent, Origin
    from models.cards import parse_card

    service, feed = _round_with_a_doubt(tmp_path)
    feed.deliver(CardEvent(parse_card("9S"), Origin.CAMERA, resolves=True))
    assert service.view().boxes[0].hands[0].cards == ("9S",)
    assert not service.board.open  # as if the dealer had keyed it
    feed.deliver(CardEvent(parse_card("6D"), Origin.CAMERA))  # the next card, as ever
    assert service.view().dealer.cards == ("6D",)
    service.close()


def test_a_card_the_dealer_keyed_already_is_not_dealt_again_when_read_surely(tmp_path):
    from drivers.source import CardEvent, Origin
    from models.cards import parse_card

    service, feed = _round_with_a_doubt(tmp_path)
    service.card("9S", "manual")  # the dealer keyed it
    assert not service.board.open
    feed.deliver(CardEvent(parse_card("9S"), Origin.CAMERA, resolves=True))
    assert service.view().boxes[0].hands[0].cards == ("9S",)
    assert service.view().dealer.cards == ()
    service.close()


def test_a_card_read_surely_after_the_dealer_dismissed_its_doubt_is_dealt(tmp_path):
    """The camera said `uncertain` where no new card lay (or the dealer left the card to the
    camera) and he dismissed the fault without keying a card: the card read surely there
    later is a card on the table, and must not be dropped."""
    from drivers.source import CardEvent, Origin
    from models.cards import parse_card

    service, feed = _round_with_a_doubt(tmp_path)
    [seq] = service.board.open
    service.acknowledge(seq)
    assert not service.board.open
    feed.deliver(CardEvent(parse_card("AD"), Origin.CAMERA, resolves=True))
    assert service.view().boxes[0].hands[0].cards == ("AD",)
    feed.deliver(CardEvent(parse_card("6D"), Origin.CAMERA))
    assert service.view().dealer.cards == ("6D",)
    service.close()


def test_how_a_doubt_was_settled_is_folded_again_after_a_restart(tmp_path):
    """The board is folded from the journal: a restart between the dealer's keying and the
    camera's late sure reading still knows the card was keyed."""
    from drivers.source import CardEvent, Origin
    from models.cards import parse_card

    service, _ = _round_with_a_doubt(tmp_path)
    service.card("9S", "manual")
    service.close()
    service = TableService.open(tmp_path / "j.sqlite")
    feed = CardFeed(service, None, lambda f: f())
    feed.deliver(CardEvent(parse_card("9S"), Origin.CAMERA, resolves=True))
    assert service.view().boxes[0].hands[0].cards == ("9S",)
    assert service.view().dealer.cards == ()
    service.close()


def _round_with_two_doubts(tmp_path):
    """One box, and two of the camera's `uncertain` open, at two places it named."""
    from drivers.source import Origin, Status, StatusEvent
    from models.cards import parse_card

    service = TableService.open(tmp_path / "j.sqlite")
    service.open_round({1: "anna"})
    service.bet("anna", 1, "10")
    feed = CardFeed(service, None, lambda f: f())
    for guess, place in (("8S", "a1b2.1"), ("6C", "a1b2.2")):
        feed.deliver(StatusEvent(Status.UNCERTAIN, Origin.CAMERA, "a card not read surely",
                                 card=parse_card(guess), place=place))
    assert [f.place for f in service.board.open.values()] == ["a1b2.1", "a1b2.2"]
    return service, feed


def test_with_two_doubts_open_a_card_read_surely_settles_its_own_place(tmp_path):
    """The dealer keyed the first doubt's card (a keyed card settles the oldest); then the
    camera reads that place surely: no second card, and the other fault stays open until its
    own place is read. Settled oldest first, that late reading closed the other place's fault
    and dealt the keyed card again."""
    from drivers.source import CardEvent, Origin
    from models.cards import parse_card

    service, feed = _round_with_two_doubts(tmp_path)
    service.card("9S", "manual")
    assert [f.place for f in service.board.open.values()] == ["a1b2.2"]
    feed.deliver(CardEvent(parse_card("9S"), Origin.CAMERA, resolves=True, place="a1b2.1"))
    assert service.view().boxes[0].hands[0].cards == ("9S",)
    assert service.view().dealer.cards == ()
    assert [f.place for f in service.board.open.values()] == ["a1b2.2"]
    feed.deliver(CardEvent(parse_card("6D"), Origin.CAMERA, resolves=True, place="a1b2.2"))
    assert service.view().dealer.cards == ("6D",)
    assert not service.board.open
    service.close()


def test_the_newer_doubt_read_surely_first_keeps_its_turn_even_after_a_restart(tmp_path):
    """The glare leaves the second place first: its fault closes, but its card (the dealer's)
    waits behind the first place's, still open; a card read after both waits behind it too.
    A restart folds the same board from the journal; the first place read, the three go in in
    the order dealt: box, dealer, box."""
    from drivers.source import CardEvent, Origin
    from models.cards import parse_card

    service, feed = _round_with_two_doubts(tmp_path)
    feed.deliver(CardEvent(parse_card("6D"), Origin.CAMERA, resolves=True, place="a1b2.2"))
    feed.deliver(CardEvent(parse_card("TH"), Origin.CAMERA))
    assert service.view().boxes[0].hands[0].cards == () and service.view().dealer.cards == ()
    assert [f.place for f in service.board.open.values()] == ["a1b2.1"]
    assert service.view().held == ("6D", "TH")
    service.close()
    service = TableService.open(tmp_path / "j.sqlite")
    assert [f.place for f in service.board.open.values()] == ["a1b2.1"]
    assert service.board.settled_places == {("camera", "a1b2.2"): "acknowledged"}
    assert _held(service) == ["6D", "TH"]
    feed = CardFeed(service, None, lambda f: f())
    feed.deliver(CardEvent(parse_card("9S"), Origin.CAMERA, resolves=True, place="a1b2.1"))
    assert service.view().boxes[0].hands[0].cards == ("9S", "TH")
    assert service.view().dealer.cards == ("6D",)
    assert not service.board.open and _held(service) == []
    service.close()


def test_a_card_held_before_a_second_doubt_goes_in_once_the_first_is_keyed(tmp_path):
    """Box's first card uncertain, the dealer's read, the box's second uncertain, a card after
    it: keyed for the first, the dealer's card follows at once; the fourth waits for the
    second doubt, keyed next, and the four are journaled in the order dealt."""
    from drivers.source import CardEvent, Origin, Status, StatusEvent
    from models.cards import parse_card

    service, feed = _round_with_a_doubt(tmp_path)
    feed.deliver(CardEvent(parse_card("6D"), Origin.CAMERA))
    feed.deliver(StatusEvent(Status.UNCERTAIN, Origin.CAMERA, "a card not read surely",
                             card=parse_card("TH"), place="c3d4.1"))
    feed.deliver(CardEvent(parse_card("5C"), Origin.CAMERA))
    assert _held(service) == ["6D", "5C"]
    feed.deliver(CardEvent(parse_card("9S"), Origin.MANUAL))
    assert service.view().boxes[0].hands[0].cards == ("9S",)
    assert service.view().dealer.cards == ("6D",) and _held(service) == ["5C"]
    feed.deliver(CardEvent(parse_card("TH"), Origin.MANUAL))
    assert [e.data["card"] for e in service.events if e.kind == "card"] == ["9S", "6D", "TH",
                                                                             "5C"]
    assert not service.board.open and _held(service) == []
    service.close()


def _held(service) -> list[str]:
    return [card for _, card in service.board.held_of("camera")]


def test_cards_the_camera_reports_behind_an_uncertain_one_wait_and_come_in_order(tmp_path):
    """The box's first card is `uncertain`; the camera then reports the dealer's card and the
    box's second. Dealt as they came, the dealer's card would go to the box. They are held
    (journaled) until the dealer keys the first, then dealt in order."""
    from drivers.source import CardEvent, Origin
    from models.cards import parse_card

    service, feed = _round_with_a_doubt(tmp_path)
    feed.deliver(CardEvent(parse_card("6D"), Origin.CAMERA))
    feed.deliver(CardEvent(parse_card("TH"), Origin.CAMERA))
    assert service.view().boxes[0].hands[0].cards == () and service.view().dealer.cards == ()
    assert _held(service) == ["6D", "TH"]
    assert [e.data["status"] for e in service.events if e.kind == "source"][-2:] == ["held"] * 2
    feed.deliver(CardEvent(parse_card("9S"), Origin.MANUAL))  # the dealer keys the first
    assert service.view().boxes[0].hands[0].cards == ("9S", "TH")
    assert service.view().dealer.cards == ("6D",)
    assert _held(service) == [] and not service.board.open
    cards = [(e.data["card"], e.data.get("held")) for e in service.events if e.kind == "card"]
    held = [e.seq for e in service.events if e.kind == "source" and e.data["status"] == "held"]
    assert cards == [("9S", None), ("6D", held[0]), ("TH", held[1])]
    service.close()


def test_a_held_card_is_dealt_once_when_the_camera_resolves_the_uncertain_one(tmp_path):
    from drivers.source import CardEvent, Origin
    from models.cards import parse_card

    service, feed = _round_with_a_doubt(tmp_path)
    feed.deliver(CardEvent(parse_card("6D"), Origin.CAMERA))
    feed.deliver(CardEvent(parse_card("9S"), Origin.CAMERA, resolves=True))
    assert service.view().boxes[0].hands[0].cards == ("9S",)
    assert service.view().dealer.cards == ("6D",)
    feed.deliver(CardEvent(parse_card("TH"), Origin.CAMERA))  # nothing open: dealt at once
    assert service.view().boxes[0].hands[0].cards == ("9S", "TH") and _held(service) == []
    service.close()


def test_held_cards_survive_a_restart_and_a_dismissed_fault_frees_them(tmp_path):
    """The kiosk stops with a card held: the journal keeps it. Restarted, the fault is still
    open and the card still waits; the dealer dismisses the fault on the screen (no card lay
    there) and the held card is dealt, once."""
    from drivers.source import CardEvent, Origin
    from models.cards import parse_card

    service, feed = _round_with_a_doubt(tmp_path)
    feed.deliver(CardEvent(parse_card("6D"), Origin.CAMERA))
    service.close()
    service = TableService.open(tmp_path / "j.sqlite")
    assert _held(service) == ["6D"] and service.board.uncertain_open("camera")
    feed = CardFeed(service, None, lambda f: f())
    with feed:
        assert _held(service) == ["6D"]  # still behind the open fault
        [seq] = service.board.open
        service.acknowledge(seq)  # as the screen does, not through the feed
        assert service.view().boxes[0].hands[0].cards == ("6D",)
        assert _held(service) == []
    service.close()
    service = TableService.open(tmp_path / "j.sqlite")
    assert _held(service) == [] and service.view().boxes[0].hands[0].cards == ("6D",)
    service.close()


def test_a_held_card_the_engine_refuses_ends_its_hold_with_the_refusal(tmp_path):
    """A held card that can no longer be dealt (the supervisor voided the round meanwhile) is
    refused as any card is: an alert the dealer sees, and its hold ends with it; a camera card
    after it is not stuck behind it."""
    from drivers.source import CardEvent, Origin
    from models.cards import parse_card

    service, feed = _round_with_a_doubt(tmp_path)
    feed.deliver(CardEvent(parse_card("6D"), Origin.CAMERA))
    [doubt] = service.board.open
    service.void("Frau Weber", "card fell on the floor")
    service.acknowledge(doubt)
    feed.release()
    assert _held(service) == []
    refused = service.board.last
    assert (refused.kind, refused.card) == ("card_refused", "6D")
    service.open_round({1: "anna"})
    service.bet("anna", 1, "10")
    feed.deliver(CardEvent(parse_card("TH"), Origin.CAMERA))
    assert service.view().boxes[0].hands[0].cards == ("TH",)
    service.close()


def test_a_round_under_a_glare_reaches_the_table_once_in_order_through_the_feed(tmp_path,
                                                                               decks, profiles):
    """Issue 31, item 4, end to end: a round dealt under a glare nearly white (it hides the
    index of one card at first: `uncertain`, resolved when the glare moves) and a hand
    passing over, watched frame by frame, its events delivered through the card feed to the
    table: the journal holds each card once, in the order dealt, and no fault is left."""
    from drivers.camera.recognize import Recognizer
    from drivers.camera.watch import Watcher
    from models.cards import ALL_CARDS

    rng = np.random.default_rng(4)
    codes = [ALL_CARDS[i].code for i in rng.choice(len(ALL_CARDS), 9, replace=False)]
    watcher = Watcher(Recognizer(profiles["own"]))
    events = []
    for frame, _ in dealing_sequence(decks["own"], codes, rng, still_frames=10, glare=240):
        events.extend(watcher.feed(frame))
    assert any(e.__class__.__name__ == "StatusEvent" for e in events), "no card was hidden"
    service = TableService.open(tmp_path / "j.sqlite")
    service.open_round({1: "anna", 2: "ben", 3: "cem"})
    for box, player in ((1, "anna"), (2, "ben"), (3, "cem")):
        service.bet(player, box, "10")
    feed = CardFeed(service, None, lambda f: f())
    for event in events:
        feed.deliver(event)
    assert [e.data["card"] for e in service.events if e.kind == "card"] == codes
    assert not service.board.open and not service.board.held
    view = service.view()
    assert [b.hands[0].cards[:2] for b in view.boxes[:3]] == [(codes[i], codes[i + 4])
                                                             for i in range(3)]
    assert view.dealer.cards == (codes[3],)
    service.close()


def test_a_late_reading_held_before_its_fault_was_closed_closes_it_when_dealt(tmp_path):
    """The kiosk stopped between journaling the second place's sure reading as held and
    closing that place's fault: restarted, the card waits behind the first place's, and when
    it goes in its own fault closes with it: the dealer is never asked for it again."""
    from drivers.source import CardEvent, Origin
    from models.cards import parse_card

    service, feed = _round_with_two_doubts(tmp_path)
    service.source_status("held", "camera", "read surely behind an uncertain card", "",
                          "6D", "a1b2.2")  # as the feed does, then the power went
    service.close()
    service = TableService.open(tmp_path / "j.sqlite")
    assert [f.place for f in service.board.open.values()] == ["a1b2.1", "a1b2.2"]
    feed = CardFeed(service, None, lambda f: f())
    feed.deliver(CardEvent(parse_card("9S"), Origin.CAMERA, resolves=True, place="a1b2.1"))
    assert service.view().boxes[0].hands[0].cards == ("9S",)
    assert service.view().dealer.cards == ("6D",)
    assert not service.board.open and _held(service) == []
    service.close()
