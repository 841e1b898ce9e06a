"""`blackjack-kiosk`: one command, its subcommands found in `kiosk.commands`.

Domain errors and bad input become one clear line on standard error and exit status 2, never
a traceback. Anything else that escapes is a bug: one line saying so, exit status 70.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys

import kiosk.commands
from kiosk.commands._common import CommandError, Parser
from kiosk.journal.errors import JournalError
from models.errors import GameError


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="blackjack-kiosk",
        description="Dealer's kiosk for a live blackjack table.",
        epilog="example: blackjack-kiosk settle docs/examples/round.json",
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
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except (GameError, CommandError, JournalError) as exc:
        print(" ".join(str(exc).splitlines()), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (`blackjack-kiosk rounds ... | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:
        name = exc.filename2 or exc.filename  # a link's own path, not what it points at
        where = f"{name}: " if name else ""
        print(f"{where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except RecursionError:
        print(f"{args.command}: the input is nested too deeply to read", file=sys.stderr)
        return 2
    except Exception as exc:  # a bug, not the user's input: still one line, no traceback
        text = " ".join(str(exc).split())[:300]
        print(f"{args.command}: internal error ({type(exc).__name__}: {text}); this is a "
              "bug in the kiosk, please report it", file=sys.stderr)
        return 70
