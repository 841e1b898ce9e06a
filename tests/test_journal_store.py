"""The journal file: migrations, connection settings, append-only guards, and bad files
refused with a clear message and no change."""

from __future__ import annotations

import sqlite3

import pytest
from journal_support import demo_journal

from kiosk.journal.errors import JournalCorrupt, JournalMissing, JournalTooNew
from kiosk.journal.schema import MIGRATIONS
from kiosk.journal.store import open_journal
from tests.conftest import run_cli


def test_a_new_journal_records_its_migrations_and_runs_wal_with_full_sync(tmp_path):
    db = open_journal(tmp_path / "j.sqlite", create=True)
    names = [r[0] for r in db.conn.execute("SELECT name FROM migrations ORDER BY name")]
    assert names == [name for name, _ in MIGRATIONS]
    assert db.conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    assert db.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert {"sessions", "shoes", "rounds", "events", "settlements", "alerts"} <= \
        set(db.table_names())
    db.conn.close()
    again = open_journal(tmp_path / "j.sqlite")  # reopening migrates nothing twice
    assert again.conn.execute("SELECT count(*) FROM migrations").fetchone()[0] == len(MIGRATIONS)
    assert again.conn.execute("PRAGMA synchronous").fetchone()[0] == 2


@pytest.mark.parametrize("table", ["events", "settlements", "rounds", "alerts", "sessions"])
def test_journal_rows_cannot_be_updated_or_deleted(tmp_path, table):
    path = demo_journal(tmp_path / "j.sqlite", 1)
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("INSERT INTO alerts (seq, raised_at, kind, message) VALUES (1, 't', 'k', 'm')")
    with pytest.raises(sqlite3.IntegrityError, match=f"append-only: UPDATE on {table}"):
        conn.execute(f"UPDATE {table} SET seq = seq")
    with pytest.raises(sqlite3.IntegrityError, match=f"append-only: DELETE on {table}"):
        conn.execute(f"DELETE FROM {table}")


def test_a_missing_journal_is_refused_and_not_created(tmp_path):
    path = tmp_path / "nope.sqlite"
    result = run_cli("rounds", "--db", str(path))
    assert result.returncode == 2
    assert result.stderr.strip() == f"{path}: no journal there (check the path, or start the " \
                                    "kiosk once to create it)"
    assert not path.exists()
    with pytest.raises(JournalMissing):
        open_journal(tmp_path / "no" / "dir.sqlite", create=True)


def test_a_corrupt_file_is_refused_unchanged(tmp_path):
    path = tmp_path / "garbage.sqlite"
    content = b"this is not a database, it is a shopping list\n" * 200
    path.write_bytes(content)
    result = run_cli("verify", "--db", str(path))
    assert result.returncode == 2
    assert result.stderr == f"{path}: is not an SQLite file, so not a journal (nothing was " \
                            "changed)\n"
    assert path.read_bytes() == content


def test_a_foreign_sqlite_file_is_refused_unchanged(tmp_path):
    path = tmp_path / "other.sqlite"
    conn = sqlite3.connect(str(path))
    conn.execute("CREATE TABLE guests (name TEXT)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(JournalCorrupt, match="not a kiosk journal"):
        open_journal(path, create=True)
    assert path.read_bytes() == before


def test_a_journal_from_a_newer_kiosk_is_refused_unchanged(tmp_path):
    path = demo_journal(tmp_path / "j.sqlite", 1)
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("INSERT INTO migrations VALUES ('0003_from_the_future', 'later')")
    conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    conn.close()
    before = path.read_bytes()
    result = run_cli("demo", "--headless", "--db", str(path), "--rounds", "1")
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"{path}: journal schema version {len(MIGRATIONS) + 1} is newer than this kiosk's "
        f"({len(MIGRATIONS)}); update the kiosk to read it (nothing was changed)")
    assert path.read_bytes() == before


def test_unknown_migration_names_are_refused(tmp_path):
    path = demo_journal(tmp_path / "j.sqlite", 1)
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("INSERT INTO migrations VALUES ('0002b_branch_experiment', 'later')")
    conn.close()
    with pytest.raises(JournalTooNew, match="0002b_branch_experiment"):
        open_journal(path)


def test_a_locked_journal_is_refused_and_nothing_is_recorded(tmp_path):
    path = demo_journal(tmp_path / "j.sqlite", 1)
    holder = sqlite3.connect(str(path), isolation_level=None)
    count = holder.execute("SELECT count(*) FROM events").fetchone()[0]
    holder.execute("BEGIN EXCLUSIVE")
    try:
        result = run_cli("demo", "--headless", "--db", str(path), "--rounds", "1")
    finally:
        holder.execute("ROLLBACK")
    assert result.returncode == 2
    assert "the journal is locked by another program" in result.stderr
    assert "nothing was recorded" in result.stderr
    assert holder.execute("SELECT count(*) FROM events").fetchone()[0] == count
