"""The error types every game raises: one type per kind of wrong input."""


class PuzzleError(ValueError):
    """Base of every error the games raise on bad input."""


class PlacementError(PuzzleError):
    """A placement string that breaks the grammar.

    `position` is the index of the first offending character (or None when the
    whole string is wrong, e.g. empty), `reason` says what is wrong there.
    """

    def __init__(self, text: str, reason: str, position: int | None = None):
        self.text = text
        self.reason = reason
        self.position = position
        where = f" (character {position + 1} of {text!r})" if position is not None else ""
        super().__init__(f"{reason}{where}")


class IllegalPlacementError(PuzzleError):
    """A well-formed placement that breaks a placement rule (overlap, off board...).

    `item` is the offending piece placement (or None), `reason` the rule it breaks.
    """

    def __init__(self, reason: str, item: str | None = None):
        self.reason = reason
        self.item = item
        super().__init__(f"{item}: {reason}" if item else reason)


class ChallengeError(PuzzleError):
    """A challenge that is malformed or that cannot be used (e.g. illegal start)."""


class UnknownGameError(PuzzleError):
    """A game name that is not one of the registered games."""
