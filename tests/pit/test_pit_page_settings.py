"""The pit page's settings: shifts at local times (Europe/Berlin by default, across the change
to summer time), and a settings file that does not read is named, key and all."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from kiosk.pit.store import PitError
from kiosk.pitweb.settings import Settings, load


def utc(*parts) -> dt.datetime:
    return dt.datetime(*parts, tzinfo=dt.UTC)


def test_a_moment_lies_in_the_shift_that_started_last_in_local_time():
    s = Settings()
    # 05:30 in Berlin (winter, UTC+1) is still the night shift that began at 22:00
    assert s.shift_of(utc(2026, 11, 26, 4, 30)) == (utc(2026, 11, 25, 21), utc(2026, 11, 26, 5))
    # 14:00 in Berlin in summer is 12:00 UTC
    assert s.shift_of(utc(2026, 7, 1, 12, 0)) == (utc(2026, 7, 1, 12), utc(2026, 7, 1, 20))
    # the night the clocks go forward: 22:00 CET to 06:00 CEST is seven hours
    begin, end = s.shift_of(utc(2026, 3, 29, 1, 0))
    assert (begin, end - begin) == (utc(2026, 3, 28, 21), dt.timedelta(hours=7))
    recent = s.recent_shifts(utc(2026, 11, 26, 4, 30), 3)
    assert [b for b, _ in recent] == [utc(2026, 11, 25, 21), utc(2026, 11, 25, 13),
                                      utc(2026, 11, 25, 5)]


def test_a_settings_file_is_read_and_a_bad_one_named(tmp_path):
    good = tmp_path / "pit.toml"
    good.write_text('[pit]\nshifts = ["07:00", "19:00"]\ntimezone = "Europe/Vienna"\n'
                    'silent_after_s = 60\n')
    s = load(good)
    assert (s.shifts, s.timezone, s.silent_after_s) == ((dt.time(7), dt.time(19)),
                                                       "Europe/Vienna", 60)
    for text, words in (('[pit]\nshifts = ["6 Uhr"]\n', "[pit] shifts"),
                        ('[pit]\ntimezone = "Mars/Olympus"\n', "[pit] timezone 'Mars/Olympus'"),
                        ('[pit]\nsilent_after_s = 1\n', "[pit] silent_after_s"),
                        ("[pit\n", "cannot read")):
        bad = tmp_path / "bad.toml"
        bad.write_text(text)
        with pytest.raises(PitError, match=rf"{re.escape(str(bad))}: .*{re.escape(words)}"):
            load(bad)
