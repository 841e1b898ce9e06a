"""Domain errors: every refusal of the game is one of these, with a full sentence."""


class GameError(Exception):
    """Base of every refusal by the game; the message is a full sentence for a person.

    Refusals a dealer meets at the table also carry a stable `code` and the `params` of their
    sentence, so a screen in another language can say the same thing in its own words."""

    def __init__(self, message: str, code: str | None = None, **params) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class IllegalAction(GameError):
    """A decision or card the rules do not allow at this point of the round."""


class StakeError(GameError):
    """A stake off the table limits or placed where it may not be."""


class CardError(GameError):
    """A card that cannot be read or that the shoe cannot hold."""


class RulesError(GameError):
    """An unknown preset or an option with a wrong name or value."""


class RecordError(GameError):
    """A round record that is malformed or breaks a rule; `where` names the entry."""

    def __init__(self, where: str, message: str):
        super().__init__(f"{where}: {message}")
        self.where = where
        self.reason = message
