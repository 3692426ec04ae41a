"""IQ-Link: twelve three-unit pieces of balls and rings on 24 pegs of a hexagonal lattice.

The rules are docs/games/link.md. GAME declares the game's parts (core/game.py), each in
a module of its own: vocabulary (the peg lattice, the units, a placement), notation,
rules, symmetry (the board turned 180 degrees), generator (new challenges), solver (the
search's tables), draw (views, the text drawing), lesson (the first game). A challenge
is a starting placement; the editor is core's default. tools/link_count.py counts every
complete game (a command of its own).
"""

from __future__ import annotations

from functools import partial

from ..core.data import load_json
from ..core.game import Game
from ..core.i18n import mark, nmark, ntr, tr
from ..core.types import LEVELS, Booklet, Challenge
from .draw import LinkDrawing
from .generator import LinkGenerator
from .lesson import LinkLesson
from .notation import LinkNotation
from .rules import LinkRules
from .solver import LinkSolver
from .symmetry import LinkSymmetry
from .vocabulary import VOCABULARY, Placed

__all__ = ["GAME"]


def booklet() -> Booklet:
    """The original game's challenges (T...) and our own (G...), each with a note."""
    found = []
    for entry in load_json("link", "challenges.json")["challenges"]:
        key = entry["id"]
        solutions = tuple(entry.get("solutions") or [entry["solution"]])
        given = len(entry["challenge"]) // 3
        if key.startswith("G"):
            source = "generated"
            note = partial(ntr, *nmark("Our own challenge: %(n)s piece kept from a complete "
                                       "game, checked to have exactly one solution.",
                                       "Our own challenge: %(n)s pieces kept from a complete "
                                       "game, checked to have exactly one solution."), given)
        elif len(solutions) > 1:
            source = "original"
            note = partial(ntr, *nmark("From the original game's challenges. It has %(n)s "
                                       "solution. Its level comes from the pieces given "
                                       "(%(given)s).",
                                       "From the original game's challenges. It has %(n)s "
                                       "solutions by design: any of them wins. Its level comes "
                                       "from the pieces given (%(given)s)."),
                           len(solutions), given=given)
        else:
            source = "original"
            note = partial(tr, mark("From the original game's challenges. Its level comes from "
                                    "the pieces given (%(given)s)."), given=given)
        found.append(Challenge(key, entry["level"] or level_for(given),
                               entry["challenge"], solutions, source, note))
    return Booklet(found)


def level_for(given: int) -> str:
    """Our level scale (challenges.json): pieces given 8+ Starter ... 4 or fewer Wizard."""
    return LEVELS[min(4, max(0, 8 - given))]


GAME = Game(
    name="link", title="IQ-Link",
    help=mark("Place all twelve pieces on the pegs. A peg takes at most one ball and one ring, and "
         "a ball may sit in a ring only where every bar of the ball passes through an opening "
         "of the ring."),
    vocabulary=VOCABULARY, booklet=booklet, placement=Placed,
    notation=LinkNotation(), rules=LinkRules(), solver=LinkSolver(),
    drawing=LinkDrawing(), lesson=LinkLesson(),
    symmetry=LinkSymmetry(), generator=LinkGenerator(),
)
