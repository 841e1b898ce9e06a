"""`blackjack-kiosk pit demo`: a throwaway PostgreSQL server under var/pit/, simulated tables
playing headless (the mock shoe on a pseudo-terminal, one of them unplugged now and then) and
shipping into it, and the pit page. Ctrl-C stops all of it: the tables, the shippers, the page
and the server."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
from pathlib import Path

from kiosk.commands._common import CommandError

APT = "apt-get install -y postgresql"
DEMO_USERS = (("aufsicht", "pit", "pit-demo-2026"), ("kamera", "surveillance", "pit-demo-2026"))


def server_binaries() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
                   key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit()
                   else 0)
    if not found:
        raise CommandError(f"pit demo: PostgreSQL's server binaries are missing; as root: {APT}")
    return found[-1].parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DemoServer:
    """A fresh cluster in `folder`/data, run as `postgres` when started as root."""

    def __init__(self, folder: Path) -> None:
        self.bin = server_binaries()
        self.root = os.geteuid() == 0
        self.folder = folder.resolve()
        self.data = self.folder / "data"
        self.sockets = self.folder / "sockets"
        self.port = free_port()

    def _run(self, tool: str, *args: str, check: bool = True):
        cmd = [str(self.bin / tool), *args]
        if self.root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if check and done.returncode != 0:
            raise CommandError(f"pit demo: {tool} failed: "
                               f"{(done.stderr or done.stdout).strip().splitlines()[-1:]}")
        return done

    def start(self) -> None:
        self.stop()  # one left by a demo that was killed
        shutil.rmtree(self.data, ignore_errors=True)
        shutil.rmtree(self.sockets, ignore_errors=True)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.sockets.mkdir()
        if self.root:
            try:
                pwd.getpwnam("postgres")
            except KeyError:
                subprocess.run(["useradd", "--system", "--user-group", "--no-create-home",
                                "--shell", "/usr/sbin/nologin", "postgres"], check=True,
                               capture_output=True)
            if not self._reachable(self.folder):
                # a checkout in a home folder closed to others: the server's files go to a
                # folder of their own under /tmp, removed when the demo stops
                self.moved = Path(tempfile.mkdtemp(prefix="pit-demo-", dir="/tmp"))
                self.moved.chmod(0o755)
                self.data = self.moved / "data"
                self.sockets = self.moved / "sockets"
                self.sockets.mkdir()
                print(f"pit demo: {self.folder} is closed to the postgres user; the server's "
                      f"files are in {self.moved} until the demo stops", flush=True)
            for path in (self.data.parent, self.sockets):
                shutil.chown(path, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E",
                  "UTF8", "--locale=C", "--no-sync")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.data.parent / "server.log"),
                  "-w",
                  "-t", "60", "-o", f"-p {self.port} -h 127.0.0.1 -k {self.sockets} "
                  "-c fsync=off", "start")

    moved: Path | None = None

    @staticmethod
    def _reachable(folder: Path) -> bool:
        shutil.chown(folder, "postgres", "postgres")
        return subprocess.run(["runuser", "-u", "postgres", "--", "test", "-w", str(folder)],
                              capture_output=True).returncode == 0

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop", check=False)
        if self.moved is not None:
            shutil.rmtree(self.moved, ignore_errors=True)

    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"


def _play(name: str, journal: Path, started: threading.Event, stop: threading.Event,
          pace: float, faulty: bool, seed: int) -> None:
    """One simulated table: rounds until stopped, its events paced; a faulty one loses its
    shoe now and then (the mock shoe unplugged, plugged in again a few events later)."""
    from kiosk.demo.headless import play_headless

    mocks = []
    rounds = [0, 0]  # rounds opened, events of the round

    def paced(event) -> None:
        started.set()  # the journal is made: its shipper may open it
        if event.kind == "round_open":
            rounds[0] += 1
            rounds[1] = 0
        rounds[1] += 1
        # every third round the shoe's cable comes out after the stakes: the dealer keys in
        # the rest of the round, and the next round starts with the shoe plugged in again
        if faulty and mocks and rounds[0] % 3 == 2 and rounds[1] == 12 and mocks[-1].plugged:
            mocks[-1].fault("unplug")
        stop.wait(pace)

    i = 0
    while not stop.is_set():
        try:
            play_headless(journal, 1, seed + i, table=name, on_event=paced,
                          on_mock=mocks.append)
        except Exception as exc:  # noqa: BLE001 (a demo table that trips plays on)
            print(f"pit demo: table {name}: {exc}", flush=True)
            stop.wait(1.0)
        mocks.clear()
        i += 1


def run_demo(folder: str, tables: int, listen: tuple[str, int], pace: float) -> int:
    import signal
    import sys

    from kiosk.pit.shipper import Shipper
    from kiosk.pit.store import add_table, connect, init
    from kiosk.pitweb.app import serve
    from kiosk.pitweb.auth import add_user

    # uvicorn hands a SIGTERM back once the page has stopped: end through the cleanup below
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    base = Path(folder)
    server = DemoServer(base)
    stop = threading.Event()
    threads: list[threading.Thread] = []
    shippers: list[Shipper] = []
    try:
        server.start()
        url = server.url()
        init(url)
        with connect(url) as conn:
            for name, role, password in DEMO_USERS:
                add_user(conn, name, role, password)
        journals = base / "journals"
        shutil.rmtree(journals, ignore_errors=True)
        journals.mkdir(parents=True)
        for n in range(1, tables + 1):
            name = f"BJ-{n:02d}"
            table_url = add_table(url, name)
            journal = journals / f"{name}.sqlite"
            started = threading.Event()
            play = threading.Thread(target=_play, name=f"table {name}", daemon=True,
                                    args=(name, journal, started, stop, pace, n == 2, 100 * n))
            play.start()
            threads.append(play)
            ship = threading.Thread(target=_ship,
                                    args=(journal, table_url, started, stop, shippers),
                                    name=f"ship {name}", daemon=True)
            ship.start()
            threads.append(ship)
        host, port = listen

        def ready(_server) -> None:
            print(f"pit demo: {tables} simulated tables playing; the page is at "
                  f"http://{host}:{port}/", flush=True)
            for name, role, password in DEMO_USERS:
                print(f"  log in as {name} / {password} ({role})", flush=True)
            print("Ctrl-C stops the tables, the page and the server", flush=True)
        with contextlib.suppress(KeyboardInterrupt):  # how a demo ends: clean up, exit 0
            serve(url, host, port, on_ready=ready)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=20)
        server.stop()
        print("pit demo: stopped; nothing left running", flush=True)
    return 0


def _ship(journal: Path, url: str, started: threading.Event, stop: threading.Event,
          shippers: list) -> None:
    from kiosk.pit.shipper import Shipper

    while not started.wait(0.1):  # the table makes its journal first
        if stop.is_set():
            return
    while not stop.is_set():
        try:
            shipper = Shipper(journal, url)
        except Exception:  # noqa: BLE001 (the journal is being created)
            stop.wait(0.2)
            continue
        shippers.append(shipper)
        try:
            shipper.follow(stop, interval=0.1)
        finally:
            shipper.close()
        return
