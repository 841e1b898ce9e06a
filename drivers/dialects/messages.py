"""What a dialect parser reads off the wire: cards, statuses and heartbeats.

Parsers are pure: bytes in, these frozen messages out. The driver turns them into the
card-source events of `drivers.source`; faults of the line itself (garbage, checksum, gap,
duplicate) are status messages like any other, so nothing is ever dropped silently.
"""

from __future__ import annotations

from dataclasses import dataclass

from drivers.source import Status
from models.cards import ALL_CARDS, Card
from models.errors import GameError

# Exact card codes only (`TD`, never `10d`): a shoe that sends anything else is not trusted.
CARD_BY_CODE: dict[str, Card] = {c.code: c for c in ALL_CARDS}


class ShoeError(GameError):
    """A shoe dialect, port or fault that cannot be used as asked."""


@dataclass(frozen=True, slots=True)
class CardRead:
    """A card read surely by the shoe, dealt into play."""

    card: Card
    sequence: int | None = None


@dataclass(frozen=True, slots=True)
class StatusRead:
    """Anything but a card in play: misread, alarm, burn card, cut card, or a line fault."""

    status: Status
    detail: str = ""
    card: Card | None = None
    sequence: int | None = None


@dataclass(frozen=True, slots=True)
class Heartbeat:
    """The shoe is alive and idle."""

    sequence: int | None = None


Message = CardRead | StatusRead | Heartbeat


def show_bytes(data: bytes, limit: int = 24) -> str:
    """Bytes as a short readable literal for a status detail."""
    text = repr(bytes(data[:limit]))
    return text + ("..." if len(data) > limit else "")


class GarbageRun:
    """Collects bytes that belong to no frame, so a run of noise is reported once, in full."""

    def __init__(self) -> None:
        self.bytes = bytearray()
        self.at = 0

    def add(self, byte: int, offset: int) -> None:
        if not self.bytes:
            self.at = offset
        self.bytes.append(byte)

    def report(self) -> list[Message]:
        """The run as one GARBAGE status (or nothing), and start a new run."""
        if not self.bytes:
            return []
        detail = (f"{len(self.bytes)} bytes of garbage at byte {self.at}: "
                  f"{show_bytes(self.bytes)}")
        self.bytes = bytearray()
        return [StatusRead(Status.GARBAGE, detail)]


class ByteParser:
    """The part every dialect's incremental parser shares: bytes are fed one at a time to
    `_byte`, which appends what it completes; `offset` is the stream position of the byte in
    hand, so every fault can say where it was."""

    offset: int = 0

    def feed(self, data: bytes) -> list:
        out: list = []
        for byte in data:
            self._byte(byte, out)
            self.offset += 1
        return out

    def _byte(self, byte: int, out: list) -> None:
        raise NotImplementedError
