"""A real PostgreSQL server for the pit's tests: a throwaway cluster of the server binaries on
this machine (Debian's /usr/lib/postgresql/N/bin), started once per test process and removed
at its end, however the tests end.

`initdb` and `pg_ctl` refuse to run as root, and CI runs as root: there the cluster is made and
run by the `postgres` user (created if the machine has none), its folders under /tmp (outside
pytest's private temporary folder, which `postgres` may not enter). Each test gets a database
of its own. Under xdist every worker that runs a pit test starts its own server on its own
free port, so workers never share a cluster; the pit's tests are one xdist group, so normally
one worker runs them all.
"""

from __future__ import annotations

import time
import uuid

import psycopg
import pytest

from tests.pit.server import Server


@pytest.fixture(scope="session")
def pg_server():
    server = Server()
    try:
        server.start()
        yield server
    finally:
        server.remove()


def new_database(server: Server) -> str:
    """A fresh, empty database of its own on the test server: its owner's URL."""
    name = f"pit_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(server.url(), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return server.url(name)


def drop_database(server: Server, url: str) -> None:
    name = url.rsplit("/", 1)[1]
    if server.port:
        for _ in range(20):
            try:
                with psycopg.connect(server.url(), autocommit=True) as conn:
                    conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                break
            except psycopg.OperationalError:
                time.sleep(0.2)  # the server is being restarted by the test


@pytest.fixture
def pit_url(pg_server):
    """The owner's URL of a fresh, empty database of its own on the test server."""
    url = new_database(pg_server)
    yield url
    drop_database(pg_server, url)
