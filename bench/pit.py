"""The pit on PostgreSQL: ingest from 40 shippers at once, catch-up after a one-hour outage of
40 tables, bytes per round in the central store, and `pit verify`'s rounds per second per core
against the local `verify`.

A throwaway PostgreSQL 15 cluster (tests/pit/server.py) with fsync on, as in production, on
127.0.0.1. Each table's journal is a demo journal of full-table rounds (seven boxes, co-players,
side bets: about 39 events a round); the 40 tables' journals are copies of one journal, as
their events' content does not matter to the store. Each shipper is its own process with its
own role, shipping in batches of 1,000 events as `blackjack-kiosk ship` does. Usage:

    nice -n 10 python bench/pit.py [--hours 4] [--tables 40] [--pace 70]
    nice -n 10 python bench/pit.py --latency   # commit at a kiosk to the pit page (pit_latency.py)
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from kiosk.demo.headless import play_direct  # noqa: E402
from kiosk.journal.store import open_for_review  # noqa: E402
from kiosk.journal.verify import verify_journal  # noqa: E402
from kiosk.pit.check import verify_table  # noqa: E402
from kiosk.pit.pack import pack_month  # noqa: E402
from kiosk.pit.shipper import Shipper  # noqa: E402
from kiosk.pit.store import add_table, init  # noqa: E402
from kiosk.table.service import TableService  # noqa: E402
from tests.journal_support import raw, rehash_chain  # noqa: E402
from tests.pit.server import Server  # noqa: E402


def journal_of(path: Path, rounds: int, seed: int = 1, month: str | None = None) -> Path:
    """A demo journal; with `month`, its times moved into that month (the chain hashed
    again), so that the store can pack it as a closed month."""
    svc = TableService.open(path, table="bench", simulated=True)
    try:
        play_direct(svc, rounds, seed)
    finally:
        svc.close()
    if month is not None:
        conn = raw(path)
        conn.execute("BEGIN")
        conn.execute("UPDATE events SET ts = ? || substr(ts, 8)", (month,))
        rehash_chain(conn)
        conn.execute("COMMIT")
        conn.close()
    return path


def closed_month() -> str:
    from datetime import UTC, datetime

    now = datetime.now(UTC)
    year, month = (now.year, now.month - 2) if now.month > 2 else (now.year - 1, now.month + 10)
    return f"{year:04}-{month:02}"


def cut(master: Path, path: Path, rounds: int) -> Path:
    """A copy of the journal as it stood when round `rounds + 1` opened."""
    import sqlite3

    shutil.copyfile(master, path)
    conn = sqlite3.connect(path, isolation_level=None)
    end = conn.execute("SELECT seq FROM events WHERE kind = 'round_open' AND round_id = ?",
                       (rounds + 1,)).fetchone()[0]
    conn.execute("DROP TRIGGER IF EXISTS events_no_delete")
    conn.execute("DELETE FROM events WHERE seq >= ?", (end,))
    conn.close()
    return path


def events_in(path: Path) -> int:
    db = open_for_review(path)
    try:
        return db.conn.execute("SELECT max(seq) FROM events").fetchone()[0]
    finally:
        db.conn.close()


def _ship(job: tuple[str, str]) -> tuple[int, float]:
    journal, url = job
    shipper = Shipper(journal, url)
    try:
        start = time.perf_counter()
        done = shipper.ship_pass()
        return done.sent, time.perf_counter() - start
    finally:
        shipper.close()


def ship_all(jobs: list[tuple[str, str]]) -> tuple[int, float]:
    """Every journal shipped at once, one process each: events stored, wall seconds."""
    with get_context("fork").Pool(len(jobs)) as pool:
        pool.map(time.sleep, [0.0] * len(jobs))  # the processes up before the clock starts
        start = time.perf_counter()
        results = pool.map(_ship, jobs, chunksize=1)
        wall = time.perf_counter() - start
    return sum(sent for sent, _ in results), wall


def store_bytes(url: str) -> tuple[int, int, int]:
    """The events' bytes in the store as rows (every partition, its indexes and TOAST) and
    packed (pit.packed with its TOAST and index), and the registry's and sessions' bytes."""
    with psycopg.connect(url) as conn:
        conn.execute("CHECKPOINT")
        rows = conn.execute(
            "SELECT coalesce(sum(pg_total_relation_size(inhrelid)), 0) FROM pg_inherits "
            "WHERE inhparent = 'pit.events'::regclass").fetchone()[0]
        packed = conn.execute("SELECT pg_total_relation_size('pit.packed')").fetchone()[0]
        other = conn.execute(
            "SELECT pg_total_relation_size('pit.tables') + "
            "pg_total_relation_size('pit.sessions')").fetchone()[0]
    return int(rows), int(packed), int(other)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=40)
    ap.add_argument("--hours", type=float, default=4.0, help="journal per table: the "
                    "first two hours ship before and after the outage, the rest is the "
                    "sustained ingest (default 4 hours)")
    ap.add_argument("--pace", type=int, default=70, help="rounds per hour (default 70: Kilby's "
                    "figure for five players, the brisk end of a full table)")
    ap.add_argument("--latency", action="store_true", help="instead: commit at a kiosk to "
                    "visible in the pit page's browser, 10 tables playing (bench/pit_latency.py)")
    args = ap.parse_args()
    if args.latency:
        return page_latency()
    if args.hours < 3:
        # the journal is cut at the ends of hours 1 and 2: at least an hour must remain
        ap.error(f"--hours {args.hours:g}: at least 3 (hours 1 and 2 ship before and after "
                 "the outage, the rest is the sustained ingest)")
    work = Path(tempfile.mkdtemp(prefix="bench-pit-"))
    server = Server(durable=True)
    try:
        server.start()
        with psycopg.connect(server.url(), autocommit=True) as conn:
            conn.execute("CREATE DATABASE pit")
        url = server.url("pit")
        init(url)
        names = [f"table-{i + 1:02}" for i in range(args.tables)]
        urls = {name: add_table(url, name) for name in names}
        hour = args.pace
        rounds = int(args.hours * hour)
        t0 = time.perf_counter()
        month = closed_month()
        master = journal_of(work / "master.sqlite", rounds, month=month)
        made = time.perf_counter() - t0
        per_table = events_in(master)
        local_bytes = master.stat().st_size
        print(f"journal: {rounds} rounds, {per_table} events, {local_bytes / rounds:,.0f} "
              f"bytes a round on disk (made in {made:.1f} s)")
        # the tables an hour in, shipped; then an hour of play while the pit is away
        first = cut(master, work / "first.sqlite", hour)
        for name in names:
            shutil.copyfile(first, work / f"{name}.sqlite")
        ship_all([(str(work / f"{name}.sqlite"), urls[name]) for name in names])
        second = cut(master, work / "second.sqlite", 2 * hour)
        for name in names:
            shutil.copyfile(second, work / f"{name}.sqlite")
        sent, wall = ship_all([(str(work / f"{name}.sqlite"), urls[name]) for name in names])
        print(f"catch-up after a one-hour outage of {args.tables} tables ({hour} rounds, "
              f"{sent // args.tables} events each): {wall:.2f} s, {sent / wall:,.0f} events/s")
        # sustained ingest: the rest of the prepared journals, from 40 shippers at once
        for name in names:
            shutil.copyfile(master, work / f"{name}.sqlite")
        sent, wall = ship_all([(str(work / f"{name}.sqlite"), urls[name]) for name in names])
        print(f"sustained ingest, {args.tables} shippers at once: {sent:,} events in "
              f"{wall:.2f} s = {sent / wall:,.0f} events/s "
              f"({sent / wall / (args.tables * hour * per_table / rounds / 3600):,.0f} times "
              "the load of the tables at that pace)")
        total_rounds = args.tables * rounds
        rows, _, other = store_bytes(url)
        hot = (rows + other) / total_rounds
        print(f"store, a row per event: {rows / 2**20:,.1f} MiB for {total_rounds:,} rounds = "
              f"{hot:,.0f} bytes a round (local journal {local_bytes / rounds:,.0f})")
        t0 = time.perf_counter()
        events, chunks, _, _ = pack_month(url, month)
        packing = time.perf_counter() - t0
        rows, packed, other = store_bytes(url)
        per_round = (rows + packed + other) / total_rounds
        print(f"store, {month} packed ({events:,} events in {chunks:,} chunks, "
              f"{packing:.1f} s): {packed / 2**20:,.1f} MiB = {per_round:,.0f} bytes a round")
        year = 40 * 360 * 12 * args.pace
        print(f"a casino-year of 40 tables (12 h a day, 360 days, {args.pace} rounds/h = "
              f"{year:,} rounds): {year * per_round / 2**30:,.1f} GiB packed "
              f"({year * hot / 2**30:,.1f} GiB as rows)")
        # verify: the local journal on one core, then pit verify of one table on one core
        db = open_for_review(master)
        t0 = time.perf_counter()
        result = verify_journal(db, processes=1)
        local = time.perf_counter() - t0
        db.conn.close()
        t0 = time.perf_counter()
        checked = verify_table(url, names[0], processes=1)
        central = time.perf_counter() - t0
        assert checked.fault is None and checked.rounds_settled == result.rounds_settled
        print(f"verify, one core: local {result.rounds_settled / local:,.0f} rounds/s, "
              f"pit verify of a packed table {checked.rounds_settled / central:,.0f} rounds/s "
              f"(the table read back from the pit and rebuilt: {central:.2f} s against "
              f"{local:.2f} s)")
        cores = os.cpu_count() or 1
        from kiosk.pit.check import verify_pit

        t0 = time.perf_counter()
        results, fault = verify_pit(url, processes=cores)
        wall = time.perf_counter() - t0
        assert fault is None
        done = sum(r.rounds_settled for r in results)
        print(f"pit verify of all {len(results)} tables on {cores} cores: {wall:.1f} s, "
              f"{done / wall:,.0f} rounds/s, {done / wall / cores:,.0f} rounds/s per core")
    finally:
        server.remove()
        shutil.rmtree(work, ignore_errors=True)
    return 0


def page_latency() -> int:
    from bench.pit_latency import measure

    for interval in (0.2, 1.0):  # the shipper's default, then a slower one for comparison
        server = Server(durable=True)
        try:
            server.start()
            with psycopg.connect(server.url(), autocommit=True) as conn:
                conn.execute("CREATE DATABASE pit")
            r = measure(server.url("pit"), tables=10, seconds=40, interval=interval)
        finally:
            server.remove()
        print(f"commit at a kiosk to visible in the browser, 10 tables at "
              f"{r['rate']:.0f} events/s, shipper interval {interval:g} s: p50 "
              f"{r['p50']:.0f} ms, p99 {r['p99']:.0f} ms, max {r['max']:.0f} ms "
              f"({r['events']} events, {r['missing']} not seen)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
