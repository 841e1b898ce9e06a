"""`blackjack-kiosk set-pin`: a supervisor's PIN as the salted hash the configuration keeps
(`pin_hash` under `[[supervisors]]`). The PIN is asked twice and never shown or stored."""

from __future__ import annotations

import getpass
import sys

from kiosk.commands._common import CommandError, add_parser
from kiosk.table.pins import PinError, check_pin_shape, hash_pin


def run(args) -> int:
    if args.stdin:
        line = sys.stdin.readline()
        if not line:
            raise CommandError("set-pin: no PIN on standard input")
        pin = again = line.rstrip("\r\n")
    else:
        try:
            pin = getpass.getpass("PIN (4 to 8 digits): ")
            again = getpass.getpass("the same PIN again: ")
        except EOFError:
            raise CommandError("set-pin: no PIN given (use --stdin to pipe one in)") from None
    if pin != again:
        raise CommandError("set-pin: the two PINs differ; nothing printed")
    try:
        check_pin_shape(pin)
    except PinError as exc:
        raise CommandError(f"set-pin: {exc}") from None
    print(f'pin_hash = "{hash_pin(pin)}"')
    return 0


def register(sub) -> None:
    p = add_parser(sub, "set-pin", "print the salted hash of a supervisor's PIN, for the "
                   "configuration's [[supervisors]] pin_hash",
                   "echo 4711 | blackjack-kiosk set-pin --stdin", run)
    p.add_argument("--stdin", action="store_true",
                   help="read the PIN from one line of standard input (scripts)")
