"""A piece turned where it lies: Rotate (clockwise), Rotate back (anticlockwise) or Flip
of a piece on the board, as a player turns the plastic piece without lifting it away.
Written once for every game, over its vocabulary (which orientation Rotate, Rotate back
and Flip make of each: core/vocabulary.py), its rules (the spots a placement covers) and
its drawing (a piece held by its grip over a spot: every placement of a piece in an
orientation, and where each spot is drawn).

"Where it lies": of the placements of the piece in its turned orientation, those that
keep the most of the spots it covers now; of those, the nearest to it (the middle of
the spots it covers against the middle of theirs: the piece turns about its middle).
It goes to the nearest of them that fits; if none fits, it stays as it is and the turn
is refused with the rules' reason for the nearest (the move primitive's refusal,
`Position.after`). Undoing a turn is one step: it is one move, one new position.
Rotate back finds where the piece lies the same way, so it is not Rotate's undo: it turns
the piece back to the orientation it had, but where Rotate did not turn the piece about
its middle (no spot so turned keeps its middle, as near an edge), each turn keeps the
most of the spots the piece covers then, and the way back may find another spot.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import hypot
from typing import TYPE_CHECKING, Any

from .errors import ChallengeError, PuzzleError, Refusal, quote
from .i18n import tr
from .vocabulary import named_on_the_board

if TYPE_CHECKING:
    from .game import Game
    from .position import Position

# the turns a player makes (Rotate: clockwise; Rotate back: anticlockwise; Flip), each to
# the vocabulary's map that turns a piece so (core/vocabulary.Piece)
MAPS = {"rotate": "rotate", "rotate-back": "rotate_back", "flip": "flip"}
HOWS = tuple(MAPS)  # ("rotate", "rotate-back", "flip"): the move op's `how`


@dataclass(frozen=True)
class Turned:
    """A piece turned where it lies: its new orientation, the placement it goes to (None
    when it is refused) and the position after, or the Refusal that says why not."""

    piece: str
    orientation: str
    placement: Any  # the game's Placement, or None
    after: Position[Any] | Refusal


def turned(position: Position[Any], piece: str, how: str) -> Turned:
    """The piece `piece` of the position turned (`how`: "rotate", "rotate-back" or "flip")
    where it lies (see the module's docstring). PuzzleError if the game's pieces do not
    turn so (they rotate back exactly when they rotate), or the piece is not on the board."""
    with named_on_the_board(position.pieces):  # the pieces its words speak of
        return _turned(position, piece, how)


def _turned(position: Position[Any], piece: str, how: str) -> Turned:
    game = position.game
    piece = game.check_piece(piece)
    if how not in HOWS:
        raise PuzzleError(tr("a piece is turned by rotate or flip, not %(how)s",
                             how=quote(how)))
    rotates = how != "flip"
    if not (game.vocabulary.can_rotate if rotates else game.vocabulary.can_flip):
        raise PuzzleError(tr("the pieces of %(game)s do not rotate", game=game.title)
                          if rotates else
                          tr("the pieces of %(game)s do not flip", game=game.title))
    old = position.pieces.get(piece)
    if old is None:
        raise ChallengeError(tr("piece %(piece)s is not on the board", piece=piece))
    name = game.vocabulary.capitalised_name(piece)
    words = game.vocabulary.piece_of(piece)
    orientation = getattr(words, MAPS[how])[orientation_of(game, old)]
    if piece in position.fixed_pieces:
        return Turned(piece, orientation, None, Refusal(
            "fixed", tr("piece %(piece)s is part of the challenge and stays", piece=piece),
            tr("%(name)s is part of the challenge: it stays as it lies.", name=name),
            (piece,)))
    ranked = _where_it_lies(game, old, orientation)
    if old in ranked:  # turned, it lies as it did (a piece that looks the same so turned)
        return Turned(piece, orientation, old, position)
    lifted = position.remove(piece)
    refused: Refusal | None = None
    for placement in ranked:
        after = lifted.after(placement)
        if not isinstance(after, Refusal):
            return Turned(piece, orientation, placement, after)
        refused = refused or after
    if refused is None:  # turned so, it lies nowhere on the board
        return Turned(piece, orientation, None, Refusal(
            "off-board", tr("%(item)s turned: piece %(piece)s turned lies nowhere on the "
                            "board", item=str(old), piece=piece),
            tr("%(name)s cannot turn where it lies: turned, it would not lie on the board.",
               name=name), (piece,)))
    # the rules' sentence whole, after ours and as its own (no sentence is cut and joined,
    # nor put after a colon: it starts with a capital)
    return Turned(piece, orientation, None, Refusal(
        refused.rule, tr("%(item)s turned: %(why)s", item=str(old), why=refused.notation),
        tr("%(name)s cannot turn where it lies. %(why)s", name=name,
           why=refused.message), refused.pieces, refused.locations))


def orientation_of(game: Game[Any], placement: Any) -> str:
    """The orientation (the vocabulary's code) a placed piece lies in: the one whose
    piece, held by its grip over one of the spots the placement covers, is it."""
    piece = placement.piece
    spots = [*game.rules.covers(placement)] or list(game.vocabulary.locations)
    for orientation in game.vocabulary.piece_of(piece).orientations:
        for spot in spots:
            if game.drawing.hold(piece, orientation, spot)[0] == placement:
                return orientation
    raise PuzzleError(tr("%(placement)s lies in none of the orientations of piece %(piece)s",
                         placement=quote(str(placement)), piece=piece))


def _where_it_lies(game: Game[Any], old: Any, orientation: str) -> list[Any]:
    """The placements of the piece in `orientation` that keep the most of the spots `old`
    covers, nearest to it first (their middles' distance; then the board's order): of
    those that lie on the board at all (no rule refuses them on the empty board)."""
    points = _points(game)
    spots = set(game.rules.covers(old))
    middle = _middle(spots, points)
    empty = game.setup(game.empty_challenge())
    kept: dict[Any, tuple[int, float, int]] = {}
    for index, location in enumerate(game.vocabulary.locations):
        placement = game.drawing.hold(old.piece, orientation, location)[0]
        # only where it lies on the board at all (on the empty board, no rule refuses it)
        if placement is None or placement in kept or game.rules.breaks(empty, (), placement):
            continue
        covers = set(game.rules.covers(placement))
        here = _middle(covers, points)
        kept[placement] = (-len(covers & spots),
                           round(hypot(here[0] - middle[0], here[1] - middle[1]), 6), index)
    if not kept:
        return []
    most = min(rank[0] for rank in kept.values())
    return sorted((p for p, rank in kept.items() if rank[0] == most), key=kept.__getitem__)


def _middle(spots: set[str], points: dict[str, tuple[float, float]]) -> tuple[float, float]:
    if not spots:
        return (0.0, 0.0)
    return (sum(points[s][0] for s in spots) / len(spots),
            sum(points[s][1] for s in spots) / len(spots))


@lru_cache(maxsize=16)
def _points(game: Game[Any]) -> dict[str, tuple[float, float]]:
    """Where each spot of the board is drawn (the drawing's frame)."""
    return {loc["code"]: (loc["x"], loc["y"]) for loc in game.drawing.frame()["locations"]}
