"""Journal benchmarks: committed events per second, the latency of one committed event with
synchronous=FULL, and `verify` throughput on a journal of generated rounds, with the time a
table-year (400,000 rounds) takes at that rate.

    /work/main/.venv/bin/python bench/journal.py --events 2000 --rounds 100000
    /work/main/.venv/bin/python bench/journal.py --verify-only --journal big.sqlite

Generating 100,000 rounds through the table service takes several minutes; `--keep FILE`
keeps the generated journal and `--journal FILE` verifies an existing one instead.

Everything runs on real SQLite files in a temporary folder on the same disk as the kiosk's
journal would be (pass --dir to choose). The figures go into docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kiosk.demo.dealers import ServiceDealer  # noqa: E402
from kiosk.demo.table import DemoTable  # noqa: E402
from kiosk.journal.store import open_for_review, open_journal  # noqa: E402
from kiosk.journal.verify import verify_journal  # noqa: E402
from kiosk.journal.writer import JournalWriter  # noqa: E402
from kiosk.table.service import TableService  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def bench_commits(folder: Path, events: int) -> None:
    """One event per commit, as the kiosk writes during play (a card-sized event)."""
    db = open_journal(folder / "commits.sqlite", create=True)
    writer = JournalWriter(db)
    session = writer.open_session("bench", "bayern", {"min": "10", "max": "500"}).session_id
    latencies = []
    start = time.perf_counter()
    for i in range(events):
        t0 = time.perf_counter()
        writer.append("alert", {"alert": "bench", "message": f"event {i}", "card": "QH",
                                "source": "shoe"}, session)
        latencies.append(time.perf_counter() - t0)
    total = time.perf_counter() - start
    print(f"writer: {events} events, one commit each, synchronous=FULL, WAL")
    print(f"  {events / total:,.0f} events committed per second")
    print(f"  latency p50 {percentile(latencies, 0.5) * 1000:.2f} ms, "
          f"p99 {percentile(latencies, 0.99) * 1000:.2f} ms, "
          f"max {max(latencies) * 1000:.2f} ms, mean {statistics.mean(latencies) * 1000:.2f} ms")
    db.conn.close()


def bench_table(folder: Path, rounds: int) -> None:
    """The whole kiosk path: engine checks, commit, fold step, demo strategy."""
    service = TableService.open(folder / "table.sqlite")
    start = time.perf_counter()
    DemoTable(service, ServiceDealer(service), 1).play(rounds)
    total = time.perf_counter() - start
    events = service.writer.head_seq
    print(f"table service: {rounds} demo rounds, {events} events, one commit each")
    print(f"  {events / total:,.0f} events/s, {rounds / total:,.1f} rounds/s")
    service.close()


def generate(path: Path, rounds: int, chunk: int = 1000) -> int:
    """A journal of `rounds` demo rounds, committed a chunk of rounds at a time."""
    service = TableService.open(path)
    table = DemoTable(service, ServiceDealer(service), 2024)
    done = 0
    while done < rounds:
        n = min(chunk, rounds - done)
        with service.writer.batch():
            table.play(n)
        done += n
    events = service.writer.head_seq
    service.close()
    return events


TABLE_YEAR = 400_000  # rounds a busy table plays in a year


def bench_verify(folder: Path, rounds: int, journal: str | None, keep: str | None,
                 processes: int | None) -> None:
    if journal:
        path = Path(journal)
    else:
        path = Path(keep) if keep else folder / "verify.sqlite"
        start = time.perf_counter()
        events = generate(path, rounds)
        print(f"generated {rounds:,} rounds ({events:,} events, "
              f"{path.stat().st_size / 2**20:,.0f} MiB) in {time.perf_counter() - start:,.0f} s")
    db = open_for_review(path)  # as `blackjack-kiosk verify` opens it
    start = time.perf_counter()
    cpu, before = time.process_time(), os.times()
    result = verify_journal(db, processes)
    total, cpu, after = time.perf_counter() - start, time.process_time() - cpu, os.times()
    workers = (after.children_user - before.children_user
               + after.children_system - before.children_system)
    rounds = result.rounds_settled
    print(f"verify: {result.events:,} events, {rounds:,} settlements recomputed "
          f"in {total:,.1f} s on {os.cpu_count()} cores; CPU {cpu + workers:,.1f} s in all "
          f"({cpu:,.1f} s in the main process: the walk over the journal's structure)")
    print(f"  {rounds / total:,.0f} rounds/s, {result.events / total:,.0f} events/s")
    print(f"  a table-year of {TABLE_YEAR:,} rounds at this rate: "
          f"{TABLE_YEAR * total / rounds:,.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--table-rounds", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--dir", help="folder for the benchmark journals (default: a temp "
                        "folder under the current directory)")
    parser.add_argument("--journal", help="verify this journal instead of generating one")
    parser.add_argument("--keep", metavar="FILE", help="keep the generated journal here")
    parser.add_argument("--verify-only", action="store_true", help="skip the writer benches")
    parser.add_argument("--processes", type=int, help="verify's processes (default: all cores)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir or ".") as tmp:
        folder = Path(tmp)
        if not args.verify_only:
            bench_commits(folder, args.events)
            bench_table(folder, args.table_rounds)
        bench_verify(folder, args.rounds, args.journal, args.keep, args.processes)


if __name__ == "__main__":
    main()
