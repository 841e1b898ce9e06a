"""The refusals a screen may meet when it calls the table service, in one place: the game's
(`GameError`, with a code and params where a dealer meets them) and the journal's (the table
stops when it cannot record)."""

from kiosk.journal.errors import JournalError, JournalHalted
from models.errors import CardError, GameError, IllegalAction, StakeError

__all__ = ["CardError", "GameError", "IllegalAction", "JournalError", "JournalHalted",
           "StakeError"]
