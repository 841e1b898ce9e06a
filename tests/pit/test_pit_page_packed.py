"""A round of a month packed into chunks (`pit pack`) is still replayed and exported by the
pit page, and the replay is logged with the page's user."""

from __future__ import annotations

import pytest

from kiosk.pit.store import connect
from kiosk.pitweb.auth import add_user
from tests.pit.page_support import Client, PageServer
from tests.pit.pit_support import cli, pit_with_tables
from tests.pit.test_pit_pack import OLD, journal_begun_in

pytestmark = pytest.mark.xdist_group("pit")  # one worker, one server


def test_a_round_of_a_packed_month_is_replayed_and_exported(pit_url, tmp_path, capsys):
    journal = journal_begun_in(tmp_path / "t.sqlite", OLD, 12)
    url = pit_with_tables(pit_url, "table-1")["table-1"]
    assert cli(capsys, "ship", "--db", str(journal), "--to", url, "--once")[0] == 0
    assert cli(capsys, "pit", "pack", "--month", OLD, "--db", pit_url)[0] == 0
    with connect(pit_url) as conn:
        add_user(conn, "sven", "surveillance", "sven-secret-1")
        assert conn.execute("SELECT count(*) FROM pit.events WHERE round_id = 2") \
            .fetchone()[0] == 0  # packed: no row of it left
    page = PageServer(pit_url)
    try:
        client = Client(page.base)
        assert client.login("sven", "sven-secret-1") == 303
        status, body, _ = client.get("/replay/table-1/2?step=3")
        assert status == 200 and "Schritt 4 von" in body
        status, body, _ = client.get("/export/table-1/2")
        assert status == 200 and '"format": "blackjack-round/1"' in body
        assert cli(capsys, "export", "--db", pit_url, "--table", "table-1", "--round", "2")[1] \
            == body  # the same record the review tool writes
        with connect(pit_url) as conn:
            assert conn.execute("SELECT person, detail FROM pit.access_log WHERE what = "
                                "'replay'").fetchall() == [("sven", "round 2 step 3")]
    finally:
        page.stop()
