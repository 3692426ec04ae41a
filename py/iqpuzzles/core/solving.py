"""The hint, for every game: the next piece of a solution, or the piece to take back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .position import Placement, Position
from .types import HintKind

if TYPE_CHECKING:
    from .game import Game, Hint


def hint(game: Game, position: Position) -> Hint:
    """The next piece of a solution that extends the position, or the blocker.

    Of the pieces a solution still needs (and that may come next), the one with the
    fewest places now is named first: it is the one a player is most likely stuck on.
    When no solution goes on, the player's piece that disagrees with the solution most
    like the position is to be taken back (or, IQ-Steps, one played too early).
    """
    from .game import HINT_SOLUTIONS, Hint

    if position.is_solved:
        return Hint(HintKind.SOLVED, "Solved: every piece is in place.",
                    f"This {game.title} challenge is solved.")
    setup = position.setup
    found = next(game.complete(setup, position.placed, 1), None)
    if found is not None:
        candidates = [p for p in found if game.may_come_next(found, p)] or list(found)

        def options(placement: Placement) -> int:
            return sum(1 for _ in game.legal(setup, position.placed, placement.piece))

        best = min(candidates, key=lambda p: (options(p), p.piece))
        return Hint(HintKind.PLACE, f"{game.capitalised_name(best.piece)} goes here.",
                    f"Piece {best.piece} goes at {best}.", placement=str(best),
                    piece=best.piece, locations=tuple(game.covers(best)))
    known = [setup.fixed + added
             for added in game.complete(setup, setup.fixed, HINT_SOLUTIONS)]
    if not known:
        return Hint(HintKind.IMPOSSIBLE, "This challenge has no solution.",
                    "This challenge has no solution.")
    mine = sorted(position.played, key=lambda p: p.piece)

    def agrees(placement: Placement, solution: dict[str, Placement]) -> bool:
        other = solution.get(placement.piece)
        return other is not None and game.equivalent(setup, placement, other)

    solutions = [{p.piece: p for p in solution} for solution in known]
    closest = max(solutions, key=lambda s: sum(agrees(p, s) for p in mine))
    for placement in mine:
        if not agrees(placement, closest):
            return Hint(HintKind.REMOVE, f"No solution goes on from here: "
                        f"{game.piece_name(placement.piece)} is not where the solution has it. "
                        "Take it back.",
                        f"No solution goes on from here: piece {placement.piece} ({placement}) "
                        "is not where the solution has it. Take it back.",
                        placement=str(placement), piece=placement.piece,
                        locations=tuple(game.covers(placement)))
    needed = [p for piece, p in sorted(closest.items()) if piece not in position.pieces]
    early = game.played_too_early(mine, needed)
    if early is None:  # pragma: no cover - every stuck position has a piece to blame
        raise AssertionError("a stuck position has a piece to take back")
    placement, why = early
    return Hint(HintKind.REMOVE, f"{game.capitalised_name(placement.piece)} was played too "
                "early: it blocks a piece that must go in before it. Take it back.",
                f"Piece {placement.piece} ({placement}) was played too early: {why}. "
                "Take it back.", placement=str(placement), piece=placement.piece,
                locations=tuple(game.covers(placement)))
