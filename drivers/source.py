"""The one interface every card source speaks: the shoe, the camera and manual entry.

A source delivers two kinds of events to a sink (a callable the kiosk gives it):

- `CardEvent`: a card left the shoe or was laid on the table, with its source, time and
  (where the device knows it) a confidence;
- `StatusEvent`: anything else the dealer or a technician must know: connected, lost, misread,
  alarm, cut card, shoe empty, and protocol faults. A fault is never turned into a guessed card
  and never dropped silently.

Sinks are called from the source's own thread; the kiosk marshals them to its own.
"""

from __future__ import annotations

import enum
import queue
from collections.abc import Callable
from dataclasses import dataclass, field

from models.cards import Card
from models.clock import utc_now


class Origin(enum.StrEnum):
    """Where a card was read: the journal stores it with every card."""

    SHOE = "shoe"
    CAMERA = "camera"
    MANUAL = "manual"


class Status(enum.StrEnum):
    """What a source can say besides a card."""

    CONNECTED = "connected"
    LOST = "lost"  # cable pulled, device gone, camera stopped
    MISREAD = "misread"  # the device saw a card but could not read it
    ALARM = "alarm"  # the device raised an alarm (jam, card not read, ...)
    CUT_CARD = "cut_card"  # the cut card came out: finish this round, then reshuffle
    SHOE_EMPTY = "shoe_empty"
    BURN = "burn"  # a card drawn as a burn card, not into play
    CHECKSUM = "checksum"  # a frame failed its checksum
    GARBAGE = "garbage"  # bytes that are no frame of the dialect
    GAP = "gap"  # sequence numbers skipped: frames were lost
    DUPLICATE = "duplicate"  # a frame repeated; its card is not delivered twice
    SILENCE = "silence"  # no heartbeat or data within the expected time
    UNCERTAIN = "uncertain"  # a card seen but not read surely (camera)


def _now() -> float:
    """Seconds since the epoch from the kiosk's one clock."""
    return utc_now().timestamp()


@dataclass(frozen=True, slots=True)
class CardEvent:
    card: Card
    origin: Origin
    time: float = field(default_factory=_now)
    confidence: float | None = None
    device: str = ""
    sequence: int | None = None  # the device's own frame number, where it has one
    # the card the source reported `uncertain` before, now read surely in the same place: it
    # closes that fault as the dealer's keyed card would, and is no card if he keyed it already
    resolves: bool = False
    place: str | None = None  # which `uncertain` it resolves: the place that status named

    def to_json(self) -> dict:
        out = {"event": "card", "card": self.card.code, "source": self.origin.value,
               "time": self.time}
        if self.resolves:
            out["resolves"] = "uncertain"
        if self.place is not None:
            out["place"] = self.place
        if self.confidence is not None:
            out["confidence"] = round(self.confidence, 4)
        if self.device:
            out["device"] = self.device
        if self.sequence is not None:
            out["sequence"] = self.sequence
        return out


@dataclass(frozen=True, slots=True)
class StatusEvent:
    status: Status
    origin: Origin
    detail: str = ""
    time: float = field(default_factory=_now)
    device: str = ""
    card: Card | None = None  # e.g. a burn card, or a camera's best guess for an uncertain card
    # an `uncertain` card's place on the table, named by the source (unique across its runs):
    # the card read surely there later resolves this fault and no other
    place: str | None = None

    def to_json(self) -> dict:
        out = {"event": self.status.value, "source": self.origin.value, "time": self.time}
        if self.detail:
            out["detail"] = self.detail
        if self.device:
            out["device"] = self.device
        if self.card is not None:
            out["card"] = self.card.code
        if self.place is not None:
            out["place"] = self.place
        return out


SourceEvent = CardEvent | StatusEvent
Sink = Callable[[SourceEvent], None]


class CardSource:
    """Base of every card source: start delivering to a sink, stop, say what you are."""

    origin: Origin

    def start(self, sink: Sink) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


class QueueSink:
    """A sink that queues events for a consumer on another thread (CLI monitors, tests)."""

    def __init__(self) -> None:
        self.queue: queue.Queue[SourceEvent] = queue.Queue()

    def __call__(self, event: SourceEvent) -> None:
        self.queue.put(event)

    def get(self, timeout: float | None = None) -> SourceEvent:
        return self.queue.get(timeout=timeout)
