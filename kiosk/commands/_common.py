"""What every subcommand shares: its parser with an example, the --db option, the refusal.

`kiosk.cli` finds the subcommands; they import only this module of the command line, so the
command line has no import cycle.
"""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path


class CommandError(Exception):
    """A refusal at the command line: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse, with its refusals on one line (the usage is a --help away)."""

    def error(self, message: str):
        # an argument with a newline or a NUL is shown escaped: the refusal stays one line
        shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        self.exit(2, f"{self.prog}: {shown} (see {self.prog} --help)\n")


BIGGEST_ID = 2**63 - 1  # SQLite's largest integer: a round or event number beyond it is no id


def whole(low: int, high: int):
    """An argparse type: a whole number from `low` to `high`, else a one-line refusal."""
    def parse(text: str) -> int:
        try:
            value = int(text.strip().replace("_", "")) if len(text) <= 40 else None
        except ValueError:
            value = None
        if value is None:
            raise argparse.ArgumentTypeError(f"{_shown(text)} is not a whole number")
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{_shown(text)} is out of range ({low:,} to "
                                             f"{high:,})")
        return value
    parse.__name__ = "whole number"
    return parse


def number(low: float, high: float):
    """An argparse type: a finite number from `low` to `high`."""
    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= 40 else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{_shown(text)} is not a number")
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{_shown(text)} is out of range ({low:g} to "
                                             f"{high:g})")
        return value
    parse.__name__ = "number"
    return parse


def table_name(text: str) -> str:
    """An argparse type: a table's name as the journal and the reports show it (the rules of
    a player's name: no control characters, no leading = + - @)."""
    from models.errors import GameError
    from models.table import verify_name

    try:
        verify_name(text, "table")
    except GameError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def currency(text: str) -> str:
    """An argparse type: a three-letter currency code (EUR, CHF)."""
    if not (len(text) == 3 and text.isascii() and text.isalpha()):
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not a three-letter currency code "
                                         "such as EUR")
    return text.upper()


def add_currency(parser) -> None:
    parser.add_argument("--currency", type=currency, default="EUR", metavar="CODE",
                        help="the currency the table plays in, shown beside every amount "
                             "(default EUR, as in the table's configuration)")


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value):
    """A CSV cell a spreadsheet will not run: text starting with = + - @ (or a tab or a
    carriage return) gets a leading apostrophe; numbers such as -50 stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        try:
            float(value)
        except ValueError:
            return "'" + value
    return value


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 24 else f"{text[:20]!r}... ({len(text)} characters)"


def writable_file(path: str | Path, what: str) -> Path:
    """Refuse, before any work, a file that cannot be written: a missing or read-only folder,
    a folder in its place."""
    path = Path(path)
    folder = path.parent
    if not folder.is_dir():
        raise CommandError(f"{path}: the folder {folder} for the {what} does not exist")
    if path.is_dir():
        raise CommandError(f"{path}: is a folder, not a file for the {what}")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and
                                                    not os.access(path, os.W_OK)):
        raise CommandError(f"{path}: cannot write the {what} there (permission denied)")
    return path


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


def add_round(parser) -> None:
    parser.add_argument("--round", type=whole(1, BIGGEST_ID), required=True, metavar="ID",
                        help="the round's number (see rounds)")
