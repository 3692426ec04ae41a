"""The hint, for every game: the next piece of a solution, or the piece to take back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import reasoning
from .types import Hint, HintKind

if TYPE_CHECKING:
    from .game import Game
    from .position import Placement, Position

HINT_SOLUTIONS = 24  # solutions of the challenge compared when a position is stuck
HINT_TRIES = 3000  # placements a hint's reasoning tries in its head at most (then it guesses)


def hint(position: Position) -> Hint:
    """The next piece of a solution that extends the position, or the blocker (see
    `_hint`)."""
    return _hint(position)[0]


def _hint(position: Position) -> tuple[Hint, str]:
    """The hint, and for a piece to place, why to look at it (the ladder's first rung).

    The piece is the one a player reasoning from here places next (core/reasoning.py:
    the easiest sure step each time), and the why names the reasoning that finds it.
    Where the game gives no board for that, or the piece found must wait for another
    (IQ-Steps), it is the piece of a solution with the fewest places now (the one a
    player is most likely stuck on). When no solution goes on, the player's piece that
    disagrees with the solution most like the position is to be taken back (or, IQ-Steps,
    one played too early).
    """
    game = position.game
    solver, rules, names = game.solver, game.rules, game.page
    if position.is_solved:
        return Hint(HintKind.SOLVED, "Solved: every piece is in place.",
                    f"This {game.title} challenge is solved."), ""
    setup = position.setup
    found = next(solver.complete(setup, position.placed, 1), None)
    if found is not None:
        best, why = _reasoned(position, found)
        return Hint(HintKind.PLACE, f"{names.capitalised_name(best.piece)} goes here.",
                    f"Piece {best.piece} goes at {best}.", placement=str(best),
                    piece=best.piece, locations=tuple(rules.covers(best))), why
    known = [setup.fixed + added
             for added in solver.complete(setup, setup.fixed, HINT_SOLUTIONS)]
    if not known:
        return Hint(HintKind.IMPOSSIBLE, "This challenge has no solution.",
                    "This challenge has no solution."), ""
    mine = sorted(position.played, key=lambda p: p.piece)

    def agrees(placement: Placement, solution: dict[str, Placement]) -> bool:
        other = solution.get(placement.piece)
        return other is not None and rules.equivalent(setup, placement, other)

    solutions = [{p.piece: p for p in solution} for solution in known]
    closest = max(solutions, key=lambda s: sum(agrees(p, s) for p in mine))
    for placement in mine:
        if not agrees(placement, closest):
            return Hint(HintKind.REMOVE, f"No solution goes on from here: "
                        f"{names.piece_name(placement.piece)} is not where the solution has it. "
                        "Take it back.",
                        f"No solution goes on from here: piece {placement.piece} ({placement}) "
                        "is not where the solution has it. Take it back.",
                        placement=str(placement), piece=placement.piece,
                        locations=tuple(rules.covers(placement))), ""
    needed = [p for piece, p in sorted(closest.items()) if piece not in position.pieces]
    early = game.ordering.played_too_early(mine, needed) if game.ordering else None
    if early is None:  # pragma: no cover - every stuck position has a piece to blame
        raise AssertionError("a stuck position has a piece to take back")
    placement, why = early
    return Hint(HintKind.REMOVE, f"{names.capitalised_name(placement.piece)} was played too "
                "early: it blocks a piece that must go in before it. Take it back.",
                f"Piece {placement.piece} ({placement}) was played too early: {why}. "
                "Take it back.", placement=str(placement), piece=placement.piece,
                locations=tuple(rules.covers(placement))), ""


def _reasoned(position: Position, found: tuple[Placement, ...]) -> tuple[Placement, str]:
    """The placement a player reasoning from the position makes next, and the reasoning
    in words; the fewest-places piece of `found` (a completion) where that fails."""
    game = position.game
    ordering = game.ordering
    board = game.solver.board(position.setup, position.placed)
    if board is not None:
        reasoner = reasoning.Reasoner(board, limit=HINT_TRIES)
        taken: list[reasoning.Step] = []
        for step in reasoner.steps(reasoning.solution_rows(board, found)):
            taken.append(step)
            if step.play is not None:  # (IQ-Steps: one that may be played next)
                placement = board.placements[step.play]
                if ordering is None or ordering.may_come_next(found, placement):
                    return placement, explain(position, taken, placement,
                                              reasoner.spent >= reasoner.limit)
    candidates = [p for p in found if ordering is None or ordering.may_come_next(found, p)]

    def options(placement: Placement) -> int:
        return sum(1 for _ in game.solver.legal(position.setup, position.placed,
                                                placement.piece))

    best = min(candidates or found, key=lambda p: (options(p), p.piece))
    return best, f"Look at {game.page.piece_name(best.piece)}: {reason(position, best)}."


def explain(position: Position, steps: list[reasoning.Step], placement: Placement,
            hurried: bool = False) -> str:
    """What a player reasons to find `placement` (the last of `steps`), in a sentence or
    two: the hardest technique on the way, then how the piece is found (`hurried`: the
    reasoning stopped looking ahead before it found a sure step)."""
    game = position.game
    name = game.page.piece_name(placement.piece)
    last = steps[-1]
    if last.technique == reasoning.GUESS and hurried:
        final = f"no quick sure step shows here: try {name} and see where it leads"
    elif last.technique == reasoning.GUESS:
        final = f"no sure step is left here: try {name} and see where it leads"
    elif last.technique == reasoning.SPOT and last.spot is not None:
        final = f"only {name} can still reach the spot {region(game, last.spot)}"
    else:
        final = f"{name} has only one place left"
    hardest = max(step.technique for step in steps)
    if hardest <= reasoning.PIECE or hardest == reasoning.GUESS:
        return _sentence(final)
    chosen = [step for step in steps if step.technique == hardest]
    step = next((s for s in reversed(chosen) if s.piece == placement.piece), chosen[-1])
    other = game.page.piece_name(step.piece) if step.piece else "a piece"
    same = step.piece == placement.piece and last.technique == reasoning.PIECE
    if hardest == reasoning.GAP and step.gap and step.spot is not None:
        first = (f"the gap of {step.gap} spots {region(game, step.spot)} can only be "
                 f"filled with {other} in it")
    elif hardest == reasoning.GAP:
        first = (f"{'every other place' if same else 'some places'} for {other} would leave "
                 "a spot or a gap that no piece can fill")
    elif hardest == reasoning.LOOK:
        first = (f"try the places of {other} in your head: {'all but one' if same else 'some'} "
                 "run into a dead end within a few moves")
    elif hardest == reasoning.DEEP:
        first = (f"try the places of {other} in your head, two pieces ahead: "
                 f"{'all but one' if same else 'some'} run into a dead end")
    elif step.deduction is not None:  # a game's own technique
        first = step.deduction.why(other)
    else:
        first = f"some places of {other} are out: {hardest.words}"
    if same and not (hardest == reasoning.GAP and step.gap):
        return _sentence(first)
    return _sentence(f"{first}; then {final}")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


# --- the hint ladder: each rung tells a little more ------------------------------------------

LOOK, WHERE, EXACTLY = 1, 2, 3  # which piece and why; the spots it covers; its placement


def ladder(position: Position, level: int) -> Hint:
    """The hint on rung `level` of the ladder (1: which piece to look at and the reasoning
    that finds it, naming no location's code; 2: the spots it must cover, not how it is
    turned; 3: the placement). Answers other than "place a piece" are whole on every rung."""
    whole, why = _hint(position)
    if whole.kind is not HintKind.PLACE or level >= EXACTLY:
        return whole
    assert whole.placement is not None and whole.piece is not None
    game = position.game
    target = game.notation.read_item(whole.placement)
    name = game.page.piece_name(target.piece)
    if level <= LOOK:
        return Hint(HintKind.PLACE, why, f"Look at piece {target.piece}.", piece=target.piece)
    spots = tuple(game.rules.covers(target))
    return Hint(HintKind.PLACE, f"{name[:1].upper()}{name[1:]} goes over the marked spots.",
                f"Piece {target.piece} covers {' '.join(spots)}.", piece=target.piece,
                locations=spots)


def reason(position: Position, target: Placement) -> str:
    """Why a player should look at the piece of `target` now, from the solver's own view of
    the position: a spot only it can fill, or how few places it has left."""
    game = position.game
    options: dict[str, list[Placement]] = {}
    for placement in game.solver.legal(position.setup, position.placed, None):
        options.setdefault(placement.piece, []).append(placement)
    fillers: dict[str, set[str]] = {}
    for piece, placements in options.items():
        for placement in placements:
            for spot in game.rules.covers(placement):
                fillers.setdefault(spot, set()).add(piece)
    alone = [spot for spot in game.rules.covers(target) if fillers.get(spot) == {target.piece}]
    if alone:
        return f"it is the only piece that can fill a spot {region(game, alone[0])}"
    count = len(options.get(target.piece, ()))
    if count == 1:
        return "it has only one place left"
    fewest = min(len(p) for p in options.values())
    if count == fewest:
        return f"it has the fewest places left ({count})"
    return "a solution goes on with it next"


def region(game: Game, spot: str) -> str:
    """Where a spot is on the board, in words ("in the top-left corner"), not its code."""
    frame = game.page.info()["board"]["locations"]
    xs = sorted({loc["x"] for loc in frame})
    ys = sorted({loc["y"] for loc in frame})
    here = next(loc for loc in frame if loc["code"] == spot)

    def third(value: float, values: list[float]) -> int:
        low, high = values[0], values[-1]
        return 1 if high == low else min(2, int(3 * (value - low) / (high - low + 1e-9)))

    row = ("top", "middle", "bottom")[third(here["y"], ys)]
    column = ("left", "middle", "right")[third(here["x"], xs)]
    if row == column == "middle":
        return "in the middle of the board"
    if "middle" in (row, column):
        side = column if row == "middle" else row
        return f"on the {side} side"
    return f"in the {row}-{column} corner"
