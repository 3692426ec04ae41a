"""What a front end needs of a game (`game.page`): the game described once (`info`), a
position drawn as primitives with its hit test and words for screen readers (`view`),
a piece held over the board (`preview`), the pieces by name. A page asks in strings
(challenge, placement, piece, orientation, location) and gets plain JSON-able answers;
it holds no rules.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

from . import checks, lesson
from .errors import Refusal
from .i18n import clauses, current_language, ptr, tr
from .position import P, Position
from .strings import challenge_text
from .turns import orientation_words
from .types import LEVELS, Info, PieceInfo, PieceView, Preview, View
from .vocabulary import named_on_the_board

if TYPE_CHECKING:
    from .game import Game


class Page:
    """One game as a front end sees it. Its public methods are a face: they check what
    they are given (core/checks.py)."""

    def __init__(self, game: Game[Any]):
        self.game = game
        # the game described and its lesson, once per language (each is all words)
        self._infos: dict[str, Info] = {}
        self._lessons: dict[str, dict[str, Any]] = {}

    # --- the game, once -------------------------------------------------------------------
    def info(self) -> Info:
        """Pieces (with their names in words), how they turn, the board, levels, help,
        the first lesson (core/lesson.py) (a copy: the caller may change it)."""
        info = copy.deepcopy(self._info)
        info["lesson"] = copy.deepcopy(self._lesson)
        return info

    @property
    def _lesson(self) -> dict[str, Any]:
        said = self._lessons.get(current_language())
        if said is None:
            said = self._lessons[current_language()] = lesson.to_json(self.game)
        return said

    @property
    def _info(self) -> Info:
        said = self._infos.get(current_language())
        if said is None:
            said = self._infos[current_language()] = self._described()
        return said

    def _described(self) -> Info:
        """The game described in the language spoken now."""
        game = self.game
        words, drawing = game.vocabulary, game.drawing
        pieces = []
        for piece in words.pieces:
            said = PieceInfo(id=piece.id, label=tr("Piece %(piece)s", piece=piece.id),
                             colour=drawing.paint[piece.id], colourName=piece.colour_name,
                             sizeName=piece.size_name)
            if piece.shape_name:
                said["shapeName"] = piece.shape_name
            said["orientations"] = list(piece.orientations)
            said["rotate"], said["flip"] = dict(piece.rotate), dict(piece.flip)
            said["name"] = words.piece_name(piece.id)
            said["orientationNames"] = orientation_words(piece, drawing.flip_axis)
            pieces.append(said)
        info = Info(name=game.name, title=game.title, pieces=pieces,
                    canRotate=words.can_rotate, canFlip=words.can_flip, levels=list(LEVELS),
                    board=drawing.frame(), help=tr(game.help))  # marked where declared
        if game.ordering is not None and game.ordering.explain_label:
            info["explain"] = tr(game.ordering.explain_label)  # marked where declared
        if game.booklet_note:
            info["bookletNote"] = game.booklet_note
        if game.generator is not None and game.generator.levels.note:
            info["levelsNote"] = tr(game.generator.levels.note)  # marked where declared
        return info

    def piece_view(self, piece: str, orientation: str) -> PieceView:
        orientation = self.game.check_orientation(piece, orientation)  # the piece too
        return self.game.drawing.piece(piece, orientation)

    # --- a position ---------------------------------------------------------------------------
    def view(self, challenge: str, placement: str) -> View:
        """The board as drawing primitives (see iqpuzzles.core.draw)."""
        return self.view_of(self.game.position(challenge_text(challenge), placement))

    def view_of(self, position: Position[Any], all_removable: bool = False) -> View:
        """The position drawn, with `pieceAt` (see pieces_at) and `spots` (what is on each
        location, in words)."""
        position = self.game.own_position(position)
        checks.flag(all_removable, "all_removable")
        return {"frame": copy.deepcopy(self._info["board"]),
                "shapes": self.game.drawing.board(position),
                "placement": str(position), "solved": position.is_solved,
                "pieceAt": self.pieces_at(position, all_removable),
                "spots": self._spots(position)}

    def _spots(self, position: Position[Any]) -> dict[str, str]:
        """location -> what is on it, in words, for screen readers: the pieces covering
        it by the names players tell apart ("the blue piece (4 loops, 1 with a hole)", not
        its letter), then what the drawing says is there ("blue peg"), or "empty"."""
        vocabulary = self.game.vocabulary
        words: dict[str, list[str]] = {code: [] for code in vocabulary.locations}
        for placement in position.placed:
            piece = placement.piece
            said = vocabulary.piece_name(piece)
            if piece in position.fixed_pieces:
                said = tr("%(name)s, the challenge's own", name=said)
            for location in self.game.rules.covers(placement):
                words.setdefault(location, []).append(said)
        for location, extra in self.game.drawing.spots(position).items():
            words.setdefault(location, []).extend(extra)
        return {code: clauses(said) if said else ptr("spot", "empty")
                for code, said in words.items()}

    def pieces_at(self, position: Position[Any], all_removable: bool = False) -> dict[str, str]:
        """location -> the piece a click there takes back (the one hit test of every front
        end: the last played on top). The challenge's pieces stay, unless `all_removable`
        (the editor)."""
        position = self.game.own_position(position)
        found = {}
        for placement in position.placed:
            if all_removable or placement.piece not in position.fixed_pieces:
                for location in self.game.rules.covers(placement):
                    found[location] = placement.piece
        return found

    def text(self, position: Position[Any]) -> str:
        """The position as text to read anywhere: the drawing (the command line's `show`),
        the key to its symbols and the challenge's wishes (Drawing.key), the pieces'
        colours."""
        position = self.game.own_position(position)
        pieces = clauses([f"{p.id} {p.colour_name}" for p in self.game.vocabulary.pieces
                          if p.colour_name])
        key = self.game.drawing.key(position)
        colours = tr("Pieces: %(pieces)s.", pieces=pieces) if pieces else ""
        return "\n\n".join(part for part in (self.game.drawing.text(position).rstrip("\n"), key,
                                              colours) if part)

    def explain(self, position: Position[Any]) -> dict[str, Any]:
        """The game's explanation of a position drawn over the board ({message, shapes});
        games that explain nothing answer no shapes."""
        position = self.game.own_position(position)
        if self.game.ordering is None:
            return {"message": "", "shapes": []}
        message, shapes = self.game.ordering.explanation(position)
        return {"message": message, "shapes": shapes}

    # --- a piece held over the board ---------------------------------------------------------
    def preview(self, challenge: str, placement: str, piece: str, orientation: str,
                location: str) -> Preview:
        """The piece held with its grip on `location`: placement, legality, ghost, and
        where it fits, the locations it would cover (a screen reader says them)."""
        game = self.game
        # the words first (each checked once), then the position they are over
        orientation = game.check_orientation(piece, orientation)  # the piece too
        location = game.check_location(location)
        position = game.position(challenge_text(challenge), placement)
        return self._held(position, piece, orientation, location).preview

    def hold(self, position: Position[Any], piece: str, orientation: str,
             location: str) -> Held[Any]:
        """The piece held with its grip on `location` over the position: what a click
        there does (the position it makes, or the refusal: one move, computed once) and
        what the page draws meanwhile (its preview)."""
        game = self.game
        position = game.own_position(position)
        orientation = game.check_orientation(piece, orientation)  # the piece too
        return self._held(position, piece, orientation, game.check_location(location))

    def _held(self, position: Position[Any], piece: str, orientation: str,
              location: str) -> Held[Any]:
        """As `hold`, of words already checked."""
        game = self.game
        held, ghost = game.drawing.hold(piece, orientation, location)
        if held is None:  # it cannot even be written: its reference is off the board
            with named_on_the_board([*position.pieces, piece]):  # the pieces it speaks of
                refusal = off_board(game, piece)
            return Held(None, refusal, Preview(None, refusal, ghost))
        after = position.after(held)
        if isinstance(after, Refusal):
            return Held(held, after, Preview(str(held), after, ghost))
        covers = list(game.rules.covers(held))  # only a fit is on the board
        return Held(held, after, Preview(str(held), None, ghost, covers))


@dataclass(frozen=True)
class Held(Generic[P]):
    """A piece held over a position: its placement (None when it cannot be written), the
    position a click makes or the Refusal, and the preview the page draws."""

    placement: P | None
    after: Position[P] | Refusal
    preview: Preview


def off_board(game: Game[Any], piece: str) -> Refusal:
    """The refusal of a piece held where it cannot even be written."""
    return Refusal("off-board", tr("the piece hangs off the board"),
                   tr("%(name)s would hang off the board.",
                      name=game.vocabulary.capitalised_name(piece)), (piece,))
