"""The one clock every event is stamped with: UTC, whoever records it (a card source, the
journal). The game itself never reads it; it is here so that drivers and the kiosk share it."""

from __future__ import annotations

from datetime import UTC, datetime


def utc_now() -> datetime:
    """Now, in UTC, as an aware datetime."""
    return datetime.now(UTC)


def utc_iso(moment: datetime | None = None) -> str:
    """ISO 8601 with microseconds and the UTC offset, as the journal writes times."""
    return (moment or utc_now()).isoformat(timespec="microseconds")
