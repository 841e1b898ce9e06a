"""Deployment: install.sh into a staging root lays down exactly the files docs/deploy.md lists,
a second run changes nothing, the configuration it writes passes `config check`; the units hold
the keys that matter (checked by systemd-analyze where it is installed); the watchdog pings a
real NOTIFY_SOCKET from the screen's thread; backups rotate and restore."""

from __future__ import annotations

import configparser
import datetime as dt
import hashlib
import os
import re
import select
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kiosk.cli import main
from kiosk.journal.backup import rotate
from kiosk.journal.store import open_for_review
from kiosk.journal.verify import verify_journal
from kiosk.system import sdnotify

ROOT = Path(__file__).resolve().parents[1]
INSTALL = ROOT / "deploy" / "install.sh"
UNITS = ROOT / "deploy" / "systemd"


def install(root: Path) -> subprocess.CompletedProcess:
    done = subprocess.run(["bash", str(INSTALL), "--root", str(root)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done


def tree(root: Path) -> dict[str, tuple]:
    """Every file and folder under root: its content's hash, mode and mtime."""
    out = {}
    for path in sorted(root.rglob("*")):
        st = path.stat()
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
        out[str(path.relative_to(root))] = (digest, oct(st.st_mode), st.st_mtime_ns)
    return out


def documented_files() -> set[str]:
    doc = (ROOT / "docs" / "deploy.md").read_text()
    block = doc.split("<!-- install-files")[1].split("<!-- end install-files")[0]
    return {p.rstrip("/") for p in re.findall(r"^- `(/[^`]+)`", block, re.M)}


def test_install_lays_down_exactly_the_documented_files_and_a_second_run_changes_nothing(
        tmp_path):
    first = install(tmp_path)
    files = {"/" + p for p, (kind, _, _) in tree(tmp_path).items() if kind != "dir"}
    leaves = {"/" + str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")
              if p.is_dir() and not any(p.iterdir())}
    plan = "/var/lib/blackjack-kiosk-install/plan.txt"
    assert files | leaves == documented_files() | {plan}
    assert "systemctl enable blackjack-kiosk.service blackjack-kiosk-backup.timer" in \
        (tmp_path / plan.lstrip("/")).read_text()
    assert oct((tmp_path / "var/lib/blackjack-kiosk").stat().st_mode)[-3:] == "750"
    assert oct((tmp_path / "etc/blackjack-kiosk/config.toml").stat().st_mode)[-3:] == "640"
    assert "wrote /etc/systemd/system/blackjack-kiosk.service" in first.stdout
    before = tree(tmp_path)
    second = install(tmp_path)
    assert "nothing to change" in second.stdout
    assert tree(tmp_path) == before


def test_an_upgrade_keeps_the_journal_the_configuration_and_the_udev_rule(tmp_path):
    install(tmp_path)
    config = tmp_path / "etc/blackjack-kiosk/config.toml"
    config.write_text(config.read_text().replace('id = "BJ-03"', 'id = "BJ-11"'))
    journal = tmp_path / "var/lib/blackjack-kiosk/journal.sqlite"
    journal.write_bytes(b"the table's rounds")
    unit = tmp_path / "etc/systemd/system/blackjack-kiosk.service"
    unit.write_text("an old unit\n")
    done = install(tmp_path)
    assert 'id = "BJ-11"' in config.read_text()
    assert journal.read_bytes() == b"the table's rounds"
    assert unit.read_bytes() == (UNITS / "blackjack-kiosk.service").read_bytes()
    assert "kept /etc/blackjack-kiosk/config.toml" in done.stdout


def test_the_installed_configuration_passes_config_check(tmp_path, capsys):
    install(tmp_path)
    assert main(["config", "check", str(tmp_path / "etc/blackjack-kiosk/config.toml")]) == 0
    assert ": ok" in capsys.readouterr().out


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # systemd's keys are case-sensitive
    parser.read(UNITS / name)
    return parser


def test_the_service_has_its_watchdog_restart_and_sandbox():
    svc = unit("blackjack-kiosk.service")["Service"]
    assert svc["Type"] == "notify" and svc["NotifyAccess"] == "all"
    assert int(svc["WatchdogSec"]) > 0 and svc["Restart"] == "always"
    assert svc["User"] == "blackjack-kiosk"
    assert svc["ExecStart"].startswith("/usr/bin/cage -s -- /opt/blackjack-kiosk/venv/bin/")
    assert "start --config /etc/blackjack-kiosk/config.toml" in svc["ExecStart"]
    assert "config check" in svc["ExecStartPre"]
    for key, value in {"ProtectSystem": "strict", "ProtectHome": "yes", "PrivateTmp": "yes",
                       "NoNewPrivileges": "yes", "ReadWritePaths": "/var/lib/blackjack-kiosk",
                       "IPAddressDeny": "any"}.items():
        assert svc[key] == value, key
    assert "AF_INET" not in svc["RestrictAddressFamilies"]
    # these would close /dev to the screen, the touch panel and the shoe, or udev's events
    assert not {"PrivateDevices", "ProtectClock", "DeviceAllow", "PrivateNetwork"} & set(svc)
    timer = unit("blackjack-kiosk-backup.timer")["Timer"]
    assert timer["Persistent"] == "true" and timer["OnCalendar"]
    backup = unit("blackjack-kiosk-backup.service")["Service"]
    assert "backup --db /var/lib/blackjack-kiosk/journal.sqlite --into " \
           "/var/backups/blackjack-kiosk --keep-daily 14 --keep-monthly 12" in backup["ExecStart"]
    for key, value in {"User": "blackjack-kiosk", "ProtectSystem": "strict",
                       "PrivateNetwork": "yes", "PrivateDevices": "yes",
                       "CapabilityBoundingSet": "", "NoNewPrivileges": "yes",
                       "ReadWritePaths": "/var/lib/blackjack-kiosk /var/backups/blackjack-kiosk",
                       "UMask": "0027"}.items():
        assert backup[key] == value, key


def test_the_shipper_runs_in_its_own_unit_with_the_network_the_screen_does_not_have():
    ship = unit("blackjack-kiosk-ship.service")
    svc = ship["Service"]
    assert svc["ExecStart"] == ("/opt/blackjack-kiosk/venv/bin/blackjack-kiosk ship --config "
                                "/etc/blackjack-kiosk/config.toml")
    assert svc["User"] == "blackjack-kiosk" and svc["Restart"] == "on-failure"
    assert "AF_INET" in svc["RestrictAddressFamilies"] and "IPAddressDeny" not in svc
    for key, value in {"ProtectSystem": "strict", "ReadWritePaths": "/var/lib/blackjack-kiosk",
                       "NoNewPrivileges": "yes", "CapabilityBoundingSet": ""}.items():
        assert svc[key] == value, key
    assert ship["Unit"]["After"] == "network-online.target"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze not installed: the key checks above stand")
def test_systemd_reads_every_unit_without_a_complaint_but_the_absent_programs():
    done = subprocess.run(["systemd-analyze", "verify", *sorted(str(p) for p in
                                                                 UNITS.iterdir())],
                          capture_output=True, text=True, timeout=60)
    complaints = [line for line in (done.stdout + done.stderr).splitlines()
                  if line.strip() and "is not executable: No such file or directory" not in line]
    assert complaints == []


def test_the_udev_rule_names_the_shoe_and_keeps_modemmanager_away():
    rule = (ROOT / "deploy/udev/70-card-shoe.rules").read_text()
    line = next(x for x in rule.splitlines() if x and not x.startswith("#"))
    for part in ('SUBSYSTEM=="tty"', 'ATTRS{idVendor}==', 'ATTRS{idProduct}==', 'ATTRS{serial}==',
                 'SYMLINK+="card-shoe"', 'GROUP="blackjack-kiosk"',
                 'ENV{ID_MM_DEVICE_IGNORE}="1"'):
        assert part in line


@pytest.fixture(params=["path", "abstract"])
def notify_socket(request, tmp_path):
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    if request.param == "path":
        name = str(tmp_path / "notify")
        sock.bind(name)
    else:
        name = f"@blackjack-kiosk-test-{os.getpid()}-{time.monotonic_ns()}"
        sock.bind(b"\0" + name[1:].encode())
    sock.settimeout(5)
    yield sock, name
    sock.close()


def test_notify_reaches_the_socket_systemd_names(notify_socket):
    sock, name = notify_socket
    assert sdnotify.notify("READY=1", {"NOTIFY_SOCKET": name})
    assert sock.recv(256) == b"READY=1"
    assert not sdnotify.notify("READY=1", {})
    assert sdnotify.watchdog_interval_ms({"WATCHDOG_USEC": "30000000"}) == 15000
    someone_else = str(max(os.getpid(), os.getppid()) + 1)
    assert sdnotify.watchdog_interval_ms({"WATCHDOG_USEC": "30000000",
                                          "WATCHDOG_PID": someone_else}) is None


# What the kiosk does at start, in a process of its own: ask whether systemd wants pings of it,
# and send one if so. With PINGER_SPAWN=1 it first starts itself once more, one level down.
def run_pinger(env: dict, *, one_level_down: bool) -> str:
    code = ("import os, subprocess, sys\n"
            "from kiosk.system import sdnotify\n"
            "if os.environ.get('PINGER_SPAWN') == '1':\n"
            "    os.environ['PINGER_SPAWN'] = '0'\n"
            "    sys.exit(subprocess.run([sys.executable, '-c', sys.argv[1], sys.argv[1]])"
            ".returncode)\n"
            "ms = sdnotify.watchdog_interval_ms()\n"
            "if ms:\n"
            "    sdnotify.notify('WATCHDOG=1')\n"
            "print(ms)\n")
    full = dict(os.environ, PYTHONPATH=str(ROOT), PINGER_SPAWN="1" if one_level_down else "0",
                **env)
    done = subprocess.run([sys.executable, "-c", code, code], env=full, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_kiosk_under_cage_pings_for_the_compositor_systemd_started(notify_socket):
    """systemd names its main process, cage, in WATCHDOG_PID; the kiosk is cage's child. Here
    this test is cage: the kiosk process it starts must ping, one started below it must not."""
    sock, name = notify_socket
    env = {"NOTIFY_SOCKET": name, "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid())}
    assert run_pinger(env, one_level_down=False) == "15000"
    assert sock.recv(256) == b"WATCHDOG=1"
    assert run_pinger(env, one_level_down=True) == "None"
    sock.settimeout(0)
    with pytest.raises(BlockingIOError):
        sock.recv(256)  # the grandchild sent nothing (it has exited: no ping is in flight)


def test_the_screen_pings_the_watchdog_from_its_own_thread_and_a_frozen_screen_does_not(
        notify_socket, tmp_path, qtbot, monkeypatch):
    from kiosk.ui.app import build, keep_systemd_told, show

    sock, name = notify_socket
    sock.settimeout(0)
    monkeypatch.setenv("NOTIFY_SOCKET", name)
    monkeypatch.setenv("WATCHDOG_USEC", "200000")  # a ping every 100 ms
    kiosk = build(tmp_path / "journal.sqlite")
    try:
        show(kiosk)
        timer = keep_systemd_told(kiosk)
        assert timer is not None and timer.interval() == 100
        got = []

        def drain():
            while True:
                try:
                    got.append(sock.recv(256).decode())
                except BlockingIOError:
                    return
        qtbot.waitUntil(lambda: (drain(), got.count("WATCHDOG=1") >= 3)[1], timeout=5000)
        assert got[0].startswith("READY=1\nSTATUS=table table-1 on screen")
        # the screen's thread is held here, out of its event loop, as a stuck screen's is:
        # five ping intervals pass on the socket with no ping
        readable, _, _ = select.select([sock], [], [], 0.5)
        assert readable == []
    finally:
        kiosk.close()


def test_the_nightly_backup_rotates_14_days_and_12_months(tmp_path):
    folder = tmp_path / "backups"
    folder.mkdir()
    today = dt.date(2026, 11, 25)
    for n in range(500):
        (folder / f"journal-{today - dt.timedelta(days=n):%Y-%m-%d}.sqlite").touch()
    (folder / "notes.txt").write_text("not ours")
    kept, removed = rotate(folder, today, 14, 12)
    names = sorted(p.name for p in kept)
    daily = {f"journal-{today - dt.timedelta(days=n):%Y-%m-%d}.sqlite" for n in range(14)}
    monthly = {p for p in names if p.endswith("-01.sqlite")}
    assert set(names) == daily | monthly
    assert len(monthly) == 12 and "journal-2025-12-01.sqlite" in monthly
    assert len(kept) + len(removed) == 500 and (folder / "notes.txt").exists()


def test_a_backup_restored_as_the_doc_says_verifies_and_the_table_plays_on(tmp_path, cli):
    state = tmp_path / "var-lib"  # /var/lib/blackjack-kiosk
    state.mkdir()
    journal = state / "journal.sqlite"
    played = cli("start", "--db", str(journal), "--rounds", "3")
    assert played.returncode == 0, played.stderr
    folder = tmp_path / "backups"
    folder.mkdir()
    nightly = cli("backup", "--db", str(journal), "--into", str(folder), "--keep-daily", "14",
                  "--keep-monthly", "12")
    assert nightly.returncode == 0, nightly.stderr
    again = cli("backup", "--db", str(journal), "--into", str(folder))
    assert "today's backup is in" in again.stdout  # once a day
    (backup,) = folder.glob("journal-*.sqlite")
    assert not list(folder.glob(".*partial"))
    backed_up = verify_journal(open_for_review(backup))
    assert backed_up.rounds_settled == 3
    more = cli("start", "--db", str(journal), "--rounds", "2")
    assert more.returncode == 0, more.stderr
    journal.write_bytes(b"\0" * 4096)  # the disk broke

    # the doc's restore, step by step (install -m 0640 being a copy and a chmod here)
    assert cli("verify", "--db", str(backup)).returncode == 0
    journal.rename(state / "journal.broken.sqlite")
    for side in ("journal.sqlite-wal", "journal.sqlite-shm"):
        (state / side).unlink(missing_ok=True)
    shutil.copy(backup, journal)
    journal.chmod(0o640)

    restored = verify_journal(open_for_review(journal))
    assert (restored.events, restored.rounds_settled, restored.head_hash) == \
        (backed_up.events, backed_up.rounds_settled, backed_up.head_hash)
    resumed = cli("start", "--db", str(journal), "--rounds", "1")
    assert resumed.returncode == 0, resumed.stderr
    checked = cli("verify", "--db", str(journal))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert verify_journal(open_for_review(journal)).rounds_settled == 4


def test_start_with_the_installed_configuration_tells_systemd_it_is_up_and_keeps_pinging(
        tmp_path):
    """The service's own command line, on a screen (Qt's vnc platform here, cage's wayland on
    the table PC), started by this test as cage starts it: a child of the process systemd
    names in WATCHDOG_PID."""
    install(tmp_path / "root")
    config = tmp_path / "root/etc/blackjack-kiosk/config.toml"
    journal = tmp_path / "journal.sqlite"
    config.write_text(config.read_text()
                      .replace("/var/lib/blackjack-kiosk/journal.sqlite", str(journal))
                      .replace('kind = "shoe"', 'kind = "manual"')
                      .replace('port = "/dev/card-shoe"', "").replace('dialect = "framed"', ""))
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(tmp_path / "notify"))
    sock.settimeout(60)  # a bound on a broken start, not a measurement
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM=f"vnc:size=1280x800:port={port}",
               NOTIFY_SOCKET=str(tmp_path / "notify"), WATCHDOG_USEC="200000",
               WATCHDOG_PID=str(os.getpid()))
    proc = subprocess.Popen([sys.executable, "-m", "kiosk", "start", "--config", str(config)],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        ready = sock.recv(256).decode()
        assert ready.startswith("READY=1\nSTATUS=table BJ-03 on screen"), ready
        assert [sock.recv(256) for _ in range(3)] == [b"WATCHDOG=1"] * 3
        assert proc.poll() is None
    finally:
        proc.kill()
        out, err = proc.communicate()
        sock.close()
    assert "Traceback" not in err, err
    conn = sqlite3.connect(journal)
    tables = {t for (t,) in conn.execute("SELECT table_name FROM sessions")}
    conn.close()
    assert tables == {"BJ-03"}


def test_install_installs_every_package_the_screen_check_may_ask_for(tmp_path):
    from kiosk.system.qt_platform import PACKAGES

    install(tmp_path)
    plan = (tmp_path / "var/lib/blackjack-kiosk-install/plan.txt").read_text()
    apt = next(line for line in plan.splitlines() if line.startswith("apt-get install"))
    installed = set(apt.split())
    assert {"libxcb-icccm4", "libxcb-keysyms1"} <= installed
    assert set(PACKAGES.values()) <= installed, set(PACKAGES.values()) - installed


def test_start_with_a_display_whose_qt_plugin_cannot_load_names_the_packages_and_exits_2(
        tmp_path):
    """A real plugin, copied with one library it needs renamed to one no system has (as on a
    desktop without libxcb-icccm4): `start` says in one line what to install, exits 2, and
    Qt never gets to abort."""
    import PySide6

    qt = Path(PySide6.__file__).parent / "Qt"
    plugins = tmp_path / "plugins" / "platforms"
    plugins.mkdir(parents=True)
    (tmp_path / "lib").symlink_to(qt / "lib")  # the plugin's $ORIGIN/../../lib
    data = (qt / "plugins" / "platforms" / "libqxcb.so").read_bytes()
    assert data.count(b"libxcb-icccm.so.4\0") == 1
    (plugins / "libqxcb.so").write_bytes(data.replace(b"libxcb-icccm.so.4\0",
                                                      b"libxcb-icccm.so.9\0"))
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM",
                                                             "WAYLAND_DISPLAY")}
    env.update(DISPLAY=":99", QT_QPA_PLATFORM_PLUGIN_PATH=str(plugins))
    done = subprocess.run([sys.executable, "-m", "kiosk", "start", "--db",
                           str(tmp_path / "journal.sqlite")], env=env, capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
    line = done.stderr
    assert "libxcb-icccm4" in line and "apt-get install" in line and "install.sh" in line
    assert "Traceback" not in line and "could not load the Qt platform plugin" not in line
    assert not (tmp_path / "journal.sqlite").exists()  # nothing opened, nothing written
