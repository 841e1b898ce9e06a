"""Importing a round record into the journal through the table service."""

from __future__ import annotations

from kiosk.table.service import TableService
from models.errors import IllegalAction
from models.record import decision_call, loads, play_record
from models.round import Phase
from models.table import Limits


def import_record(path: str, text: str, table: str = "imports") -> tuple[int, dict]:
    """Journal the record as a settled round; return its round id and settlement."""
    record = loads(text)
    play_record(record).settlement()  # refuses a bad record before anything is written
    limits = Limits.parse(record["limits"]["min"], record["limits"]["max"])
    service = TableService.open(path, table=table, rules=record["rules"], limits=limits)
    try:
        if service.round_open:
            raise IllegalAction(f"table {table} has round {service.state.round_id} open: "
                                "finish it before importing")
        seats = {int(k): v for k, v in record.get("seats", {}).items()}
        service.open_round(seats, stakes_stand=False)  # the record's stakes, nothing more
        for bet in record["bets"]:
            service.bet(bet["player"], bet["box"], bet["amount"], bet.get("side"))
        for entry in record["play"]:
            if isinstance(entry, str):
                service.card(entry, "import")
            else:
                action, args = decision_call(entry)  # the entry, read as the engine reads it
                getattr(service, action)(*args)
        if service.round.phase == Phase.INSURANCE:
            service.close_insurance()  # the end of a record closes it
        settlement = service.settle().to_json()
        service.confirm_payout("import")
        return service.state.round_id, settlement
    finally:
        service.close()
