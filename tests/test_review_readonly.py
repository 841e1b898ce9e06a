"""Evidence stays evidence: the five review commands read a journal in a read-only folder, as
an unprivileged user, and change no byte and no file there; a copy taken from a running table
(journal and write-ahead log, no index) is read whole; a file that is no journal is refused by
name and left as it was."""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from table_support import play_short_rounds

from kiosk.journal.store import open_for_review
from kiosk.journal.verify import verify_journal
from kiosk.table.service import TableService

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(sys.prefix) / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / \
    "site-packages"
SYSTEM_PYTHON = Path(f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}")


def as_nobody_possible() -> bool:
    """Root can drop to `nobody`, whose Python must reach this checkout and its packages."""
    if os.geteuid() != 0 or not shutil.which("setpriv") or not SYSTEM_PYTHON.exists():
        return False
    probe = subprocess.run(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                            "env", f"PYTHONPATH={ROOT}:{SITE}", str(SYSTEM_PYTHON), "-c",
                            "import kiosk.cli, sqlite_utils"], capture_output=True, timeout=60)
    return probe.returncode == 0


AS_NOBODY = as_nobody_possible()


def review(*args: str) -> subprocess.CompletedProcess:
    """A review command, run by the unprivileged user `nobody` where this machine allows it,
    else by this test's user on a read-only folder."""
    if AS_NOBODY:
        cmd = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "env",
               f"PYTHONPATH={ROOT}:{SITE}", "HOME=/nonexistent", str(SYSTEM_PYTHON), "-m",
               "kiosk", *args]
    else:
        cmd = [sys.executable, "-m", "kiosk", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd="/")


def snapshot(folder: Path) -> dict:
    return {p.name: (p.read_bytes(), p.stat().st_mode, p.stat().st_mtime_ns)
            for p in sorted(folder.iterdir())} | {".": folder.stat().st_mtime_ns}


def seal(folder: Path) -> None:
    for p in folder.iterdir():
        p.chmod(0o444)
    folder.chmod(0o555)


@pytest.fixture
def shared_tmp():
    """A temporary folder another user can reach (pytest's own are private to us)."""
    import tempfile
    path = Path(tempfile.mkdtemp(prefix="evidence-"))
    path.chmod(0o755)
    yield path
    for p in path.rglob("*"):
        if p.is_dir():
            p.chmod(0o755)
    shutil.rmtree(path)


@pytest.fixture
def evidence(shared_tmp):
    """Two evidence folders: a backup's clean copy, and a copy of a running table's journal
    with its write-ahead log (the last rounds only in the log)."""
    tmp_path = shared_tmp
    live = tmp_path / "live"
    live.mkdir()
    service = TableService.open(live / "journal.sqlite")
    service.writer.db.conn.execute("PRAGMA wal_autocheckpoint = 0")
    play_short_rounds(service, 3)
    clean = tmp_path / "clean"
    clean.mkdir()
    from kiosk.journal.backup import backup_journal
    backup_journal(service.writer.db, clean / "journal.sqlite")
    play_short_rounds(service, 2)
    hot = tmp_path / "hot"
    hot.mkdir()
    shutil.copyfile(live / "journal.sqlite", hot / "journal.sqlite")
    shutil.copyfile(live / "journal.sqlite-wal", hot / "journal.sqlite-wal")
    events = service.writer.head_seq
    service.close()
    for folder in (clean, hot):
        seal(folder)
    return {"clean": (clean, 3), "hot": (hot, 5)}, events


@pytest.mark.parametrize("which", ["clean", "hot"])
def test_all_five_review_commands_leave_a_read_only_evidence_folder_byte_for_byte(
        evidence, which):
    folders, _ = evidence
    folder, rounds = folders[which]
    db = str(folder / "journal.sqlite")
    before = snapshot(folder)
    for args in (["rounds", "--db", db], ["verify", "--db", db],
                 ["replay", "--db", db, "--round", "1"], ["report", "--db", db],
                 ["export", "--db", db, "--round", str(rounds)]):
        done = review(*args)
        assert done.returncode == 0, (args, done.stderr)
        assert "Traceback" not in done.stderr
        assert snapshot(folder) == before, args


def test_a_copy_of_a_running_tables_journal_is_read_with_its_log(evidence):
    folders, events = evidence
    folder, _ = folders["hot"]
    result = verify_journal(open_for_review(folder / "journal.sqlite"))
    assert result.events == events and result.rounds_settled == 5
    assert sorted(p.name for p in folder.iterdir()) == ["journal.sqlite", "journal.sqlite-wal"]


def test_review_beside_a_running_table_disturbs_it_not(shared_tmp):
    tmp_path = shared_tmp
    service = TableService.open(tmp_path / "journal.sqlite")
    play_short_rounds(service, 1)
    done = review("verify", "--db", str(tmp_path / "journal.sqlite"))
    assert done.returncode == 0, done.stderr
    play_short_rounds(service, 1)  # the table goes on committing
    assert verify_journal(service.writer.db).rounds_settled == 2
    service.close()


@pytest.mark.parametrize("content, why", [
    (b"", "is empty, not a journal"),
    (b"round 1: anna won\n" * 50, "is not an SQLite file"),
    (None, "an SQLite database but not a kiosk journal"),
])
def test_a_file_that_is_no_journal_is_refused_by_name_and_never_given_a_schema(
        shared_tmp, content, why):
    tmp_path = shared_tmp
    path = tmp_path / "evidence.sqlite"
    if content is None:
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE guests (name TEXT)")
        conn.commit()
        conn.close()
    else:
        path.write_bytes(content)
    before = snapshot(tmp_path)
    for command in ("verify", "rounds", "report"):
        done = review(command, "--db", str(path))
        assert done.returncode == 2
        assert done.stderr.startswith(f"{path}: {why}") or why in done.stderr, done.stderr
        assert done.stderr.count("\n") == 1
    assert snapshot(tmp_path) == before
    assert stat.S_ISREG(path.stat().st_mode)
