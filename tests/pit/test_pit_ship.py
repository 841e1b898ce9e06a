"""Shipping against a real PostgreSQL server: the server stopped and restarted mid-batch and
the shipper SIGKILLed mid-batch while the table goes on playing, both ending with the pit
equal to the journal; a fork, a restored old copy and forged events refused whole with an
alert; `pit verify` naming a row changed behind the store's back."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time

import psycopg
import pytest

from kiosk.journal.events import event_hash
from kiosk.pit.shipper import Shipper
from kiosk.pit.status import read_status
from tests.conftest import ROOT
from tests.journal_support import demo_journal, event_rows, raw
from tests.pit.pit_support import alerts, cli, more, pit_rows, pit_with_tables, varied_journal

pytestmark = pytest.mark.xdist_group("pit")  # one worker, one server
WAIT_S = 60


def ship_process(journal, url, *extra: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "kiosk", "ship", "--db", str(journal),
                             "--to", url, "--interval", "0.05", *extra], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_until(check, what: str, timeout: float = WAIT_S) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def head(url: str, table: str) -> int:
    with psycopg.connect(url) as conn:
        return conn.execute("SELECT head_seq FROM pit.tables WHERE name = %s",
                            (table,)).fetchone()[0]


class HeldIngest:
    """The table's row in pit.tables locked by the owner: the shipper's next batch reaches
    the server and waits inside pit.ingest, uncommitted, until released."""

    def __init__(self, url: str, table: str) -> None:
        self.conn = psycopg.connect(url)
        self.conn.execute("SELECT 1 FROM pit.tables WHERE name = %s FOR UPDATE", (table,))
        self.url = url

    def waiting(self) -> bool:
        with psycopg.connect(self.url, autocommit=True) as conn:
            return conn.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type "
                                "= 'Lock' AND query LIKE '%pit.ingest%'").fetchone()[0] > 0

    def release(self) -> None:
        try:
            self.conn.rollback()
            self.conn.close()
        except psycopg.Error:
            pass


def summary(capsys, db: str, *table: str) -> tuple[str, str, str]:
    """What the review tools say of a journal: every round, the report, the head hash."""
    out = []
    for args in (("rounds", "--format", "json"), ("report", "--format", "json"),
                 ("export", "--round", "2"), ("verify",)):
        code, text, err = cli(capsys, *args, "--db", db, *table)
        assert code == 0, err
        out.append(text.split("\n", 1)[1] if args[0] == "verify" else text)
    return tuple(out)


def test_server_stopped_and_restarted_mid_batch_while_the_table_plays(pg_server, pit_url,
                                                                     tmp_path, capsys):
    journal = varied_journal(tmp_path / "t.sqlite", rounds=10)
    url = pit_with_tables(pit_url, "table-1")["table-1"]
    held = HeldIngest(pit_url, "table-1")
    shipper = ship_process(journal, url, "--batch", "100")
    table = threading.Thread(target=more, args=(journal, "table-1", 25, 7))
    try:
        wait_until(held.waiting, "a batch waiting inside pit.ingest")
        table.start()  # the table plays on while the pit goes away
        pg_server.stop("immediate")  # the waiting batch dies uncommitted
        held.release()
        wait_until(lambda: (read_status(journal) or 0) and
                   read_status(journal).state == "unreachable", "the unreachable state")
        status = read_status(journal)
        assert status.since and status.shipped == 0 and status.journal > 0
        time.sleep(0.5)
        pg_server.start()
        table.join()
        last = event_rows(journal)[-1][0]
        wait_until(lambda: head(pit_url, "table-1") == last, "the pit to catch up")
        wait_until(lambda: read_status(journal).state == "shipped", "the shipped state")
    finally:
        held.release()
        shipper.send_signal(signal.SIGTERM)
        shipper.wait(30)
    assert shipper.returncode == 0
    assert pit_rows(pit_url, "table-1") == event_rows(journal)
    assert summary(capsys, pit_url, "--table", "table-1") == summary(capsys, str(journal))
    assert alerts(pit_url) == []


def test_shipper_sigkilled_mid_batch_resumes_from_the_pits_head(pit_url, tmp_path, capsys):
    journal = varied_journal(tmp_path / "t.sqlite", rounds=15)
    url = pit_with_tables(pit_url, "table-1")["table-1"]
    for round_ in range(3):
        held = HeldIngest(pit_url, "table-1")
        shipper = ship_process(journal, url, "--batch", "150")
        try:
            wait_until(held.waiting, "a batch waiting inside pit.ingest")
            shipper.kill()  # SIGKILL: the batch is sent, its answer never read
            shipper.wait(30)
        finally:
            held.release()  # the server stores the orphaned batch: its re-send is absorbed
        more(journal, "table-1", 3, seed=20 + round_)
    code, out, err = cli(capsys, "ship", "--db", str(journal), "--to", url, "--once")
    assert code == 0, err
    assert pit_rows(pit_url, "table-1") == event_rows(journal)
    assert summary(capsys, pit_url, "--table", "table-1") == summary(capsys, str(journal))
    assert alerts(pit_url) == []


def test_a_forked_journal_is_refused_with_an_alert_and_nothing_of_it_stored(pit_url, tmp_path,
                                                                         capsys):
    url = pit_with_tables(pit_url, "table-1")["table-1"]
    first = demo_journal(tmp_path / "a.sqlite", 4, seed=1)
    assert cli(capsys, "ship", "--db", str(first), "--to", url, "--once")[0] == 0
    stored = pit_rows(pit_url, "table-1")
    other = demo_journal(tmp_path / "b.sqlite", 6, seed=2)  # another journal, same name
    code, out, err = cli(capsys, "ship", "--db", str(other), "--to", url, "--once")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "pit refused" in err and "differs from event" in err
    assert pit_rows(pit_url, "table-1") == stored
    [(table, kind, seq, message)] = alerts(pit_url)
    assert (table, kind, seq) == ("table-1", "fork", stored[-1][0])
    with psycopg.connect(pit_url) as conn:
        assert conn.execute("SELECT state FROM pit.tables").fetchone() == ("refused",)


def test_a_following_shipper_refused_keeps_the_table_heard_and_raises_one_alert(
        pit_url, tmp_path, capsys):
    url = pit_with_tables(pit_url, "table-1")["table-1"]
    first = demo_journal(tmp_path / "a.sqlite", 2, seed=1)
    assert cli(capsys, "ship", "--db", str(first), "--to", url, "--once")[0] == 0
    other = demo_journal(tmp_path / "b.sqlite", 3, seed=2)
    shipper = ship_process(other, url)
    try:
        wait_until(lambda: (read_status(other) or 0) and read_status(other).state == "refused",
                   "the refused state")
        with psycopg.connect(pit_url) as conn:
            heard = conn.execute("SELECT heard_at FROM pit.tables").fetchone()[0]
        time.sleep(6)  # more than a heartbeat
        with psycopg.connect(pit_url) as conn:
            assert conn.execute("SELECT heard_at FROM pit.tables").fetchone()[0] > heard
        status = read_status(other)
        assert status.state == "refused" and "differs from event" in status.message
        assert status.behind == event_rows(other)[-1][0] - event_rows(first)[-1][0]
    finally:
        shipper.send_signal(signal.SIGTERM)
        _, err = shipper.communicate(timeout=30)
    assert shipper.returncode == 2
    assert [line.split(": ")[1] for line in err.splitlines()] == ["refused"]  # said once
    assert len(alerts(pit_url)) == 1


def test_a_restored_older_copy_is_refused_as_a_fork(pit_url, tmp_path, capsys):
    url = pit_with_tables(pit_url, "table-1")["table-1"]
    journal = demo_journal(tmp_path / "t.sqlite", 3, seed=1)
    shutil.copyfile(journal, tmp_path / "backup.sqlite")  # last night's backup
    more(journal, "table-1", 2, seed=3)
    assert cli(capsys, "ship", "--db", str(journal), "--to", url, "--once")[0] == 0
    stored = pit_rows(pit_url, "table-1")
    restored = tmp_path / "backup.sqlite"
    code, _, err = cli(capsys, "ship", "--db", str(restored), "--to", url, "--once")
    assert code == 2 and "this journal ends at event" in err
    more(restored, "table-1", 2, seed=9)  # the restored table plays on: a real fork now
    code, _, err = cli(capsys, "ship", "--db", str(restored), "--to", url, "--once")
    assert code == 2 and "differs from event" in err
    assert pit_rows(pit_url, "table-1") == stored
    assert [kind for _, kind, _, _ in alerts(pit_url)] == ["fork", "fork"]


def test_an_edited_event_beyond_the_head_is_refused_as_forged(pit_url, tmp_path, capsys):
    url = pit_with_tables(pit_url, "table-1")["table-1"]
    journal = demo_journal(tmp_path / "t.sqlite", 3, seed=1)
    assert cli(capsys, "ship", "--db", str(journal), "--to", url, "--once")[0] == 0
    stored = pit_rows(pit_url, "table-1")
    more(journal, "table-1", 2, seed=4)
    conn = raw(journal)
    target = stored[-1][0] + 5
    conn.execute("UPDATE events SET data = replace(data, '\"amount\":\"10\"', "
                 "'\"amount\":\"500\"') WHERE seq >= ? AND kind = 'bet'", (target,))
    forged = conn.execute("SELECT min(seq) FROM events WHERE seq >= ? AND data LIKE "
                          "'%\"500\"%'", (target,)).fetchone()[0]
    conn.close()
    code, _, err = cli(capsys, "ship", "--db", str(journal), "--to", url, "--once")
    assert code == 2 and f"event {forged}: forged: its hash does not match its content" in err
    assert pit_rows(pit_url, "table-1") == stored  # nothing of the batch, not its good events
    assert [(k, s) for _, k, s, _ in alerts(pit_url)] == [("forged", forged)]


def test_an_event_not_linked_to_the_stored_head_is_refused(pit_url, tmp_path):
    url = pit_with_tables(pit_url, "table-1")["table-1"]
    journal = demo_journal(tmp_path / "t.sqlite", 2, seed=1)
    rows = event_rows(journal)
    shipper = Shipper(journal, url)
    try:
        assert shipper._send(shipper._rows(0)[:10]) is None
        # event 11 rewritten to hang off event 9, its hash recomputed to match its content
        seq, ts, session_id, round_id, kind, data, _, _ = shipper._rows(10)[0]
        prev = rows[8][3]
        digest = event_hash(prev, seq, ts, session_id, round_id, kind, data)
        why = shipper._send([(seq, ts, session_id, round_id, kind, data, prev, digest)])
        assert why == ("table-1: event 11: fork: its previous hash is not the hash of the "
                       "pit's head")
        # a batch that skips ahead of the head
        why = shipper._send(shipper._rows(20)[:3])
        assert "starts at event 21 but the pit holds events up to 10" in why
        # a re-sent stored event must carry the stored hash
        seq, ts, session_id, round_id, kind, _, prev, _ = shipper._rows(4)[0]
        data = '{"card":"AS","source":"shoe"}'
        digest = event_hash(prev, seq, ts, session_id, round_id, kind, data)
        why = shipper._send([(seq, ts, session_id, round_id, kind, data, prev, digest)])
        assert "event 5: fork: it differs from the event the pit holds" in why
    finally:
        shipper.close()
    assert pit_rows(pit_url, "table-1") == rows[:10]
    assert [k for _, k, _, _ in alerts(pit_url)] == ["fork", "gap", "fork"]


def test_pit_verify_names_the_table_and_event_changed_behind_its_back(pit_url, tmp_path,
                                                                      capsys):
    urls = pit_with_tables(pit_url, "table-1", "table-2", "table-3")
    journals = {name: demo_journal(tmp_path / f"{name}.sqlite", 4 + i, seed=i, table=name)
                for i, name in enumerate(urls)}
    for name, url in urls.items():
        assert cli(capsys, "ship", "--db", str(journals[name]), "--to", url, "--once")[0] == 0
    code, out, _ = cli(capsys, "pit", "verify", "--db", pit_url, "--processes", "2")
    assert code == 0 and out.endswith("3 tables hold\n")
    for name in urls:
        _, local, _ = cli(capsys, "verify", "--db", str(journals[name]))
        counts = local.split(": ", 1)[1].split("\n")[0]
        assert f"table {name}: {counts}; head hash" in out
    with psycopg.connect(pit_url, autocommit=True) as conn:
        conn.execute("SET session_replication_role = replica")  # the owner, triggers off
        seq = conn.execute(
            "UPDATE pit.events SET data = replace(data, '\"amount\":\"10\"', '\"amount\":\"20\"')"
            " WHERE (table_id, seq) = (SELECT e.table_id, min(e.seq) FROM pit.events e JOIN "
            "pit.tables t ON t.id = e.table_id WHERE t.name = 'table-2' AND e.kind = 'bet' "
            "AND e.data LIKE '%\"amount\":\"10\"%' GROUP BY e.table_id) RETURNING seq"
        ).fetchone()[0]
    code, out, err = cli(capsys, "pit", "verify", "--db", pit_url)
    assert code == 2
    assert err == (f"table table-2: event {seq}: its hash does not match its content: the bet "
                   "event was edited\n")
    assert "table table-1:" in out and "table table-3:" in out and "table-2" not in out
    with psycopg.connect(pit_url, autocommit=True) as conn:
        conn.execute("SET session_replication_role = replica")
        conn.execute("DELETE FROM pit.events WHERE seq = 7 AND table_id = (SELECT id FROM "
                     "pit.tables WHERE name = 'table-3')")
    code, _, err = cli(capsys, "verify", "--db", pit_url, "--table", "table-3")
    assert code == 2 and err.startswith("event 7: is missing: the chain jumps from event 6 "
                                        "to event 8")
    with psycopg.connect(pit_url, autocommit=True) as conn:  # an event slipped in twice
        conn.execute("INSERT INTO pit.events SELECT * FROM pit.events WHERE seq = 12 AND "
                     "table_id = (SELECT id FROM pit.tables WHERE name = 'table-1')")
    code, _, err = cli(capsys, "verify", "--db", pit_url, "--table", "table-1")
    assert code == 2 and err.startswith("event 12: the pit holds two events under this number")


def test_the_shipper_refuses_a_missing_journal_and_an_unreachable_pit(tmp_path, capsys):
    code, _, err = cli(capsys, "ship", "--db", str(tmp_path / "none.sqlite"), "--to",
                       "postgresql://x@127.0.0.1:1/pit", "--once")
    assert code == 2 and "no journal there" in err
    journal = demo_journal(tmp_path / "t.sqlite", 1)
    code, _, err = cli(capsys, "ship", "--db", str(journal), "--to",
                       "postgresql://x:secret@127.0.0.1:1/pit", "--once")
    assert code == 2 and "the pit is unreachable" in err and "secret" not in err
    assert sqlite3.connect(journal).execute("SELECT count(*) FROM events").fetchone()[0] > 0


@pytest.mark.parametrize("kind", ["paid", "undo"])
def test_a_kind_the_store_has_never_seen_is_shipped_like_any_other(pit_url, tmp_path, kind):
    """Kinds come and go with the kiosk (docs/journal.md): the store checks an event's form
    and its hash, never a list of kinds."""
    url = pit_with_tables(pit_url, "table-1")["table-1"]
    journal = demo_journal(tmp_path / "t.sqlite", 1)
    rows = event_rows(journal)
    shipper = Shipper(journal, url)
    try:
        assert shipper._send(shipper._rows(0)) is None
        seq, ts = rows[-1][0] + 1, "2026-11-26T18:00:00.000000+00:00"
        data = '{"by":"dealer"}'
        digest = event_hash(rows[-1][3], seq, ts, 1, 1, kind, data)
        assert shipper._send([(seq, ts, 1, 1, kind, data, rows[-1][3], digest)]) is None
    finally:
        shipper.close()
    assert pit_rows(pit_url, "table-1")[-1] == (seq, kind, data, digest)


def test_tls_where_the_url_asks_for_it(pg_server, pit_url, tmp_path, capsys):
    """sslmode=verify-full with the casino's CA ships; a server the CA did not sign is
    refused before anything is sent."""
    url = pit_with_tables(pit_url, "table-1")["table-1"]
    journal = demo_journal(tmp_path / "t.sqlite", 1)
    code, _, err = cli(capsys, "ship", "--db", str(journal), "--to",
                       f"{url}?sslmode=verify-full&sslrootcert={pg_server.ca}", "--once")
    assert code == 0, err  # verify-full: TLS, and the server's certificate checked
    other = tmp_path / "other-ca.crt"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=not the casino", "-keyout", str(tmp_path / "k"), "-out",
                    str(other)], check=True, capture_output=True)
    more(journal, "table-1", 1, seed=2)
    code, _, err = cli(capsys, "ship", "--db", str(journal), "--to",
                       f"{url}?sslmode=verify-full&sslrootcert={other}", "--once")
    assert code == 2 and "certificate verify failed" in err
    assert pit_rows(pit_url, "table-1") != event_rows(journal)


def test_a_retired_table_ships_no_more_and_keeps_its_history(pit_url, tmp_path, capsys):
    url = pit_with_tables(pit_url, "table-1")["table-1"]
    journal = demo_journal(tmp_path / "t.sqlite", 2)
    assert cli(capsys, "ship", "--db", str(journal), "--to", url, "--once")[0] == 0
    _, before, _ = cli(capsys, "rounds", "--db", pit_url, "--table", "table-1")
    code, out, _ = cli(capsys, "pit", "table", "retire", "table-1", "--db", pit_url)
    assert code == 0 and "retired" in out
    more(journal, "table-1", 1, seed=2)
    code, _, err = cli(capsys, "ship", "--db", str(journal), "--to", url, "--once")
    assert code == 2 and "not permitted to log in" in err
    with psycopg.connect(pit_url, autocommit=True) as conn:  # even if it could log in
        conn.execute('ALTER ROLE "{}" LOGIN'.format(url.split("//")[1].split(":")[0]
                                                    .replace("%2F", "/")))
    code, _, err = cli(capsys, "ship", "--db", str(journal), "--to", url, "--once")
    assert code == 2 and "ships no table of this pit" in err
    assert cli(capsys, "rounds", "--db", pit_url, "--table", "table-1")[1] == before
    code, _, err = cli(capsys, "pit", "table", "retire", "table-1", "--db", pit_url)
    assert code == 2 and "nothing was changed" in err
