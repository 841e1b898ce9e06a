"""The shift report: per table, what was staked (drop), paid and kept, in exact money.

Drop is the sum of the stakes of the settlement's lines; paid is what the house paid out on
winning lines (beyond returning the stake); the house result is minus the players' total net,
hold is the house result as a share of the drop. Side bets (twins, bust) are reported apart
from the main game (main, insurance, even money, surrender). Voided rounds move no money.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from decimal import Decimal

import sqlite_utils

from kiosk.journal.reader import round_rows
from models.money import format_amount

SIDE_BETS = ("twins", "bust")
ZERO = Decimal(0)


@dataclass
class Tally:
    drop: Decimal = ZERO
    paid: Decimal = ZERO
    house: Decimal = ZERO

    def add(self, stake: Decimal, net: Decimal) -> None:
        self.drop += stake
        if net > 0:
            self.paid += net
        self.house -= net

    def to_json(self) -> dict:
        hold = (self.house * 100 / self.drop).quantize(Decimal("0.01")) if self.drop else None
        return {"drop": format_amount(self.drop), "paid": format_amount(self.paid),
                "house": format_amount(self.house),
                "hold_pct": None if hold is None else format(hold, "f")}


@dataclass
class TableReport:
    table: str
    rounds: int = 0
    main: Tally = field(default_factory=Tally)
    side: dict[str, Tally] = field(default_factory=dict)
    boxes: dict[int, Tally] = field(default_factory=dict)
    players: dict[str, Tally] = field(default_factory=dict)
    voids: list[dict] = field(default_factory=list)
    corrections: list[dict] = field(default_factory=list)
    alerts: list[dict] = field(default_factory=list)
    open_rounds: list[int] = field(default_factory=list)

    def add_settlement(self, settlement: dict) -> None:
        self.rounds += 1
        for line in settlement["lines"]:
            stake, net = Decimal(line["stake"]), Decimal(line["net"])
            if line["bet"] in SIDE_BETS:
                self.side.setdefault(line["bet"], Tally()).add(stake, net)
            else:
                self.main.add(stake, net)
                self.boxes.setdefault(line["box"], Tally()).add(stake, net)
            self.players.setdefault(line["player"], Tally()).add(stake, net)

    def to_json(self) -> dict:
        return {"table": self.table, "rounds": self.rounds, "main": self.main.to_json(),
                "side_bets": {k: v.to_json() for k, v in sorted(self.side.items())},
                "boxes": {str(k): v.to_json() for k, v in sorted(self.boxes.items())},
                "players": {k: v.to_json() for k, v in sorted(self.players.items())},
                "voids": self.voids, "corrections": self.corrections, "alerts": self.alerts,
                "open_rounds": self.open_rounds}


def shift_report(db: sqlite_utils.Database, since: str | None = None,
                 until: str | None = None) -> list[TableReport]:
    tables: dict[str, TableReport] = {}
    for row in round_rows(db, since, until):
        t = tables.setdefault(row["table"], TableReport(row["table"]))
        if row["status"] == "settled":
            t.add_settlement(row["settlement"])
        elif row["status"] == "void":
            t.voids.append({"round": row["id"], **row["void"]})
        else:
            t.open_rounds.append(row["id"])
    _listed(db, tables, since, until)
    return [tables[name] for name in sorted(tables)]


def _listed(db, tables: dict[str, TableReport], since, until) -> None:
    """Corrections and alerts of the period, each under its table."""
    sql = ("SELECT e.seq, e.ts, e.round_id, e.kind, e.data, s.table_name FROM events e "
           "JOIN sessions s ON s.id = e.session_id WHERE e.kind IN ('correction', 'alert')")
    params = []
    if since:
        sql += " AND e.ts >= ?"
        params.append(since)
    if until:
        sql += " AND e.ts < ?"
        params.append(until)
    for seq, ts, round_id, kind, data, table in db.conn.execute(sql + " ORDER BY e.seq", params):
        t = tables.setdefault(table, TableReport(table))
        item = {"event": seq, "time": ts, "round": round_id, **json.loads(data)}
        (t.corrections if kind == "correction" else t.alerts).append(item)
