"""The journal: every event of every round in one SQLite file, append-only and hash-chained.

`store` opens the file (and refuses a missing, locked, corrupt or newer one), `schema` holds
the named migrations, `writer.JournalWriter` is the one place that writes, `fold` rebuilds a
round from its events (pure: recovery, replay, export and verify share it), `verify` checks
the hash chain and every logged settlement, `reader` answers the review tools' questions,
`rebuild` writes events read elsewhere (the pit's copy of a table) into a journal file.
"""
