"""The live table: the table service (commands, journaled events, views), the card feed that
joins a card source to it, and the shoe in play as the journal knows it.

This package's public parts are what a screen may use: `TableService`, its views and its
commands, and the `CardFeed`. A screen never reaches past them into the engine or the journal.
"""
