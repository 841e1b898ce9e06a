"""The same kiosk on Qt's vnc platform: a VNC client on localhost sees the table move while the
show mode plays."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import pytest
from vnc_client import VncScreen

from tests.conftest import ROOT

pytestmark = pytest.mark.xdist_group("ui")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_vnc_client_sees_the_show_mode_move_the_table(tmp_path):
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT),
               QT_QPA_PLATFORM=f"vnc:size=1280x800:port={port}")
    proc = subprocess.Popen([sys.executable, "-m", "kiosk", "demo", "--autoplay", "--rounds",
                             "40", "--pace", "60", "--db", str(tmp_path / "vnc.sqlite")],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        screen = VncScreen(port)
        assert (screen.width, screen.height) == (1280, 800)
        first = screen.frame()
        seen = {first}
        deadline = time.monotonic() + 20
        while len(seen) < 3 and time.monotonic() < deadline:
            time.sleep(0.4)
            seen.add(screen.frame())
        screen.close()
        assert len(set(first)) > 8  # a drawn screen, not one flat colour
        assert len(seen) >= 3, "the table did not move on the VNC screen"
    finally:
        proc.kill()
        proc.communicate()
