"""Online backup of the journal with SQLite's backup API, checked with integrity_check, and the
rotation of a folder of dated backups (the table PC's nightly timer).

A backup is written under a temporary name beside its target and renamed only once its
integrity check has passed: a failed or interrupted backup never leaves a file with the
target's name (and so never an empty file that would later verify).
"""

from __future__ import annotations

import datetime as dt
import os
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import sqlite_utils

from kiosk.journal.errors import JournalCorrupt, JournalError

DATED = re.compile(r"^journal-(\d{4})-(\d{2})-(\d{2})\.sqlite$")


def backup_journal(db: sqlite_utils.Database, target: str | Path) -> int:
    """Copy the journal (while the kiosk may be writing) and check the copy; the number of
    events in the copy."""
    target = Path(target)
    if target.exists():
        raise JournalError(f"{target}: exists already; a backup never overwrites a file")
    if not target.parent.is_dir():
        raise JournalError(f"{target}: the folder {target.parent} does not exist")
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)  # the remains of a backup that was cut off
    try:
        dest = sqlite3.connect(str(partial))
    except sqlite3.Error as exc:
        raise JournalError(f"{target}: cannot write the backup ({exc})") from None
    try:
        db.conn.backup(dest)
        result = [r[0] for r in dest.execute("PRAGMA integrity_check").fetchall()]
        if result != ["ok"]:
            raise JournalCorrupt(f"{target}: the backup fails its integrity check: "
                                 f"{'; '.join(result[:3])}")
        events = dest.execute("SELECT count(*) FROM events").fetchone()[0]
        dest.close()
        os.replace(partial, target)
        return events
    except sqlite3.DatabaseError as exc:
        raise JournalError(f"{target}: backup failed ({exc})") from None
    finally:
        dest.close()
        partial.unlink(missing_ok=True)


@dataclass(frozen=True)
class Rotation:
    written: Path | None  # None: today's backup was there already
    events: int | None
    kept: tuple[Path, ...]
    removed: tuple[Path, ...]


def dated_name(day: dt.date) -> str:
    return f"journal-{day:%Y-%m-%d}.sqlite"


def rotate(folder: Path, today: dt.date, keep_daily: int, keep_monthly: int) \
        -> tuple[list[Path], list[Path]]:
    """Which dated backups to keep (the newest `keep_daily` days, and the first backup of each
    of the newest `keep_monthly` months) and which to remove; other files are never touched."""
    dated = []
    for path in folder.iterdir():
        m = DATED.match(path.name)
        if m:
            try:
                dated.append((dt.date(*map(int, m.groups())), path))
            except ValueError:
                continue
    dated.sort(reverse=True)
    keep = {p for _, p in dated[:keep_daily]}
    firsts: dict[tuple[int, int], Path] = {}
    for day, path in sorted(dated):
        firsts.setdefault((day.year, day.month), path)
    for month in sorted(firsts, reverse=True)[:keep_monthly]:
        keep.add(firsts[month])
    kept = [p for _, p in dated if p in keep]
    removed = [p for _, p in dated if p not in keep]
    return kept, removed


def backup_into(db: sqlite_utils.Database, folder: str | Path, today: dt.date,
                keep_daily: int = 14, keep_monthly: int = 12) -> Rotation:
    """Today's dated backup in `folder` (if not made yet), then the rotation."""
    folder = Path(folder)
    if not folder.is_dir():
        raise JournalError(f"{folder}: the backup folder does not exist")
    target = folder / dated_name(today)
    written, events = None, None
    if not target.exists():
        events = backup_journal(db, target)
        written = target
    kept, removed = rotate(folder, today, keep_daily, keep_monthly)
    for path in removed:
        path.unlink()
    return Rotation(written, events, tuple(kept), tuple(removed))
