"""What every subcommand shares: its parser with an example, the --db option, the refusal.

`kiosk.cli` finds the subcommands; they import only this module of the command line, so the
command line has no import cycle.
"""

from __future__ import annotations

import argparse


class CommandError(Exception):
    """A refusal at the command line: printed as one line, exit status 2."""


def add_parser(sub, name: str, help: str, example: str, func) -> argparse.ArgumentParser:
    """Add a subcommand parser with its example; `func(args) -> int` runs it."""
    p = sub.add_parser(
        name,
        help=help.replace("%%", "%").replace("%", "%%"),
        description=help,
        epilog=f"example:\n  {example}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.set_defaults(func=func)
    return p


def add_db(parser) -> None:
    parser.add_argument("--db", required=True, metavar="FILE", help="the journal (SQLite file)")
