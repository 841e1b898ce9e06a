"""What the review commands share: `--db` names a journal file or a pit
(`postgresql://...`, with `--table NAME`), and `--table` filters a file's tables."""

from __future__ import annotations

from kiosk.commands._common import CommandError, table_name


def add_review_db(parser) -> None:
    parser.add_argument("--db", required=True, metavar="FILE|URL",
                        help="the journal (SQLite file), or the pit (postgresql://...) with "
                             "--table")
    parser.add_argument("--table", type=table_name, metavar="NAME",
                        help="the table: with a pit URL, which shipped table; on a file, only "
                             "this table's rounds where the file holds several")


def is_pit(args) -> bool:
    from kiosk.pit.store import is_pit_url

    return is_pit_url(args.db)


def open_review(args, what: str, **selection):
    """The journal to review: the file read-only, or the shipped table read back from the pit
    (only the events `selection` asks for)."""
    if is_pit(args):
        if not args.table:
            raise CommandError(f"{what}: --table NAME is needed with a pit URL (which table's "
                               "journal to read)")
        from kiosk.pit.review import open_table

        return open_table(args.db, args.table, what, **selection)
    from kiosk.journal.store import open_for_review

    db = open_for_review(args.db)
    if args.table:
        known = [r[0] for r in db.conn.execute("SELECT DISTINCT table_name FROM sessions")]
        if args.table not in known:
            raise CommandError(f"{args.db}: no table {args.table!r} in this journal (it holds "
                               f"{', '.join(sorted(known)) or 'no table'})")
    return db


def source_name(args) -> str:
    if is_pit(args):
        from kiosk.pit.review import source_name as pit_source

        return pit_source(args.db, args.table)
    return args.db


def file_filter(args) -> str | None:
    """The table a file's rows are filtered to (a pit table is its own journal already)."""
    return None if is_pit(args) else args.table
