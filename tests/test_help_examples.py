"""Every subcommand's --help example, run as printed, in a fresh folder, as a new user who has
just run the README's start command (which leaves ./var/journal.sqlite). Each ends well, or, for
a device this machine does not have, in a clean refusal that says so."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.cli import build_parser, subcommand_parsers

ROOT = Path(__file__).resolve().parents[1]
ORDER = ("start",)  # runs first: the journal the other examples read
NEEDS_CAMERA_FILES = ("camera",)  # run in tests/camera/test_camera_cli.py
NEEDS_A_PIT = ("pit", "ship")  # run against a real PostgreSQL in tests/pit/test_pit_examples.py


def examples() -> dict[str, str]:
    out = {}
    for name, parser in subcommand_parsers(build_parser()).items():
        lines = (parser.epilog or "").splitlines()
        out[name] = lines[lines.index("example:") + 1].strip()
    return out


@pytest.fixture(scope="module")
def newcomer(tmp_path_factory):
    """A fresh folder with the repository's docs, and `blackjack-kiosk` on the PATH."""
    home = tmp_path_factory.mktemp("newcomer")
    (home / "docs").symlink_to(ROOT / "docs")
    bin_dir = home / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "blackjack-kiosk"
    shim.write_text(f"#!/bin/sh\nexec {sys.executable} -m kiosk \"$@\"\n")
    shim.chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", PYTHONPATH=str(ROOT),
               QT_QPA_PLATFORM="offscreen")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    start = subprocess.run(["bash", "-c", examples()["start"]], cwd=home, env=env,
                           capture_output=True, text=True, timeout=300)
    assert start.returncode == 0, start.stderr
    assert (home / "var" / "journal.sqlite").exists()
    return home, env


RUNNABLE = sorted(n for n in examples() if n not in ORDER + NEEDS_CAMERA_FILES + NEEDS_A_PIT + (
    "mock-shoe", "shoe-monitor"))


@pytest.mark.parametrize("name", RUNNABLE)
def test_the_example_runs_as_printed(newcomer, name):
    home, env = newcomer
    example = examples()[name]
    done = subprocess.run(["bash", "-c", example], cwd=home, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, f"{example}\n{done.stderr}"
    assert "Traceback" not in done.stderr


def test_the_mock_shoe_example_serves_a_shoe_until_stopped(newcomer):
    home, env = newcomer
    proc = subprocess.Popen(["bash", "-c", f"exec {examples()['mock-shoe']}"], cwd=home,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stdout.readline()
        assert "/" in first, first  # it says where the shoe is
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert "Traceback" not in err


def test_the_shoe_monitor_example_says_the_shoe_never_opened_where_there_is_none(newcomer):
    home, env = newcomer
    example = examples()["shoe-monitor"]
    port = example.split("--port ")[1].split()[0]
    if Path(port).exists():
        pytest.skip(f"{port} is attached here: a real shoe answers this example")
    done = subprocess.run(["bash", "-c", example], cwd=home, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith(f"shoe-monitor: {port} never opened")
    assert done.stderr.count("\n") == 1
