"""Rounds settled per second from round records, in process, on one core.

Makes N rounds from a seeded shoe (a typical table of three played boxes, and a full one of
five; co-players on some boxes, Twins and Bust bets, a simple strategy with doubles and splits),
writes each as record JSON, then times `loads` + `settle_record` over all of them.
Usage: python bench/settle.py [--rounds N] [--preset P]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from models.record import (  # noqa: E402
    loads,
    settle_record,
    to_record,  # noqa: E402
)
from models.round import Phase, Round  # noqa: E402
from models.shoe import Shoe  # noqa: E402
from models.table import Limits  # noqa: E402

TABLES = {
    "typical, 3 boxes": {1: "anna", 4: "carl", 6: "dora"},
    "full, 5 boxes": {1: "anna", 2: "bert", 4: "carl", 5: "dora", 7: "emil"},
}


def typical_round(rng: random.Random, shoe: Shoe, preset: str, seats: dict) -> dict:
    rnd = Round(preset, Limits(Decimal(10), Decimal(500)), seats)
    for seat, player in seats.items():
        rnd.bet(player, seat, rng.choice(["10", "20", "50", "100"]))
        if rng.random() < 0.4:
            rnd.bet("gast", seat, "10")
        if rng.random() < 0.2 and rnd.can_bet(player, seat, "10", "twins"):
            rnd.bet(player, seat, "10", "twins")
    if rnd.can_bet("anna", 1, "10", "bust"):
        rnd.bet("anna", 1, "10", "bust")
    while not rnd.is_complete():
        if shoe.remaining < 20:
            shoe.shuffle()
        found = rnd.active_hand() if rnd.phase == Phase.BOXES else None
        if found is None or len(found[1].cards) < 2:
            if rnd.phase == Phase.INSURANCE:
                rnd.close_insurance()
                continue
            rnd.card(shoe.draw())
            continue
        box, hand = found
        total, _ = hand.total()
        follow = [p for p in hand.stakes if p != box.owner]
        if rnd.can_split(box.number, follow) and hand.cards[0].value in (1, 8):
            rnd.split(box.number, follow)
        elif total in (10, 11) and rnd.can_double(box.number, follow):
            rnd.double(box.number, follow)
        elif total < 17:
            rnd.card(shoe.draw())
        else:
            rnd.stand(box.number)
    return to_record(rnd)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20000)
    ap.add_argument("--preset", default="bayern")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    for name, seats in TABLES.items():
        rng = random.Random(1)
        shoe = Shoe(6, seed=1)
        texts = [json.dumps(typical_round(rng, shoe, args.preset, seats))
                 for _ in range(args.rounds)]
        cards = sum(sum(isinstance(e, str) for e in json.loads(t)["play"]) for t in texts)
        wall, cpu = [], []
        for _ in range(args.repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            for text in texts:
                settle_record(loads(text))
            wall.append(args.rounds / (time.perf_counter() - start))
            cpu.append(args.rounds / (time.process_time() - start_cpu))
        # CPU time is what one core spends; wall time also counts waiting for a busy core.
        print(f"{args.preset}, {name}, {cards / args.rounds:.1f} cards per round: "
              f"median {statistics.median(cpu):,.0f} rounds per CPU-second, "
              f"{statistics.median(wall):,.0f} rounds/s wall over {args.rounds} rounds "
              f"x {args.repeat}")


if __name__ == "__main__":
    main()
