"""A shipped table read back as a journal, for the review tools.

The events the review needs are read from the pit (all of them for `verify`; for `rounds` and
`report` those that give the journal its shape; for `replay` and `export` one round's and its
session's) and written, byte for byte, into a private temporary journal file with the index
tables the kiosk's writer keeps (`kiosk.journal.rebuild`). The review tools then run on it
unchanged: what they print for a shipped table is what they print for its own file. The
previous hash is not stored in the pit (it is the event before's hash): it is read back as the
hash of the event before, so a changed or missing row shows as an event whose hash does not
hold, or as a gap. Every read is logged in `pit.access_log`.
"""

from __future__ import annotations

import heapq
import tempfile
from pathlib import Path

import sqlite_utils

from kiosk.journal.errors import ChainBroken, NotFound
from kiosk.journal.events import GENESIS
from kiosk.journal.rebuild import rebuild_journal
from kiosk.pit.pack import unpack
from kiosk.pit.store import PitError, check_ready, connect, log_access

# the kinds `rounds` and `report` read (sessions, rounds, their ends, corrections, alerts)
SHAPE_KINDS = ("session_open", "shoe_open", "round_open", "settlement", "void", "correction",
               "alert")
FETCH = 5000  # rows a server-side cursor hands over at a time


def table_id(conn, name: str, url: str) -> int:
    check_ready(conn, url)
    row = conn.execute("SELECT id FROM pit.tables WHERE name = %s", (name,)).fetchone()
    if row is None:
        raise NotFound(f"table {name!r} is not in the pit (pit table add, then ship it)")
    return row[0]


def _rows(cursor, check_order: bool):
    """The events as journal rows, each one's previous hash the hash of the row before."""
    before, last = GENESIS, None
    for seq, ts, session_id, round_id, kind, data, digest in cursor:
        if check_order and last is not None and seq <= last:
            raise ChainBroken(seq, "the pit holds two events under this number (a row was "
                                   "slipped in behind the store's back)")
        yield (seq, ts, session_id, round_id, kind, data, before, digest)
        before, last = digest, seq


SELECT = ("SELECT seq, ts, session_id, round_id, kind, data, encode(hash, 'hex') "
          "FROM pit.events WHERE table_id = %s")
PACKED = "SELECT events, hashes FROM pit.packed WHERE table_id = %s"


def _stream(conn, name: str, sql: str, params: list):
    with conn.cursor(name=name) as cursor:
        cursor.itersize = FETCH
        cursor.execute(sql, params)
        yield from cursor


def _unpacked(conn, name: str, sql: str, params: list, keep):
    for events, hashes in _stream(conn, name, sql + " ORDER BY first_seq", params):
        for row in unpack(bytes(events), bytes(hashes)):
            if keep(row):
                yield row


def _by_seq(conn, tid: int, seqs: list[int]) -> list[tuple]:
    """Single events by number, wherever they lie (a row, or a packed chunk)."""
    if not seqs:
        return []
    rows = conn.execute(SELECT + " AND seq = ANY(%s)", (tid, seqs)).fetchall()
    found = {r[0] for r in rows}
    for seq in seqs:
        if seq in found:
            continue
        rows += list(_unpacked(conn, f"pit_seq_{seq}", PACKED + " AND first_seq <= %s AND "
                               "last_seq >= %s", [tid, seq, seq], lambda r, s=seq: r[0] == s))
    return rows


def _selection(conn, tid: int, kinds, round_id, since):
    """The rows the review needs, in number order: hot rows and packed chunks merged."""
    if round_id is not None:
        rows = conn.execute(SELECT + " AND round_id = %s", (tid, round_id)).fetchall()
        rows += list(_unpacked(conn, "pit_round", PACKED + " AND first_round <= %s AND "
                               "last_round >= %s", [tid, round_id, round_id],
                               lambda r: r[3] == round_id))
        sessions = sorted({r[2] for r in rows if r[2] is not None})
        opened = [s for s, in conn.execute("SELECT seq FROM pit.sessions WHERE table_id = %s "
                                           "AND session_id = ANY(%s)", (tid, sessions))]
        return iter(sorted(rows + _by_seq(conn, tid, opened)))
    sql, params = SELECT, [tid]
    packed_sql, packed_params = PACKED, [tid]
    wanted = None
    if kinds is not None:
        wanted = set(kinds)
        sql += " AND kind = ANY(%s)"
        params.append(list(kinds))
        if since is not None:
            sql += " AND (ts >= %s OR kind = 'session_open')"
            params.append(since)
            packed_sql += (" AND (month >= %s OR EXISTS (SELECT 1 FROM pit.sessions s WHERE "
                           "s.table_id = %s AND s.seq BETWEEN first_seq AND last_seq))")
            packed_params += [since[:7], tid]
    hot = _stream(conn, "pit_rows", sql + " ORDER BY seq", params)
    cold = _unpacked(conn, "pit_packed", packed_sql, packed_params,
                     (lambda r: True) if wanted is None else
                     (lambda r: r[4] in wanted and (since is None or r[1] >= since or
                                                    r[4] == "session_open")))
    return heapq.merge(cold, hot)


def open_table(url: str, name: str, what: str, *, kinds: tuple[str, ...] | None = None,
               round_id: int | None = None, since: str | None = None,
               folder: str | None = None) -> sqlite_utils.Database:
    """Table `name` of the pit at `url` as a review journal (read-only once written).
    `kinds`: only events of these kinds; `round_id`: only that round and its session;
    `since`: no event before this time (but every session)."""
    scratch = tempfile.TemporaryDirectory(prefix="pit-review-", dir=folder)
    path = Path(scratch.name) / f"{name.replace('/', '_')}.sqlite"
    with connect(url, autocommit=False, application=f"blackjack-kiosk {what}") as conn:
        tid = table_id(conn, name, url)
        log_access(conn, what, name, None if round_id is None else f"round {round_id}")
        conn.commit()
        with conn.transaction():
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            rows = _selection(conn, tid, kinds, round_id, since)
            db = rebuild_journal(path, _rows(rows, check_order=kinds is None and
                                             round_id is None))
    db.review_copy = scratch  # removed with the database object
    db.conn.execute("PRAGMA query_only = ON")
    return db


def source_name(url: str, name: str) -> str:
    from kiosk.pit.store import shown

    return f"{shown(url)} table {name}"


__all__ = ["PitError", "open_table", "source_name", "table_id"]
