"""One writer per journal: the exclusive lock a table holds on its journal while it runs.

SQLite's own locks last one transaction, so two tables on one journal would take turns
appending and break each other's chain ("UNIQUE constraint failed: events.seq" on the live
table). A table therefore holds `fcntl.flock` on `<journal>.lock` from its start to its end;
a second writer is refused at once, naming the journal and the process that holds it. The
kernel drops the lock when the process ends, however it ends (a SIGKILL, a power cut), so a
stale lock file never keeps a restarted table out. Review tools take no lock and create no
file: they read the journal read-only beside the running table.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from kiosk.journal.errors import JournalInUse, JournalMissing


def lock_path(journal: str | Path) -> Path:
    journal = Path(journal)
    return journal.with_name(journal.name + ".lock")


class WriterLock:
    """The held lock; `release()` (or the process's end) lets the next writer in."""

    def __init__(self, journal: Path, fd: int):
        self.journal = journal
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)


def acquire(journal: str | Path) -> WriterLock:
    """Take the journal's writer lock or raise `JournalInUse` at once (never wait: the other
    writer is a running table)."""
    journal = Path(journal)
    path = lock_path(journal)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        raise JournalMissing(f"{journal}: cannot take the writer lock {path} "
                             f"({exc.strerror}); nothing was written") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _holder(fd)
        os.close(fd)
        who = f"process {holder}" if holder else "another process"
        raise JournalInUse(f"{journal}: in use by another table ({who} holds {path}); one "
                           "table writes a journal at a time, nothing was written") from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return WriterLock(journal, fd)


def _holder(fd: int) -> str:
    """The PID the holder wrote into the lock file (for the message only)."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return text if text.isdigit() else ""
