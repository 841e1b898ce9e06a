"""`blackjack-kiosk pit`: set up the central store (init), add a table and its role
(table add), verify every shipped table (verify). docs/pit.md."""

from __future__ import annotations

import sys

from kiosk.commands._common import CommandError, add_parser, number, table_name


def _url(args) -> str:
    from kiosk.pit.store import is_pit_url

    if not is_pit_url(args.db):
        raise CommandError(f"pit: --db {args.db!r} is not a PostgreSQL URL "
                           "(postgresql://user@host/database)")
    return args.db


def init_cmd(args) -> int:
    from kiosk.pit.store import init, shown

    done = init(_url(args))
    if done:
        print(f"{shown(args.db)}: pit schema ready; applied {', '.join(done)}")
    else:
        print(f"{shown(args.db)}: pit schema up to date; nothing changed")
    return 0


def table_add_cmd(args) -> int:
    from kiosk.pit.store import add_table

    url = add_table(_url(args), args.name)
    print(f"table {args.name} added to the pit; put this in its configuration's [pit] url "
          "(it holds the table's password, shown only now):")
    print(url)
    return 0


def table_retire_cmd(args) -> int:
    from kiosk.pit.store import retire_table

    retire_table(_url(args), args.name)
    print(f"table {args.name} retired: its role may no longer ship; its history stays in the "
          "pit")
    return 0


def verify_cmd(args) -> int:
    from kiosk.pit.check import verify_pit
    from kiosk.pit.store import shown

    results, failure = verify_pit(_url(args), processes=args.processes)
    for r in results:
        print(f"table {r.table}: {r.events} events hold; {r.rounds_settled} settlements "
              f"recomputed and equal, {r.rounds_void} void, {r.rounds_open} open; head hash "
              f"{r.head_hash}")
    if failure is not None:
        raise CommandError(failure)
    print(f"{shown(args.db)}: {len(results)} tables hold")
    return 0


def pack_cmd(args) -> int:
    from kiosk.pit.pack import pack_month

    events, chunks, before, after = pack_month(_url(args), args.month)
    print(f"{args.month}: {events} events packed into {chunks} chunks, {before:,} bytes as "
          f"rows, {after:,} bytes packed; the month's partition is dropped")
    return 0


def register(sub) -> None:
    p = add_parser(sub, "pit", "the pit's central store on PostgreSQL: init creates or "
                   "migrates its schema, table add creates a table's own role and prints the "
                   "URL its configuration ships with, verify checks every shipped table's "
                   "chain and re-settles every round, pack compresses a closed month "
                   "(docs/pit.md)",
                   "blackjack-kiosk pit table add table-7 --db postgresql://pit@pit.casino.lan"
                   "/pit", lambda args: (p.print_help(sys.stderr), 2)[1])
    verbs = p.add_subparsers(dest="pit_command", metavar="STEP")
    i = verbs.add_parser("init", help="create or migrate the pit's schema (a second run "
                         "changes nothing)",
                         epilog="example: blackjack-kiosk pit init --db "
                                "postgresql://pit@pit.casino.lan/pit")
    i.add_argument("--db", required=True, metavar="URL", help="the pit, as its owner")
    i.set_defaults(func=init_cmd)
    t = verbs.add_parser("table", help="the pit's tables: add one, retire one")
    tv = t.add_subparsers(dest="table_command", metavar="VERB", required=True)
    a = tv.add_parser("add", help="register a table and create its role; prints the URL for "
                      "the table's [pit] url",
                      epilog="example: blackjack-kiosk pit table add table-7 --db "
                             "postgresql://pit@pit.casino.lan/pit")
    a.add_argument("name", type=table_name, help="the table's configured id ([table] id)")
    a.add_argument("--db", required=True, metavar="URL", help="the pit, as a role that may "
                   "create roles (its owner)")
    a.set_defaults(func=table_add_cmd)
    r = tv.add_parser("retire", help="a table ships no more: its role may no longer log in; "
                      "its history stays (a refused fork resolved, docs/pit.md)",
                      epilog="example: blackjack-kiosk pit table retire BJ-03 --db "
                             "postgresql://pit@pit.casino.lan/pit")
    r.add_argument("name", type=table_name, help="the table's name in the pit")
    r.add_argument("--db", required=True, metavar="URL", help="the pit, as its owner")
    r.set_defaults(func=table_retire_cmd)
    v = verbs.add_parser("verify", help="verify every table's chain and re-settle every round, "
                         "tables in parallel on every core; exits 2 naming the table and event "
                         "of the first fault",
                         epilog="example: blackjack-kiosk pit verify --db "
                                "postgresql://anna@pit.casino.lan/pit")
    v.add_argument("--db", required=True, metavar="URL", help="the pit, as a reviewer")
    v.add_argument("--processes", type=number(1, 256), default=None, metavar="N",
                   help="tables verified at once (default: every core)")
    v.set_defaults(func=verify_cmd)
    k = verbs.add_parser("pack", help="pack a closed month: its events moved from a row each "
                         "into compressed chunks, read back and compared before its partition "
                         "is dropped (a quarter of the space; docs/pit.md, retention)",
                         epilog="example: blackjack-kiosk pit pack --month 2026-10 --db "
                                "postgresql://pit@pit.casino.lan/pit")
    k.add_argument("--db", required=True, metavar="URL", help="the pit, as its owner")
    k.add_argument("--month", required=True, metavar="YYYY-MM", help="a month that is over")
    k.set_defaults(func=pack_cmd)
    from kiosk.commands._pit_page import register_verbs
    register_verbs(verbs)
