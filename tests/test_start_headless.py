"""`blackjack-kiosk start` on a machine without screen or shoe: the headless table deals from
the mock shoe on a pseudo-terminal through the real serial driver, and journals every card."""

import json
import sqlite3


def test_start_headless_journals_cards_read_from_the_mock_shoe(cli, tmp_path):
    db = tmp_path / "var" / "journal.sqlite"
    first = cli("start", "--db", str(db), "--rounds", "4", env={"DISPLAY": ""})
    assert first.returncode == 0, first.stderr
    assert "mock shoe" in first.stdout and "serial driver" in first.stdout
    again = cli("start", "--db", str(db), "--rounds", "2", env={"DISPLAY": ""})
    assert again.returncode == 0, again.stderr
    conn = sqlite3.connect(db)
    sources = {json.loads(d)["source"] for (d,) in
               conn.execute("SELECT data FROM events WHERE kind = 'card'")}
    assert sources == {"shoe"}
    assert conn.execute("SELECT count(*) FROM rounds").fetchone()[0] == 6
    assert conn.execute("SELECT count(*) FROM events WHERE kind = 'alert'").fetchone()[0] == 0
    conn.close()
    verify = cli("verify", "--db", str(db))
    assert verify.returncode == 0, verify.stdout + verify.stderr

