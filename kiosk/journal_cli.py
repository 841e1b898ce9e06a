"""Helpers the journal commands share: the --db option and opening the journal for review."""

from __future__ import annotations

import sqlite_utils

from kiosk.journal.store import open_journal


def add_db(parser) -> None:
    parser.add_argument("--db", required=True, metavar="FILE", help="the journal (SQLite file)")


def review_journal(path: str) -> sqlite_utils.Database:
    """An existing journal; a missing one is refused rather than created empty."""
    return open_journal(path, create=False)
