"""The shipper's state as the table's screen shows it: a small JSON file beside the journal
(`<journal>.pit.json`), written whole (a new file renamed over the old) by the shipper after
each pass, read by the table service. Pure file I/O: no network, no PostgreSQL."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path

STATES = ("shipped", "behind", "unreachable", "refused")
SILENT_AFTER_S = 60  # no word from the shipper for this long: it is not running


@dataclass(frozen=True, slots=True)
class PitStatus:
    state: str  # shipped, behind, unreachable, refused
    shipped: int  # the last event the pit acknowledges
    journal: int  # the last event of the journal
    at: str  # when the shipper wrote this (UTC ISO)
    since: str | None = None  # unreachable or refused since
    message: str | None = None  # why, in one line

    @property
    def behind(self) -> int:
        return max(self.journal - self.shipped, 0)


def status_path(journal: str | Path) -> Path:
    return Path(f"{journal}.pit.json")


def write_status(journal: str | Path, status: PitStatus) -> None:
    path = status_path(journal)
    tmp = path.with_name(path.name + ".new")
    try:
        tmp.write_text(json.dumps(asdict(status)), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass  # the screen's line is a courtesy: shipping goes on without it


def read_status(journal: str | Path, now: datetime | None = None) -> PitStatus | None:
    """The shipper's last word, or None where no shipper ever wrote one (no pit configured).
    A word older than a minute says the shipper is not running: shown as unreachable since
    then."""
    return StatusReader(journal).read(now)


class StatusReader:
    """`read_status` for a caller that asks after every event (the table service): the file
    is read again only when it changed."""

    def __init__(self, journal: str | Path) -> None:
        self.path = status_path(journal)
        self._seen: tuple | None = None
        self._status: PitStatus | None = None

    def read(self, now: datetime | None = None) -> PitStatus | None:
        try:
            st = self.path.stat()
        except OSError:
            return None
        if (st.st_mtime_ns, st.st_size, st.st_ino) != self._seen:
            self._seen = (st.st_mtime_ns, st.st_size, st.st_ino)
            self._status = _parse(self.path)
        status = self._status
        if status is None:
            return None
        if now is not None and \
                (now - datetime.fromisoformat(status.at)).total_seconds() > SILENT_AFTER_S:
            return PitStatus("unreachable", status.shipped, status.journal, status.at,
                             status.since or status.at, "the shipper is not running")
        return status


def _parse(path: Path) -> PitStatus | None:
    try:
        status = PitStatus(**json.loads(path.read_text(encoding="utf-8")))
        datetime.fromisoformat(status.at)
    except (OSError, ValueError, TypeError):
        return None
    return status if status.state in STATES else None
