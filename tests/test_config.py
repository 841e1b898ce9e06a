"""The table's configuration: the shipped example passes `config check`; every broken file is
refused in one line naming the key and why, exit status 2, no traceback; `set-pin` makes the
hash the file keeps; `start --config` runs the table the file describes."""

from __future__ import annotations

import json
import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest

from kiosk.cli import main
from kiosk.table.config import load_config
from kiosk.table.pins import pin_matches

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "config.example.toml"
HASH = ("scrypt$16384$8$1$6b696f736b2d6578616d706c652d3031$"
        "3923897695ab2294669630e81fbe49aeaf0d73295e9e9336497462d274ce72fc")
GOOD = f"""
[table]
id = "BJ-07"
database = "journal.sqlite"
[source]
kind = "mock"
[[supervisors]]
name = "Frau Weber"
pin_hash = "{HASH}"
"""


def check(tmp_path, text: str | bytes, capsys) -> tuple[int, str, str]:
    path = tmp_path / "kiosk.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    code = main(["config", "check", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_shipped_example_passes_and_says_what_it_configures(capsys):
    code = main(["config", "check", str(EXAMPLE)])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith(f"{EXAMPLE}: ok")
    assert "shoe on /dev/card-shoe (framed)" in out and "Frau Weber, Herr Kaya" in out
    cfg = load_config(EXAMPLE)
    assert cfg.limits.min == Decimal(10) and cfg.chips[0] == Decimal(5)
    assert cfg.tap_guard_ms == 300 and "within 300 ms" in out
    assert pin_matches("4711", cfg.supervisors[0].pin_hash)  # as the example's comment says


@pytest.mark.parametrize("text, key, why", [
    ("[tabel]\nid = 'x'\n", "tabel", "not a known section"),
    ("[table]\nname = 'x'\n", "table.name", "not a known key"),
    ("[table]\npreset = 'vegas'\n", "table.preset", "unknown rule preset 'vegas'"),
    ("[table]\nlanguage = 'fr'\n", "table.language", "'fr' is not one of de, en"),
    ("[table]\ncurrency = 'euro'\n", "table.currency", "three-letter code"),
    ("[table]\nid = ''\n", "table.id", "non-empty string"),
    ("[table]\ntap_guard_ms = 5000\n", "table.tap_guard_ms", "from 0 (no guard) to 2000"),
    ("[table]\ntap_guard_ms = '300'\n", "table.tap_guard_ms", "whole number of milliseconds"),
    ("[table]\nid = \"a\\u0007b\"\n", "table.id", "control characters"),
    ("[table.rules]\ndouble_after_split = 'perhaps'\n", "table.rules.double_after_split",
     "true or false"),
    ("[table.rules]\nfree_money = true\n", "table.rules.free_money", "unknown rule option"),
    ("[table.rules]\npenetration = 0.75\n", "table.rules.penetration", "odds such as '3:2'"),
    ("[table.rules]\nsurrender = true\n", "table.rules:", "surrender needs the hole-card"),
    ("[limits]\nmin = 10.5\nmax = '500'\n", "limits.min", "never a float"),
    ("[limits]\nmin = '10'\n", "limits", "both min and max"),
    ("[limits]\nmin = '100'\nmax = '50'\n", "limits.max", "below the table minimum"),
    ("[limits]\nmin = '1e308'\nmax = '500'\n", "limits.min", "at most"),
    ("[limits]\nmin = '0.001'\nmax = '500'\n", "limits.min", "whole cents"),
    ("[limits]\ntiers = [['10', '25']]\n", "limits.tiers[0]", "multiple of the minimum"),
    ("[limits]\ntiers = [['10']]\n", "limits.tiers[0]", "pair"),
    ("[chips]\ndenominations = ['25', '100']\n", "chips.denominations", "table minimum"),
    ("[chips]\ndenominations = ['5', '5']\n", "chips.denominations", "twice"),
    ("[chips]\ndenominations = [5, 'x']\n", "chips.denominations[1]", "not an amount"),
    ("[source]\nkind = 'pigeon'\n", "source.kind", "not one of shoe, camera, manual, mock"),
    ("[source]\nkind = 'mock'\ndialect = 'morse'\n", "source.dialect", "'morse' is not one of"),
    ("[source]\nkind = 'shoe'\n", "source.port", "is missing"),
    ("[source]\nkind = 'camera'\ndevice = '0'\n", "source.profile", "is missing"),
    ("[source]\nkind = 'camera'\ndevice = '0'\nprofile = '/nowhere/deck.npz'\n",
     "source.profile", "/nowhere/deck.npz: no such file"),
    ("[source]\nkind = 'manual'\nport = '/dev/ttyUSB0'\n", "source.port",
     "does not apply to a manual source"),
    ("[source]\nkind = 'manual'\n", "supervisors", "at least one supervisor"),
    ("[[supervisors]]\nname = 'A'\npin_hash = '4711'\n", "supervisors[0].pin_hash",
     "scrypt$n$r$p"),
    ("[[supervisors]]\nname = 'A'\n", "supervisors[0].pin_hash", "is missing"),
    (f"[[supervisors]]\nname = 'A'\npin_hash = '{HASH}'\n[[supervisors]]\nname = 'A'\n"
     f"pin_hash = '{HASH}'\n", "supervisors[1].name", "listed twice"),
    ("[[supervisors]]\nname = 'A'\npin = '4711'\n", "supervisors[0].pin", "not a known key"),
    ("[table\nid = 'x'\n", "", "not valid TOML: Expected ']' at the end of a table "
     "declaration (at line 1, column 7)"),
    ("[table]\nid = 'x'\nid = 'y'\n", "", "(at line 3, column 9)"),
    ("table = 3\n", "table", "must be a table"),
    ("[table]\ntimezone = 'Mars/Olympus'\n", "table.timezone", "not a time zone"),
    ("[table]\nrecall_without_pin = 'yes'\n", "table.recall_without_pin", "true or false"),
])
def test_a_broken_file_is_refused_in_one_line_naming_the_key(tmp_path, capsys, text, key, why):
    code, out, err = check(tmp_path, text, capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"{tmp_path / 'kiosk.toml'}: {key}") and why in err, err


def test_a_file_that_is_no_text_or_is_missing_is_refused_by_name(tmp_path, capsys):
    code, _, err = check(tmp_path, b"\xff\xfe[table]\n", capsys)
    assert code == 2 and "not UTF-8 text" in err
    assert main(["config", "check", str(tmp_path / "nowhere.toml")]) == 2
    assert "nowhere.toml: no such file" in capsys.readouterr().err
    assert main(["config", "check", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_set_pin_prints_a_hash_of_the_pin_and_refuses_a_pin_that_is_no_pin(cli):
    done = cli("set-pin", "--stdin", input="4711\n")
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip()
    assert line.startswith('pin_hash = "scrypt$') and "4711" not in line
    assert pin_matches("4711", line.split('"')[1])
    bad = cli("set-pin", "--stdin", input="12\n")
    assert bad.returncode == 2 and bad.stderr.strip() == "set-pin: a PIN is 4 to 8 digits"
    assert bad.stdout == ""


def test_start_runs_the_table_the_file_describes(tmp_path, cli):
    (tmp_path / "kiosk.toml").write_text(GOOD)
    done = cli("start", "--config", "kiosk.toml", "--rounds", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    conn = sqlite3.connect(tmp_path / "journal.sqlite")
    tables = {t for (t,) in conn.execute("SELECT table_name FROM sessions")}
    conn.close()
    assert tables == {"BJ-07"}


def test_start_headless_keeps_the_files_preset_limits_and_shoe_dialect(tmp_path, cli):
    (tmp_path / "kiosk.toml").write_text(GOOD.replace(
        'database = "journal.sqlite"',
        'database = "journal.sqlite"\npreset = "holecard"\n[limits]\nmin = "25"\n'
        'max = "1000"\n[chips]\ndenominations = ["5", "25", "100"]').replace(
        'kind = "mock"', 'kind = "mock"\ndialect = "beetek"'))
    done = cli("start", "--config", "kiosk.toml", "--rounds", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    conn = sqlite3.connect(tmp_path / "journal.sqlite")
    sessions = conn.execute("SELECT table_name, rules, limits FROM sessions").fetchall()
    stakes = {Decimal(json.loads(d)["amount"]) for (d,) in
              conn.execute("SELECT data FROM events WHERE kind = 'bet'")}
    opened = [json.loads(d)["detail"] for (d,) in conn.execute(
        "SELECT data FROM events WHERE kind = 'source'")]
    conn.close()
    assert sessions == [("BJ-07", '"holecard"', '{"max":"1000","min":"25"}')]
    assert stakes and all(s % 25 == 0 and 25 <= s <= 1000 for s in stakes)
    assert "(beetek," in opened[0]


def test_start_with_a_real_source_and_no_screen_says_why_it_cannot(tmp_path, cli):
    (tmp_path / "kiosk.toml").write_text(GOOD.replace('kind = "mock"', 'kind = "manual"'))
    done = cli("start", "--config", "kiosk.toml", cwd=tmp_path)
    assert done.returncode == 2
    assert "no screen for the table's manual" in done.stderr
    assert not (tmp_path / "journal.sqlite").exists()
    broken = cli("start", "--config", "missing.toml", cwd=tmp_path)
    assert broken.returncode == 2 and "missing.toml: no such file" in broken.stderr


def test_a_camera_table_names_files_that_exist_and_is_refused_one_that_does_not(tmp_path,
                                                                               capsys):
    profile = tmp_path / "deck.npz"
    profile.write_bytes(b"enrolled")  # only its presence is checked: the camera loads it
    camera = GOOD.replace('kind = "mock"', f'kind = "camera"\nprofile = "{profile}"\n'
                                           'device = "0"')
    code, out, _ = check(tmp_path, camera, capsys)
    assert code == 0 and f"camera 0 with profile {profile}" in out
    missing = tmp_path / "cal.json"
    code, out, err = check(tmp_path, camera.replace('device = "0"', 'device = "0"\n'
                                                    f'calibration = "{missing}"'), capsys)
    assert code == 2 and out == ""
    assert err == f"{tmp_path / 'kiosk.toml'}: source.calibration: {missing}: no such file\n"


def test_set_pin_on_a_terminal_asks_twice_and_never_echoes_the_pin():
    import os
    import pty
    import sys

    def read_until(fd: int, marker: bytes, seen: bytearray) -> None:
        while marker not in seen:
            try:
                chunk = os.read(fd, 1024)
            except OSError:  # EIO: the child has closed the terminal
                chunk = b""
            if not chunk:
                raise AssertionError(f"no {marker!r} in {bytes(seen)!r}")
            seen.extend(chunk)

    pid, fd = pty.fork()
    if pid == 0:  # the child: set-pin on a real terminal, as a technician runs it
        try:
            os.environ["PYTHONPATH"] = str(ROOT)
            os.execv(sys.executable, [sys.executable, "-m", "kiosk", "set-pin"])
        finally:
            os._exit(127)  # never back into the test runner
    seen = bytearray()
    try:
        read_until(fd, b"PIN (4 to 8 digits): ", seen)
        os.write(fd, b"4711\n")
        read_until(fd, b"the same PIN again: ", seen)
        os.write(fd, b"4711\n")
        read_until(fd, b'"\r\n', seen)
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    text = seen.decode()
    asked, _, line = text.partition("pin_hash = ")
    assert "4711" not in asked  # getpass turned the terminal's echo off
    line = "pin_hash = " + line
    assert pin_matches("4711", line.split('"')[1])


def test_the_pit_url_is_checked_and_shown_without_its_password(tmp_path, capsys):
    code, out, _ = check(tmp_path, GOOD, capsys)
    assert code == 0 and "no pit: the journal stays on this machine" in out
    assert load_config(tmp_path / "kiosk.toml").pit_url is None
    url = "postgresql://pit.BJ-07:s3cret@pit.casino.lan:5432/pit?sslmode=verify-full"
    code, out, _ = check(tmp_path, GOOD + f'[pit]\nurl = "{url}"\n', capsys)
    assert code == 0 and "shipped to the pit postgresql://pit.BJ-07:***@pit.casino.lan" in out
    assert "s3cret" not in out
    assert load_config(tmp_path / "kiosk.toml").pit_url == url


@pytest.mark.parametrize("pit, why", [
    ('url = "mysql://x@y/z"', "must be a PostgreSQL URL"),
    ('url = "postgresql://pit.casino.lan/pit"', "needs the table's role"),
    ('url = "postgresql://a@host:99999/pit"', "is not a readable URL"),
    ('uri = "postgresql://a@b/c"', "not a known key"),
])
def test_a_bad_pit_url_is_refused_by_name(tmp_path, capsys, pit, why):
    code, _, err = check(tmp_path, GOOD + f"[pit]\n{pit}\n", capsys)
    assert code == 2 and "pit.u" in err and why in err
def test_the_tables_clock_and_recall_without_pin_reach_the_screen(tmp_path):
    from kiosk.commands.start import kiosk_options
    from kiosk.table.config import load_config

    path = tmp_path / "kiosk.toml"
    path.write_text("[table]\ntimezone = 'Asia/Tokyo'\nrecall_without_pin = true\n")
    settings = kiosk_options(load_config(path))["settings"]
    assert (settings.timezone, settings.recall_without_pin) == ("Asia/Tokyo", True)
    path.write_text("[table]\n")
    settings = kiosk_options(load_config(path))["settings"]
    assert (settings.timezone, settings.recall_without_pin) == ("Europe/Berlin", False)
