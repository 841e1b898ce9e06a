"""The pit page follows the pit's registry: a table retired (`pit table retire`) leaves the
tiles and the open pages' event streams say so."""

from __future__ import annotations

import threading
import time
import urllib.request

import pytest

from kiosk.pit.store import connect, retire_table
from kiosk.pitweb.auth import add_user
from tests.pit.page_support import Client, PageServer
from tests.pit.pit_support import pit_with_tables

pytestmark = pytest.mark.xdist_group("pit")  # one worker, one server


def test_a_retired_table_leaves_the_page(pit_url):
    pit_with_tables(pit_url, "BJ-01", "BJ-02")
    with connect(pit_url) as conn:
        add_user(conn, "anna", "pit", "anna-secret-1")
    page = PageServer(pit_url)
    try:
        client = Client(page.base)
        assert client.login("anna", "anna-secret-1") == 303
        body = client.get("/")[1]
        assert 'id="tile-BJ-01"' in body and 'id="tile-BJ-02"' in body
        heard: list[str] = []
        stream = client.opener.open(urllib.request.Request(
            page.base + "/events?since=BJ-01:0,BJ-02:0"), timeout=10)

        def read() -> None:
            try:
                for line in stream:
                    heard.append(line.decode())
            except (OSError, AttributeError, ValueError):
                pass
        threading.Thread(target=read, daemon=True).start()
        retire_table(pit_url, "BJ-02")
        deadline = time.monotonic() + 5
        while 'id="tile-BJ-02"' in client.get("/")[1]:
            assert time.monotonic() < deadline
            time.sleep(0.2)
        time.sleep(0.3)
        stream.close()
        assert '{"id": "tile-BJ-02", "html": ""}' in "".join(heard)
        assert 'id="tile-BJ-01"' in client.get("/")[1]
    finally:
        page.stop()
