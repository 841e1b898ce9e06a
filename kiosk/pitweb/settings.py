"""The pit page's settings: `pit serve --config FILE` reads its `[pit]` section.

    [pit]
    shifts = ["06:00", "14:00", "22:00"]   # local start times of the shifts
    timezone = "Europe/Berlin"
    silent_after_s = 120                    # a table not heard from this long raises an alert
"""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from kiosk.pit.store import PitError

HHMM = re.compile(r"^([01][0-9]|2[0-3]):([0-5][0-9])$")


@dataclass(frozen=True)
class Settings:
    shifts: tuple[dt.time, ...] = (dt.time(6), dt.time(14), dt.time(22))
    timezone: str = "Europe/Berlin"
    silent_after_s: int = 120

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def shift_of(self, moment: dt.datetime) -> tuple[dt.datetime, dt.datetime]:
        """The shift `moment` lies in: its start and end, aware, in UTC."""
        local = moment.astimezone(self.zone)
        starts = []
        for days in (-1, 0, 1):
            day = local.date() + dt.timedelta(days=days)
            starts += [dt.datetime.combine(day, t, tzinfo=self.zone) for t in self.shifts]
        starts.sort()
        for begin, end in zip(starts, starts[1:], strict=False):
            if begin <= local < end:
                return begin.astimezone(dt.UTC), end.astimezone(dt.UTC)
        raise AssertionError("a moment lies in some shift")

    def recent_shifts(self, moment: dt.datetime, n: int = 9) -> list[tuple[dt.datetime,
                                                                           dt.datetime]]:
        """The current shift and the `n - 1` before it, newest first."""
        out = [self.shift_of(moment)]
        while len(out) < n:
            out.append(self.shift_of(out[-1][0] - dt.timedelta(seconds=1)))
        return out


def load(path: str | Path | None) -> Settings:
    if path is None:
        return Settings()
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise PitError(f"{path}: cannot read the pit page's settings ({exc})") from None
    pit = data.get("pit", {})
    shifts = pit.get("shifts", ["06:00", "14:00", "22:00"])
    if not isinstance(shifts, list) or not shifts or \
            not all(isinstance(s, str) and HHMM.match(s) for s in shifts):
        raise PitError(f"{path}: [pit] shifts must be a list of local times like \"06:00\"")
    times = tuple(sorted({dt.time(int(s[:2]), int(s[3:])) for s in shifts}))
    zone = pit.get("timezone", "Europe/Berlin")
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        raise PitError(f"{path}: [pit] timezone {zone!r} is not a time zone "
                       "(e.g. \"Europe/Berlin\")") from None
    silent = pit.get("silent_after_s", 120)
    if type(silent) is not int or not 5 <= silent <= 86400:
        raise PitError(f"{path}: [pit] silent_after_s must be a whole number of seconds from "
                       "5 to 86400")
    return Settings(times, zone, silent)
