"""Shoe dialects: how each kind of shoe writes cards on the wire, as pure parsers and encoders.

The dialect is configuration: `beetek`, `scanner` or `framed`. Each has an incremental parser
(bytes in, messages out, partial frames kept, resynchronising after noise) and an encoder the
mock shoe writes with. What a dialect cannot say is listed here, so the mock refuses a fault
no receiver could detect instead of pretending.
"""

from __future__ import annotations

from dataclasses import dataclass

from drivers.dialects import beetek, framed, scanner
from drivers.dialects.messages import ShoeError


@dataclass(frozen=True)
class Dialect:
    name: str
    baudrate: int
    parser: type
    encoder: type
    says: frozenset[str]  # encoder methods besides `card`
    heartbeat: bool  # the shoe sends heartbeats, so silence means trouble
    sequenced: bool  # frames carry sequence numbers: drops and repeats are detected
    checksummed: bool


DIALECTS = {
    "beetek": Dialect("beetek", beetek.BAUDRATE, beetek.BeetekParser, beetek.BeetekEncoder,
                      frozenset({"burn", "misread", "alarm"}), False, False, False),
    "scanner": Dialect("scanner", scanner.BAUDRATE, scanner.ScannerParser,
                       scanner.ScannerEncoder, frozenset(), False, False, False),
    "framed": Dialect("framed", 115200, framed.FramedParser, framed.FramedEncoder,
                      frozenset({"burn", "misread", "alarm", "cut_card", "shoe_empty",
                                 "heartbeat", "hello"}), True, True, True),
}


def get_dialect(name: str) -> Dialect:
    try:
        return DIALECTS[name]
    except KeyError:
        raise ShoeError(f"unknown shoe dialect {name!r}: choose one of "
                        f"{', '.join(sorted(DIALECTS))}") from None
