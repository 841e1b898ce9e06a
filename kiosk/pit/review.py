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

import tempfile
from pathlib import Path

import sqlite_utils

from kiosk.journal.errors import ChainBroken, NotFound
from kiosk.journal.events import GENESIS
from kiosk.journal.rebuild import rebuild_journal
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
            sql, params = SELECT, [tid]
            if round_id is not None:
                sql += (" AND (round_id = %s OR seq = (SELECT s.seq FROM pit.sessions s "
                        "JOIN pit.events r ON r.table_id = s.table_id AND r.session_id = "
                        "s.session_id WHERE s.table_id = %s AND r.round_id = %s LIMIT 1))")
                params += [round_id, tid, round_id]
            elif kinds is not None:
                sql += " AND kind = ANY(%s)"
                params.append(list(kinds))
                if since is not None:
                    sql += " AND (ts >= %s OR kind = 'session_open')"
                    params.append(since)
            with conn.cursor(name="pit_review") as cursor:
                cursor.itersize = FETCH
                cursor.execute(sql + " ORDER BY seq", params)
                db = rebuild_journal(path, _rows(cursor, check_order=kinds is None and
                                                 round_id is None))
    db.review_copy = scratch  # removed with the database object
    db.conn.execute("PRAGMA query_only = ON")
    return db


def source_name(url: str, name: str) -> str:
    from kiosk.pit.store import shown

    return f"{shown(url)} table {name}"


__all__ = ["PitError", "open_table", "source_name", "table_id"]
