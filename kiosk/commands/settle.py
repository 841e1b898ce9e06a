"""`blackjack-kiosk settle FILE`: settle a round record and print the settlement JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from kiosk.commands._common import CommandError, add_parser
from models.record import loads, settle_record


def read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"{path}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path}: not UTF-8 text") from None


def run(args) -> int:
    record = loads(read_text(args.file))
    settlement = settle_record(record)
    print(json.dumps(settlement.to_json(), indent=2 if args.pretty else None))
    return 0


def register(sub) -> None:
    p = add_parser(sub, "settle", "settle a round record (blackjack-round/1) and print the "
                   "settlement JSON; a refused record exits 2 naming bets[i] or play[i]",
                   "blackjack-kiosk settle docs/examples/round.json", run)
    p.add_argument("file", help="round record JSON file, or - for standard input")
    p.add_argument("--pretty", action="store_true", help="indent the JSON")
