"""The journal's schema as named migrations, applied in order and recorded in `migrations`.

A migration is never edited once released: a change is a new migration appended to the list.
`PRAGMA user_version` holds the number of migrations applied, so a kiosk can tell at once
that a journal comes from a newer version of itself and refuse to touch it.

Every table is append-only: the events are the truth and the other tables are indexes over
them, written in the same transaction. Triggers make an UPDATE or DELETE fail loudly.
"""

from __future__ import annotations

APPEND_ONLY = ("sessions", "shoes", "rounds", "events", "settlements", "alerts", "migrations")

_TABLES = """
CREATE TABLE migrations (
    name TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL
);
CREATE TABLE events (
    seq INTEGER PRIMARY KEY,          -- 1, 2, 3 ... with no gap: a gap is a deleted event
    ts TEXT NOT NULL,                 -- UTC, ISO 8601 with microseconds
    session_id INTEGER,
    round_id INTEGER,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,               -- canonical JSON; money as decimal strings
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL UNIQUE
);
CREATE INDEX events_round ON events (round_id, seq);
CREATE INDEX events_kind ON events (kind, seq);
CREATE TABLE sessions (
    id INTEGER PRIMARY KEY,
    seq INTEGER NOT NULL REFERENCES events (seq),
    opened_at TEXT NOT NULL,
    table_name TEXT NOT NULL,
    rules TEXT NOT NULL,              -- the record's rules value as JSON
    limits TEXT NOT NULL              -- {"min": "10", "max": "500"}
);
CREATE TABLE shoes (
    id INTEGER PRIMARY KEY,
    seq INTEGER NOT NULL REFERENCES events (seq),
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    opened_at TEXT NOT NULL,
    decks INTEGER NOT NULL,
    cut_position INTEGER NOT NULL
);
CREATE TABLE rounds (
    id INTEGER PRIMARY KEY,
    seq INTEGER NOT NULL REFERENCES events (seq),
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    shoe_id INTEGER NOT NULL REFERENCES shoes (id),
    opened_at TEXT NOT NULL,
    seats TEXT NOT NULL
);
CREATE TABLE settlements (
    round_id INTEGER PRIMARY KEY REFERENCES rounds (id),
    seq INTEGER NOT NULL REFERENCES events (seq),
    settled_at TEXT NOT NULL,
    settlement TEXT NOT NULL,         -- the blackjack-settlement/1 document
    house TEXT NOT NULL               -- decimal string, never REAL
);
CREATE TABLE alerts (
    id INTEGER PRIMARY KEY,
    seq INTEGER NOT NULL REFERENCES events (seq),
    round_id INTEGER,
    raised_at TEXT NOT NULL,
    kind TEXT NOT NULL,
    message TEXT NOT NULL
);
"""


def _append_only_triggers() -> str:
    parts = []
    for table in APPEND_ONLY:
        for op in ("UPDATE", "DELETE"):
            parts.append(
                f"CREATE TRIGGER {table}_no_{op.lower()} BEFORE {op} ON {table} BEGIN "
                f"SELECT RAISE(ABORT, 'the journal is append-only: {op} on {table} refused'); "
                f"END;")
    return "\n".join(parts)


# (name, SQL script). Append only; never edit a released entry.
MIGRATIONS: list[tuple[str, str]] = [
    ("0001_journal_tables", _TABLES),
    ("0002_append_only_triggers", _append_only_triggers()),
]

SCHEMA_VERSION = len(MIGRATIONS)

