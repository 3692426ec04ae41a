"""Solver-based answers shared by all games: the hint."""

from collections.abc import Callable, Hashable
from typing import Any

from .game import Hint

HINT_SOLUTIONS = 24  # solutions of the challenge compared when the position is stuck


def hint_from_solutions(
    *,
    title: str,
    placed: dict[str, Hashable],
    names: dict[str, str],
    completion: Callable[[], Any],
    solutions: Callable[[int], list],
    pieces_of: Callable[[Any], dict[str, Hashable]],
    item_of: Callable[[Any, str], str],
    options: Callable[[str], int],
) -> Hint:
    """The next piece of a solution that extends the position, or the blocker.

    placed: the player's own pieces (not the challenge's), each by a key that two
    placements share exactly when they are the same move (modulo the game's
    symmetry). names: every piece on the board -> its placement string.
    completion(): one solution extending the position, or None. solutions(n): up
    to n solutions of the challenge alone. pieces_of(solution): piece -> key.
    item_of(solution, piece): that piece's placement string in the solution.
    options(piece): how many places the piece has now; the most constrained piece
    is hinted first, because it is the one a player is most likely stuck on.
    """
    found = completion()
    if found is not None:
        missing = [p for p in pieces_of(found) if p not in names]
        if not missing:
            return Hint("solved", f"This {title} challenge is solved.")
        piece = min(missing, key=lambda p: (options(p), p))
        item = item_of(found, piece)
        return Hint("place", f"Piece {piece} goes at {item}.", placement=item, piece=piece)
    known = solutions(HINT_SOLUTIONS)
    if not known:
        return Hint("impossible", "This challenge has no solution.")

    def agreement(solution) -> int:
        keys = pieces_of(solution)
        return sum(1 for piece, key in placed.items() if keys.get(piece) == key)

    best = pieces_of(max(known, key=agreement))
    blockers = [piece for piece in sorted(placed) if best.get(piece) != placed[piece]]
    piece = blockers[0]
    return Hint("remove", f"No solution goes on from here: piece {piece} ({names[piece]}) "
                "is not where the solution has it. Take it back.",
                placement=names[piece], piece=piece)
