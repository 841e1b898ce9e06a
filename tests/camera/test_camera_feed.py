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
