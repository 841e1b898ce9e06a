"""`demo --autoplay`: the scripted dealer works the screen through whole rounds; what the
screen showed each round is what the journal's export settles to."""

from __future__ import annotations

import json
import sqlite3

import pytest

pytestmark = pytest.mark.xdist_group("ui")


def decisions(db):
    conn = sqlite3.connect(str(db))
    try:
        return [json.loads(d) for (d,) in
                conn.execute("SELECT data FROM events WHERE kind = 'decision' ORDER BY seq")]
    finally:
        conn.close()


def test_twelve_rounds_by_the_screens_own_buttons_settle_as_the_screen_showed(cli, tmp_path):
    db = tmp_path / "show.sqlite"
    run = cli("demo", "--autoplay", "--rounds", "12", "--db", str(db), timeout=300)
    assert run.returncode == 0, run.stderr
    shown = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    assert [s.get("round") for s in shown] == list(range(1, 13)), shown
    verify = cli("verify", "--db", str(db))
    assert verify.returncode == 0, verify.stderr
    for s in shown:
        export = tmp_path / f"round{s['round']}.json"
        assert cli("export", "--db", str(db), "--round", str(s["round"]), "--out",
                   str(export)).returncode == 0
        settled = cli("settle", str(export))
        assert settled.returncode == 0, settled.stderr
        assert json.loads(settled.stdout)["net"] == s["net"], s["scene"]
    made = decisions(db)
    follows = [(d["do"], tuple(d["follow"])) for d in made if d["do"] in ("double", "split")]
    assert ("split", ("C1",)) in follows  # a co-player follows a split
    assert ("double", ("C1",)) in follows  # one follows a double, C2 on the box does not
    assert {d["do"] for d in made} >= {"stand", "split", "double", "insure", "even_money"}
    settlements = [json.loads(d) for (d,) in sqlite3.connect(str(db)).execute(
        "SELECT settlement FROM settlements")]
    assert any(s["dealer"]["outcome"] == "bust" for s in settlements)
    bets = {(line["bet"], line["outcome"]) for s in settlements for line in s["lines"]}
    assert {("twins", "win"), ("bust", "win"), ("insurance", "lose"),
            ("even_money", "win")} <= bets
