"""verify: the hash chain and the logged settlements hold, and a forged journal is caught
naming the first event that does not hold."""

from __future__ import annotations

import json
import shutil

import pytest
from journal_support import demo_journal, raw, rehash_chain

from tests.conftest import run_cli


@pytest.fixture(scope="module")
def journal(tmp_path_factory):
    """Two tables under different rules in one file: bayern and the hole-card game."""
    path = tmp_path_factory.mktemp("chain") / "journal.sqlite"
    demo_journal(path, 12, seed=5)
    demo_journal(path, 8, seed=6, rules="holecard", table="table-2")
    return path


@pytest.fixture
def copy(journal, tmp_path):
    target = tmp_path / "forged.sqlite"
    shutil.copy(journal, target)
    return target


def verify(path):
    return run_cli("verify", "--db", str(path))


def test_verify_passes_on_a_demo_journal(journal):
    result = verify(journal)
    assert result.returncode == 0, result.stderr
    assert "20 settlements recomputed and equal" in result.stdout


def test_an_edited_event_is_named(copy):
    conn = raw(copy)
    seq = conn.execute("SELECT seq FROM events WHERE kind = 'card' LIMIT 1 OFFSET 30") \
        .fetchone()[0]
    data = json.loads(conn.execute("SELECT data FROM events WHERE seq = ?", (seq,)).fetchone()[0])
    data["card"] = "AS" if data["card"] != "AS" else "KS"
    conn.execute("UPDATE events SET data = ? WHERE seq = ?", (json.dumps(data), seq))
    conn.close()
    result = verify(copy)
    assert result.returncode == 2
    assert result.stderr.strip() == (f"event {seq}: its hash does not match its content: the "
                                      "card event was edited")


def test_a_deleted_event_is_named(copy):
    conn = raw(copy)
    conn.execute("DELETE FROM events WHERE seq = 40")
    conn.close()
    result = verify(copy)
    assert result.returncode == 2
    assert result.stderr.startswith("event 40: is missing: the chain jumps from event 39 to "
                                    "event 41")


def test_reordered_events_are_named(copy):
    conn = raw(copy)
    a = conn.execute("SELECT ts, kind, data, hash FROM events WHERE seq = 50").fetchone()
    b = conn.execute("SELECT ts, kind, data, hash FROM events WHERE seq = 51").fetchone()
    conn.execute("UPDATE events SET hash = 'tmp' || seq WHERE seq IN (50, 51)")
    conn.execute("UPDATE events SET ts = ?, kind = ?, data = ?, hash = ? WHERE seq = 50", b)
    conn.execute("UPDATE events SET ts = ?, kind = ?, data = ?, hash = ? WHERE seq = 51", a)
    conn.close()
    result = verify(copy)
    assert result.returncode == 2
    assert result.stderr.startswith("event 50: ")


def test_a_settlement_that_does_not_follow_from_the_events_is_named(copy):
    """The forger rewrites a settlement and recomputes the whole chain: the chain holds, the
    engine's recomputation does not."""
    conn = raw(copy)
    seq, data = conn.execute("SELECT seq, data FROM events WHERE kind = 'settlement' LIMIT 1 "
                             "OFFSET 3").fetchone()
    doc = json.loads(data)
    player = next(iter(doc["net"]))
    doc["net"][player] = "9999"
    conn.execute("UPDATE events SET data = ? WHERE seq = ?",
                 (json.dumps(doc, sort_keys=True, separators=(",", ":")), seq))
    rehash_chain(conn)
    conn.close()
    result = verify(copy)
    assert result.returncode == 2
    assert f"event {seq}: round " in result.stderr
    assert f"net of {player}: logged 9999" in result.stderr


def test_events_cut_off_the_end_are_found(copy):
    conn = raw(copy)
    last = conn.execute("SELECT max(seq) FROM events").fetchone()[0]
    settled = conn.execute("SELECT max(seq) FROM settlements").fetchone()[0]
    conn.execute("DELETE FROM events WHERE seq >= ?", (settled,))
    conn.close()
    result = verify(copy)
    assert result.returncode == 2
    assert result.stderr.startswith(f"event {settled}: is missing")
    assert "cut off the end" in result.stderr
    assert settled <= last


def test_worker_processes_name_the_same_first_forgery_as_one_process(tmp_path):
    """Past a few hundred rounds verify re-settles in worker processes: two forged
    settlements far apart, and the one named is the first, as one process names it."""
    from kiosk.journal import verify as verify_module
    from kiosk.journal.errors import ChainBroken
    from kiosk.journal.store import open_for_review
    from kiosk.journal.verify import verify_journal

    path = demo_journal(tmp_path / "big.sqlite", 2 * verify_module.BATCH + 40, seed=9)
    good = verify_journal(open_for_review(path), processes=2)
    assert good.rounds_settled == 2 * verify_module.BATCH + 40
    conn = raw(path)
    forged = []
    for offset in (verify_module.BATCH + 30, 2 * verify_module.BATCH + 10):  # later first
        seq, data = conn.execute("SELECT seq, data FROM events WHERE kind = 'settlement' "
                                 "LIMIT 1 OFFSET ?", (offset,)).fetchone()
        doc = json.loads(data)
        doc["house"] = "12345"
        conn.execute("UPDATE events SET data = ? WHERE seq = ?",
                     (json.dumps(doc, sort_keys=True, separators=(",", ":")), seq))
        forged.append(seq)
    rehash_chain(conn)
    conn.commit()
    conn.close()
    named = []
    for processes in (1, 2):
        with pytest.raises(ChainBroken) as found:
            verify_journal(open_for_review(path), processes=processes)
        named.append(found.value.seq)
    assert named == [min(forged), min(forged)]
