"""The `framed` dialect: our own protocol for shoes we can configure (docs/shoe-protocol.md).

A frame is `STX body '*' CRC ETX`: the body is a 4-hex-digit sequence number, a type letter
and a payload; CRC is CRC-16/CCITT-FALSE of the body as 4 upper-case hex digits. Sequence
numbers (heartbeats included) let the receiver see a dropped or repeated frame.
"""

from __future__ import annotations

import binascii

from drivers.dialects.messages import (
    CARD_BY_CODE,
    ByteParser,
    CardRead,
    GarbageRun,
    Heartbeat,
    Message,
    ShoeError,
    StatusRead,
    show_bytes,
)
from drivers.source import Status
from models.cards import Card

STX, ETX = 0x02, 0x03
WHITESPACE = frozenset(b" \r\n\t")
MAX_FRAME = 64  # longest body + checksum a sender may use; longer is noise
SEQUENCE_MOD = 0x10000
RECENT = 32  # how many sequence numbers are remembered to recognise a repeated frame
STATUS_PAYLOADS = {b"MISREAD": Status.MISREAD, b"CUT": Status.CUT_CARD,
                   b"EMPTY": Status.SHOE_EMPTY}


def checksum(body: bytes) -> bytes:
    return b"%04X" % binascii.crc_hqx(body, 0xFFFF)


class FramedEncoder:
    """Builds frames as a configurable shoe sends them; owns the shoe's sequence counter."""

    def __init__(self, first_sequence: int = 0) -> None:
        self.sequence = first_sequence

    def frame(self, kind: str, payload: str = "") -> bytes:
        body = b"%04X" % self.sequence + kind.encode("ascii") + payload.encode("ascii")
        self.sequence = (self.sequence + 1) % SEQUENCE_MOD
        return bytes([STX]) + body + b"*" + checksum(body) + bytes([ETX])

    def card(self, card: Card) -> bytes:
        return self.frame("C", card.code)

    def burn(self, card: Card) -> bytes:
        return self.frame("B", card.code)

    def misread(self) -> bytes:
        return self.frame("S", "MISREAD")

    def alarm(self, text: str) -> bytes:
        if "*" in text or not text.isascii() or not text.isprintable():
            raise ShoeError(f"alarm text {text!r} must be printable ASCII without '*'")
        return self.frame("S", "ALARM:" + text)

    def cut_card(self) -> bytes:
        return self.frame("S", "CUT")

    def shoe_empty(self) -> bytes:
        return self.frame("S", "EMPTY")

    def heartbeat(self) -> bytes:
        return self.frame("H")

    def hello(self) -> bytes:
        return self.frame("R")


class SequenceCheck:
    """Follows sequence numbers: reports gaps, holds back repeated frames."""

    def __init__(self) -> None:
        self.last: int | None = None
        self.recent: list[int] = []

    def restart(self, sequence: int) -> None:
        self.last = None
        self.recent = []
        self.accept(sequence)

    def accept(self, sequence: int) -> None:
        self.last = sequence
        self.recent = (self.recent + [sequence])[-RECENT:]

    def check(self, sequence: int, at: int) -> tuple[list[Message], bool]:
        """Statuses to report before this frame, and whether the frame is new (deliver it)."""
        if self.last is None:
            self.accept(sequence)
            return [], True
        expected = (self.last + 1) % SEQUENCE_MOD
        if sequence != expected and sequence in self.recent:
            return [StatusRead(Status.DUPLICATE, f"frame {sequence:04X} at byte {at} repeated; "
                               "not delivered again", sequence=sequence)], False
        out: list[Message] = []
        if sequence != expected:
            lost = (sequence - expected) % SEQUENCE_MOD
            out.append(StatusRead(Status.GAP, f"{lost} frame(s) lost: expected {expected:04X}, "
                                  f"got {sequence:04X} at byte {at}", sequence=sequence))
        self.accept(sequence)
        return out, True


class FramedParser(ByteParser):
    """Incremental parser: feed bytes, get messages; resynchronises at every STX."""

    def __init__(self) -> None:
        self.offset = 0  # stream position of the next byte fed
        self.frame: bytearray | None = None
        self.frame_at = 0
        self.garbage = GarbageRun()
        self.sequence = SequenceCheck()

    def idle(self) -> list[Message]:
        """The line went quiet: report noise now rather than at the next frame."""
        return self.garbage.report()

    def flush(self) -> list[Message]:
        """The line is gone: report noise and any frame cut off half-way."""
        out = self.garbage.report()
        if self.frame is not None:
            out.append(self._cut_off("the line closed"))
            self.frame = None
        return out

    def _byte(self, byte: int, out: list[Message]) -> None:
        if byte == STX:
            out.extend(self.garbage.report())
            if self.frame is not None:
                out.append(self._cut_off(f"a new frame at byte {self.offset}"))
            self.frame, self.frame_at = bytearray(), self.offset
        elif self.frame is None:
            if byte not in WHITESPACE:
                self.garbage.add(byte, self.offset)
        elif byte == ETX:
            frame, self.frame = bytes(self.frame), None
            out.extend(self._decode(frame, self.frame_at))
        elif len(self.frame) >= MAX_FRAME:
            out.append(StatusRead(Status.GARBAGE, f"frame at byte {self.frame_at} runs past "
                                  f"{MAX_FRAME} bytes without an end: {show_bytes(self.frame)}"))
            self.frame = None
            self._byte(byte, out)  # no frame is open now: the byte counts as noise
        else:
            self.frame.append(byte)

    def _cut_off(self, why: str) -> StatusRead:
        return StatusRead(Status.GARBAGE, f"frame at byte {self.frame_at} cut off by {why}: "
                          f"{show_bytes(self.frame or b'')}")

    def _decode(self, frame: bytes, at: int) -> list[Message]:
        body, star, crc = frame.rpartition(b"*")
        if not star or len(crc) != 4:
            return [StatusRead(Status.GARBAGE, f"malformed frame at byte {at}: "
                               f"{show_bytes(frame)}")]
        if checksum(body) != crc:
            return [StatusRead(Status.CHECKSUM, f"frame at byte {at} fails its checksum "
                               f"({crc.decode('ascii', 'replace')} sent, "
                               f"{checksum(body).decode()} computed): {show_bytes(frame)}")]
        return self._message(body, at)

    def _message(self, body: bytes, at: int) -> list[Message]:
        head, kind, payload = body[:4], body[4:5], body[5:]
        if len(head) < 4 or not all(b in b"0123456789ABCDEF" for b in head) or not kind:
            return [StatusRead(Status.GARBAGE, f"frame at byte {at} has no sequence number "
                               f"and type: {show_bytes(body)}")]
        sequence = int(head, 16)
        message = self._content(kind, payload, sequence)
        if message is None:
            return [StatusRead(Status.GARBAGE, f"frame {sequence:04X} at byte {at} is not a "
                               f"message of the protocol: {show_bytes(body)}")]
        if kind == b"R":
            self.sequence.restart(sequence)
            return [message]
        before, new = self.sequence.check(sequence, at)
        return before + [message] if new else before

    @staticmethod
    def _content(kind: bytes, payload: bytes, sequence: int) -> Message | None:
        text = payload.decode("ascii", "replace")
        if kind in (b"C", b"B"):
            card = CARD_BY_CODE.get(text)
            if card is None:
                return None
            if kind == b"C":
                return CardRead(card, sequence)
            return StatusRead(Status.BURN, f"burn card {card.code}", card, sequence)
        if kind == b"S" and payload in STATUS_PAYLOADS:
            return StatusRead(STATUS_PAYLOADS[payload], text.lower(), sequence=sequence)
        if kind == b"S" and payload.startswith(b"ALARM:"):
            return StatusRead(Status.ALARM, text[6:], sequence=sequence)
        if kind == b"H" and not payload:
            return Heartbeat(sequence)
        if kind == b"R":
            return StatusRead(Status.CONNECTED, f"shoe restarted at sequence {sequence:04X}",
                              sequence=sequence)
        return None
