"""What every subcommand shares: its parser with an example, the --db option, the refusal.

`kiosk.cli` finds the subcommands; they import only this module of the command line, so the
command line has no import cycle.
"""

from __future__ import annotations

import argparse


class CommandError(Exception):
    """A refusal at the command line: printed as one line, exit status 2."""


def one_line(text: str) -> str:
    """A refusal as one printable line: a newline, a NUL or another control character the user
    typed is shown escaped, never let loose on the terminal or a log."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text).strip())


class Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line (which command, which argument, what is
    wrong) and exit status 2, like every other refusal; --help still shows the usage."""

    def error(self, message: str):
        self.exit(2, one_line(f"{self.prog}: {message} (see {self.prog} --help)") + "\n")


def number(low, high, kind=int):
    """An argparse type: a whole number (or `kind`) from low to high, else a clear refusal
    before anything runs."""
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a {'whole ' if kind is int else ''}number") from None
        if kind is float and value != value:  # NaN
            raise argparse.ArgumentTypeError(f"{text!r} is not a number")
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text} is out of range: {low} to {high}")
        return value
    parse.__name__ = "number"
    return parse


ROUND_ID = number(1, 2**63 - 1)  # a journal's round id


def table_name(text: str) -> str:
    """An argparse type: a table's name as the journal and every report show it, held to the
    rules of a player's name (no control characters, no leading = + - @)."""
    from models.errors import GameError
    from models.table import check_player_name

    try:
        check_player_name(text)
    except GameError as exc:
        raise argparse.ArgumentTypeError(str(exc).replace("player", "table", 1)) from None
    return text


def currency_code(text: str) -> str:
    """An argparse type: a three-letter currency code such as EUR."""
    if not (len(text) == 3 and text.isascii() and text.isalpha()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a three-letter code such as EUR")
    return text.upper()


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


def require_screen_libraries(command: str) -> None:
    """Refuse in one line, before Qt aborts with its own long message, where the screen's Qt
    platform plugin cannot load for want of system packages."""
    from kiosk.system.qt_platform import missing_packages, screen_platform

    platform = screen_platform()
    missing = missing_packages(platform)
    if missing:
        raise CommandError(
            f"{command}: the screen cannot open: Qt's {platform} platform plugin needs the "
            f"system packages {', '.join(missing)} (sudo apt-get install {' '.join(missing)};"
            f" deploy/install.sh installs them)")
