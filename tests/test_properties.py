"""Property tests (hypothesis) over the whole public surface: every public method of the
public faces of every game (the game, a position of it, its string contract, its page, its
editor: FACES, checked to list every one) and every op of the JSON API (ops.py's specs).

Arguments are drawn from the game's own strings (booklet challenges, their solutions and
every prefix, starts, piece placements, pieces, orientations, locations, tools, levels),
mutations of them, arbitrary text (lone surrogates, fullwidth and Arabic-Indic digits...),
and values of other types (ints, None, floats with inf and nan, lists, objects).

- A game method either answers or raises a PuzzleError; what it accepts is its own
  notation (a location it takes is a location of the board...); what it answers it
  accepts back (a draft edit() returns is a draft, a position play() returns can be drawn).
- api.handle always answers strict JSON (no NaN/Infinity), echoes a plain id, and every
  error it reports is of the PuzzleError family (a bug would be an "InternalError").
- Every search a call makes visits at most SEARCH_NODES positions: a bound on its work,
  not on the time a loaded machine takes.

The number of inputs tried per game is printed at the end of the module.
"""

from __future__ import annotations

import inspect
import json
import typing
from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import islice

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iqpuzzles import PuzzleError, api, game, games, ops
from iqpuzzles.core.errors import PlacementError, quote
from iqpuzzles.core.game import LEVELS, Game
from iqpuzzles.core.position import Placement, Position
from iqpuzzles.core.search import ExactCover, OutOfBudget, SearchStats, SlotCover
from iqpuzzles.generate import generate

GAMES = games(registered=False)
SEARCH_NODES = 200_000
GAME_EXAMPLES = 12  # random examples per (game, method), after the wrong-argument grid
API_EXAMPLES = 12  # random examples per (op, game)
TRIED: Counter[str] = Counter()  # inputs tried per game


def _family(cls: type) -> set[str]:
    names = {cls.__name__}
    for sub in cls.__subclasses__():
        names |= _family(sub)
    return names


def _settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


GAME_SETTINGS = _settings(GAME_EXAMPLES)
API_SETTINGS = _settings(API_EXAMPLES)


@pytest.fixture(scope="module", autouse=True)
def report_inputs_tried(request):
    yield
    plugins = request.config.pluginmanager
    reporter, capture = plugins.get_plugin("terminalreporter"), plugins.get_plugin("capturemanager")
    if reporter is not None and capture is not None and TRIED:
        with capture.global_and_fixture_disabled():
            reporter.write_line("\nproperty tests: inputs tried per game: " + ", ".join(
                f"{name} {count}" for name, count in sorted(TRIED.items())))


# --------------------------------------------------------------------------- work bound


@pytest.fixture(autouse=True)
def bounded_searches(monkeypatch):
    """Every search a test's calls make (core/search.py) visits at most SEARCH_NODES
    positions: a call that would search on and on raises OutOfBudget, whatever the
    machine's load."""
    for cls, name in ((ExactCover, "solve"), (SlotCover, "solve"), (SlotCover, "count")):
        original = getattr(cls, name)

        def bounded(self, *args, _original=original, **kwargs):
            bound = inspect.signature(_original).bind(self, *args, **kwargs)
            stats = bound.arguments.get("stats") or SearchStats()
            stats.budget = min(stats.budget, stats.nodes + SEARCH_NODES)
            bound.arguments["stats"] = stats
            return _original(*bound.args, **bound.kwargs)

        monkeypatch.setattr(cls, name, bounded)


def attempt(function, arguments: dict, what: str):
    """function(**arguments) (an iterator: its first 3 items), or the PuzzleError it raised;
    anything else (another exception, a search without end) fails the test, saying what was
    called."""
    try:
        result = function(**arguments)
        if isinstance(result, Iterator):
            result = list(islice(result, 3))
    except PuzzleError as error:
        message = str(error)
        assert message and len(message) <= 300, \
            f"{what[:200]} gave a message of {len(message)} characters: {message[:200]}"
        return error
    except OutOfBudget:
        raise AssertionError(f"{what} searched more than {SEARCH_NODES:,} positions") from None
    except Exception as error:
        raise AssertionError(f"{what} raised {type(error).__name__}: {error}") from error
    return result


# --------------------------------------------------------------------------- inputs

SPECIALS = ["\ud800", "\udfff", "\U0001f600", "\uff13", "\uff11", "\u0663", "\u0661",
            "\x00", " ", "\t", "\n", "\u00e9", "?", "-", "+", "9", "Z", "z", "0", "#"]
JUNK = st.one_of(st.none(), st.integers(-3, 3), st.integers(min_value=2**31, max_value=2**70),
                 st.sampled_from([10**5000, -(10**4400)]),
                 st.floats(), st.booleans(), st.lists(st.integers(0, 3), max_size=2),
                 st.dictionaries(st.sampled_from("ab"), st.integers(0, 3), max_size=2))


@cache
def pools(name: str) -> dict[str, list]:
    """The game's own strings, by kind."""
    g = game(name)
    info = g.page.info()
    booklet = g.challenges
    sample = booklet[:: max(1, len(booklet) // 8)]
    empty = g.editor.empty()
    challenges = list(dict.fromkeys([e.challenge for e in sample] + ["", empty]))
    solutions = [e.solutions[0] for e in sample]
    placements = [""] + solutions + [s[:k] for s in solutions[:2] for k in range(len(s))]
    for challenge in challenges:
        try:
            placements.append(g.strings.start_placement(challenge))
        except PuzzleError:
            pass
    pieces = [p["id"] for p in info["pieces"]]
    tools = [t["id"] for t in g.editor.info()["tools"]]
    orientations = sorted({o for t in [*info["pieces"], *g.editor.info()["tools"]]
                           for o in t.get("orientations", [])})
    locations = [loc["code"] for loc in info["board"]["locations"]]
    items = []
    start = g.strings.start_placement(booklet[0].challenge)
    for piece in info["pieces"][:4]:
        for orientation in piece["orientations"][:2]:
            for location in locations[::3]:
                try:
                    preview = g.page.preview(booklet[0].challenge, start, piece["id"], orientation,
                                        location)
                except PuzzleError:
                    continue
                if preview.placement:
                    items.append(preview.placement)
    pairs = []  # (challenge, a position of it)
    for entry in sample:
        try:
            pairs += [(entry.challenge, g.strings.start_placement(entry.challenge)),
                      (entry.challenge, entry.solutions[0])]
        except PuzzleError:
            pass
    pairs += [(empty, s[:k]) for s in solutions[:2]  # some prefixes: mostly not items
              for k in range(0, len(s) + 1, max(1, len(s) // 6))]
    orientations_of = {t["id"]: t.get("orientations", []) for t in
                       [*info["pieces"], *g.editor.info()["tools"]]}
    found = {"pairs": pairs, "orientations_of": orientations_of,
             "challenge": challenges, "placement": list(dict.fromkeys(placements)),
             "item": items or pieces, "piece": pieces, "tool": tools,
             "orientation": orientations, "location": locations, "level": list(LEVELS),
             "id": [e.id for e in booklet[:5]], "how": ["rotate", "flip"]}
    found["all"] = sorted({text for key in ("challenge", "placement", "item", "piece", "tool",
                                            "orientation", "location", "level", "id")
                           for text in found[key]})
    found["alphabet"] = sorted({char for text in found["all"] for char in text})
    return found


def _apply(pair: tuple[str, list]) -> str:
    text, edits = pair
    for kind, at, char in edits:
        if kind == "insert" or not text:
            i = at % (len(text) + 1)
            text = text[:i] + char + text[i:]
            continue
        i = at % len(text)
        if kind == "replace":
            text = text[:i] + char + text[i + 1:]
        elif kind == "delete":
            text = text[:i] + text[i + 1:]
        elif kind == "swap" and i + 1 < len(text):
            text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
        elif kind == "cut":
            text = text[:i]
        elif kind == "double":
            text = text + text[i:]
    return text


def mutations(source, alphabet: list[str]):
    """`source` with one to three characters replaced, inserted, deleted, swapped..."""
    chars = st.one_of(st.sampled_from(alphabet or ["a"]), st.sampled_from(SPECIALS),
                      st.characters())
    edit = st.tuples(st.sampled_from(["replace", "insert", "delete", "swap", "cut", "double"]),
                     st.integers(0, 100), chars)
    return st.tuples(source, st.lists(edit, min_size=1, max_size=3)).map(_apply)


def _lookalike(pair: tuple[str, int]) -> str:
    """The text with its ASCII digits (or letters) written as other scripts write them:
    what str.isdigit() and int() accept, and a notation must not."""
    text, style = pair
    out = []
    for char in text:
        if char.isascii() and char.isdigit():
            out.append(chr((0xFF10, 0x0660, 0x06F0)[style % 3] + int(char)))
        elif char.isascii() and char.isalpha() and style >= 3:
            out.append(chr(ord(char) + 0xFEE0))  # fullwidth
        else:
            out.append(char)
    return "".join(out)


def any_text(alphabet: list[str]):
    return st.text(st.one_of(st.sampled_from(alphabet or ["a"]), st.sampled_from(SPECIALS),
                             st.characters()), max_size=12)


KIND_OF = {"challenge": "challenge", "draft": "challenge", "objective": "challenge",
           "placement": "placement", "text": "placement", "item": "item", "piece": "piece",
           "tool": "tool", "orientation": "orientation", "location": "location",
           "level": "level", "challenge_id": "id", "how": "how"}


def wrong_value(name: str, parameter: str, annotation: object, value: object,
                api_call: bool):
    """Something else where `value` was: the game's own strings mutated, written in other
    digits, run together, any text, any other type."""
    pool = pools(name)
    if parameter == "limit":  # small: a huge (or, for the library, no) limit is slow
        odd = [0, -1, "1", "x", "", 2.5, -1.0, True, [], {}]
        if api_call:
            odd += [None, float("inf"), float("nan"), 101, 10**6]
        return st.sampled_from(odd)
    if parameter == "seed":
        return st.one_of(any_text(pool["alphabet"]), st.sampled_from(["\ud800", "x" * 100]),
                         JUNK)
    if parameter == "game":
        return st.one_of(st.sampled_from(GAMES), any_text([]), JUNK)
    if annotation is bool or typing.get_origin(annotation) is list:
        return JUNK
    own = st.sampled_from(pool[KIND_OF.get(parameter, "all")])
    text = value if isinstance(value, str) else ""
    return st.one_of(mutations(st.just(text), pool["alphabet"]),
                     st.tuples(st.just(text), st.integers(0, 5)).map(_lookalike),
                     st.tuples(st.just(text), own).map("".join),
                     st.sampled_from(pool["all"]), any_text(pool["alphabet"]), JUNK)


def _right(name: str, parameters: dict[str, object]) -> dict[str, object]:
    """One right and coherent set of arguments: the first booklet challenge, its start,
    its first piece placement, the first piece (or tool) and its first orientation..."""
    pool = pools(name)
    challenge, placement = pool["pairs"][0]
    chosen: dict[str, object] = {}
    for parameter, annotation in parameters.items():
        kind = KIND_OF.get(parameter)
        if parameter in ("limit", "seed"):
            chosen[parameter] = 2
        elif parameter == "game":
            chosen[parameter] = name
        elif annotation is bool:
            chosen[parameter] = False
        elif typing.get_origin(annotation) is list:
            chosen[parameter] = pool["item"][:2]
        elif kind == "challenge":
            chosen[parameter] = challenge
        elif kind == "placement":
            chosen[parameter] = placement
        elif kind == "location":
            chosen[parameter] = pool["location"][len(pool["location"]) // 2]
        elif kind != "orientation":
            chosen[parameter] = pool[kind or "all"][0]
    if "orientation" in parameters:
        holder = chosen.get("piece", chosen.get("tool"))
        chosen["orientation"] = (pool["orientations_of"].get(holder) or pool["orientation"])[0]
    return {parameter: chosen[parameter] for parameter in parameters}


def one_wrong_argument(name: str, parameters: dict[str, object]) -> Iterator[dict]:
    """Right arguments with one of them wrong, in each way: another type, empty, in
    other digits or fullwidth letters, run together with itself or the next of its
    kind, a lone surrogate, another case, a space more."""
    pool = pools(name)
    right = _right(name, parameters)
    for parameter, annotation in parameters.items():
        value = right[parameter]
        if parameter == "limit":
            wrongs: list[object] = [0, -1, "1", "x", 2.5, True, [], {}, 10**5000]
        elif parameter == "seed":  # a seed taken is a whole generation: the types only
            wrongs = [None, 1.5, [], "\ud800", 10**5000, -(10**5000)]
        elif annotation is bool or typing.get_origin(annotation) is list:
            wrongs = [None, 0, 1.5, "x", {}]
        else:
            text = value if isinstance(value, str) else "a"
            own = pool[KIND_OF.get(parameter, "all")] if parameter != "seed" else ["x"]
            following = own[(own.index(text) + 1) % len(own)] if text in own else text
            wrongs = [None, 0, 1.5, [], "", "\ud800", 10**5000, text + following, text + text,
                      _lookalike((text, 0)), _lookalike((text, 1)), _lookalike((text, 3)),
                      text.swapcase(), text + " "]
        for wrong in wrongs:
            if wrong != value or type(wrong) is not type(value):
                yield {**right, parameter: wrong}


@st.composite
def arguments(draw, name: str, parameters: dict[str, object], api_call: bool = False):
    """Arguments for a call: first all of them right and coherent (a challenge and a
    position of it, a piece and one of its orientations...), then none, one or two of
    them made wrong."""
    pool = pools(name)
    challenge, placement = draw(st.sampled_from(pool["pairs"]))
    chosen: dict[str, object] = {}
    for parameter, annotation in parameters.items():
        kind = KIND_OF.get(parameter)
        if parameter == "limit":
            chosen[parameter] = draw(st.integers(1, 3))
        elif parameter == "seed":
            chosen[parameter] = draw(st.one_of(st.integers(0, 10**6), st.text("abc", max_size=3)))
        elif parameter == "game":
            chosen[parameter] = name
        elif annotation is bool:
            chosen[parameter] = draw(st.booleans())
        elif typing.get_origin(annotation) is list:
            chosen[parameter] = draw(st.lists(st.sampled_from(pool["item"]), max_size=4))
        elif kind == "challenge":
            chosen[parameter] = challenge
        elif kind == "placement":
            chosen[parameter] = placement
        elif kind != "orientation":
            chosen[parameter] = draw(st.sampled_from(pool[kind or "all"]))
    if "orientation" in parameters:
        holder = chosen.get("piece", chosen.get("tool"))
        chosen["orientation"] = draw(st.sampled_from(
            pool["orientations_of"].get(holder) or pool["orientation"]))
    wrong = draw(st.sets(st.sampled_from(list(parameters)), max_size=2)) if parameters else []
    for parameter in sorted(wrong):
        chosen[parameter] = draw(wrong_value(name, parameter, parameters[parameter],
                                             chosen[parameter], api_call))
    return {parameter: chosen[parameter] for parameter in parameters}


# --------------------------------------------------------------------------- game methods

PLAIN = (str, int, bool, type(None))


def _plain(annotation: object) -> bool:
    """Whether a parameter takes plain values (str, int, bool, None, unions, lists of them):
    the string layer; methods taking the game's own objects are hooks, not fuzzed."""
    if annotation in PLAIN:
        return True
    args = typing.get_args(annotation)
    origin = typing.get_origin(annotation)
    if origin is list:
        return all(_plain(a) for a in args)
    return bool(args) and origin is not None and all(_plain(a) for a in args) and \
        origin not in (dict, tuple, type)


# Every public method of each face, and what each of its parameters takes (its declared
# type; the parameter's name says which of the game's strings to draw). "placements" is a
# sequence of Placements. test_the_faces_are_listed_whole checks that nothing is missing.
OBJECTS = (Position, Placement, "placements")
FACES: dict[str, dict[str, dict[str, object]]] = {
    "": {  # the game
        "position": {"challenge": str | None, "placement": str | None},
        "setup": {"challenge": str}, "empty_challenge": {},
        "challenge_by_id": {"challenge_id": str | int}, "check_piece": {"piece": str},
        "check_orientation": {"piece": str, "orientation": str},
        "check_location": {"location": str}, "own_placement": {"value": Placement},
        "own_placements": {"values": "placements"}, "own_position": {"value": Position},
        "hint": {"position": Position, "level": int},
    },
    "position.": {  # a position of it (the start of its first booklet challenge)
        "after": {"placement": Placement}, "play": {"item": str | Placement},
        "play_all": {"placements": "placements"},
        "remove": {"piece": str}, "legal_placements": {"piece": str | None},
        "turned": {"piece": str, "how": str}, "turn": {"piece": str, "how": str},
        "hint": {"level": int}, "solutions": {"limit": int | None},
        "count": {"limit": int | None}, "difficulty": {}, "path_to_solution": {},
    },
    "strings.": {
        "parse": {"text": str}, "validate": {"text": str}, "is_well_formed": {"text": str},
        "is_valid": {"text": str}, "check": {"text": str}, "order": {"text": str},
        "canonical": {"text": str}, "show": {"text": str},
        "solutions": {"challenge": str, "limit": int | None},
        "count_solutions": {"challenge": str, "limit": int | None},
        "start_placement": {"challenge": str},
        "play": {"challenge": str, "placement": str, "item": str},
        "remove": {"challenge": str, "placement": str, "piece": str},
        "is_solved": {"challenge": str, "placement": str},
        "hint": {"challenge": str, "placement": str, "level": int},
        "legal_placements": {"text": str, "piece": str | None, "challenge": str | None},
        "difficulty": {"challenge": str},
        "count_any_order": {"challenge": str, "limit": int | None},
        "challenge_twins": {"challenge": str},
    },
    "page.": {
        "info": {}, "view": {"challenge": str, "placement": str},
        "view_of": {"position": Position, "all_removable": bool},
        "pieces_at": {"position": Position, "all_removable": bool},
        "text": {"position": Position}, "explain": {"position": Position},
        "preview": {"challenge": str, "placement": str, "piece": str, "orientation": str,
                    "location": str},
        "hold": {"position": Position, "piece": str, "orientation": str, "location": str},
        "piece_view": {"piece": str, "orientation": str},
    },
    "editor.": {
        "empty": {}, "tools": {}, "info": {}, "draft": {"draft": str},
        "check_tool": {"tool": str, "orientation": str}, "board": {"draft": str},
        "edit": {"draft": str, "tool": str | None, "orientation": str | None, "location": str},
        "view": {"draft": str},
        "preview": {"draft": str, "tool": str, "orientation": str, "location": str},
        "tool_view": {"tool": str, "orientation": str},
        "verdict": {"draft": str, "limit": int},
    },
}
# a game's own methods on a face (its editor's, where its challenges hold markers)
OWN: dict[tuple[str, str], dict[str, dict[str, object]]] = {
    ("focus", "editor."): {"ready": {"draft": str}},
}


def face_methods(name: str, prefix: str) -> dict[str, dict[str, object]]:
    """Every public method of one of a game's faces, and what its parameters take."""
    return {**FACES[prefix], **OWN.get((name, prefix), {})}


def faces(g: Game) -> dict[str, object]:
    """The game's public faces, by the prefix their methods are named with."""
    return {"": g, "position.": g.position(g.challenges[0].challenge), "strings.": g.strings,
            "page.": g.page, "editor.": g.editor}


def target_of(g: Game, method: str):
    """The bound method a name of FACES stands for ("strings.check")."""
    prefix, _, name = method.rpartition(".")
    return getattr(faces(g)[prefix + "." if prefix else ""], name)


def _objects_in(annotation: object) -> bool:
    return annotation in OBJECTS or any(a in OBJECTS for a in typing.get_args(annotation))


def public_methods(g: Game) -> dict[str, dict[str, object]]:
    """method name -> {parameter: type}, for each public method of the faces whose
    parameters are all plain (text, whole numbers, true or false, None), and that has at
    least one: the string layer, fuzzed with the game's own strings and their mutations."""
    return {f"{prefix}{method}": parameters for prefix in FACES
            for method, parameters in face_methods(g.name, prefix).items()
            if parameters and not any(_objects_in(a) for a in parameters.values())}


GAME_METHODS = [(name, method) for name in GAMES for method in public_methods(game(name))]


def test_the_faces_are_listed_whole():
    """FACES lists every public method of every face, as its signature names its
    parameters (a new method or a renamed parameter would otherwise silently test less)."""
    for name in GAMES:
        for prefix, face in faces(game(name)).items():
            methods = {m for m, _ in inspect.getmembers(type(face), inspect.isfunction)
                       if not m.startswith("_")}
            assert methods == set(face_methods(name, prefix)), (name, prefix)
            for method, parameters in face_methods(name, prefix).items():
                signature = inspect.signature(getattr(face, method))
                assert list(signature.parameters) == list(parameters), (prefix, method)


def _allows_none(annotation: object) -> bool:
    return annotation is type(None) or type(None) in typing.get_args(annotation)


def _own_notation(name: str, parameters: dict[str, object], arguments: dict) -> str | None:
    """Why an accepted call took something that is not the game's notation, or None."""
    pool = pools(name)
    ids = pool["orientations_of"]
    if "location" in arguments and arguments["location"] not in pool["location"]:
        return f"location {arguments['location']!r} is not a location of the board"
    for key in ("piece", "tool"):
        if key not in arguments:
            continue
        value = arguments[key]
        if value is None or (value == "" and _allows_none(parameters[key])):
            continue
        if value not in ids:
            return f"{key} {value!r} is not a {key} of the game"
        orientation = arguments.get("orientation")
        if "orientation" in arguments and orientation not in ids[value]:
            return f"orientation {orientation!r} is not one of {key} {value}'s"
    level = arguments.get("level")
    if "level" in arguments and not (isinstance(level, str) and level.strip().lower() in
                                     [known.lower() for known in LEVELS]):
        return f"level {level!r} is not a level (in any case)"
    return None


def _answered_back(name: str, method: str, arguments: dict, result) -> str | None:
    """Why a string the game answered is not accepted back by it, or None."""
    g = game(name)
    try:
        if method == "editor.edit":
            g.editor.view(result)  # the editor draws the new draft next
        elif method in ("strings.play", "strings.remove"):
            g.page.view(arguments["challenge"], result)  # the page draws the new position next
        elif method == "strings.start_placement":
            g.page.view(arguments["challenge"], result)
    except PuzzleError as error:
        return f"the game refuses its own answer {result!r}: {error}"
    return None


@pytest.mark.parametrize(("name", "method"), GAME_METHODS,
                         ids=[f"{n}-{m}" for n, m in GAME_METHODS])
def test_game_methods_answer_or_raise_puzzle_errors(name, method):
    """Every public method of every face, any arguments: an answer or a PuzzleError,
    within its bound of work; an accepted location/piece/tool/orientation/level is the
    game's own; an answer (a draft, a position) is accepted back."""
    g = game(name)
    pools(name)
    parameters = public_methods(g)[method]

    def check(arguments):
        TRIED[name] += 1
        what = f"{name}.{method}({', '.join(map(quote, arguments.values()))})"
        result = attempt(target_of(g, method), arguments, what)
        if isinstance(result, PuzzleError):
            return
        wrong = _own_notation(name, parameters, arguments) or \
            _answered_back(name, method, arguments, result)
        assert wrong is None, f"{what} answered {result!r:.100}, but {wrong}"

    check(_right(name, parameters))
    for case in one_wrong_argument(name, parameters):  # each way, for certain
        check(case)
    GAME_SETTINGS(given(arguments(name, parameters))(check))()  # and at random


@pytest.mark.parametrize("name", GAMES)
def test_the_empty_board_is_a_position_in_every_game(name):
    """The empty challenge (the editor's empty draft) starts a game like any other: its start can be
    drawn, hinted and played on; "" is the empty board for show()."""
    g = game(name)
    empty = g.editor.empty()
    start = g.strings.start_placement(empty)
    assert g.page.view(empty, start)["shapes"]
    hint = g.strings.hint(empty, start)
    assert hint.kind == "place", hint
    assert g.strings.play(empty, start, hint.placement)
    assert g.strings.show("")


# --------------------------------------------------------------------------- regressions
# The failures found by fuzzing the game modules (issue 11), one plain test each.


def test_twist_piece_view_refuses_an_orientation_out_of_range():
    with pytest.raises(PuzzleError):
        game("twist").page.piece_view("a", "8")


def test_twist_piece_view_refuses_an_unknown_piece():
    with pytest.raises(PuzzleError):
        game("twist").page.piece_view("z", "0")


def test_twist_piece_view_refuses_an_orientation_that_is_no_digit():
    with pytest.raises(PuzzleError):
        game("twist").page.piece_view("a", "x")


def test_twist_tool_view_refuses_an_empty_tool():
    with pytest.raises(PuzzleError):
        game("twist").editor.tool_view("", "0")


def test_twist_preview_refuses_a_location_off_the_board():
    with pytest.raises(PuzzleError):
        game("twist").page.preview("", "", "a", "0", "9Z")


def test_twist_preview_refuses_an_empty_piece():
    with pytest.raises(PuzzleError):
        game("twist").page.preview("", "", "", "0", "1A")


def test_twist_edit_refuses_an_unknown_tool():
    with pytest.raises(PuzzleError):
        game("twist").editor.edit("", "kl", "0", "1D")


@pytest.mark.parametrize("location", ["\uff13\uff11", "\u0663\u0661", "\uff131"])
def test_focus_locations_are_ascii_digits_only(location):
    focus = game("focus")
    challenge = focus.challenges[0].challenge
    with pytest.raises(PuzzleError):
        focus.page.preview(challenge, focus.strings.start_placement(challenge), "a", "0", location)


def test_twist_legal_placements_refuses_a_piece_that_is_not_one():
    twist = game("twist")
    challenge = twist.challenges[0].challenge
    with pytest.raises(PuzzleError):
        twist.strings.legal_placements(twist.strings.start_placement(challenge), piece="ab")


def test_twist_hint_on_the_empty_board_places_a_piece():
    assert game("twist").strings.hint("", "").kind == "place"


def test_focus_edit_refuses_a_tool_that_is_two_colours():
    """A tool is one colour: "WR" is none of the editor's tools (not white, not red)."""
    with pytest.raises(PlacementError, match="a tool of the IQ-Focus editor is one of"):
        game("focus").editor.edit("?????????", "WR", "0", "31")


# --------------------------------------------------------------------------- the JSON API

ERROR_TYPES = _family(PuzzleError)
API_CASES = [(op, name) for op in api.OPS for name in
             (GAMES if "game" in api.OPS[op].arguments else [None])]


def _annotation(kind: ops.Kind) -> object:
    """An op argument's kind (ops.py's spec) as the type the arguments above are drawn for."""
    if kind.words == ops.BOOL.words:
        return bool
    if kind.words == ops.TEXTS.words:
        return list[str]
    if kind.words == ops.SEED.words:
        return int | str
    if kind.words.startswith("a whole number"):
        return int
    return str | None if kind.words.endswith(" or null") else str


def _json(value: object, **options) -> str:
    """json.dumps, writing whole numbers of any length (a page could send them)."""
    import sys

    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return json.dumps(value, **options)
    finally:
        sys.set_int_max_str_digits(limit)


def _no_constant(name: str):
    raise AssertionError(f"the reply holds {name}, which JSON.parse refuses")


def _mangle(pair: tuple[str, str, int]) -> str:
    text, how, k = pair
    if how == "cut":
        return text[:k % (len(text) + 1)]
    if how == "nest":
        return "[" * (k * 50) + text + "]" * (k * 50)
    return text


@pytest.mark.parametrize(("op", "name"), API_CASES,
                         ids=[f"{op}-{name or 'any'}" for op, name in API_CASES])
def test_api_replies_are_strict_json_with_puzzle_errors_only(op, name):
    """Any request for any op: a reply in strict JSON, in time, with the id echoed (a
    plain one) and ok true, or an error of the PuzzleError family with a message."""
    some = name or GAMES[0]
    pools(some)
    parameters = {key: _annotation(arg.kind) for key, arg in api.OPS[op].arguments.items()}
    request_id = st.one_of(st.integers(-5, 2**60), st.text(max_size=4), st.none(), st.floats(),
                           st.booleans(), st.lists(st.integers(0, 2), max_size=2))
    shape = st.tuples(st.sampled_from(["as is"] * 6 + ["drop", "extra", "cut", "nest"]),
                      st.integers(0, 100))

    @API_SETTINGS
    @given(arguments(some, parameters, api_call=True), request_id, shape)
    def at_random(arguments, request_id, shape):
        check(arguments, request_id, shape)

    def check(arguments, request_id, shape):
        TRIED[some] += 1
        how, k = shape
        request = {"id": request_id, "op": op, **arguments}
        if how == "drop" and arguments:
            del request[list(arguments)[k % len(arguments)]]
        elif how == "extra":
            request["extra"] = k
        text = _mangle((_json(request), how, k))  # NaN and Infinity go in as such
        answer = api.handle(text)  # a search without end: an InternalError reply
        reply = json.loads(answer, parse_constant=_no_constant)
        assert reply["ok"] in (True, False), reply
        plain = request_id is None or isinstance(request_id, str) or (
            isinstance(request_id, int) and not isinstance(request_id, bool))
        try:
            _json(request, allow_nan=False)
            strict = True
        except ValueError:  # NaN or Infinity somewhere: not JSON, refused as a whole
            strict = False
        if not strict:
            assert not reply["ok"] and reply["id"] is None, reply
        elif how in ("as is", "drop", "extra"):
            assert reply["id"] == (request_id if plain else None), reply
        if reply["ok"]:
            assert "result" in reply
        else:
            error = reply["error"]
            assert error["type"] in _family(PuzzleError), f"{text[:300]} -> {reply}"
            assert isinstance(error["message"], str) and error["message"]
            assert len(error["message"]) <= 300, error["message"][:200]

    check(_right(some, parameters), 1, ("as is", 0))
    for case in one_wrong_argument(some, parameters):  # each way, for certain
        check(case, 1, ("as is", 0))
    at_random()


# --------------------------------------------------------------------------- every part
# Issue 21: every public method of a game AND of its parts (drawing, editor), hooks
# included, refuses with a PuzzleError in words: another game's objects, words outside
# the game's vocabulary, integers beyond Python's 4,300-digit limit; and no message
# quotes more than 80 characters of what came.

MESSAGE_MOST = 300  # characters of any error message (80 of them quoting the input)
HUGE = 10**5000  # beyond the 4,300 digits Python writes or reads
LINK_START = "BAAHBA"  # an IQ-Link position with pieces on it


def _every_method(g: Game) -> list[tuple[str, object, dict[str, object]]]:
    """(name, bound method, {parameter: type}) for every public method of every face."""
    return [(prefix + method, getattr(face, method), parameters)
            for prefix, face in faces(g).items()
            for method, parameters in face_methods(g.name, prefix).items()]


@cache
def _objects(name: str) -> dict[str, object]:
    """Right values of the game's own kinds: a challenge's start position, a placement
    that may be played on it, its pieces."""
    g = game(name)
    entry = g.challenges[0]
    position = g.position(entry.challenge)
    placement = next(position.legal_placements())
    return {Position: position, Placement: placement, "placements": position.placed,
            "challenge": entry.challenge}


def _right_object(name: str, parameter: str, kind: object) -> object:
    """A right value for a parameter, from what it takes and its name."""
    kinds = _objects(name)
    pool = pools(name)
    for own in OBJECTS:
        if kind is own or own in typing.get_args(kind):
            return kinds[own]
    if parameter in ("piece", "tool", "orientation", "location"):
        return pool[parameter][0]
    if parameter == "challenge_id":
        return pool["id"][0]
    if parameter in ("challenge", "draft"):
        return kinds["challenge"]
    if kind is bool:
        return False
    if int in (kind, *typing.get_args(kind)):
        return 1 if parameter == "level" else 2
    return ""


def _wrong_objects(name: str, parameter: str, kind: object) -> list[object]:
    """Values of the right shape but wrong: another game's objects, words outside the
    vocabulary, integers too long to write."""
    others = [_objects(other) for other in GAMES if other != name]
    wrongs: list[object] = [HUGE, -HUGE]
    for own in OBJECTS:
        if kind is own or own in typing.get_args(kind):
            wrongs += [o[own] for o in others] + ["x", None]
    if kind == "placements":
        wrongs += [("x",), "abc"]
    if str in (kind, *typing.get_args(kind)):
        wrongs += ["?", "\u3000", "x" * 100_000, "\ud800", "\uff11", "Z9"]
    return wrongs


def _message_is_short(error: PuzzleError, what: str) -> None:
    message = str(error)
    assert message and len(message) <= MESSAGE_MOST, \
        f"{what}: a message of {len(message)} characters: {message[:200]}"


@pytest.mark.parametrize("name", GAMES)
def test_every_face_refuses_other_games_objects_words_and_huge_numbers(name):
    """Each public method of every face (the game, a position, its strings, its page, its
    editor), called with right arguments but one: that one another game's object, a word
    outside the game's vocabulary, or a number beyond 4,300 digits. An answer or a
    PuzzleError with a short message; nothing else."""
    g = game(name)
    pools(name)
    checked = 0
    for method_name, method, parameters in _every_method(g):
        right = {p: _right_object(name, p, kind) for p, kind in parameters.items()}
        for parameter, kind in parameters.items():
            for wrong in _wrong_objects(name, parameter, kind):
                arguments = {**right, parameter: wrong}
                what = f"{name}.{method_name}({parameter}={quote(wrong, 40)})"
                result = attempt(method, arguments, what)
                checked += 1
                if isinstance(result, PuzzleError):
                    _message_is_short(result, what)
    assert checked > 300, f"only {checked} calls were made: the enumeration sees too little"
    TRIED[name] += checked


def test_a_cross_game_object_is_named_as_such():
    """The examples of issue 21, each refused in words (not an AssertionError, KeyError,
    AttributeError or ValueError from inside the game), through the faces (the parts
    inside trust them), and issue 32's: a position played with another game's pieces."""
    twist, link, steps, focus = (game(n) for n in ("twist", "link", "steps", "focus"))
    link_placement = next(link.position().legal_placements())
    cases = [
        (lambda: twist.position().after(link_placement), "another game"),
        (lambda: link.page.view_of(twist.position()), "IQ-Twist"),
        (lambda: steps.page.explain(twist.position()), "IQ-Twist"),
        (lambda: twist.page.view_of("x"), "Position"),
        (lambda: list(focus.position("?????????").legal_placements("?")), "piece"),
        (lambda: twist.page.preview("", "", "x", "0", "5A"), "piece"),
        (lambda: link.page.preview("", "", "A", "C,", "J"), "orientation"),
        (lambda: twist.position().play_all(link.position(LINK_START).placed), "another game"),
    ]
    for call, words in cases:
        with pytest.raises(PuzzleError) as caught:
            call()
        assert type(caught.value) is not ValueError and words in str(caught.value)


@pytest.mark.parametrize("value", [HUGE, -HUGE, 10**400], ids=["huge", "-huge", "400-digits"])
def test_numbers_beyond_what_python_writes_are_refused_in_words(value):
    """The issue's list: the seed, the hint level, pieces, placements, ids, tools, limits."""
    twist = game("twist")
    calls = [lambda: generate(twist, "Master", value), lambda: twist.position().hint(value),
             lambda: twist.check_piece(value), lambda: twist.strings.parse(value),
             lambda: twist.strings.order(value), lambda: twist.strings.legal_placements(value),
             lambda: twist.challenge_by_id(value), lambda: twist.editor.tool_view(value, "x"),
             lambda: list(twist.strings.solutions("", value)),
             lambda: twist.editor.verdict("", value)]
    for call in calls:
        with pytest.raises(PuzzleError) as caught:
            call()
        assert "digits" in str(caught.value) or "one of" in str(caught.value) \
            or "text" in str(caught.value), str(caught.value)
        _message_is_short(caught.value, repr(call))
    assert twist.strings.check(value).startswith("malformed: ")
    assert twist.strings.is_solved(value, value) is False


@pytest.mark.parametrize("text", ["x" * 100_000, "\ud800" * 5000 + "x"], ids=["x", "surrogates"])
def test_a_huge_input_is_quoted_in_eighty_characters(text):
    twist = game("twist")
    for call in (lambda: twist.position(text), lambda: twist.strings.parse(text),
                 lambda: twist.challenge_by_id(text), lambda: game(text)):
        with pytest.raises(PuzzleError) as caught:
            call()
        _message_is_short(caught.value, "a huge input")
    reply = json.loads(api.handle(json.dumps({"id": 1, "op": text, "game": "twist"})))
    assert reply["error"]["type"] == "RequestError"
    assert len(reply["error"]["message"]) <= MESSAGE_MOST


def test_the_api_refuses_a_number_of_5001_digits_in_its_own_words():
    reply = json.loads(api.handle('{"id":1,"op":"hint","game":"twist","challenge":"",'
                                  '"placement":"","level":' + "1" * 5001 + "}"))
    assert reply["error"]["type"] == "RequestError"
    assert reply["id"] == 1 and "5,001 digits" in reply["error"]["message"]
    assert "set_int_max_str_digits" not in reply["error"]["message"]
