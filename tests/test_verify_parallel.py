"""verify spread over processes says exactly what one process says: the same counts on a
sound journal, and the same first bad event on a forged one, however the rounds fall into
jobs."""

from __future__ import annotations

import json
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from journal_support import demo_journal, raw, rehash_chain

from kiosk.journal import verify
from kiosk.journal.errors import ChainBroken
from kiosk.journal.events import KINDS, event_hash, event_hash_of_text
from kiosk.journal.store import open_for_review


@pytest.fixture(scope="module")
def journal(tmp_path_factory):
    path = tmp_path_factory.mktemp("parallel") / "journal.sqlite"
    demo_journal(path, 14, seed=8)
    demo_journal(path, 6, seed=9, rules="holecard", table="table-2")
    return path


def outcome(path, processes: int):
    try:
        return verify.verify_journal(open_for_review(path), processes=processes)
    except ChainBroken as exc:
        return str(exc)


@pytest.fixture
def small_jobs(monkeypatch):
    monkeypatch.setattr(verify, "PARALLEL_FROM", 0)
    monkeypatch.setattr(verify, "BATCH", 3)


def edit_card(conn, offset: int, rehash: bool) -> None:
    seq, data = conn.execute("SELECT seq, data FROM events WHERE kind = 'card' LIMIT 1 "
                             "OFFSET ?", (offset,)).fetchone()
    data = json.loads(data)
    data["card"] = "AS" if data["card"] != "AS" else "KS"
    conn.execute("UPDATE events SET data = ? WHERE seq = ?", (json.dumps(data), seq))
    if rehash:
        rehash_chain(conn)


def forge_settlement(conn, _offset: int, _rehash: bool) -> None:
    seq, data = conn.execute("SELECT seq, data FROM events WHERE kind = 'settlement' LIMIT 1 "
                             "OFFSET 9").fetchone()
    doc = json.loads(data)
    doc["house"] = "99999"
    conn.execute("UPDATE events SET data = ? WHERE seq = ?", (json.dumps(doc), seq))
    rehash_chain(conn)


@pytest.mark.parametrize("forge, offset, rehash", [
    (None, 0, False), (edit_card, 30, False), (edit_card, 200, True),
    (edit_card, 5, True), (forge_settlement, 0, True)])
def test_parallel_verify_names_what_one_process_names(journal, tmp_path, small_jobs, forge,
                                                       offset, rehash):
    path = tmp_path / "copy.sqlite"
    shutil.copy(journal, path)
    if forge is not None:
        conn = raw(path)
        forge(conn, offset, rehash)
        conn.close()
    one, many = outcome(path, 1), outcome(path, 2)
    assert one == many
    if forge is None:
        assert one.rounds_settled == 20
    elif forge is forge_settlement or not rehash:
        assert isinstance(one, str) and one.startswith("event ")


@settings(max_examples=300, deadline=None)
@given(seq=st.integers(min_value=-5, max_value=2**63 - 1) | st.just(1),
       ts=st.text(max_size=40) | st.just("2026-11-25T05:38:01.123456+00:00"),
       session=st.none() | st.integers() | st.booleans(),
       round_id=st.none() | st.integers(),
       kind=st.sampled_from(sorted(KINDS)) | st.text(max_size=12),
       data=st.text(max_size=40))
def test_verifys_quick_hash_is_the_writers_hash(seq, ts, session, round_id, kind, data):
    prev = "ab" * 32
    assert event_hash_of_text(prev, seq, ts, session, round_id, kind, data) == \
        event_hash(prev, seq, ts, session, round_id, kind, data)
