"""A closed month packed into compressed chunks: the review tools still print what the file
gives, a re-sent event of a packed month is still checked against its stored hash, and a late
event of a packed month finds its partition again."""

from __future__ import annotations

import psycopg
import pytest

from kiosk.journal.events import event_hash
from kiosk.pit.shipper import Shipper
from tests.journal_support import demo_journal, event_rows, raw, rehash_chain
from tests.pit.pit_support import alerts, cli, more, pit_rows, pit_with_tables

pytestmark = pytest.mark.xdist_group("pit")  # one worker, one server

OLD = "2026-09"


def journal_begun_in(path, month: str, rounds: int):
    """A journal whose first rounds were played in `month` (times moved there, the chain
    hashed again), then more rounds played now."""
    demo_journal(path, rounds, seed=3)
    conn = raw(path)
    conn.execute("BEGIN")
    conn.execute("UPDATE events SET ts = ? || substr(ts, 8)", (month,))
    for table, column in (("sessions", "opened_at"), ("shoes", "opened_at"),
                          ("rounds", "opened_at"), ("settlements", "settled_at"),
                          ("alerts", "raised_at")):
        conn.execute(f"UPDATE {table} SET {column} = ? || substr({column}, 8)", (month,))
    rehash_chain(conn)
    conn.execute("COMMIT")
    conn.close()
    more(path, "table-1", 3, seed=4)
    return path


def test_a_packed_month_reads_back_as_the_file_and_takes_a_quarter_of_the_space(
        pit_url, tmp_path, capsys):
    journal = journal_begun_in(tmp_path / "t.sqlite", OLD, 40)
    url = pit_with_tables(pit_url, "table-1")["table-1"]
    assert cli(capsys, "ship", "--db", str(journal), "--to", url, "--once")[0] == 0
    code, out, err = cli(capsys, "pit", "pack", "--month", OLD, "--db", pit_url)
    assert code == 0, err
    events, before, after = (int(w.replace(",", "")) for w in
                             (out.split()[1], out.split()[7], out.split()[11]))
    assert events > 1000 and after * 4 < before
    with psycopg.connect(pit_url) as conn:
        assert conn.execute("SELECT to_regclass('pit.events_2026_09')").fetchone() == (None,)
        assert conn.execute("SELECT count(*) FROM pit.events").fetchone()[0] < 200
    assert pit_rows(pit_url, "table-1")[-1] == event_rows(journal)[-1]
    for args in (("rounds", "--format", "json"), ("report",), ("replay", "--round", "7"),
                 ("replay", "--round", "42"), ("export", "--round", "12"),
                 ("report", "--from", f"{OLD}-15", "--format", "json")):
        _, local, _ = cli(capsys, *args, "--db", str(journal))
        code, central, err = cli(capsys, *args, "--db", pit_url, "--table", "table-1")
        assert (code, err, central) == (0, "", local), args
    _, local, _ = cli(capsys, "verify", "--db", str(journal))
    code, central, _ = cli(capsys, "verify", "--db", pit_url, "--table", "table-1")
    assert code == 0 and central.split(": ", 1)[1] == local.split(": ", 1)[1]
    assert cli(capsys, "pit", "verify", "--db", pit_url)[0] == 0
    # a re-sent packed event is checked against the hash the chunk keeps
    shipper = Shipper(journal, url)
    try:
        assert shipper._send(shipper._rows(99)[:3]) is None
        seq, ts, session_id, round_id, kind, _, prev, _ = shipper._rows(99)[0]
        data = '{"by":"someone else"}'
        forged = (seq, ts, session_id, round_id, kind, data, prev,
                  event_hash(prev, seq, ts, session_id, round_id, kind, data))
        assert "event 100: fork: it differs" in shipper._send([forged])
    finally:
        shipper.close()
    assert [k for _, k, _, _ in alerts(pit_url)] == ["fork"]


def test_only_a_closed_month_is_packed(pit_url, capsys):
    cli(capsys, "pit", "init", "--db", pit_url)
    code, _, err = cli(capsys, "pit", "pack", "--month", "2999-01", "--db", pit_url)
    assert code == 2 and "is not closed yet" in err
    code, _, err = cli(capsys, "pit", "pack", "--month", "2020-01", "--db", pit_url)
    assert code == 2 and "no unpacked events of 2020-01" in err
    code, _, err = cli(capsys, "pit", "pack", "--month", "January", "--db", pit_url)
    assert code == 2 and "not a month" in err
