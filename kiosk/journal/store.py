"""Opening the journal file: checks first, then the connection settings every connection gets.

Every connection runs in WAL mode with `synchronous=FULL` (a commit is on disk when it
returns, so a power cut loses nothing committed). A missing, locked, corrupt or newer journal
is refused with one sentence naming the file, and before anything is written to it.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import sqlite_utils

from kiosk.journal.errors import JournalCorrupt, JournalLocked, JournalMissing, JournalTooNew
from kiosk.journal.schema import MIGRATIONS, SCHEMA_VERSION
from models.clock import utc_iso

BUSY_TIMEOUT_MS = 2000  # wait this long for another writer before calling the journal locked


def open_journal(path: str | Path, create: bool = False) -> sqlite_utils.Database:
    """The journal at `path`, migrated to this kiosk's schema.

    Without `create` a missing file is refused (review tools must not invent an empty journal).
    """
    path = Path(path)
    if not path.exists():
        if not create:
            raise JournalMissing(f"{path}: no journal there (check the path, or start the "
                                 "kiosk once to create it)")
        if not path.parent.is_dir():
            raise JournalMissing(f"{path}: the folder {path.parent} does not exist")
    elif path.is_dir():
        raise JournalCorrupt(f"{path}: is a folder, not a journal file")
    conn = _connect(path)
    try:
        version = _read_version(conn, path)
        if version > SCHEMA_VERSION:
            raise JournalTooNew(
                f"{path}: journal schema version {version} is newer than this kiosk's "
                f"({SCHEMA_VERSION}); update the kiosk to read it (nothing was changed)")
        _check_migration_names(conn, path, version)
        _configure(conn, path)
        if version < SCHEMA_VERSION:
            _migrate(conn, path, version)
    except BaseException:
        conn.close()
        raise
    return sqlite_utils.Database(conn)


def _connect(path: Path) -> sqlite3.Connection:
    # isolation_level=None: we issue BEGIN IMMEDIATE / COMMIT ourselves (explicit transactions)
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000,
                           check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return conn


def _read_version(conn: sqlite3.Connection, path: Path) -> int:
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as exc:
        raise _classify(exc, path) from None
    return version


def _check_migration_names(conn: sqlite3.Connection, path: Path, version: int) -> None:
    if version == 0:
        tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if tables:
            raise JournalCorrupt(f"{path}: an SQLite file with tables but no journal schema; "
                                 "it is not a kiosk journal (nothing was changed)")
        return
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM migrations ORDER BY name")]
    except sqlite3.DatabaseError as exc:
        raise JournalCorrupt(f"{path}: the migrations table cannot be read ({exc})") from None
    known = [name for name, _ in MIGRATIONS[:version]]
    if names != known:
        unknown = sorted(set(names) - set(known))
        if unknown:
            raise JournalTooNew(f"{path}: journal has migration {unknown[0]!r} this kiosk does "
                                "not know; update the kiosk to read it (nothing was changed)")
        raise JournalCorrupt(f"{path}: its recorded migrations {names} do not match its "
                             f"schema version {version}")


def _configure(conn: sqlite3.Connection, path: Path) -> None:
    try:
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
    except sqlite3.DatabaseError as exc:
        raise _classify(exc, path) from None
    if mode.lower() != "wal":
        raise JournalLocked(f"{path}: cannot switch the journal to WAL mode (it is {mode}); "
                            "is another program using it?")


def _migrate(conn: sqlite3.Connection, path: Path, version: int) -> None:
    for number, (name, script) in enumerate(MIGRATIONS[version:], start=version + 1):
        # One transaction per migration: its tables, its record and the version move together.
        script_sql = (f"BEGIN IMMEDIATE;\n{script}\n"
                      f"INSERT INTO migrations (name, applied_at) VALUES ('{name}', "
                      f"'{utc_iso()}');\nPRAGMA user_version = {number};\nCOMMIT;")
        try:
            conn.executescript(script_sql)
        except sqlite3.DatabaseError as exc:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise _classify(exc, path) from None


def _classify(exc: sqlite3.DatabaseError, path: Path) -> Exception:
    text = str(exc)
    if "locked" in text or "busy" in text:
        return JournalLocked(f"{path}: the journal is locked by another program ({text}); "
                             "nothing was changed")
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return JournalCorrupt(f"{path}: not a readable journal ({text}); nothing was changed")
    return JournalCorrupt(f"{path}: cannot open the journal ({text}); nothing was changed")


def open_for_review(path: str | Path) -> sqlite_utils.Database:
    """An existing journal for the review tools; a missing one is refused, never created."""
    return open_journal(path, create=False)
