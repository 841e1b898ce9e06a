"""Journal errors: each one is a single clear sentence for the dealer, the pit or the CLI."""


class JournalError(Exception):
    """Base of every journal refusal; the message names the file and what is wrong."""


class JournalMissing(JournalError):
    """There is no journal at the path given."""


class JournalLocked(JournalError):
    """Another program holds the journal's write lock."""


class JournalCorrupt(JournalError):
    """The file is not an SQLite journal or fails its integrity check."""


class JournalTooNew(JournalError):
    """The journal was written by a newer kiosk (unknown schema migrations)."""


class JournalWriteError(JournalError):
    """A commit failed (disk full, I/O error): the round stops rather than go on unrecorded."""


class JournalHalted(JournalError):
    """The table service stopped after a failed commit; restart it to go on."""


class NotFound(JournalError):
    """A round, event or session the command asks for is not in the journal."""


class ChainBroken(JournalError):
    """`verify` found an event that does not hold (edited, deleted, reordered, or a settlement
    that does not follow from the events)."""

    def __init__(self, seq: int | None, message: str):
        where = f"event {seq}" if seq is not None else "journal"
        super().__init__(f"{where}: {message}")
        self.seq = seq
        self.reason = message

    def __reduce__(self):  # comes back whole from a verify worker process
        return ChainBroken, (self.seq, self.reason)


class JournalRefused(JournalError):
    """A journal this table must not write (a simulated table on live rounds)."""
