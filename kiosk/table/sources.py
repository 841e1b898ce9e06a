"""The table's card source, opened from its configuration: a shoe on a serial line (a device
path or any pyserial URL, in one of the shoe dialects), the overhead camera, the keypad alone,
or the mock shoe on a pseudo-terminal, read through the very serial driver a real shoe is."""

from __future__ import annotations

from pathlib import Path

from drivers.dialects import get_dialect
from drivers.shoe import SerialShoe
from drivers.source import CardSource
from hardware_mocks.mock_shoe import MockShoe

KINDS = ("shoe", "camera", "manual", "mock")


class SourceError(ValueError):
    """A card source that cannot be opened as configured."""


def open_source(kind: str, *, url: str | None = None, dialect: str = "framed",
                profile: Path | str | None = None, calibration: Path | str | None = None,
                device: str | None = None, seed: int | None = None,
                decks: int = 6) -> tuple[CardSource | None, MockShoe | None]:
    """The source (None for the keypad alone) and, for `mock`, the mock shoe behind it."""
    if kind not in KINDS:
        raise SourceError(f"unknown card source {kind!r}: one of {', '.join(KINDS)}")
    if kind == "manual":
        return None, None
    if kind in ("shoe", "mock"):
        get_dialect(dialect)  # an unknown dialect is refused before anything opens
    if kind == "shoe":
        if not url:
            raise SourceError("a shoe needs its port: a device path or a pyserial URL")
        return SerialShoe(url, dialect), None
    if kind == "mock":
        mock = MockShoe(dialect, decks=decks, seed=seed)
        mock.plug()
        return SerialShoe(mock.path, dialect), mock
    return _camera(profile, calibration, device), None


def _camera(profile, calibration, device) -> CardSource:
    # OpenCV loads only for a table that reads by camera
    from drivers.camera.calibration import Calibration
    from drivers.camera.profile import DeckProfile
    from drivers.camera.recognize import Recognizer
    from drivers.camera.watch import CameraSource, open_frames

    if not profile or not device:
        raise SourceError("the camera needs its deck profile and its device (number, video "
                          "file or folder of frames)")
    deck = DeckProfile.load(Path(profile))
    if calibration:
        cal = Calibration.load(Path(calibration))
        recognizer = Recognizer(deck, card_width=cal.card_width_px, cloth=cal.cloth)
    else:
        recognizer = Recognizer(deck)
    return CameraSource(open_frames(str(device)), recognizer, device=str(device))
