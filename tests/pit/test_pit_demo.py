"""`pit demo` as a newcomer runs it: a throwaway server, simulated tables moving on the page,
and Ctrl-C leaving nothing running. `pit user add` reads the password twice."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from kiosk.pit.store import connect, init
from tests.conftest import ROOT, run_cli
from tests.pit.page_support import Client, free_port

pytestmark = pytest.mark.xdist_group("pit")  # one worker, one server


def processes_naming(text: str) -> list[str]:
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if text in cmdline:
            found.append(f"{proc.name}: {cmdline}")
    return found


def seqs(html: str) -> dict[str, int]:
    return {m[0]: int(m[1]) for m in re.findall(r'id="tile-([^"]+)" data-seq="(\d+)"', html)}


def test_the_demo_shows_tables_moving_and_ctrl_c_leaves_nothing_running():
    folder = Path(tempfile.mkdtemp(prefix="pit-demo-", dir="/tmp"))  # postgres must reach it
    folder.chmod(0o755)
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    demo = subprocess.Popen([sys.executable, "-m", "kiosk", "pit", "demo", "--tables", "2",
                             "--folder", str(folder / "pit"), "--listen", f"127.0.0.1:{port}",
                             "--pace", "0.05"], cwd=folder, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(demo.stdout), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 60
        while not any("log in as aufsicht" in line for line in lines):
            assert demo.poll() is None, "".join(lines)
            assert time.monotonic() < deadline, "".join(lines)
            time.sleep(0.1)
        text = "".join(lines)
        assert f"http://127.0.0.1:{port}/" in text
        password = re.search(r"log in as aufsicht / (\S+)", text)[1]
        client = Client(f"http://127.0.0.1:{port}")
        assert client.login("aufsicht", password) == 303
        first = seqs(client.get("/")[1])
        assert set(first) == {"BJ-01", "BJ-02"}
        time.sleep(3)
        later = seqs(client.get("/")[1])
        assert all(later[t] > first[t] for t in first), (first, later)  # the tables move
        demo.send_signal(signal.SIGINT)
        assert demo.wait(timeout=60) == 0, "".join(lines)
        reader.join(timeout=5)
        assert "nothing left running" in "".join(lines)
        assert processes_naming(str(folder)) == []
        assert not (folder / "pit" / "data" / "postmaster.pid").exists()
    finally:
        if demo.poll() is None:
            demo.kill()
        for line in processes_naming(str(folder / "pit" / "data")):
            os.kill(int(line.split(":")[0]), signal.SIGKILL)
        shutil.rmtree(folder, ignore_errors=True)


def test_pit_user_add_reads_the_password_twice(pit_url):
    init(pit_url)
    differ = run_cli("pit", "user", "add", "anna", "--role", "pit", "--db", pit_url,
                     input="long-password-1\nlong-password-2\n")
    assert differ.returncode == 2 and "the two passwords differ" in differ.stderr
    short = run_cli("pit", "user", "add", "anna", "--role", "pit", "--db", pit_url,
                    input="short\nshort\n")
    assert short.returncode == 2 and "at least 10 characters" in short.stderr
    added = run_cli("pit", "user", "add", "anna", "--role", "surveillance", "--db", pit_url,
                    input="long-password-1\nlong-password-1\n")
    assert added.returncode == 0, added.stderr
    again = run_cli("pit", "user", "add", "anna", "--role", "pit", "--db", pit_url,
                    input="long-password-1\nlong-password-1\n")
    assert again.returncode == 2 and "exists already" in again.stderr
    with connect(pit_url) as conn:
        role, stored = conn.execute("SELECT role, password_hash FROM pit.users").fetchone()
    assert role == "surveillance" and stored.startswith("scrypt$")
    assert "long-password-1" not in stored
