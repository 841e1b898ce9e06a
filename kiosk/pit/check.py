"""`pit verify`: every shipped table's chain walked and every round re-settled, as the
journal's own `verify` does it, tables in parallel on every core. A table's events are read
back whole (`review.open_table`) and verified on the core that read them."""

from __future__ import annotations

import os
from dataclasses import dataclass
from multiprocessing import get_context

from kiosk.journal.errors import ChainBroken
from kiosk.journal.verify import verify_journal
from kiosk.pit.store import check_ready, connect


@dataclass
class TableResult:
    table: str
    events: int = 0
    rounds_settled: int = 0
    rounds_void: int = 0
    rounds_open: int = 0
    head_hash: str = ""
    fault: str | None = None  # "event N: why", the first event that does not hold


def table_names(url: str) -> list[str]:
    with connect(url) as conn:
        check_ready(conn, url)
        return [r[0] for r in conn.execute("SELECT name FROM pit.tables ORDER BY name")]


def verify_table(url: str, name: str, processes: int = 1) -> TableResult:
    from kiosk.pit.review import open_table

    try:
        db = open_table(url, name, "pit verify")
        result = verify_journal(db, processes=processes)
    except ChainBroken as exc:
        return TableResult(name, fault=str(exc))
    return TableResult(name, result.events, result.rounds_settled, result.rounds_void,
                       result.rounds_open, result.head_hash)


def _one(job: tuple[str, str]) -> TableResult:
    return verify_table(*job)


def verify_pit(url: str, processes: int | None = None) -> tuple[list[TableResult], str | None]:
    """Every table's result in name order, and the first fault as one line (None if every
    table holds)."""
    names = table_names(url)
    processes = processes or os.cpu_count() or 1
    if len(names) <= 1 or processes == 1:
        results = [verify_table(url, name, processes) for name in names]
    else:
        with get_context("fork").Pool(min(processes, len(names))) as pool:
            results = pool.map(_one, [(url, name) for name in names], chunksize=1)
            pool.close()  # idle workers leave on their own; the exit's terminate() finds none
            pool.join()
    for r in results:
        if r.fault is not None:
            return [x for x in results if x.fault is None], f"table {r.table}: {r.fault}"
    return results, None
