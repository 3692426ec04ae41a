"""The ops of the JSON API (api.py frames them): what each answers, and the arguments it
takes, declared once per op (`OPS`): their names, in order, each with its kind (text, a
whole number, true or false, a list of texts...) and whether it may be left out. The
framing checks every request against its op's spec before the op runs, so an op's
function trusts its arguments' kinds; what they mean (a piece of the game, a challenge
of it) its game checks.

Every op that takes `game` is about that game alone; positions are strings in the
game's own notation, so the page holds no rules.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import __version__, game, games
from .core import checks, turning
from .core.editor import refusal
from .core.errors import ChallengeError, IllegalPlacementError, PuzzleError, Refusal
from .core.game import Game
from .core.i18n import ntr, number, tr
from .core.pictures import picture
from .core.position import Placement, Position
from .core.types import HintKind, PieceView

# The largest `limit` each op accepts: more would keep a player waiting. Measured on
# CPython on a busy 2-core machine (Pyodide is slower), the worst board is IQ-Link's
# empty one: 20 solutions take 3.4 s, 100 take 14 s, 1000 take 30 s.
LIMITS = {"solutions": 100, "verdict": 100}
MAX_TEXT = 1000  # characters in a text argument (a whole placement is under 100)
MAX_SEED_TEXT = 64  # characters in a seed given as text
MAX_SEED = 10**15 - 1  # a whole number argument (a JavaScript number holds it exactly)
MAX_LIST = 500  # texts in a list argument (the picker's solved challenges of a game)


class RequestError(PuzzleError):
    """A request the API cannot run: not an object, an unknown op, or an argument that
    is missing, unknown or of the wrong kind."""


# --------------------------------------------------------------------------- argument kinds

@dataclass(frozen=True)
class Kind:
    """What an argument may be: a test, and the same in words ("text (UTF-8, ...)")."""

    words: str
    accepts: Callable[[object], bool]

    def __or__(self, other: Kind) -> Kind:
        return Kind(f"{self.words} or {other.words}",
                    lambda value: self.accepts(value) or other.accepts(value))


def text(longest: int = MAX_TEXT) -> Kind:
    return Kind(f"text (UTF-8, at most {longest} characters)",
                lambda value: checks.is_text(value) and len(value) <= longest)


def one_of(*words: str) -> Kind:
    return Kind(" or ".join(repr(w) for w in words), lambda value: value in words)


def limit(most: int) -> Kind:
    return Kind(f"a whole number from 1 to {most}",
                lambda value: checks.is_whole(value, 1, most))


TEXT = text()
NULL = Kind("null", lambda value: value is None)
BOOL = Kind("true or false", lambda value: isinstance(value, bool))
NUMBER = Kind(f"a whole number of at most {len(str(MAX_SEED))} digits",
              lambda value: checks.is_whole(value, -MAX_SEED, MAX_SEED))
TEXTS = Kind(f"a list of at most {MAX_LIST} items, each {TEXT.words}",
             lambda value: isinstance(value, list) and len(value) <= MAX_LIST
             and all(TEXT.accepts(item) for item in value))
SEED = NUMBER | text(MAX_SEED_TEXT)


@dataclass(frozen=True)
class Arg:
    kind: Kind
    optional: bool = False


def optional(kind: Kind) -> Arg:
    return Arg(kind, optional=True)


@dataclass(frozen=True)
class Mode:
    """One of the things an op does: its function, the arguments that choose it (all of
    them given, not null) and the other arguments it takes besides the op's shared ones."""

    run: Callable[..., object]
    chosen_by: tuple[str, ...]
    also: tuple[str, ...] = ()


@dataclass(frozen=True)
class Op:
    """An op: its arguments (name -> Arg, in the order its messages list them) and its
    function, or its modes (exactly one of which a request must choose) and the arguments
    every mode takes (`shared`)."""

    arguments: dict[str, Arg]
    run: Callable[..., object] | None = None
    modes: tuple[Mode, ...] = ()
    shared: tuple[str, ...] = ()

    def function(self, name: str, arguments: dict[str, object]) -> tuple[Callable[..., object],
                                                                        dict[str, object]]:
        """What runs for these (checked) arguments, and the arguments it takes."""
        if self.run is not None:
            return self.run, arguments
        chosen = [mode for mode in self.modes
                  if all(arguments.get(key) is not None for key in mode.chosen_by)]
        if len(chosen) != 1:
            ways = "; ".join(_listed(mode.chosen_by) for mode in self.modes)
            raise RequestError(f"op {name!r} takes one of: {ways}")
        mode = chosen[0]
        keys = (*self.shared, *mode.chosen_by, *mode.also)
        return mode.run, {key: value for key, value in arguments.items() if key in keys}


def _listed(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _arguments(specs: dict[str, Arg | Kind]) -> dict[str, Arg]:
    return {name: spec if isinstance(spec, Arg) else Arg(spec) for name, spec in specs.items()}


def op(run: Callable[..., object], **arguments: Arg | Kind) -> Op:
    """An op that runs `run` with its arguments."""
    return Op(_arguments(arguments), run)


def modes(*ways: Mode, shared: tuple[str, ...], **arguments: Arg | Kind) -> Op:
    """An op that runs one of its modes, as the request's arguments choose."""
    return Op(_arguments(arguments), modes=ways, shared=shared)


# --------------------------------------------------------------------------- the ops

def ping() -> dict[str, Any]:
    return {"python": sys.version.split()[0], "version": __version__, "games": list(games())}


def games_op() -> list[dict[str, Any]]:
    return [{"name": name, "title": game(name).title} for name in games()]


def info(game: str) -> dict[str, Any]:
    g = _game(game)
    return {**g.page.info(), "canGenerate": g.can_generate}


def challenges(game: str) -> list[dict[str, Any]]:
    return [entry.to_json() for entry in _game(game).challenges]


def start(game: str, challenge: str) -> str:
    return _game(game).strings.start_placement(challenge)


def view(game: str, challenge: str, placement: str, solvable: bool = False) -> dict[str, Any]:
    """The position drawn; with `solvable`, also whether it can still be completed."""
    g = _game(game)
    position = g.position(challenge, placement)
    drawn = dict(g.page.view_of(position))
    if solvable:
        drawn["solvable"] = position.is_solvable
    return drawn


def opening(game: str, challenge: str, placement: str | None = None) -> dict[str, Any]:
    """A challenge opened in one call: its `start` (as the op start answers it) and the
    `view` of `at`, which is `placement` (a saved game's or a link's position) when that
    is a position of the challenge, else the start. A challenge that is not one of the
    game's is an error, as with start; a placement that does not fit it is not."""
    first = start(game, challenge)
    if placement is not None and placement != first:
        try:
            return {"start": first, "at": placement, "view": view(game, challenge, placement)}
        except PuzzleError:  # not a position of it: the page says so and starts afresh
            pass
    return {"start": first, "at": first, "view": view(game, challenge, first)}


def pictures(game: str, challenges: list[str], placements: list[str]) -> list[Any]:
    """Small pictures of positions (core/pictures.py), for the picker: the position of each
    challenge with the placement at the same index, drawn as a picture (its shapes), or
    None for one that is not a position of its challenge (it is drawn from its start)."""
    g = _game(game)
    if len(challenges) != len(placements):
        raise RequestError("op 'pictures' takes as many placements as challenges")
    drawn: list[Any] = []
    for challenge, placement in zip(challenges, placements, strict=True):
        try:
            drawn.append(picture(g, g.position(challenge, placement)))
        except PuzzleError:
            drawn.append(None)
    return drawn


def explain(game: str, challenge: str, placement: str) -> dict[str, Any]:
    """The game's explanation of the position drawn over the board ({message, shapes}),
    for games whose info offers one (`explain`); others answer no shapes."""
    g = _game(game)
    return g.page.explain(g.position(challenge, placement))


def drawing(game: str, challenge: str, placement: str, key: bool = False) -> str:
    """The position as the command line's `show` draws it: plain text, for the clipboard;
    with `key`, what its symbols mean, the challenge's wishes and the pieces' colours too
    (Page.text)."""
    g = _game(game)
    position = g.position(challenge, placement)
    return g.page.text(position) if key else g.drawing.text(position)


def piece(game: str, piece: str, orientation: str) -> PieceView:
    return _game(game).page.piece_view(piece, orientation)


def preview(game: str, challenge: str, placement: str, piece: str, orientation: str,
            location: str) -> dict[str, Any]:
    return _game(game).page.preview(challenge, placement, piece, orientation, location).to_json()


# --- move: one player action, in one of three modes -------------------------------------------

def _moved(g: Game[Any], position: Position[Any], item: str | None = None,
           refused: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"placement": str(position), "view": g.page.view_of(position),
            "solved": position.is_solved, "refused": refused, "item": item}


def _with_solvable(answer: dict[str, Any], position: Position[Any],
                   solvable: bool) -> dict[str, Any]:
    if solvable:
        answer["solvable"] = position.is_solvable
    return answer


def move_item(game: str, challenge: str, placement: str, item: str,
              solvable: bool = False) -> dict[str, Any]:
    """Play `item` (a piece placement in the game's notation)."""
    g = _game(game)
    position = g.position(challenge, placement)
    played = g.notation.read_item(item)
    return _move(g, position, played, position.after(played), solvable)


def move_held(game: str, challenge: str, placement: str, piece: str, orientation: str,
              location: str, solvable: bool = False) -> dict[str, Any]:
    """Play the piece held (`piece` in `orientation` by its grip on `location`: what a
    click, a tap or Enter asks)."""
    g = _game(game)
    position = g.position(challenge, placement)
    held = g.page.hold(position, piece, orientation, location)
    return _move(g, position, held.placement, held.after, solvable)


def move_turn(game: str, challenge: str, placement: str, turn: str, how: str,
              solvable: bool = False) -> dict[str, Any]:
    """Turn the piece `turn` where it lies (`how`: "rotate", clockwise; "rotate-back",
    anticlockwise; or "flip": core/turning.py): the answer to a move, and `turned`: the
    piece, its new orientation and, where it went, the spots it covers (a screen reader
    says them)."""
    g = _game(game)
    position = g.position(challenge, placement)
    made = turning.turned(position, turn, how)
    answer = _move(g, position, made.placement, made.after, solvable)
    covers = [] if made.placement is None else list(g.rules.covers(made.placement))
    answer["turned"] = {"piece": made.piece, "orientation": made.orientation, "covers": covers}
    return answer


def _move(g: Game[Any], position: Position[Any], played: Placement | None,
          after: Position[Any] | Refusal, solvable: bool) -> dict[str, Any]:
    """The answer to a move: the new position, or the same one and why not."""
    if isinstance(after, Refusal):
        return _with_solvable(_moved(g, position, refused=after.to_json()), position, solvable)
    return _with_solvable(_moved(g, after, str(played)), after, solvable)


def take_back(game: str, challenge: str, placement: str, remove: str,
              orientation: str | None = None, location: str | None = None,
              solvable: bool = False) -> dict[str, Any]:
    """Take back the piece `remove`; with `orientation` and `location`, the ghost of the
    piece, back in the player's hand under the pointer, held there too."""
    g = _game(game)
    position = g.position(challenge, placement).remove(remove)
    answer = _moved(g, position)
    if orientation is not None and location is not None:
        answer["ghost"] = g.page.hold(position, remove, orientation, location).preview.to_json()
    return _with_solvable(answer, position, solvable)


def hint(game: str, challenge: str, placement: str, level: int = 3) -> dict[str, Any]:
    """The hint on rung `level` (1 which piece and why, 2 where, 3 the placement). A
    hint on rung 3 also carries `after`: the position once it is played (a piece placed,
    or one taken back), as `move` answers it, so that a page that plays the hint needs no
    second call."""
    g = _game(game)
    position = g.position(challenge, placement)
    found = position.hint(level)
    answer = found.to_json()
    if found.piece is not None and level >= 3 and found.kind in (HintKind.PLACE, HintKind.REMOVE):
        # (its top rung, played by the page: the piece placed, or taken back)
        after = (position.play(found.placement) if found.kind is HintKind.PLACE
                 else position.remove(found.piece))
        answer["after"] = {"placement": str(after), "view": g.page.view_of(after),
                           "solved": after.is_solved, "refused": None}
    return answer


def solvable(game: str, challenge: str, placement: str) -> dict[str, Any]:
    """Whether the position can still be completed, and nothing more."""
    return {"solvable": _game(game).position(challenge, placement).is_solvable}


def solve(game: str, challenge: str, placement: str) -> dict[str, Any]:
    """Every step from the position to a solution (pieces taken back, then played), each
    with the placement and view after it, for the page to animate."""
    g = _game(game)
    steps = g.position(challenge, placement).path_to_solution()
    return {"steps": [{"action": action, "piece": moved.piece, "item": str(moved),
                       "placement": str(after), "view": g.page.view_of(after)}
                      for action, moved, after in steps],
            "solved": True}


def solutions(game: str, challenge: str, limit: int = 1) -> list[str]:
    return list(_game(game).strings.solutions(challenge, limit))


def generate(game: str, level: str, seed: int | str) -> str:
    from .generate import generate as generated  # imported when first asked

    return generated(_game(game), level, seed)


def new_challenge(game: str, level: str, start: int, step: int) -> dict[str, Any]:
    """The next new challenge of a player's walk through a level's pool: the one at place
    `start` + `step` (generate.py), with the pool's size (`pool`), the seed that makes it
    again (`seed`: for the address) and, when the walk has just used the pool up, a
    sentence that says so (`note`, else "")."""
    from .generate import generate as generated
    from .generate import level_name, pool_sizes

    g = _game(game)
    level = level_name(level)
    if step < 0:
        raise RequestError(tr("a step of a walk is a whole number of at least 0, not %(step)s",
                              step=step))
    seed = start + step
    challenge = generated(g, level, seed)
    size = pool_sizes(g)[level]
    note = ""
    if step and step % size == 0:
        note = ntr("You have had the one new %(level)s challenge %(game)s can make, so it "
                   "comes round again.",
                   "You have had all %(count)s new %(level)s challenges %(game)s can make, so "
                   "they come round again, in the same order.", size, count=number(size),
                   level=level, game=g.title)
    return {"challenge": challenge, "level": level, "seed": seed, "pool": size,
            "round": step // size + 1, "note": note}


def daily(game: str, date: str, placement: str | None = None) -> dict[str, Any]:
    """The game's daily challenge for a date (YYYY-MM-DD): {date, level, challenge, name},
    with what the op opening answers of it at `placement` (the saved game's position, or
    none): {start, at, view}, so that a page opens (or resumes) a daily in one call, as it
    opens a booklet challenge."""
    from .daily import daily as daily_of  # imported when first asked: it costs start-up

    made = daily_of(_game(game), date)
    return {**made, **opening(game, made["challenge"], placement)}


def editor_info(game: str) -> dict[str, Any]:
    return _game(game).editor.info()


def editor_view(game: str, draft: str, verdict: bool = False) -> dict[str, Any]:
    """The draft drawn; with `verdict`, how many solutions it has too (one call for Undo,
    Redo and Clear)."""
    editor = _game(game).editor
    drawn = editor.view(draft)
    return {**drawn, "verdict": editor.verdict(draft)} if verdict else drawn


def edit(game: str, draft: str, tool: str | None, orientation: str | None,
         location: str) -> dict[str, Any]:
    """One editor action (put the tool at the location, or with no tool take off what is
    there): the new draft, its drawing and its verdict; or, if it cannot be done, the
    same draft and why (`refused`, in a player's words). One call per action."""
    editor = _game(game).editor
    try:
        new = editor.edit(draft, tool, orientation, location)
    except (IllegalPlacementError, ChallengeError) as error:
        return {"draft": draft, "view": None, "verdict": None,
                "refused": refusal(error).to_json()}
    return {"draft": new, "view": editor.view(new), "verdict": editor.verdict(new),
            "refused": None}


def editor_preview(game: str, draft: str, tool: str, orientation: str,
                   location: str) -> dict[str, Any]:
    return _game(game).editor.preview(draft, tool, orientation, location).to_json()


def tool(game: str, tool: str, orientation: str) -> PieceView:
    return _game(game).editor.tool_view(tool, orientation)


def verdict(game: str, draft: str, limit: int = 20) -> dict[str, Any]:
    return _game(game).editor.verdict(draft, limit)


def _game(name: str) -> Game[Any]:
    return game(name)


# --------------------------------------------------------------------------- the table

GAME = TEXT
MAYBE_TEXT = optional(TEXT | NULL)

OPS: dict[str, Op] = {
    "ping": op(ping),
    "games": op(games_op),
    "info": op(info, game=GAME),
    "challenges": op(challenges, game=GAME),
    "start": op(start, game=GAME, challenge=TEXT),
    "view": op(view, game=GAME, challenge=TEXT, placement=TEXT, solvable=optional(BOOL)),
    "opening": op(opening, game=GAME, challenge=TEXT, placement=MAYBE_TEXT),
    "pictures": op(pictures, game=GAME, challenges=TEXTS, placements=TEXTS),
    "explain": op(explain, game=GAME, challenge=TEXT, placement=TEXT),
    "drawing": op(drawing, game=GAME, challenge=TEXT, placement=TEXT, key=optional(BOOL)),
    "piece": op(piece, game=GAME, piece=TEXT, orientation=TEXT),
    "preview": op(preview, game=GAME, challenge=TEXT, placement=TEXT, piece=TEXT,
                     orientation=TEXT, location=TEXT),
    "move": modes(Mode(move_item, ("item",)),
                  Mode(take_back, ("remove",), ("orientation", "location")),
                  Mode(move_held, ("piece", "orientation", "location")),
                  Mode(move_turn, ("turn", "how")),
                  shared=("game", "challenge", "placement", "solvable"),
                  game=GAME, challenge=TEXT, placement=TEXT, item=MAYBE_TEXT, remove=MAYBE_TEXT,
                  solvable=optional(BOOL), piece=MAYBE_TEXT, orientation=MAYBE_TEXT,
                  location=MAYBE_TEXT, turn=MAYBE_TEXT,
                  how=optional(one_of(*turning.HOWS) | NULL)),
    "hint": op(hint, game=GAME, challenge=TEXT, placement=TEXT, level=optional(NUMBER)),
    "solvable": op(solvable, game=GAME, challenge=TEXT, placement=TEXT),
    "solve": op(solve, game=GAME, challenge=TEXT, placement=TEXT),
    "solutions": op(solutions, game=GAME, challenge=TEXT,
                       limit=optional(limit(LIMITS["solutions"]))),
    "generate": op(generate, game=GAME, level=TEXT, seed=SEED),
    "new_challenge": op(new_challenge, game=GAME, level=TEXT, start=NUMBER, step=NUMBER),
    "daily": op(daily, game=GAME, date=TEXT, placement=MAYBE_TEXT),
    "editor_info": op(editor_info, game=GAME),
    "editor_view": op(editor_view, game=GAME, draft=TEXT, verdict=optional(BOOL)),
    "edit": op(edit, game=GAME, draft=TEXT, tool=TEXT | NULL, orientation=TEXT | NULL,
                  location=TEXT),
    "editor_preview": op(editor_preview, game=GAME, draft=TEXT, tool=TEXT,
                            orientation=TEXT, location=TEXT),
    "tool": op(tool, game=GAME, tool=TEXT, orientation=TEXT),
    "verdict": op(verdict, game=GAME, draft=TEXT, limit=optional(limit(LIMITS["verdict"]))),
}
