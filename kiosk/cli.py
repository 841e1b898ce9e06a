"""`blackjack-kiosk`: one command, its subcommands found in `kiosk.commands`.

Domain errors become one clear line on standard error and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys

import kiosk.commands
from kiosk.commands._common import CommandError, Parser, one_line
from kiosk.journal.errors import JournalError
from models.errors import GameError


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="blackjack-kiosk",
        description="Dealer's kiosk for a live blackjack table.",
        epilog="example: blackjack-kiosk settle round.json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(kiosk.commands.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue  # shared helpers, not a subcommand
        module = importlib.import_module(f"kiosk.commands.{info.name}")
        module.register(sub)
    return parser


def subcommand_parsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    for arg in argv if argv is not None else sys.argv[1:]:
        if "\x00" in arg:  # no file name or value holds one (a shell cannot pass it either)
            print(one_line(f"blackjack-kiosk: the argument {arg!r} holds a NUL byte"),
                  file=sys.stderr)
            return 2
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except (GameError, CommandError, JournalError) as exc:
        print(one_line(exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # before OSError, of which it is one
        # the reader went away (`blackjack-kiosk rounds ... | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # a file or folder named on the command line
        name = exc.filename2 or exc.filename  # a link's own path, not what it points at
        where = f"{name}: " if name else ""
        print(one_line(f"{where}{exc.strerror or exc}"), file=sys.stderr)
        return 2
    except RecursionError:
        print(f"{args.command}: the input is nested too deeply to read", file=sys.stderr)
        return 2
    except Exception as exc:  # a bug, not the user's input: one line all the same
        print(one_line(f"{args.command}: internal error ({type(exc).__name__}: {exc}); this "
                       "is a bug in the kiosk, please report it"), file=sys.stderr)
        return 70

