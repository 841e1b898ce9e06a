"""`blackjack-kiosk pit serve`, `pit user add` and `pit demo`: the pit page (docs/pit.md)."""

from __future__ import annotations

import sys

from kiosk.commands._common import CommandError

DEFAULT_LISTEN = "127.0.0.1:8080"


def _url(args) -> str:
    from kiosk.pit.store import is_pit_url

    if not is_pit_url(args.db):
        raise CommandError(f"pit: --db {args.db!r} is not a PostgreSQL URL "
                           "(postgresql://user@host/database)")
    return args.db


def _listen(text: str) -> tuple[str, int]:
    import argparse

    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not HOST:PORT (e.g. {DEFAULT_LISTEN})")
    return host.strip("[]"), int(port)


def serve_cmd(args) -> int:
    from kiosk.pit.store import check_ready, connect, shown
    from kiosk.pitweb.app import serve
    from kiosk.pitweb.settings import load

    url = _url(args)
    settings = load(args.config)
    with connect(url) as conn:
        check_ready(conn, url)
    host, port = args.listen

    def ready(server) -> None:
        print(f"the pit page for {shown(url)} is at http://{host}:{port}/ (Ctrl-C stops it)",
              flush=True)
    serve(url, host, port, settings, on_ready=ready)
    return 0


def read_password(stream=None) -> str:
    """The password twice from standard input (a terminal does not echo it)."""
    import getpass

    stream = stream or sys.stdin
    if stream.isatty():
        first = getpass.getpass("password: ")
        second = getpass.getpass("again: ")
    else:
        first = stream.readline().rstrip("\n")
        second = stream.readline().rstrip("\n")
    if first != second:
        raise CommandError("pit user add: the two passwords differ (nothing was changed)")
    return first


def user_add_cmd(args) -> int:
    from kiosk.pit.store import check_ready, connect
    from kiosk.pitweb.auth import add_user, check_new_user

    url = _url(args)
    check_new_user(args.name, args.role, "x" * 64)  # the name and role before the password
    password = read_password()
    with connect(url) as conn:
        check_ready(conn, url)
        add_user(conn, args.name, args.role, password)
    print(f"user {args.name} ({args.role}) may now log in to the pit page")
    return 0


def demo_cmd(args) -> int:
    from kiosk.commands._pit_demo import run_demo

    return run_demo(args.folder, args.tables, args.listen, args.pace)


def register_verbs(verbs) -> None:
    from kiosk.commands._common import number

    s = verbs.add_parser("serve", help="the pit page: every table live, alerts, search and "
                         "replay, reports (docs/pit.md)",
                         epilog="example: blackjack-kiosk pit serve --db "
                                "postgresql://pitweb@pit.casino.lan/pit --listen 0.0.0.0:8080")
    s.add_argument("--db", required=True, metavar="URL", help="the pit, as a member of pit_web")
    s.add_argument("--listen", type=_listen, default=_listen(DEFAULT_LISTEN),
                   metavar="HOST:PORT", help=f"where the page listens (default {DEFAULT_LISTEN})")
    s.add_argument("--config", metavar="FILE", help="[pit] shifts, timezone, silent_after_s")
    s.set_defaults(func=serve_cmd)
    u = verbs.add_parser("user", help="the pit page's users: add one")
    uv = u.add_subparsers(dest="user_command", metavar="VERB", required=True)
    a = uv.add_parser("add", help="a user of the pit page; the password is read twice from "
                      "standard input",
                      epilog="example: blackjack-kiosk pit user add anna --role pit --db "
                             "postgresql://pit@pit.casino.lan/pit")
    a.add_argument("name", help="the login name")
    a.add_argument("--role", required=True, choices=("pit", "surveillance"),
                   help="pit: tiles, alerts, search, replay, reports; surveillance: search, "
                   "replay, export, alerts (read only), access log")
    a.add_argument("--db", required=True, metavar="URL", help="the pit")
    a.set_defaults(func=user_add_cmd)
    d = verbs.add_parser("demo", help="a throwaway pit with simulated tables playing and the "
                         "page; Ctrl-C stops all of it",
                         epilog="example: blackjack-kiosk pit demo")
    d.add_argument("--tables", type=number(1, 12), default=4, metavar="N",
                   help="simulated tables (default 4)")
    d.add_argument("--listen", type=_listen, default=_listen(DEFAULT_LISTEN),
                   metavar="HOST:PORT", help=f"where the page listens (default {DEFAULT_LISTEN})")
    d.add_argument("--folder", default="var/pit", metavar="DIR",
                   help="the throwaway server and journals (default var/pit)")
    d.add_argument("--pace", type=number(0.0, 5.0, float), default=0.3, metavar="S",
                   help="seconds between a table's events (default 0.3)")
    d.set_defaults(func=demo_cmd)
