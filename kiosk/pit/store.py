"""The central store: connecting, `pit init` (the named migrations), `pit table add` (a table's
own role and the URL its configuration ships with). Refusals are `PitError`, one line."""

from __future__ import annotations

import secrets
from urllib.parse import quote, urlsplit, urlunsplit

from kiosk.journal.errors import JournalError
from kiosk.pit.schema import MIGRATIONS

CONNECT_TIMEOUT_S = 5
MAX_NAME = 63  # PostgreSQL's longest role name, in bytes


class PitError(JournalError):
    """A refusal by or about the pit: one line naming what and why."""


def is_pit_url(text: str | None) -> bool:
    return bool(text) and text.startswith(("postgresql://", "postgres://"))


def shown(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def connect(url: str, autocommit: bool = True, application: str = "blackjack-kiosk"):
    """A connection to the pit at `url`, or one PitError line saying why not."""
    import psycopg

    if not is_pit_url(url):
        raise PitError(f"{url}: not a PostgreSQL URL (postgresql://user@host/database)")
    try:
        return psycopg.connect(url, autocommit=autocommit, connect_timeout=CONNECT_TIMEOUT_S,
                               application_name=application)
    except psycopg.Error as exc:
        raise PitError(f"{shown(url)}: cannot reach the pit ({_first_line(exc)})") from None


def _first_line(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def applied_migrations(conn) -> list[str]:
    row = conn.execute("SELECT to_regclass('pit.migrations')").fetchone()
    if row[0] is None:
        return []
    return [r[0] for r in conn.execute("SELECT name FROM pit.migrations ORDER BY name")]


def init(url: str) -> list[str]:
    """Create or migrate the schema; the names of the migrations applied now (none on a
    store that is up to date). All of it is one transaction, each migration with its record:
    a migration that fails leaves the store as it was."""
    import psycopg

    known = [name for name, _ in MIGRATIONS]
    done_now = []
    with connect(url) as conn:
        try:
            with conn.transaction():
                # one `pit init` at a time, whoever runs it
                conn.execute("SELECT pg_advisory_xact_lock(hashtext('pit.init'))")
                conn.execute("CREATE SCHEMA IF NOT EXISTS pit")
                conn.execute("CREATE TABLE IF NOT EXISTS pit.migrations (name text PRIMARY KEY,"
                             " applied_at timestamptz NOT NULL DEFAULT now())")
                applied = applied_migrations(conn)
                unknown = sorted(set(applied) - set(known))
                if unknown:
                    raise PitError(f"{shown(url)}: the pit has migration {unknown[0]!r} this "
                                   "kiosk does not know; update the kiosk (nothing was changed)")
                for name, script in MIGRATIONS:
                    if name in applied:
                        continue
                    with conn.transaction():
                        conn.execute(script)
                        conn.execute("INSERT INTO pit.migrations (name) VALUES (%s)", (name,))
                    done_now.append(name)
                conn.execute("REVOKE ALL ON pit.migrations FROM PUBLIC")
                month = conn.execute("SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'), "
                                     "to_char(now() AT TIME ZONE 'UTC' + interval '1 month', "
                                     "'YYYY-MM')").fetchone()
                for m in month:
                    conn.execute("SELECT pit.ensure_partition(%s)", (m,))
        except psycopg.Error as exc:
            raise PitError(f"{shown(url)}: cannot set up the pit ({_first_line(exc)}); nothing "
                           "was changed") from None
    return done_now


def check_ready(conn, url: str) -> None:
    applied = applied_migrations(conn)
    if applied != [name for name, _ in MIGRATIONS][:len(applied)] or not applied:
        raise PitError(f"{shown(url)}: no pit there yet (run blackjack-kiosk pit init)")


def role_name(database: str, table: str) -> str:
    return f"{database}.{table}"


def add_table(url: str, name: str) -> str:
    """Register table `name`, create its login role (a member of pit_table) with a new
    password, and return the URL its configuration ships with."""
    import psycopg
    from psycopg import sql

    with connect(url) as conn:
        check_ready(conn, url)
        database = conn.execute("SELECT current_database()").fetchone()[0]
        role = role_name(database, name)
        if len(role.encode()) > MAX_NAME:
            raise PitError(f"table {name!r}: its role {role!r} would be longer than "
                           f"{MAX_NAME} bytes; choose a shorter table id")
        password = secrets.token_urlsafe(24)
        try:
            with conn.transaction():
                if conn.execute("SELECT 1 FROM pit.tables WHERE name = %s",
                                (name,)).fetchone():
                    raise PitError(f"table {name!r} is in the pit already (nothing was changed)")
                conn.execute(sql.SQL("CREATE ROLE {} LOGIN PASSWORD {} IN ROLE pit_table")
                             .format(sql.Identifier(role), sql.Literal(password)))
                conn.execute("INSERT INTO pit.tables (name, role) VALUES (%s, %s)", (name, role))
        except psycopg.Error as exc:
            raise PitError(f"table {name!r}: cannot add it ({_first_line(exc)}); nothing was "
                           "changed") from None
    parts = urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{quote(role, safe='')}:{quote(password, safe='')}@{host}" + \
        (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def retire_table(url: str, name: str) -> None:
    """The table ships no more: its role may no longer log in, and the store refuses it even
    so; its history stays, read-only, under its name (a refused fork resolved, docs/pit.md)."""
    import psycopg
    from psycopg import sql

    with connect(url) as conn:
        check_ready(conn, url)
        try:
            with conn.transaction():
                row = conn.execute("UPDATE pit.tables SET retired_at = now(), state = 'retired' "
                                   "WHERE name = %s AND retired_at IS NULL RETURNING role",
                                   (name,)).fetchone()
                if row is None:
                    raise PitError(f"table {name!r} is not a table of the pit that still ships "
                                   "(nothing was changed)")
                conn.execute(sql.SQL("ALTER ROLE {} NOLOGIN").format(sql.Identifier(row[0])))
        except psycopg.Error as exc:
            raise PitError(f"table {name!r}: cannot retire it ({_first_line(exc)}); nothing "
                           "was changed") from None


def log_access(conn, what: str, table: str | None, detail: str | None = None) -> None:
    """Every read of the store is logged (GlüStV: every access logged). A role that may not
    log may not read either: the refusal comes before anything is read."""
    import psycopg

    try:
        conn.execute("INSERT INTO pit.access_log (what, table_name, detail) VALUES (%s, %s, %s)",
                     (what, table, detail))
    except psycopg.errors.InsufficientPrivilege:
        raise PitError(f"the role {conn.info.user!r} may not read the pit (it needs pit_review: "
                       "GRANT pit_review TO ...)") from None
