"""`blackjack-kiosk mock-shoe`: a simulated card shoe on a pseudo-terminal, for demos and tests.

The first line printed is the device path to open. Commands on standard input: `deal N`,
`burn N`, `fault NAME`, `resume`, `status`, `quit`. With `--pace` it deals on its own at a
dealer's pace; `--faults` injects the named faults at random while it does.
"""

from __future__ import annotations

import random
import signal
import sys
import threading
from pathlib import Path

from hardware_mocks.mock_shoe import FAULTS, MockShoe
from kiosk.commands._common import CommandError, add_parser, number
from models.cards import parse_card
from models.errors import GameError


def read_script(path: str) -> list:
    """Cards one per line or separated by spaces; `#` starts a comment."""
    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise CommandError(f"cannot read script {path}: {exc.strerror}") from None
    cards = []
    for line_no, line in enumerate(text.splitlines(), 1):
        for code in line.split("#")[0].split():
            try:
                cards.append(parse_card(code))
            except GameError as exc:
                raise CommandError(f"{path}:{line_no}: {exc}") from None
    return cards


def command(mock: MockShoe, line: str) -> str | None:
    """Run one console command; return the reply, or None to quit."""
    words = line.split()
    if not words:
        return ""
    verb, args = words[0], words[1:]
    if verb == "quit":
        return None
    if verb in ("deal", "burn"):
        count = int(args[0]) if args and args[0].isdigit() else 1
        cards = getattr(mock, verb)(count)
        return f"{verb} {' '.join(c.code for c in cards)}" if cards else "shoe is empty"
    if verb == "fault" and args:
        return mock.fault(args[0])
    if verb == "resume":
        mock.resume()
        return "resumed"
    if verb == "status":
        return f"{len(mock.dealt)} dealt, {mock.remaining} left, plugged={mock.plugged}"
    return f"unknown command {line.strip()!r}: deal N, burn N, fault NAME, resume, status, quit"


def deal_at_pace(mock: MockShoe, pace: float, faults: list[str], rate: float,
                 stop: threading.Event, rng: random.Random) -> None:
    while mock.remaining and not stop.wait(pace):
        if faults and rng.random() < rate:
            fault = rng.choice(faults)
            print(f"fault {fault}: {mock.fault(fault)}", flush=True)
            if fault == "unplug":
                stop.wait(pace)
                print(mock.fault("replug"), flush=True)
        else:
            print(f"deal {mock.deal(1)[0].code}", flush=True)


def run(args) -> int:
    faults = [f for f in (args.faults or "").split(",") if f]
    unknown = sorted(set(faults) - set(FAULTS))
    if unknown:
        raise CommandError(f"unknown fault(s) {', '.join(unknown)}: choose from "
                           f"{', '.join(FAULTS)}")
    cards = read_script(args.script) if args.script else None
    mock = MockShoe(args.dialect, decks=args.decks, seed=args.seed, cards=cards, link=args.link,
                    cut_card=args.cut_card)
    refused = sorted(set(faults) - set(mock.faults()))
    if refused:
        raise CommandError(f"the {args.dialect} dialect cannot show {', '.join(refused)}")
    stop = threading.Event()  # the shoe is switched off: Ctrl-C, SIGTERM, quit, or dealt out
    done = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: done.set())
    with mock:
        print(mock.path, flush=True)
        pacer = None
        if args.pace:
            pacer = threading.Thread(target=deal_at_pace, daemon=True, args=(
                mock, args.pace, faults, args.fault_rate, stop, random.Random(args.seed)))
            pacer.start()

        def serve() -> None:
            console(mock)
            if pacer is not None:
                pacer.join()  # stdin closed: keep dealing until the shoe is out
            done.set()
        threading.Thread(target=serve, daemon=True, name="mock-shoe-console").start()
        while not done.wait(0.2):
            pass
        stop.set()
    return 0


def console(mock: MockShoe) -> None:
    for line in sys.stdin:
        try:
            reply = command(mock, line)
        except GameError as exc:
            reply = f"refused: {exc}"
        if reply is None:
            return
        print(reply, flush=True)


def register(sub) -> None:
    p = add_parser(sub, "mock-shoe", "simulate a card shoe on a pseudo-terminal",
                   "blackjack-kiosk mock-shoe --dialect framed --decks 6 --seed 42", run)
    p.add_argument("--dialect", default="framed", choices=["beetek", "scanner", "framed"])
    p.add_argument("--decks", type=number(1, 8), default=6)
    p.add_argument("--seed", type=number(0, 2**63 - 1), default=None)
    p.add_argument("--script", help="file of cards to deal instead of a shuffled shoe")
    p.add_argument("--faults", help=f"comma-separated faults to inject at random with --pace "
                   f"({', '.join(FAULTS)})")
    p.add_argument("--fault-rate", type=number(0, 1, float), default=0.1)
    p.add_argument("--pace", type=float, default=0.0, help="seconds between cards (0: on demand)")
    p.add_argument("--cut-card", type=int, help="cards before the cut card comes out (framed)")
    p.add_argument("--link", help="device path to create (default: a new temporary directory)")
