"""The error types every game raises: one type per kind of wrong input."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from .i18n import ntr, tr

QUOTE_LIMIT = 80  # characters of a caller's input an error message quotes at most


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A caller's input, as an error message quotes it: its repr, at most `limit`
    characters (a cut one ends in "..."). It never fails: a whole number too long for
    Python to write (over 4,300 digits) is described by its size, and an object whose
    repr breaks by its type."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        digits = int(value.bit_length() * 0.30103) + 1
        if value < 0:
            return ntr("a negative whole number of about %(n)s digit",
                       "a negative whole number of about %(n)s digits", digits)
        return ntr("a whole number of about %(n)s digit", "a whole number of about %(n)s digits",
                   digits)
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]  # repr of the cut only: a huge text costs nothing
        return repr(value)[:limit - 3] + "..."
    try:
        text = repr(value)
    except Exception:  # a repr that raises: say what it is
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


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
        super().__init__(reason if position is None else
                         tr("%(reason)s (character %(position)s of %(text)s)", reason=reason,
                            position=position + 1, text=quote(text)))


@dataclass(frozen=True)
class Refusal:
    """Why a piece may not go where it was put, for both of its readers: `notation` in the
    game's own codes (what `check` prints, for scripts and the course), `message` in plain
    words and the game's names for things (for players), and what it is about."""

    rule: str  # a word for the rule: "off-board", "overlap", "peg", "colour", "order"...
    notation: str
    message: str
    pieces: tuple[str, ...] = ()  # the pieces involved, the one played first
    locations: tuple[str, ...] = ()  # where (location codes), to point at on the board

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "notation": self.notation, "message": self.message,
                "pieces": list(self.pieces), "locations": list(self.locations)}


class PieceNames(Protocol):
    """How a sentence for players names a piece: by the one name that tells it apart from
    the others (a game's vocabulary, core/vocabulary.py: colours, then size and shape where
    those are shared). A game's rules take it to word their refusals, so that no name is
    written twice."""

    def piece_name(self, piece: str) -> str: ...

    def capitalised_name(self, piece: str) -> str: ...


class _Letters:
    """Pieces named by their letters: for the notation's faces only, where the words of a
    refusal are not read (a challenge string checked, the course's helpers)."""

    def piece_name(self, piece: str) -> str:
        return tr("piece %(piece)s", piece=piece)

    def capitalised_name(self, piece: str) -> str:
        name = self.piece_name(piece)
        return name[:1].upper() + name[1:]


BY_LETTER: PieceNames = _Letters()


class IllegalPlacementError(PuzzleError):
    """A well-formed placement that breaks a placement rule (overlap, off board...).

    `item` is the offending piece placement (or None), `reason` the rule it breaks, and
    `refusal` (when a game's rules said it) the same in words for players.
    """

    def __init__(self, reason: str, item: str | None = None, refusal: Refusal | None = None):
        self.reason = reason
        self.item = item
        self.refusal = refusal
        super().__init__(tr("%(item)s: %(reason)s", item=item, reason=reason) if item
                         else reason)

    @classmethod
    def of(cls, refusal: Refusal, item: str | None = None) -> IllegalPlacementError:
        """The error for a refusal (its message is the notation, as `check` prints it)."""
        error = cls(refusal.notation, refusal=refusal)
        error.item = item
        return error


class ChallengeError(PuzzleError):
    """A challenge that is malformed or that cannot be used (e.g. illegal start)."""


class UnknownGameError(PuzzleError):
    """A game name that is not one of the registered games."""
