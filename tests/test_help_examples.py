"""Every example the command line prints in its --help is run here, as printed, in a fresh
folder holding what a new user has: the repository's docs/ and a demo journal in var/. The
camera's examples need the table's own pictures and deck profile: they must end in a clean
refusal naming the missing file."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from kiosk.cli import build_parser, subcommand_parsers
from tests.conftest import ROOT

NEEDS_THE_TABLES_FILES = ("camera",)


def examples() -> list[tuple[str, str]]:
    found = []

    def walk(name: str, parser) -> None:
        for line in (parser.epilog or "").splitlines():
            line = line.strip().removeprefix("example:").strip()
            if line:
                found.append((name, line))
        for sub_name, sub in subcommand_parsers(parser).items():
            walk(f"{name} {sub_name}".strip(), sub)

    walk("", build_parser())
    return found


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A new user's folder: docs/ of the repository, `blackjack-kiosk` on the PATH, a demo
    journal at var/journal.sqlite."""
    home = tmp_path_factory.mktemp("user")
    (home / "docs").symlink_to(ROOT / "docs")
    bin_dir = home / "bin"
    bin_dir.mkdir()
    script = bin_dir / "blackjack-kiosk"
    script.write_text(f"#!/bin/sh\nexec {sys.executable} -m kiosk \"$@\"\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", PYTHONPATH=str(ROOT),
               QT_QPA_PLATFORM="offscreen", DISPLAY="")
    (home / "var").mkdir()
    done = subprocess.run(["blackjack-kiosk", "demo", "--headless", "--rounds", "4", "--db",
                           "var/journal.sqlite"], cwd=home, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return home, env


@pytest.mark.parametrize("command, example", examples(), ids=lambda v: v[:40])
def test_every_help_example_runs_as_printed(folder, command, example):
    home, env = folder
    done = subprocess.run(["bash", "-c", example], cwd=home, env=env, capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert "Traceback" not in done.stderr, done.stderr
    if command.startswith(NEEDS_THE_TABLES_FILES):
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    else:
        assert done.returncode == 0, (example, done.stderr)
