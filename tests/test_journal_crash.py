"""Crash recovery: a headless table killed with SIGKILL at 100 random points comes back to
the very state its committed events describe, and no committed event is lost.

The expected state is rebuilt independently of the kiosk's own fold: from the events in the
file, the round's bets and play are laid out as a round record and played through
`models.record`, the engine's record reader.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from kiosk.demo.headless import play_direct
from kiosk.journal.view import round_view
from kiosk.table.service import TableService
from models.record import apply_entry, place_bets, start_round, to_record
from tests.conftest import ROOT

KILLS_PER_RUN = 25
RUNS = 4  # 4 x 25 = 100 kill points, spread over the xdist workers


def start_demo(db, seed: int) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "kiosk", "demo", "--headless", "--db",
                             str(db), "--rounds", "4", "--seed", str(seed), "--echo-events"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=ROOT, env=env)


def kill_after(proc: subprocess.Popen, lines: int, pause: float) -> list[tuple[int, str]]:
    """Let `lines` events be reported committed, wait a moment, SIGKILL; what was reported."""
    reported = []
    while len(reported) < lines:
        line = proc.stdout.readline()
        if not line:
            break
        if line.startswith("committed "):
            _, seq, digest = line.split()
            reported.append((int(seq), digest))
    time.sleep(pause)
    proc.send_signal(signal.SIGKILL)
    out, proc.err = proc.communicate()
    for line in out.splitlines():  # reported between our last read and the kill
        if line.startswith("committed "):
            _, seq, digest = line.split()
            reported.append((int(seq), digest))
    return reported


def expected_round(db) -> dict | None:
    """The unfinished round rebuilt from the committed events by the engine's record reader."""
    conn = sqlite3.connect(str(db))
    try:
        row = conn.execute("SELECT id, session_id FROM rounds WHERE id NOT IN (SELECT round_id "
                           "FROM events WHERE kind IN ('payout', 'void') AND round_id IS NOT "
                           "NULL) ORDER BY id DESC LIMIT 1").fetchone()
        if row is None:
            return None
        round_id, session_id = row
        session = json.loads(conn.execute("SELECT data FROM events WHERE kind = 'session_open' "
                                          "AND session_id = ?", (session_id,)).fetchone()[0])
        events = [(k, json.loads(d)) for k, d in conn.execute(
            "SELECT kind, data FROM events WHERE round_id = ? ORDER BY seq", (round_id,))]
    finally:
        conn.close()
    record = {"format": "blackjack-round/1", "rules": session["rules"],
              "limits": session["limits"], "seats": events[0][1]["seats"], "bets": [],
              "play": []}
    rnd = start_round(record)
    for kind, data in events:
        # the demo's players pick up the stakes that stood from the last round and bet anew:
        # bets and withdrawals in the order they came
        if kind == "bet":
            place_bets(rnd, [data])
        elif kind == "withdraw":
            rnd.withdraw(data["player"], data["box"], data.get("side"), data.get("amount"))
        elif kind == "card":
            apply_entry(rnd, data["card"])
        elif kind == "decision":
            apply_entry(rnd, data)
        elif kind == "settlement":
            rnd.settle()
    return {"round": round_id, "state": round_view(rnd), "record": to_record(rnd)}


@pytest.mark.parametrize("run", range(RUNS))
def test_sigkill_at_random_points_loses_nothing_and_resumes_exactly(tmp_path, run):
    rng = random.Random(f"crash-{run}")
    db = tmp_path / "journal.sqlite"
    seed = 100 + run
    kills = 0
    for _ in range(3 * KILLS_PER_RUN):  # a demo that ends before its kill point is no kill
        if kills == KILLS_PER_RUN:
            break
        proc = start_demo(db, seed)
        reported = kill_after(proc, rng.randint(0, 140), rng.uniform(0, 0.004))
        # a restart that fails is a failure, never "a demo that ended before its kill point"
        assert proc.returncode in (0, -signal.SIGKILL), proc.err
        kills += proc.returncode == -signal.SIGKILL
        if not db.exists():
            continue  # killed before the journal was created: nothing committed, nothing lost
        conn = sqlite3.connect(str(db))
        stored = dict(conn.execute("SELECT seq, hash FROM events"))
        conn.close()
        for seq, digest in reported:
            assert stored.get(seq) == digest, f"committed event {seq} lost or changed"
        service = TableService.open(db)
        expected = expected_round(db)
        if expected is None:
            assert not service.round_open
        else:
            assert service.state.round_id == expected["round"]
            assert round_view(service.round) == expected["state"]
            assert to_record(service.round) == expected["record"]
        service.close()
    assert kills == KILLS_PER_RUN
    # the journal of all those crashes still verifies, and is the journal an uninterrupted
    # table would have written (the demo's choices are keyed, not timed)
    finish = subprocess.run([sys.executable, "-m", "kiosk", "verify", "--db", str(db)],
                            capture_output=True, text=True, cwd=ROOT,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert finish.returncode == 0, finish.stderr
    assert_same_play_as_an_uninterrupted_table(db, tmp_path / "clean.sqlite", seed)


def assert_same_play_as_an_uninterrupted_table(crashed, clean, seed: int) -> None:
    conn = sqlite3.connect(str(crashed))
    rounds = conn.execute("SELECT count(*) FROM rounds").fetchone()[0]
    # a source's statuses (the mock shoe connecting at each start) are not the game's play
    got = conn.execute("SELECT kind, data FROM events WHERE kind != 'source' ORDER BY seq") \
        .fetchall()
    conn.close()
    if rounds == 0:
        return
    service = TableService.open(clean, simulated=True)  # as the demo does
    play_direct(service, rounds, seed)
    service.close()
    conn = sqlite3.connect(str(clean))
    want = conn.execute("SELECT kind, data FROM events WHERE kind != 'source' ORDER BY seq") \
        .fetchall()
    conn.close()
    assert got == want[:len(got)]


def test_a_restart_with_another_seed_finishes_the_round_the_journal_left(tmp_path):
    """The unfinished round is finished as the journal says, whatever options the restart is
    given: ten kills at random moments, each restart with a seed of its own."""
    rng = random.Random("other-seeds")
    db = tmp_path / "journal.sqlite"
    resumed = 0
    for kill in range(10):
        proc = start_demo(db, 500 + kill)
        reported = kill_after(proc, rng.randint(5, 120), rng.uniform(0, 0.004))
        assert proc.returncode in (0, -signal.SIGKILL), f"kill {kill}: {proc.err}"
        expected = expected_round(db) if db.exists() else None
        again = subprocess.run(
            [sys.executable, "-m", "kiosk", "demo", "--headless", "--db", str(db), "--rounds",
             "1", "--seed", str(9000 + kill)], capture_output=True, text=True, cwd=ROOT,
            env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=120)
        assert again.returncode == 0, f"kill {kill}: {again.stderr}"
        if expected is not None and reported:
            assert f"resumed unfinished round {expected['round']}" in again.stdout, \
                f"kill {kill}: {again.stdout}"
            resumed += 1
    assert resumed >= 8  # a kill before the first round opens leaves nothing to resume
    verify = subprocess.run([sys.executable, "-m", "kiosk", "verify", "--db", str(db)],
                            capture_output=True, text=True, cwd=ROOT,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert verify.returncode == 0, verify.stderr
