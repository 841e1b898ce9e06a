"""The `beetek` dialect: the ASCII stream of USPCC/Bee-Tek shoes, 9600 baud, no checksum.

Messages look like ` [Game]<Card:4S> `, ` [Manual Burn Cards]<Card:QH> `, ` [Game]<Game> `
(the shoe saw a card but could not read it) and ` [Game]<Alarm:E3 Card Not Read> `. Every `[`
starts a message, so the parser resynchronises at the next one after noise. Without a
checksum a damaged byte that still spells a card cannot be caught; the framed dialect can.
"""

from __future__ import annotations

import re

from drivers.dialects.messages import (
    CARD_BY_CODE,
    ByteParser,
    CardRead,
    GarbageRun,
    Message,
    StatusRead,
    show_bytes,
)
from drivers.source import Status
from models.cards import Card

BAUDRATE = 9600
WHITESPACE = frozenset(b" \r\n\t")
MAX_MESSAGE = 96
MESSAGE = re.compile(rb"\[([A-Za-z ]{1,40})\]<([ -;=?-~]{1,60})>")
GAME = b"Game"
BURN = b"Manual Burn Cards"


def card_of(code: bytes) -> Card | None:
    """A Bee-Tek card code: rank (A 2-9 10/T J Q K) then suit, e.g. `4S`, `10H`."""
    text = code.decode("ascii", "replace")
    return CARD_BY_CODE.get("T" + text[2:] if text.startswith("10") else text)


class BeetekEncoder:
    """Writes messages as a Bee-Tek shoe does, framed by spaces."""

    @staticmethod
    def message(category: str, content: str) -> bytes:
        return f" [{category}]<{content}> ".encode("ascii")

    def card(self, card: Card) -> bytes:
        return self.message("Game", "Card:" + card.code)

    def burn(self, card: Card) -> bytes:
        return self.message("Manual Burn Cards", "Card:" + card.code)

    def misread(self) -> bytes:
        return self.message("Game", "Game")

    def alarm(self, text: str) -> bytes:
        return self.message("Game", "Alarm:" + text)


class BeetekParser(ByteParser):
    """Incremental parser: feed bytes, get messages; resynchronises at every `[`."""

    def __init__(self) -> None:
        self.offset = 0
        self.message: bytearray | None = None
        self.message_at = 0
        self.garbage = GarbageRun()

    def idle(self) -> list[Message]:
        return self.garbage.report()

    def flush(self) -> list[Message]:
        out = self.garbage.report()
        if self.message is not None:
            out.append(self._cut_off("the line closed"))
            self.message = None
        return out

    def _byte(self, byte: int, out: list[Message]) -> None:
        if byte == ord("["):
            out.extend(self.garbage.report())
            if self.message is not None:
                out.append(self._cut_off(f"a new message at byte {self.offset}"))
            self.message, self.message_at = bytearray(b"["), self.offset
        elif self.message is None:
            if byte not in WHITESPACE:
                self.garbage.add(byte, self.offset)
        elif byte == ord(">"):
            self.message.append(byte)
            message, self.message = bytes(self.message), None
            out.append(self._decode(message, self.message_at))
        elif len(self.message) >= MAX_MESSAGE:
            out.append(StatusRead(Status.GARBAGE, f"message at byte {self.message_at} runs past "
                                  f"{MAX_MESSAGE} bytes: {show_bytes(self.message)}"))
            self.message = None
            self._byte(byte, out)
        else:
            self.message.append(byte)

    def _cut_off(self, why: str) -> StatusRead:
        return StatusRead(Status.GARBAGE, f"message at byte {self.message_at} cut off by {why}: "
                          f"{show_bytes(self.message or b'')}")

    def _decode(self, message: bytes, at: int) -> Message:
        match = MESSAGE.fullmatch(message)
        found = match and self._content(match.group(1), match.group(2))
        if not found:
            return StatusRead(Status.GARBAGE, f"unknown Bee-Tek message at byte {at}: "
                              f"{show_bytes(message, 80)}")
        return found

    @staticmethod
    def _content(category: bytes, content: bytes) -> Message | None:
        if content == GAME:
            return StatusRead(Status.MISREAD, "the shoe could not read a card ([Game]<Game>)")
        if content.startswith(b"Alarm:"):
            return StatusRead(Status.ALARM, content[6:].decode("ascii"))
        if not content.startswith(b"Card:"):
            return None
        card = card_of(content[5:])
        if card is None:
            return None
        if category == GAME:
            return CardRead(card)
        if category == BURN:
            return StatusRead(Status.BURN, f"burn card {card.code}", card)
        return None
