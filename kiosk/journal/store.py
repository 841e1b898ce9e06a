"""Opening the journal file: checks first, then the connection settings every connection gets.

Every connection runs in WAL mode with `synchronous=FULL` (a commit is on disk when it
returns, so a power cut loses nothing committed). A missing, locked, corrupt or newer journal
is refused with one sentence naming the file, and before anything is written to it.
"""

from __future__ import annotations

import os
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


SQLITE_MAGIC = b"SQLite format 3\x00"


class WriterLock:
    """The one writer's hold on a journal: an exclusive `flock` on `<journal>.lock`, holding
    the writer's process id, kept for as long as the table runs. The kernel drops it when the
    process ends, however it ends, so a killed kiosk never leaves a stale lock."""

    def __init__(self, path: Path) -> None:
        import fcntl

        self.path = Path(f"{path}.lock")
        try:
            self._file = open(self.path, "a+", encoding="ascii")  # noqa: SIM115 (held open)
        except OSError as exc:
            raise JournalLocked(f"{path}: cannot take the writer's lock {self.path} "
                                f"({exc.strerror})") from None
        try:
            fcntl.flock(self._file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._file.seek(0)
            holder = self._file.read().strip() or "unknown"
            self._file.close()
            raise JournalLocked(f"{path}: in use by another table (process {holder} holds "
                                f"{self.path}); one table writes a journal at a time, nothing "
                                "was changed") from None
        self._file.seek(0)
        self._file.truncate()
        self._file.write(f"{os.getpid()}\n")
        self._file.flush()

    def release(self) -> None:
        if not self._file.closed:
            self._file.close()  # closing the file drops the flock


def open_for_review(path: str | Path) -> sqlite_utils.Database:
    """An existing journal for the review tools, read-only: it changes no byte of the journal
    and creates no file beside it, so an evidence copy in a read-only folder, another user's
    journal or a live table's journal can all be reviewed. A file that is not a journal
    (missing, empty, text, another database) is refused by name and never given a schema.

    - No write-ahead log beside it: nothing is writing it, and it is opened `immutable` (no
      lock, no -shm).
    - A log and its shared-memory index: a live table (or one that stopped a moment ago) is
      writing it; it is read `mode=ro` beside the writer, as SQLite allows.
    - A log without its index (a copy of a journal whose kiosk was killed): the journal and
      its log are copied to a private temporary folder and read there, so the log's events
      are read and the evidence folder stays as it was.
    """
    path = Path(path)
    _check_is_journal_file(path)
    wal = path.with_name(path.name + "-wal")
    shm = path.with_name(path.name + "-shm")
    keep = None  # the private copy's folder, kept as long as the connection
    immutable = not wal.exists()
    if immutable:
        conn = _connect_uri(path, "immutable=1")
    else:
        conn = None
        if shm.exists():
            try:
                conn = _connect_uri(path, "mode=ro")
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.DatabaseError:
                if conn is not None:
                    conn.close()
                conn = None
        if conn is None:
            conn, keep = _private_copy(path, wal)
    try:
        version = _read_version(conn, path)
        if version == 0:
            raise JournalCorrupt(f"{path}: an SQLite database but not a kiosk journal (it has "
                                 "no journal schema); nothing was changed")
        if version > SCHEMA_VERSION:
            raise JournalTooNew(
                f"{path}: journal schema version {version} is newer than this kiosk's "
                f"({SCHEMA_VERSION}); update the kiosk to read it (nothing was changed)")
        _check_migration_names(conn, path, version)
    except BaseException:
        conn.close()
        raise
    db = sqlite_utils.Database(conn)
    db.review_copy = keep  # removed with the database object
    opened = Path(conn.execute("PRAGMA database_list").fetchone()[2])
    db.read_only_uri = f"{opened.as_uri()}?{'immutable=1' if immutable else 'mode=ro'}"
    return db


def _check_is_journal_file(path: Path) -> None:
    try:
        path.stat()
    except FileNotFoundError:
        raise JournalMissing(f"{path}: no journal there (check the path, or start the "
                             "kiosk once to create it)") from None
    except OSError as exc:
        raise JournalMissing(f"{path}: cannot reach it ({exc.strerror})") from None
    if path.is_dir():
        raise JournalCorrupt(f"{path}: is a folder, not a journal file")
    try:
        with path.open("rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise JournalMissing(f"{path}: cannot read it ({exc.strerror})") from None
    if not head:
        raise JournalCorrupt(f"{path}: is empty, not a journal (nothing was changed)")
    if head != SQLITE_MAGIC:
        raise JournalCorrupt(f"{path}: is not an SQLite file, so not a journal (nothing was "
                             "changed)")


def _connect_uri(path: Path, mode: str) -> sqlite3.Connection:
    uri = f"{path.resolve().as_uri()}?{mode}"
    try:
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False,
                               timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.DatabaseError as exc:
        raise _classify(exc, path) from None
    conn.execute("PRAGMA query_only = ON")
    return conn


def read_only_uri(db: sqlite_utils.Database) -> str:
    """A URI that opens this database read-only again (verify's workers read their share of
    the journal themselves), the way the review connection was opened where it was one."""
    uri = getattr(db, "read_only_uri", None)
    if uri is not None:
        return uri
    path = db.conn.execute("PRAGMA database_list").fetchone()[2]
    return f"{Path(path).resolve().as_uri()}?mode=ro"


def _private_copy(path: Path, wal: Path):
    """The journal and its log copied to a temporary folder of our own, opened there; the
    connection and the folder (which removes itself once dropped)."""
    import shutil
    import tempfile

    folder = tempfile.TemporaryDirectory(prefix="journal-review-")
    copy = Path(folder.name) / path.name
    try:
        shutil.copyfile(path, copy)
        shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
    except OSError as exc:
        folder.cleanup()
        raise JournalMissing(f"{path}: cannot read it with its log ({exc.strerror})") from None
    return _connect_uri(copy, "mode=ro"), folder
