"""Online backup of the journal with SQLite's backup API, checked with integrity_check."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import sqlite_utils

from kiosk.journal.errors import JournalCorrupt, JournalError


def backup_journal(db: sqlite_utils.Database, target: str | Path) -> int:
    """Copy the journal (while the kiosk may be writing) and check the copy; the number of
    events in the copy."""
    target = Path(target)
    if target.exists():
        raise JournalError(f"{target}: exists already; a backup never overwrites a file")
    if not target.parent.is_dir():
        raise JournalError(f"{target}: the folder {target.parent} does not exist")
    dest = sqlite3.connect(str(target))
    try:
        db.conn.backup(dest)
        result = [r[0] for r in dest.execute("PRAGMA integrity_check").fetchall()]
        if result != ["ok"]:
            raise JournalCorrupt(f"{target}: the backup fails its integrity check: "
                                 f"{'; '.join(result[:3])}")
        return dest.execute("SELECT count(*) FROM events").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise JournalError(f"{target}: backup failed ({exc})") from None
    finally:
        dest.close()
