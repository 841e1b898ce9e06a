"""The pit's store and its review tools on a real PostgreSQL server: init twice, a table's
own role, shipping once and again, and rounds/replay/export/report/verify printing for a
shipped table exactly what they print for its journal file."""

from __future__ import annotations

import psycopg
import pytest

from kiosk.pit.schema import MIGRATIONS
from tests.journal_support import event_rows
from tests.pit.conftest import drop_database, new_database
from tests.pit.pit_support import alerts, cli, pit_rows, pit_with_tables, varied_journal

pytestmark = pytest.mark.xdist_group("pit")  # one worker, one server

@pytest.fixture(scope="module")
def shipped(pg_server, tmp_path_factory):
    """A varied journal shipped to a pit: (journal, owner's URL, table's URL)."""
    url = new_database(pg_server)
    journal = varied_journal(tmp_path_factory.mktemp("pit") / "table-1.sqlite")
    table_url = pit_with_tables(url, "table-1")["table-1"]
    from kiosk.cli import main

    assert main(["ship", "--db", str(journal), "--to", table_url, "--once"]) == 0
    yield journal, url, table_url
    drop_database(pg_server, url)


def test_init_creates_the_schema_once_and_a_second_run_changes_nothing(pit_url, capsys):
    code, out, _ = cli(capsys, "pit", "init", "--db", pit_url)
    assert code == 0 and "applied 0001_pit_tables" in out
    with psycopg.connect(pit_url) as conn:
        before = conn.execute("SELECT name, applied_at FROM pit.migrations ORDER BY name") \
            .fetchall()
        tables = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'pit' "
                              "ORDER BY 1").fetchall()
    assert [name for name, _ in before] == [name for name, _ in MIGRATIONS]
    assert {"tables", "events", "sessions", "alerts", "access_log"} <= {t for t, in tables}
    code, out, _ = cli(capsys, "pit", "init", "--db", pit_url)
    assert code == 0 and "up to date; nothing changed" in out
    with psycopg.connect(pit_url) as conn:
        assert conn.execute("SELECT name, applied_at FROM pit.migrations ORDER BY name") \
            .fetchall() == before


def test_table_add_prints_the_url_and_refuses_a_second_add(pit_url, capsys):
    cli(capsys, "pit", "init", "--db", pit_url)
    code, out, _ = cli(capsys, "pit", "table", "add", "BJ-03", "--db", pit_url)
    assert code == 0
    url = [w for w in out.split() if w.startswith("postgresql://")][-1]
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT name, head_seq FROM pit.head()").fetchone() == ("BJ-03", 0)
    code, _, err = cli(capsys, "pit", "table", "add", "BJ-03", "--db", pit_url)
    assert code == 2 and "is in the pit already" in err


def test_the_pit_holds_the_journal_byte_for_byte_and_a_second_ship_changes_nothing(
        shipped, capsys):
    journal, url, table_url = shipped
    assert pit_rows(url, "table-1") == event_rows(journal)
    with psycopg.connect(url) as conn:  # the heartbeat: last heard, how far the journal reaches
        heard = conn.execute("SELECT heard_at IS NOT NULL, journal_seq, head_seq, state FROM "
                             "pit.tables WHERE name = 'table-1'").fetchone()
    last = event_rows(journal)[-1][0]
    assert heard == (True, last, last, "shipping")
    code, out, _ = cli(capsys, "ship", "--db", str(journal), "--to", table_url, "--once")
    assert code == 0 and "(0 shipped now)" in out
    assert pit_rows(url, "table-1") == event_rows(journal)
    assert alerts(url) == []


def test_demo_sessions_are_marked_simulated(shipped):
    _, url, _ = shipped
    with psycopg.connect(url) as conn:
        sessions = conn.execute("SELECT session_id, simulated FROM pit.sessions ORDER BY 1") \
            .fetchall()
        marks = conn.execute("SELECT simulated, count(*) FROM pit.events WHERE session_id "
                             "IS NOT NULL GROUP BY 1 ORDER BY 1").fetchall()
    assert sessions == [(1, False), (2, True)]
    assert [m for m, _ in marks] == [False, True]


REVIEWS = [
    ("rounds",), ("rounds", "--format", "json"), ("replay", "--round", "1"),
    ("replay", "--round", "5"), ("export", "--round", "6"), ("report",),
    ("report", "--format", "json"), ("report", "--format", "csv"),
    ("report", "--from", "2000-01-01", "--format", "json"),
]


@pytest.mark.parametrize("args", REVIEWS, ids=lambda a: "-".join(a))
def test_the_review_tools_print_the_same_for_the_pit_as_for_the_file(shipped, capsys, args):
    journal, url, _ = shipped
    code, local, _ = cli(capsys, *args, "--db", str(journal))
    assert code == 0 and local
    code, central, err = cli(capsys, *args, "--db", url, "--table", "table-1")
    assert (code, err) == (0, "")
    assert central == local


def test_verify_differs_only_in_the_source_it_names(shipped, capsys):
    journal, url, _ = shipped
    _, local, _ = cli(capsys, "verify", "--db", str(journal))
    code, central, _ = cli(capsys, "verify", "--db", url, "--table", "table-1")
    assert code == 0
    first_local, rest_local = local.split("\n", 1)
    first, rest = central.split("\n", 1)
    assert rest == rest_local and "head hash" in rest
    assert first.split(": ", 1)[1] == first_local.split(": ", 1)[1]
    assert first.startswith("postgresql://") and "table table-1" in first


def test_every_review_of_the_pit_is_logged(shipped, capsys):
    _, url, _ = shipped
    cli(capsys, "replay", "--round", "2", "--db", url, "--table", "table-1")
    with psycopg.connect(url) as conn:
        logged = conn.execute("SELECT role, what, table_name, detail FROM pit.access_log "
                              "ORDER BY id DESC LIMIT 1").fetchone()
    assert logged == ("postgres", "replay", "table-1", "round 2")


def test_a_review_without_table_or_of_an_unknown_table_is_refused(shipped, capsys):
    journal, url, _ = shipped
    code, _, err = cli(capsys, "rounds", "--db", url)
    assert code == 2 and "--table NAME is needed" in err
    code, _, err = cli(capsys, "rounds", "--db", url, "--table", "table-9")
    assert code == 2 and "table 'table-9' is not in the pit" in err
    code, _, err = cli(capsys, "rounds", "--db", str(journal), "--table", "table-9")
    assert code == 2 and "no table 'table-9' in this journal" in err
    code, _, err = cli(capsys, "replay", "--round", "999", "--db", url, "--table", "table-1")
    assert code == 2 and "round 999 is not in the journal" in err


def test_table_filters_a_file_holding_several_tables(tmp_path, capsys):
    journal = varied_journal(tmp_path / "j.sqlite", rounds=3)
    from tests.pit.pit_support import more

    more(journal, "table-2", 2, seed=5)
    _, out, _ = cli(capsys, "rounds", "--db", str(journal), "--table", "table-2")
    assert out.count("table-2") == 2 and "table-1" not in out and out.endswith("2 rounds\n")
    code, _, err = cli(capsys, "replay", "--round", "1", "--db", str(journal), "--table",
                       "table-2")
    assert code == 2 and "not in the journal at table table-2" in err
    _, out, _ = cli(capsys, "report", "--db", str(journal), "--table", "table-2")
    assert "table table-2: 2 rounds settled" in out and "table-1" not in out


# -- what a table's own role may do ------------------------------------------------------------

def test_a_tables_role_reads_nothing_and_writes_only_its_own_table_through_ingest(shipped,
                                                                               pg_server):
    journal, url, _ = shipped
    other = pit_with_tables(url, "table-2")["table-2"]
    with psycopg.connect(other, autocommit=True) as conn:
        for sql in ("SELECT count(*) FROM pit.events", "SELECT * FROM pit.tables",
                    "SELECT * FROM pit.alerts", "SELECT * FROM pit.sessions",
                    "SELECT * FROM pit.access_log",
                    "INSERT INTO pit.events VALUES (1, 99, '2026-01-01', 1, 1, 'card', '{}', "
                    "'\\x00', false)",
                    "UPDATE pit.events SET data = '{}' WHERE seq = 1",
                    "DELETE FROM pit.events WHERE seq = 1",
                    "UPDATE pit.tables SET head_seq = 0"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(sql)
        # its head is its own table's, empty; table-1's is not to be had
        assert conn.execute("SELECT name, head_seq FROM pit.head()").fetchone() == \
            ("table-2", 0)
    # table-1's first events sent with table-2's role land in table-2, its only table
    before = pit_rows(url, "table-1")
    from kiosk.pit.shipper import Shipper

    shipper = Shipper(journal, other, batch=5)
    try:
        shipper._send(shipper._rows(0))
    finally:
        shipper.close()
    assert pit_rows(url, "table-2") == event_rows(journal)[:5]
    assert pit_rows(url, "table-1") == before == event_rows(journal)


def test_no_role_may_update_or_delete_an_event_not_even_the_owner(shipped):
    _, url, _ = shipped
    with psycopg.connect(url, autocommit=True) as conn:
        for sql in ("UPDATE pit.events SET data = '{}' WHERE seq = 3",
                    "DELETE FROM pit.events WHERE seq = 3", "TRUNCATE pit.events"):
            with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
                conn.execute(sql)
        conn.execute("INSERT INTO pit.alerts (kind, message) VALUES ('test', 'kept')")
        with pytest.raises(psycopg.errors.RaiseException, match="keeps every alert"):
            conn.execute("DELETE FROM pit.alerts")
        with pytest.raises(psycopg.errors.RaiseException, match="only acknowledged"):
            conn.execute("UPDATE pit.alerts SET message = 'changed'")
        conn.execute("UPDATE pit.alerts SET acknowledged_by = 'Frau Weber', "
                     "acknowledged_at = now() WHERE kind = 'test'")
        with pytest.raises(psycopg.errors.RaiseException, match="only acknowledged"):
            conn.execute("UPDATE pit.alerts SET acknowledged_by = 'Herr Kaya', "
                         "acknowledged_at = now() WHERE kind = 'test'")


def test_each_stored_batch_notifies_a_listening_page(pit_url, tmp_path):
    """What the pit page (LISTEN pit_events) hears: the table and its new head, per batch."""
    from kiosk.pit.shipper import Shipper
    from tests.journal_support import demo_journal

    url = pit_with_tables(pit_url, "table-1")["table-1"]
    journal = demo_journal(tmp_path / "t.sqlite", 2)
    with psycopg.connect(pit_url, autocommit=True) as listener:
        listener.execute("LISTEN pit_events")
        shipper = Shipper(journal, url, batch=40)
        try:
            shipper.ship_pass()
        finally:
            shipper.close()
        last = event_rows(journal)[-1][0]
        batches = -(-last // 40)
        heard = [n.payload for n in listener.notifies(timeout=5, stop_after=batches)]
    assert heard == [f"table-1:{min(n, last)}" for n in range(40, last + 40, 40)]
