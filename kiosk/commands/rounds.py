"""`blackjack-kiosk rounds --db FILE`: the rounds in the journal, one per line or as JSON."""

from __future__ import annotations

import json

from kiosk.commands._common import add_parser, currency_code
from kiosk.commands._review import add_review_db, file_filter, open_review
from kiosk.journal.reader import round_rows
from kiosk.pit.review import SHAPE_KINDS


def round_summary(row: dict) -> dict:
    settlement = row["settlement"] or {}
    return {"id": row["id"], "table": row["table"], "session": row["session"],
            "shoe": row["shoe"], "opened_at": row["opened_at"], "status": row["status"],
            "seats": row["seats"],
            "boxes": sorted({ln["box"] for ln in settlement.get("lines", [])}),
            "players": list(settlement.get("net", {})),
            "net": settlement.get("net", {}), "house": settlement.get("house")}


def run(args) -> int:
    rows = [round_summary(r) for r in round_rows(
        open_review(args, "rounds", kinds=SHAPE_KINDS), table=file_filter(args))]
    if args.format == "json":
        print(json.dumps(rows, indent=2))
        return 0
    for r in rows:
        cur = args.currency
        result = (f"house {r['house']} {cur}; " + ", ".join(f"{p} {n} {cur}" for p, n in
                                                           r["net"].items())
                  if r["status"] == "settled" else r["status"])
        boxes = ",".join(str(b) for b in r["boxes"]) or "-"
        print(f"round {r['id']:>5}  {r['opened_at'][:19]}Z  {r['table']}  boxes {boxes}  "
              f"{result}")
    print(f"{len(rows)} rounds")
    return 0


def register(sub) -> None:
    p = add_parser(sub, "rounds", "list the journal's rounds: time, boxes, players, result",
                   "blackjack-kiosk rounds --db var/journal.sqlite --format json", run)
    add_review_db(p)
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--currency", type=currency_code, default="EUR",
                   help="the table's currency, shown beside amounts (default EUR)")
