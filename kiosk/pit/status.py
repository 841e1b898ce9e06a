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
    path = status_path(journal)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        status = PitStatus(**raw)
        written = datetime.fromisoformat(status.at)
    except (OSError, ValueError, TypeError):
        return None
    if status.state not in STATES:
        return None
    if now is not None and (now - written).total_seconds() > SILENT_AFTER_S:
        return PitStatus("unreachable", status.shipped, status.journal, status.at,
                         status.since or status.at, "the shipper is not running")
    return status
