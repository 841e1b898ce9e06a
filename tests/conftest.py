"""Shared fixtures: run the CLI as a new user would, in a subprocess, from this checkout."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# a 1920x1080 panel for every Qt test and every kiosk the tests start
os.environ.setdefault("QT_QPA_PLATFORM",
                      f"offscreen:configfile={ROOT / 'tests' / 'ui' / 'screens-1920.json'}")


def run_cli(*args: str, input: str | None = None, timeout: float = 120, cwd=None,
            env: dict | None = None) -> subprocess.CompletedProcess:
    """Run `blackjack-kiosk ARGS` from this checkout and return the finished process."""
    full_env = dict(os.environ)
    full_env["PYTHONPATH"] = str(ROOT) + os.pathsep + full_env.get("PYTHONPATH", "")
    full_env.setdefault("QT_QPA_PLATFORM", "offscreen")
    if env:
        full_env.update(env)
    return subprocess.run(
        [sys.executable, "-m", "kiosk", *args],
        input=input, capture_output=True, text=True, timeout=timeout,
        cwd=cwd or ROOT, env=full_env,
    )


@pytest.fixture
def cli():
    return run_cli
