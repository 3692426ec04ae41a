"""A game's first lesson: the page's "How to play", a tiny challenge played to the win.

Each game declares one (`Game.lesson`, in its lesson.py): a challenge with one solution
(one of its own: its solution solves no challenge of the booklet or of the New-challenge
pools, so a lesson gives none away: tests/test_lessons.py), the pieces the player places,
in order (the rest of the solution is on the board at the start), and for each of them
the game's own rule in a player's words and where on the board it bites (`bites`). What
the page needs of it is `to_json()`: the start, and per step the piece, how to hold it
(the orientations that make the placement, each with the location to point at: the page
counts the turns from the tray's orientation), the locations it covers, and the rule
with its locations. The page words the rest (pick, turn, flip, place) for mouse, keys or
fingers; it knows no game.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

from .errors import ChallengeError, PieceNames
from .i18n import tr
from .position import P

if TYPE_CHECKING:
    from .game import Game
    from .position import Position


@dataclass(frozen=True)
class Step:
    """One piece the player places in the lesson, and the rule it shows."""

    piece: str
    rule: str  # the game's rule where this piece meets it, in a player's words (a
    # message of the catalog, marked); "%(G)s" names piece G as every sentence does


class Lesson(ABC, Generic[P]):
    """A game's guided first challenge (see the module docstring)."""

    challenge: str = ""  # a challenge of the game with exactly one solution
    steps: tuple[Step, ...] = ()  # what the player places, in order

    @abstractmethod
    def bites(self, solved: Position[P], before: Position[P], placement: P) -> list[str]:
        """The locations where the step's rule bites when `placement` is played on
        `before` (ringed on the board while the player holds the piece); `solved` is the
        lesson's challenge solved, where the other steps' pieces go."""


def solved(game: Game[P]) -> Position[P]:
    """The game's lesson's challenge solved (its only solution)."""
    found = list(game.position(game.lesson.challenge).solutions(2))
    if len(found) != 1:
        raise ChallengeError(tr("the %(game)s lesson's challenge has %(n)s solutions, not one",
                                game=game.title, n=len(found)))
    return found[0]


def holds(game: Game[P], position: Position[P], placement: P) -> dict[str, str]:
    """orientation -> the location to point at, for every orientation of the piece whose
    ghost there is `placement` (or a placement the game's symmetry equates)."""
    piece = placement.piece
    found: dict[str, str] = {}
    for orientation in game.vocabulary.piece_of(piece).orientations:
        for location in sorted(game.vocabulary.locations):
            held, _ = game.drawing.hold(piece, orientation, location)
            if held is not None and game.symmetry.equivalent(position.setup, held, placement):
                found[orientation] = location
                break
    return found


def to_json(game: Game[P]) -> dict[str, Any]:
    """What the page needs of the game's lesson (Page.info's `lesson`): {challenge, start,
    steps: [{piece, item, holds, covers, rule, ruleAt}]}; the start is the solution
    without the steps' pieces."""
    lesson = game.lesson
    whole = solved(game)
    position = whole
    for step in lesson.steps:
        position = position.remove(step.piece)
    start = str(position)
    steps = []
    for step in lesson.steps:
        placement = whole.pieces[step.piece]
        steps.append({"piece": step.piece, "item": str(placement),
                      "holds": holds(game, position, placement),
                      "covers": list(game.rules.covers(placement)),
                      "rule": named(tr(step.rule), game.vocabulary),
                      "ruleAt": lesson.bites(whole, position, placement)})
        position = position.play(placement)
    return {"challenge": lesson.challenge, "start": start, "steps": steps}


PIECE = re.compile(r"%\((\w+)\)s")


def named(text: str, names: PieceNames) -> str:
    """Words with their pieces named as every sentence names them: "%(G)s" is piece G's
    name, with a capital where it starts a sentence (of the words as translated)."""
    def name(match: re.Match[str]) -> str:
        before = text[:match.start()].rstrip()
        starts = not before or before.endswith((".", "!", "?"))
        return names.capitalised_name(match[1]) if starts else names.piece_name(match[1])
    return PIECE.sub(name, text)
