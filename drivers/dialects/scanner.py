"""The `scanner` dialect: simple card scanners, one line per card, 9600 8N1, no status.

A line is a suit letter and a rank 01-13 (`D12` is the queen of diamonds, `S01` the ace of
spades), ended by CR, LF or CR LF. There is no checksum and no misread message: a line that
is not exactly a card is reported whole as garbage, never trimmed into a guess.
"""

from __future__ import annotations

from drivers.dialects.messages import ByteParser, CardRead, Message, StatusRead, show_bytes
from drivers.source import Status
from models.cards import RANKS, Card

BAUDRATE = 9600
LINE_ENDS = frozenset(b"\r\n")
MAX_LINE = 16
SUIT_LETTERS = b"SHDC"


def card_of(line: bytes) -> Card | None:
    text = line.strip(b" \t")
    if len(text) != 3 or text[0] not in SUIT_LETTERS or not text[1:].isdigit():
        return None
    rank = int(text[1:])
    if not 1 <= rank <= 13:
        return None
    return Card(RANKS[rank - 1], chr(text[0]))


class ScannerEncoder:
    """Writes cards as a scanner does: `D12` CR LF."""

    def card(self, card: Card) -> bytes:
        return b"%s%02d\r\n" % (card.suit.encode(), RANKS.index(card.rank) + 1)


class ScannerParser(ByteParser):
    """Incremental line parser; an over-long line is reported once and skipped to its end."""

    def __init__(self) -> None:
        self.offset = 0
        self.line = bytearray()
        self.line_at = 0
        self.overlong = False

    def idle(self) -> list[Message]:
        return []  # a line without its end may still be arriving

    def flush(self) -> list[Message]:
        out = []
        if self.line and not self.overlong:
            out.append(StatusRead(Status.GARBAGE, f"line at byte {self.line_at} cut off by the "
                                  f"line closing: {show_bytes(self.line)}"))
        self.line, self.overlong = bytearray(), False
        return out

    def _byte(self, byte: int, out: list[Message]) -> None:
        if byte in LINE_ENDS:
            if self.line and not self.overlong:
                out.append(self._decode(bytes(self.line), self.line_at))
            self.line, self.overlong = bytearray(), False
            return
        if not self.line:
            self.line_at = self.offset
        if self.overlong:
            return
        self.line.append(byte)
        if len(self.line) > MAX_LINE:
            self.overlong = True
            out.append(StatusRead(Status.GARBAGE, f"line at byte {self.line_at} runs past "
                                  f"{MAX_LINE} bytes: {show_bytes(self.line)}"))

    @staticmethod
    def _decode(line: bytes, at: int) -> Message:
        card = card_of(line)
        if card is None:
            return StatusRead(Status.GARBAGE, f"line at byte {at} is no card: {show_bytes(line)}")
        return CardRead(card)
