"""Packing a closed month: its events moved from one row each into compressed chunks.

A row per event costs about 260 bytes of PostgreSQL's own beside the event (tuple header,
columns, two index entries). A closed month is read, never written, so `pit pack` stores each
table's events of that month as chunks of up to 1,024 consecutive events: the events' text as
one zlib stream and their hashes side by side (32 bytes each, left uncompressed so the store
can still answer for a re-sent event). Each chunk is read back and compared with the rows
before the month's partition is dropped, in one transaction: the event's text stays
byte-exact, and the month is either packed whole or left as it was.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from datetime import UTC, datetime

from kiosk.pit.store import PitError, check_ready, connect, shown

CHUNK = 1024  # events per chunk: about 26 rounds, compressed about 5:1


def pack_lines(rows: list[tuple]) -> bytes:
    """(seq, ts, session, round, kind, simulated, data) rows as one compressed text."""
    text = "".join(f"{seq}\t{ts}\t{'' if s is None else s}\t{'' if r is None else r}\t"
                   f"{kind}\t{1 if sim else 0}\t{data}\n"
                   for seq, ts, s, r, kind, sim, data in rows)
    return zlib.compress(text.encode("utf-8"), 9)


def unpack(events: bytes, hashes: bytes) -> Iterator[tuple]:
    """A chunk's events as (seq, ts, session, round, kind, data, hash hex), in order."""
    lines = zlib.decompress(events).decode("utf-8").split("\n")
    for i, line in enumerate(lines[:-1]):
        seq, ts, session, round_, kind, _, data = line.split("\t", 6)
        yield (int(seq), ts, int(session) if session else None,
               int(round_) if round_ else None, kind, data, hashes[32 * i:32 * i + 32].hex())


def _chunks(rows) -> Iterator[list[tuple]]:
    """Runs of consecutive event numbers, at most CHUNK long (a gap starts a new chunk, so a
    chunk's n-th hash is always event first + n's)."""
    chunk: list[tuple] = []
    for row in rows:
        if chunk and (len(chunk) >= CHUNK or row[0] != chunk[-1][0] + 1):
            yield chunk
            chunk = []
        chunk.append(row)
    if chunk:
        yield chunk


def pack_month(url: str, month: str) -> tuple[int, int, int, int]:
    """Pack the closed month `month` (YYYY-MM): events, chunks, bytes before, bytes after."""
    import psycopg

    now = datetime.now(UTC).strftime("%Y-%m")
    if len(month) != 7 or month[4] != "-" or not (month[:4] + month[5:]).isdigit():
        raise PitError(f"pit pack: {month!r} is not a month such as 2026-10")
    if month >= now:
        raise PitError(f"pit pack: {month} is not closed yet (events of it still arrive); "
                       "pack a month once it is over")
    with connect(url, autocommit=False, application="blackjack-kiosk pit pack") as conn:
        check_ready(conn, url)
        row = conn.execute("SELECT name FROM pit.partitions WHERE month = %s AND "
                           "to_regclass(name) IS NOT NULL", (month,)).fetchone()
        if row is None:
            raise PitError(f"{shown(url)}: no unpacked events of {month} in the pit")
        part = row[0]
        try:
            conn.execute(f"LOCK TABLE {part} IN SHARE MODE")  # no late event meanwhile
            before = conn.execute("SELECT pg_total_relation_size(%s::regclass)",
                                  (part,)).fetchone()[0]
            events = chunks = after = 0
            tables = [t for t, in conn.execute(f"SELECT DISTINCT table_id FROM {part}")]
            for table_id in sorted(tables):
                rows = conn.execute(
                    f"SELECT seq, ts, session_id, round_id, kind, simulated, data, hash "
                    f"FROM {part} WHERE table_id = %s ORDER BY seq", (table_id,)).fetchall()
                for chunk in _chunks(rows):
                    packed = pack_lines([r[:7] for r in chunk])
                    hashes = b"".join(bytes(r[7]) for r in chunk)
                    rounds = [r[3] for r in chunk if r[3] is not None]
                    conn.execute(
                        "INSERT INTO pit.packed (table_id, first_seq, last_seq, first_round, "
                        "last_round, month, events, hashes) VALUES (%s, %s, %s, %s, %s, %s, "
                        "%s, %s)", (table_id, chunk[0][0], chunk[-1][0],
                                    min(rounds, default=None), max(rounds, default=None),
                                    month, packed, hashes))
                    back = conn.execute("SELECT events, hashes FROM pit.packed WHERE table_id "
                                        "= %s AND first_seq = %s",
                                        (table_id, chunk[0][0])).fetchone()
                    want = [(r[0], r[1], r[2], r[3], r[4], r[6], bytes(r[7]).hex())
                            for r in chunk]
                    if list(unpack(bytes(back[0]), bytes(back[1]))) != want:
                        raise PitError(f"pit pack: table {table_id}, events {chunk[0][0]}-"
                                       f"{chunk[-1][0]} do not read back as they were; "
                                       "nothing was changed")
                    events += len(chunk)
                    chunks += 1
                    after += len(packed) + len(hashes)
            conn.execute(f"ALTER TABLE pit.events DETACH PARTITION {part}")
            conn.execute(f"DROP TABLE {part}")
            conn.execute("UPDATE pit.partitions SET packed_at = now(), events = coalesce("
                         "events, 0) + %s, chunks = coalesce(chunks, 0) + %s WHERE month = %s",
                         (events, chunks, month))
            conn.commit()
        except psycopg.Error as exc:
            conn.rollback()
            first = str(exc).strip().splitlines()
            raise PitError(f"pit pack {month}: {first[0] if first else exc}; nothing was "
                           "changed") from None
        except BaseException:
            conn.rollback()
            raise
    return events, chunks, before, after
