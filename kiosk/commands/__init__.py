"""Subcommands of `blackjack-kiosk`: one module each, found by `kiosk.cli`.

A module here defines `register(subparsers)` which adds its parser and sets `func`, a callable
taking the parsed arguments and returning the exit status. Every parser has an example in its
epilog (a test checks it).
"""
