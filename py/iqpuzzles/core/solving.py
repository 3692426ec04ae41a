"""The hint, for every game: the next piece of a solution, or the piece to take back."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from . import claims
from .claims import Rung
from .i18n import current_language
from .sentences import claim_said, placement_said, said
from .types import Claim, Hint, HintKind

if TYPE_CHECKING:
    from .game import Game
    from .position import Placement, Position

HINT_SOLUTIONS = 24  # solutions of the challenge compared when a position is stuck


def hint(position: Position[Any]) -> Hint:
    """The next piece of a solution that extends the position, or the blocker (see
    `_hint`)."""
    return _hint(position)[0]


def _hint(position: Position[Any]) -> tuple[Hint, Rung | None]:
    """`_worked_out`, remembered for the last few positions asked about in each language:
    the ladder's rungs are asked about one position one at a time (the page's Hint button
    pressed again), and each would search it again."""
    return _remembered(position.game, position, current_language())


@lru_cache(maxsize=16)
def _remembered(game: Game[Any], position: Position[Any],
                language: str) -> tuple[Hint, Rung | None]:
    """(`game` by identity: positions compare by their game's name, which two games may
    share.)"""
    return _worked_out(position)


def _worked_out(position: Position[Any]) -> tuple[Hint, Rung | None]:
    """The hint, and for a piece to place, its first rung (core/claims.py: the piece a
    player looks at next, and why, true of the board as it is).

    Where the game gives no board to reason on, the piece is the one of a solution with
    the fewest places now (the one a player is most likely stuck on). When no solution
    goes on, the player's piece that disagrees with the solution most like the position
    is to be taken back (or, IQ-Steps, one played too early).
    """
    game = position.game
    solver, rules = game.solver, game.rules
    if position.is_solved:
        return Hint(HintKind.SOLVED, *said("solved", title=game.title)), None
    setup = position.setup
    found = next(solver.complete(setup, position.placed, 1), None)
    if found is not None:
        rung = claims.first_rung(position, found) or _fewest(position, found)
        best = rung.placement
        return Hint(HintKind.PLACE, *placement_said("goes-at", game, best),
                    placement=str(best), piece=best.piece,
                    locations=tuple(rules.covers(best))), rung
    known = [setup.fixed + added
             for added in solver.complete(setup, setup.fixed, HINT_SOLUTIONS)]
    if not known:
        return Hint(HintKind.IMPOSSIBLE, *said("impossible")), None
    mine = sorted(position.played, key=lambda p: p.piece)

    def agrees(placement: Placement, solution: dict[str, Placement]) -> bool:
        other = solution.get(placement.piece)
        return other is not None and game.symmetry.equivalent(setup, placement, other)

    solutions = [{p.piece: p for p in solution} for solution in known]
    closest = max(solutions, key=lambda s: sum(agrees(p, s) for p in mine))
    for placement in mine:
        if not agrees(placement, closest):
            return Hint(HintKind.REMOVE, *placement_said("take-back", game, placement),
                        placement=str(placement), piece=placement.piece,
                        locations=tuple(rules.covers(placement))), None
    needed = [p for piece, p in sorted(closest.items()) if piece not in position.pieces]
    early = game.ordering.played_too_early(mine, needed) if game.ordering else None
    if early is None:  # pragma: no cover - every stuck position has a piece to blame
        raise AssertionError("a stuck position has a piece to take back")
    placement, before = early
    return Hint(HintKind.REMOVE, *placement_said("too-early", game, placement, before=before),
                placement=str(placement), piece=placement.piece,
                locations=tuple(rules.covers(placement))), None


def _fewest(position: Position[Any], found: tuple[Placement, ...]) -> Rung:
    """For a game that gives no board to reason on: the piece of `found` (a completion)
    with the fewest places now, that may be played next; one place left (and a spot of
    it), or a guess."""
    game = position.game
    ordering = game.ordering
    candidates = [p for p in found if ordering is None or ordering.may_come_next(found, p)]

    def options(placement: Placement) -> int:
        return sum(1 for _ in game.solver.legal(position.setup, position.placed,
                                                placement.piece))

    best = min(candidates or found, key=lambda p: (options(p), p.piece))
    if options(best) == 1:  # its one place, over the first spot it covers (marked)
        spot = next(iter(game.rules.covers(best)))
        return Rung(best, Claim("one-place", best.piece, spot))
    return Rung(best, Claim("guess", best.piece))


# --- the hint ladder: each rung tells a little more ------------------------------------------

LOOK, WHERE, EXACTLY = 1, 2, 3  # which piece and why; the spots it covers; its placement


def ladder(position: Position[Any], level: int) -> Hint:
    """The hint on rung `level` of the ladder (1: which piece to look at and why, true of
    the board, with the spot it names if any, in words and marked; 2: the spots it must
    cover, not how it is turned; 3: the placement). A piece to take back is named, and
    why, on rungs 1 and 3; rung 2 says where the solution goes on once it is back. Other
    answers are whole on every rung."""
    whole, rung = _hint(position)
    if whole.kind is HintKind.REMOVE and level == WHERE:
        return _going_on(position, whole)
    if whole.kind is not HintKind.PLACE or level >= EXACTLY:
        return whole
    assert whole.placement is not None and whole.piece is not None and rung is not None
    game = position.game
    target = rung.placement
    if level <= LOOK:
        spot = rung.claim.spot
        return Hint(HintKind.PLACE, *claim_said(game, rung.claim), piece=target.piece,
                    locations=(spot,) if spot is not None else (), claims=(rung.claim,))
    spots = tuple(game.rules.covers(target))
    return Hint(HintKind.PLACE, *placement_said("goes-over", game, target,
                                                spots=" ".join(spots)),
                piece=target.piece, locations=spots)


def _going_on(position: Position[Any], blocker: Hint) -> Hint:
    """A stuck position's second rung: the piece to take back (as on the first and the
    third), and where the solution goes on once it is back, in words and marked: the next
    piece's spots, or the next piece to take back too."""
    game = position.game
    assert blocker.piece is not None and blocker.placement is not None
    taken = position.pieces[blocker.piece]
    then, _ = _hint(position.remove(blocker.piece))
    name = game.vocabulary.piece_name
    if then.kind is HintKind.PLACE and then.piece == blocker.piece:
        words = placement_said("then-moves", game, taken, spots=" ".join(then.locations))
    elif then.kind is HintKind.PLACE and then.piece is not None:
        words = placement_said("then-goes-over", game, taken, next=name(then.piece),
                               nextid=then.piece, spots=" ".join(then.locations))
    elif then.kind is HintKind.REMOVE and then.piece is not None:
        words = placement_said("then-take-back", game, taken, next=name(then.piece),
                               nextid=then.piece, nextat=then.placement)
    else:  # (the piece back, the board is solved or the challenge has no solution)
        return blocker
    return Hint(HintKind.REMOVE, *words, placement=blocker.placement, piece=blocker.piece,
                locations=then.locations)
