"""A game's vocabulary: the words it is played in, declared once per game (in its
vocabulary.py) and read by everything above: the rules (their refusals name pieces), the
drawing (it draws the locations, it does not define them), the page, the hints.

    locations     every spot of the board, by its code, in the board's order (a spot's
                  index is its bit in the game's masks), each with its row in words
                  ("Row A": screen readers say it) and its neighbours
    pieces        each piece: its id, its colours, size and (where those are another's
                  too) shape in words, its orientations, and which orientation Rotate
                  and Flip turn each one into (Rotate back undoes Rotate: its map is
                  made from Rotate's)

What a player calls a piece ("the red piece (4 loops, 1 with a hole)") is made here from
those words, told apart from the others (core/errors.PieceNames: the rules' refusals,
the hints and the lessons name pieces by it), in the language of the moment
(core/i18n.py): a piece keeps its colours as the catalog's words (English, its msgids)
and its size and shape as functions that say them when asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cached_property

from .i18n import current_language, listed, ptr, tr

Said = Callable[[], str]  # words said when asked, in the language of the moment

# the pieces a sentence about a move on the board may speak of (those on it, and the one
# moved), or None: every piece of the game (named_on_the_board)
_ON_THE_BOARD: ContextVar[frozenset[str] | None] = ContextVar("on_the_board", default=None)


@contextmanager
def named_on_the_board(pieces: Iterable[str]) -> Iterator[None]:
    """Within it, a piece is named by its colours alone where none of `pieces` (those on
    the board, and the one moved) shares them: a refused move's sentence speaks of pieces
    the player sees, so "the yellow piece" is enough where only one yellow piece is there
    (a hint, which names a piece still in the tray, names it among all of them)."""
    token = _ON_THE_BOARD.set(frozenset(pieces))
    try:
        yield
    finally:
        _ON_THE_BOARD.reset(token)


@dataclass(frozen=True)
class Piece:
    """One piece in words, and how it turns."""

    id: str
    colours: tuple[str, ...] | str  # ("red", "white", "green"): most of them first
    size: Said | str  # "4 loops, 2 with holes"
    orientations: tuple[str, ...]  # as the notation writes them, the tray's first first
    rotate: Mapping[str, str]  # orientation -> the one Rotate turns it into (clockwise)
    flip: Mapping[str, str]  # orientation -> the one Flip turns it into
    shape: Said | str | None = None  # "4 in a line": where colours and size are another's

    def __post_init__(self) -> None:
        # a game declared elsewhere may give its words as plain text (said as they are,
        # or as the catalog has them): one colour, a size, a shape
        if isinstance(self.colours, str):
            object.__setattr__(self, "colours", (self.colours,))

    @cached_property
    def rotate_back(self) -> Mapping[str, str]:
        """orientation -> the one Rotate back turns it into (anticlockwise): the one that
        Rotate turns into it (`rotate` is a permutation of the piece's orientations; were
        it not, of several the first, and one that none turns into stays as it is)."""
        back: dict[str, str] = {}
        for orientation in self.orientations:
            back.setdefault(self.rotate[orientation], orientation)
        return {o: back.get(o, o) for o in self.orientations}

    @property
    def colour_name(self) -> str:
        """ "red", "red, white and green": its colours in words, most of them first."""
        return listed([ptr("piece colour", colour) for colour in self.colours])

    @property
    def size_name(self) -> str:
        return _said(self.size)

    @property
    def shape_name(self) -> str:
        return _said(self.shape) if self.shape else ""


def _said(words: Said | str) -> str:
    return tr(words) if isinstance(words, str) else words()


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """A game's locations and pieces (see the module's docstring)."""

    locations: tuple[str, ...]  # codes, in the board's order
    rows: tuple[Said, ...]  # each location's row, in words (said when asked), in order
    neighbours: tuple[int, ...]  # each location's neighbours, a bit per location index
    pieces: tuple[Piece, ...]
    _pieces: dict[str, Piece] = field(init=False, repr=False)
    _index: dict[str, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_pieces", {piece.id: piece for piece in self.pieces})
        object.__setattr__(self, "_index", {code: i for i, code in enumerate(self.locations)})

    # --- what is in it -----------------------------------------------------------------
    @cached_property
    def piece_ids(self) -> tuple[str, ...]:
        return tuple(piece.id for piece in self.pieces)

    def piece_of(self, piece: str) -> Piece:
        return self._pieces[piece]

    def index(self, location: str) -> int:
        """A location's index (its bit) from its code."""
        return self._index[location]

    def has_location(self, code: str) -> bool:
        return code in self._index

    def has_piece(self, piece: str) -> bool:
        return piece in self._pieces

    @cached_property
    def can_rotate(self) -> bool:
        return any(p.rotate[o] != o for p in self.pieces for o in p.orientations)

    @cached_property
    def can_flip(self) -> bool:
        return any(p.flip[o] != o for p in self.pieces for o in p.orientations)

    def row_name(self, index: int) -> str:
        """The row of the location of `index` in words ("Row A"), in the language spoken."""
        return self.rows[index]()

    # --- a piece in words ----------------------------------------------------------------
    def piece_name(self, piece: str) -> str:
        """ "the red piece (4 loops, 1 with a hole)": the piece as players know it, told
        apart from the others (every sentence for players names it so); within
        named_on_the_board, from the others there."""
        among = _ON_THE_BOARD.get()
        if among is not None:
            words = self.piece_of(piece)
            if not any(other.id != piece and other.id in among
                       and set(other.colours) == set(words.colours) for other in self.pieces):
                return tr("the %(colour)s piece", colour=words.colour_name)
        return self._names(current_language())[piece]

    def capitalised_name(self, piece: str) -> str:
        name = self.piece_name(piece)
        return name[:1].upper() + name[1:]

    def _names(self, language: str) -> dict[str, str]:
        """Every piece's name in `language` (the one spoken now), made once."""
        names = self._said.get(language)
        if names is None:
            names = {piece.id: _name_among(piece, self.pieces) for piece in self.pieces}
            self._said[language] = names
        return names

    @cached_property
    def _said(self) -> dict[str, dict[str, str]]:
        return {}


def _name_among(piece: Piece, pieces: tuple[Piece, ...]) -> str:
    """A piece in words, told apart from the others: "the red piece" by its colours, and
    where pieces share them in any order ("blue and white", "white and blue") its size
    too, "the red piece (4 loops, 1 with a hole)", and where that is shared as well, its
    shape ("5 squares, 4 in a line")."""
    colour = piece.colour_name
    twins = [other for other in pieces if set(other.colours) == set(piece.colours)]
    if len(twins) == 1:
        return tr("the %(colour)s piece", colour=colour)
    size = piece.size_name
    if sum(other.size_name == size for other in twins) > 1 and piece.shape_name:
        size = tr("%(size)s, %(shape)s", size=size, shape=piece.shape_name)
    return tr("the %(colour)s piece (%(size)s)", colour=colour, size=size)


def grid_neighbours(width: int, height: int, index_of: Mapping[tuple[int, int], int]) -> \
        tuple[int, ...]:
    """Each location's neighbours (up, down, left, right) on a square grid whose
    locations are `index_of` (column, row) -> index: a bit per neighbour's index."""
    found = [0] * len(index_of)
    for (x, y), index in index_of.items():
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            other = index_of.get((x + dx, y + dy))
            if other is not None and 0 <= x + dx < width and 0 <= y + dy < height:
                found[index] |= 1 << other
    return tuple(found)
