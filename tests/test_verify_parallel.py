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


# -- a walk from the start, written out plainly: what verify must name, however it works -------

def first_fault(path) -> tuple[int, str] | None:
    """The first event that does not hold, as a walk from the start over every event finds it:
    (its number, a phrase of the reason), or None. Independent of verify's passes and jobs."""
    from kiosk.journal.events import GENESIS, event_from_row
    from kiosk.journal.fold import AFTER_THE_ROUND, FoldError, Session, fold_round

    conn = raw(path)
    rows = conn.execute("SELECT seq, ts, session_id, round_id, kind, data, prev_hash, hash "
                        "FROM events ORDER BY seq").fetchall()
    logged = dict(conn.execute("SELECT seq, settlement FROM settlements"))
    pointers = [(seq, kind) for table, kind in verify.INDEXES.items()
                for (seq,) in conn.execute(f"SELECT seq FROM {table}")]
    conn.close()
    sessions, rounds, opened, before = {}, {}, set(), GENESIS

    def rebuild(round_rows):
        events = [event_from_row(r) for r in round_rows]
        try:
            state = fold_round(sessions[events[0].session_id], events)
        except FoldError as exc:
            return exc.seq, "refuses it"
        last = events[-1]
        if last.kind == "settlement":
            if state.logged_settlement != state.computed_settlement:
                return last.seq, "does not follow"
            if logged.get(last.seq) != round_rows[-1][5]:
                return last.seq, "settlements table"
        return None

    for expected, row in enumerate(rows, start=1):
        seq, ts, session_id, round_id, kind, data, prev_hash, digest = row
        if seq != expected:
            return expected, "is missing"
        if event_hash(prev_hash, seq, ts, session_id, round_id, kind, data) != digest:
            return seq, "does not match its content"
        if prev_hash != before:
            return seq, "previous hash"
        before = digest
        if kind == "session_open":
            sessions[session_id] = Session.from_event(event_from_row(row))
        if round_id is None:
            continue
        if kind == "round_open":
            if round_id in opened:
                return seq, "opened already"
            opened.add(round_id)
            rounds[round_id] = [row]
            continue
        if round_id not in rounds:
            if kind in AFTER_THE_ROUND:
                continue
            return seq, "not open at this point"
        rounds[round_id].append(row)
        if kind in ("settlement", "void"):
            fault = rebuild(rounds.pop(round_id))
            if fault:
                return fault
    for round_rows in rounds.values():
        fault = rebuild(round_rows)
        if fault:
            return fault
    kinds = {row[0]: row[4] for row in rows}
    wrong = sorted(seq for seq, kind in pointers if kinds.get(seq) != kind)
    return (wrong[0], "points at it") if wrong else None


def forgeries(conn):
    """(name, change) pairs: what a forger might do to a journal, each on its own copy."""
    count = conn.execute("SELECT max(seq) FROM events").fetchone()[0]
    kinds = dict(conn.execute("SELECT seq, kind FROM events"))
    rounds = [r[0] for r in conn.execute("SELECT seq FROM events WHERE kind = 'round_open' "
                                         "ORDER BY seq")]

    def delete(seq):
        return lambda c: c.execute("DELETE FROM events WHERE seq = ?", (seq,))

    def retouch(seq):  # edited in place, hashes left as they were
        return lambda c: c.execute("UPDATE events SET ts = ts || '0' WHERE seq = ?", (seq,))

    def relink(seq):  # an event whose previous hash is not the event before's, hashed anew
        def change(c):
            ts, session_id, round_id, kind, data = c.execute(
                "SELECT ts, session_id, round_id, kind, data FROM events WHERE seq = ?",
                (seq,)).fetchone()
            c.execute("UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?",
                      ("f" * 64, event_hash("f" * 64, seq, ts, session_id, round_id, kind,
                                            data), seq))
        return change

    def swap(a, b):
        def change(c):
            ra = c.execute("SELECT ts, round_id, kind, data FROM events WHERE seq = ?",
                           (a,)).fetchone()
            rb = c.execute("SELECT ts, round_id, kind, data FROM events WHERE seq = ?",
                           (b,)).fetchone()
            c.execute("UPDATE events SET ts = ?, round_id = ?, kind = ?, data = ? WHERE seq = ?",
                      (*rb, a))
            c.execute("UPDATE events SET ts = ?, round_id = ?, kind = ?, data = ? WHERE seq = ?",
                      (*ra, b))
            rehash_chain(c)
        return change

    def move_to_round(seq, delta):  # an event slipped into another round, chain rehashed
        def change(c):
            c.execute("UPDATE events SET round_id = round_id + ? WHERE seq = ?", (delta, seq))
            rehash_chain(c)
        return change

    def reopen(seq):  # a round_open made to open the round before it again
        def change(c):
            c.execute("UPDATE events SET round_id = round_id - 1 WHERE seq = ?", (seq,))
            rehash_chain(c)
        return change

    def cut_after(seq):
        return lambda c: c.execute("DELETE FROM events WHERE seq > ?", (seq,))

    picks = sorted({1, 2, count} | set(range(5, count, max(1, count // 12))))
    for seq in picks:
        yield f"delete {seq} ({kinds[seq]})", delete(seq)
    for seq in picks[::2]:
        yield f"retouch {seq} ({kinds[seq]})", retouch(seq)
        yield f"relink {seq} ({kinds[seq]})", relink(seq)
    cards = [s for s, k in sorted(kinds.items()) if k == "card"]
    bets = [s for s, k in sorted(kinds.items()) if k == "bet"]
    for a in (cards[3], cards[len(cards) // 2], cards[-4]):
        yield f"swap cards {a} and {a + 1}", swap(a, a + 1)
    for seq in (cards[10], bets[len(bets) // 2], cards[-2]):
        yield f"{kinds[seq]} {seq} moved to the next round", move_to_round(seq, 1)
        yield f"{kinds[seq]} {seq} moved to the round before", move_to_round(seq, -1)
    for seq in (rounds[1], rounds[len(rounds) // 2], rounds[-1]):
        yield f"round_open {seq} opens the round before again", reopen(seq)
    yield f"cut after card {cards[-3]} (a round left open)", cut_after(cards[-3])


def test_verify_names_the_event_a_walk_from_the_start_names_first(journal, tmp_path,
                                                                 small_jobs):
    """Whatever a forger does, verify, in one process or many and cut into small jobs, names
    the event a plain walk from the start stops at, for the same reason."""
    conn = raw(journal)
    cases = list(forgeries(conn))
    conn.close()
    assert len(cases) > 30
    for number, (name, change) in enumerate(cases):
        path = tmp_path / f"forged-{number}.sqlite"
        shutil.copy(journal, path)
        conn = raw(path)
        change(conn)
        conn.close()
        want = first_fault(path)
        got = outcome(path, 1)
        if want is None:  # a change the walk lets pass (say a source status moved): so must verify
            assert not isinstance(got, str), f"{name}: {got}"
            continue
        seq, phrase = want
        assert isinstance(got, str) and got.startswith(f"event {seq}: ") and phrase in got, \
            f"{name}: the walk names event {seq} ({phrase}), verify says {got!r}"
        if number % 4 == 0:  # and the pool says the same
            assert outcome(path, 2) == got, name
