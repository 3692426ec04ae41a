"""The package's shape (issue 23): layers that only point down, no import cycle, a
namespace that holds what its `__all__` lists, every registered game declares every part
it must, and every rules section the code cites is in the repository
(docs/games/<game>.md)."""

from __future__ import annotations

import ast
import importlib
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from forwards import GAME_PACKAGES
from forwards import count as count_forwards
from iqpuzzles import game, games
from iqpuzzles.core.draw import Drawing
from iqpuzzles.core.editor import Editor
from iqpuzzles.core.errors import PuzzleError
from iqpuzzles.core.game import NO_SYMMETRY, Game
from iqpuzzles.core.lesson import Lesson
from iqpuzzles.core.parts import Generator, Notation, Ordering, Rules, Solver, Symmetry
from iqpuzzles.core.position import Placement
from iqpuzzles.core.vocabulary import Vocabulary

GAMES = games(registered=False)  # the package's own games (not the tests' tiny one)

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "py" / "iqpuzzles"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """The nodes under `if TYPE_CHECKING:` (imports for annotations only)."""
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(sub) for sub in ast.walk(node))
    return skip


def imports_of(name: str) -> set[str]:
    """The package's modules `name` imports, at module level or inside a function."""
    path = MODULES[name]
    tree = ast.parse(path.read_text())
    skip = _type_checking_nodes(tree)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            subs = [f"{module}.{alias.name}" for alias in node.names
                    if f"{module}.{alias.name}" in MODULES]
            # `from package import module` imports the module (the package is already there)
            found.update(subs if len(subs) == len(node.names) else [module, *subs])
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m in MODULES and m != name}


GRAPH = {name: imports_of(name) for name in MODULES}


def test_core_imports_nothing_outside_core():
    reaching_up = sorted((name, target) for name, targets in GRAPH.items()
                         if name.startswith("iqpuzzles.core") for target in targets
                         if not target.startswith("iqpuzzles.core"))
    assert reaching_up == []


def test_no_module_imports_itself_through_others():
    """No import cycle, counting imports inside functions."""
    cycles = []
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done

    def walk(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(GRAPH[name]):
            if state.get(target) == 1:
                cycles.append(path[path.index(target):] + [target])
            elif target not in state:
                walk(target, [*path, target])
        state[name] = 2

    for name in sorted(GRAPH):
        if name not in state:
            walk(name, [name])
    assert cycles == []


def _public(module: ModuleType) -> set[str]:
    """The names `dir(module)` shows: those without a leading underscore, but for the
    package's own submodules (an attribute of their package once imported: each is part
    of the API in its own right)."""
    return {name for name in dir(module) if not name.startswith("_")
            and not (isinstance(getattr(module, name), ModuleType)
                     and getattr(module, name).__name__ == f"{module.__name__}.{name}")}


@pytest.mark.parametrize("name", ["iqpuzzles", "iqpuzzles.core"])
def test_the_namespace_holds_what_all_lists_and_nothing_else(name):
    """`from iqpuzzles import *` and `dir(iqpuzzles)` agree: no helper a module imports
    for itself (`Any`, `tr`...) shows as if it were the package's."""
    module = importlib.import_module(name)
    assert _public(module) == set(module.__all__)


def test_the_refusal_a_move_returns_is_the_packages():
    """`Position.after` answers a Refusal as a value: a type the package exports."""
    import iqpuzzles

    twist = game("twist")
    refused = twist.position("f3C4i6B0j2B0j1C0k3C0l4B0l5C0").after(
        twist.notation.read_item("g6B0"))
    assert isinstance(refused, iqpuzzles.Refusal) and iqpuzzles.core.Refusal is iqpuzzles.Refusal


def test_nothing_that_runs_imports_the_build_time_tools():
    """The site's wheel leaves iqpuzzles.tools out (buildtools/wheel.py): no module
    outside it imports it, but the command line's `bench` (never run by the page)."""
    reaching = sorted((name, target) for name, targets in GRAPH.items()
                      if not name.startswith("iqpuzzles.tools") and name != "iqpuzzles.__main__"
                      for target in targets if target.startswith("iqpuzzles.tools"))
    assert reaching == []
    assert "iqpuzzles.tools.bench" in GRAPH["iqpuzzles.__main__"]  # the test can fail


# the value types every face passes around (core/position.py, core/types.py) sit at the
# bottom: playing and asking never load the search or the reasoner through them
VALUE_TYPES = ("iqpuzzles.core.position", "iqpuzzles.core.types")
ABOVE_THE_VALUES = {"iqpuzzles.core.search", "iqpuzzles.core.solving", "iqpuzzles.core.claims",
                    "iqpuzzles.core.reasoning", "iqpuzzles.core.sentences"}


def reached_from(name: str) -> set[str]:
    """Every module `name` imports at run time, directly or through others."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        for target in GRAPH[todo.pop()] - seen:
            seen.add(target)
            todo.append(target)
    return seen


@pytest.mark.parametrize("name", VALUE_TYPES)
def test_the_value_types_import_neither_the_search_nor_the_reasoner(name):
    assert reached_from(name) & ABOVE_THE_VALUES == set()
    assert reached_from("iqpuzzles.core.solving") >= {"iqpuzzles.core.reasoning"}  # can fail


PARTS = {"notation": Notation, "rules": Rules, "solver": Solver, "drawing": Drawing,
         "lesson": Lesson, "symmetry": Symmetry}
OPTIONAL = {"ordering": Ordering, "generator": Generator}


def _holds_a_game(part: object) -> bool:
    return any(isinstance(value, Game) for value in vars(part).values())


@pytest.mark.parametrize("name", GAMES)
def test_every_game_declares_its_parts(name):
    """Every part a game must have, of its kind; no part holds a game (a part calls only
    what lies below it: it is given what it works on)."""
    g = game(name)
    assert g.name == name and g.title and g.piece_ids and g.help
    assert isinstance(g.vocabulary, Vocabulary) and issubclass(g.placement, Placement)
    for part, base in PARTS.items():
        declared = getattr(g, part)
        assert isinstance(declared, base), f"{name} declares no {part} ({base.__name__})"
        assert not _holds_a_game(declared), f"{name}'s {part} holds a game"
    for part, base in OPTIONAL.items():
        declared = getattr(g, part)
        assert declared is None or (isinstance(declared, base)
                                    and not _holds_a_game(declared))
    assert isinstance(g.editor, Editor)
    assert g.challenges and all(g.strings.count_solutions(e.challenge, 2) >= 1
                                for e in g.challenges[:3])
    assert g.notation.example_item and g.notation.read_item(g.notation.example_item)
    assert (ROOT / "docs" / "games" / f"{name}.md").is_file()


# where each part a game declares lives in its package (docs/adding-a-game.md)
PART_FILES = {"notation": "notation", "rules": "rules", "solver": "solver", "drawing": "draw",
              "lesson": "lesson", "symmetry": "symmetry", "ordering": "ordering",
              "generator": "generator", "editor_class": "editor", "placement": "vocabulary"}


@pytest.mark.parametrize("name", games())
def test_every_game_declares_its_parts_in_the_same_files(name):
    """One job a module, declared the same way in every game: the part of each kind in
    the file of its name, the vocabulary and the placement in vocabulary.py; parts left
    to core's defaults have no file."""
    g = game(name)
    package = type(g.rules).__module__.rsplit(".", 1)[0]
    for part, file in PART_FILES.items():
        declared = getattr(g, part)
        kind = declared if isinstance(declared, type) else type(declared)
        if declared is None or declared is NO_SYMMETRY or kind is Editor:
            continue
        assert kind.__module__ == f"{package}.{file}", (part, kind.__module__)
    assert sys.modules[f"{package}.vocabulary"].VOCABULARY is g.vocabulary


@pytest.mark.parametrize("package", GAME_PACKAGES, ids=lambda path: path.name)
def test_a_game_is_written_once_in_its_parts(package):
    """No part of a game hands its work to a function beside it (tests/forwards.py says
    what a forward is): a game's code is its parts'."""
    _, hooks, _, forwards = count_forwards(package)
    assert hooks and forwards == []


def _turns(piece: dict, start: str, goals: set[str], can_flip: bool) -> list[str]:
    """The fewest Rotate/Flip presses from `start` to one of `goals` (as the page counts)."""
    moves = [("rotate", piece["rotate"])] + ([("flip", piece["flip"])] if can_flip else [])
    seen, queue = {start: []}, [start]
    for here in queue:
        if here in goals:
            return seen[here]
        for name, table in moves:
            if table[here] not in seen:
                seen[table[here]] = [*seen[here], name]
                queue.append(table[here])
    raise AssertionError(f"no orientation of {goals} can be reached")


@pytest.mark.parametrize("name", GAMES)
def test_every_game_declares_a_lesson_that_teaches_it(name):
    """The page's "How to play" (core/lesson.py): a challenge with one solution, the
    pieces the player places, each with its rule in words and where it bites; the first
    piece needs a turn (and a flip, in a game that flips) from the tray's orientation;
    played in order the steps win; a game whose order matters shows it."""
    g = game(name)
    info = g.page.info()
    lesson = info["lesson"]
    codes = {loc["code"] for loc in info["board"]["locations"]}
    pieces = {p["id"]: p for p in info["pieces"]}
    assert g.strings.count_solutions(lesson["challenge"], 2) == 1
    position = g.position(lesson["challenge"], lesson["start"])
    assert lesson["steps"] and not position.is_solved
    assert set(position.pieces_left) == {step["piece"] for step in lesson["steps"]}
    for i, step in enumerate(lesson["steps"]):
        piece = pieces[step["piece"]]
        assert step["rule"].strip() and step["ruleAt"] and set(step["ruleAt"]) <= codes
        assert step["holds"] and set(step["covers"]) <= codes
        for orientation, location in step["holds"].items():
            preview = g.page.preview(lesson["challenge"], str(position), step["piece"],
                                     orientation, location)
            assert preview.legal and g.symmetry.equivalent(
                position.setup, g.notation.read_item(preview.placement),
                g.notation.read_item(step["item"]))
        if i == 0:
            turns = _turns(piece, piece["orientations"][0], set(step["holds"]),
                           info["canFlip"])
            assert "rotate" in turns and ("flip" in turns or not info["canFlip"]), turns
        position = position.play(step["item"])
    assert position.is_solved
    if g.ordering is not None and len(lesson["steps"]) > 1:
        backwards = g.position(lesson["challenge"], lesson["start"])
        with pytest.raises(PuzzleError):
            for step in reversed(lesson["steps"]):
                backwards = backwards.play(step["item"])


CITATION = re.compile(r"docs/games/(\w+)\.md §(\d+(?:\.\d+)?)(?:-(\d+))?")
BARE = re.compile(r"(?<![\w/.])§(\d+(?:\.\d+)?)(?:-(\d+))?")


def _sections(name: str) -> set[str]:
    text = (ROOT / "docs" / "games" / f"{name}.md").read_text()
    return set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", text, re.M))


def _cited(text: str, game_of_file: str | None) -> list[tuple[str, str]]:
    found = []
    for match in CITATION.finditer(text):
        name, first, last = match.groups()
        found += [(name, str(n)) for n in range(int(first), int(last) + 1)] if last \
            else [(name, first)]
    if game_of_file:
        for match in BARE.finditer(CITATION.sub("", text)):
            first, last = match.groups()
            found += [(game_of_file, str(n)) for n in range(int(first), int(last) + 1)] \
                if last else [(game_of_file, first)]
    return found


def test_every_rules_section_the_code_cites_is_in_the_repository():
    missing = []
    files = [*PACKAGE.rglob("*.py"), *(ROOT / "tests").rglob("*.py")]
    for path in files:
        text = path.read_text()
        assert "RULES" + ".md" not in text, f"{path} cites a spec outside the repository"
        owner = next((g for g in GAMES if f"/{g}/" in path.as_posix()
                      or path.name == f"test_{g}.py"), None)
        for name, section in _cited(text, owner):
            if name in GAMES and section not in _sections(name):
                missing.append(f"{path.relative_to(ROOT)}: docs/games/{name}.md §{section}")
    assert missing == []
