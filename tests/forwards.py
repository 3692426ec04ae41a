"""Counts the forwards in the game packages: a part's hook that only hands its work to a
function beside the part (issue 39: a game is written once, in its parts).

A hook binding is a method of a class that fills a part (core/parts.py, core/draw.py,
core/lesson.py, core/editor.py), or a class attribute bound to a function
(`text = staticmethod(text)`). It is a forward when it is such an alias, or when its
body (past a docstring) is one `return` of a call of a module-level name (a function
defined or imported at the top of the module, `rules.read(...)`, `tables().legal(...)`),
perhaps wrapped in `iter(...)` or a tuple, or with one attribute of its answer
(`read_challenge(text).text`). tests/test_layers.py asserts that no game
has one; `python tests/forwards.py [PATH...]` prints the counts.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME_PACKAGES = [*(ROOT / "py" / "iqpuzzles" / name for name in ("twist", "focus", "steps",
                                                                "link")),
                 ROOT / "tests" / "tiny"]
# core/i18n.py's functions that say a sentence in the player's language (issue 40)
SAYING = {"tr", "ntr", "ptr"}
PART_BASES = {"Notation", "Rules", "Symmetry", "Solver", "Ordering", "Generator", "Drawing",
              "Lesson", "Editor"}


def _module_names(tree: ast.Module) -> set[str]:
    """The names bound at the top of a module by a def, a class or an import."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return names


def _root(node: ast.expr) -> ast.expr:
    """The name a call chain starts from: `rules.read` -> rules, `tables().legal` -> tables."""
    while isinstance(node, ast.Attribute | ast.Call):
        node = node.value if isinstance(node, ast.Attribute) else node.func
    return node


def _is_part(node: ast.ClassDef) -> bool:
    for base in node.bases:
        if isinstance(base, ast.Subscript):
            base = base.value
        name = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
        if name in PART_BASES:
            return True
    return False


def _forwarded_call(value: ast.expr | None, module: set[str]) -> bool:
    if isinstance(value, ast.Tuple):  # `return read(text), None`
        return any(_forwarded_call(item, module) for item in value.elts)
    if isinstance(value, ast.Attribute):  # `return read_challenge(text).text`
        return _forwarded_call(value.value, module)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) \
            and value.func.id == "iter" and value.args:
        return _forwarded_call(value.args[0], module)
    if not isinstance(value, ast.Call):
        return False
    root = _root(value.func)  # a class made (`Setup(...)`) is a value, not a forward
    if isinstance(root, ast.Name) and root.id in SAYING and value.args \
            and isinstance(value.args[0], ast.Constant):
        return False  # the hook's own sentence, written in place, said in the player's language
    return isinstance(root, ast.Name) and root.id in module and not root.id[0].isupper()


def bindings(path: Path) -> tuple[list[str], list[str]]:
    """(every hook binding, the forwards among them) of one module, as `Class.name`."""
    tree = ast.parse(path.read_text())
    module = _module_names(tree)
    hooks: list[str] = []
    forwards: list[str] = []
    for node in tree.body:
        if not isinstance(node, ast.ClassDef) or not _is_part(node):
            continue
        for item in node.body:
            if isinstance(item, ast.FunctionDef):
                name = f"{node.name}.{item.name}"
                hooks.append(name)
                body = item.body[1:] if item.body and isinstance(item.body[0], ast.Expr) \
                    and isinstance(item.body[0].value, ast.Constant) else item.body
                if len(body) == 1 and isinstance(body[0], ast.Return) \
                        and _forwarded_call(body[0].value, module):
                    forwards.append(name)
            elif isinstance(item, ast.Assign) and len(item.targets) == 1 \
                    and isinstance(item.targets[0], ast.Name):
                value = item.value
                if isinstance(value, ast.Call) and getattr(value.func, "id", "") \
                        == "staticmethod" and value.args:
                    value = value.args[0]
                elif not isinstance(value, ast.Name):
                    continue  # data (a table, a text): not a function
                if isinstance(value, ast.Name) and value.id in module \
                        and not value.id.isupper():  # a function, not a constant
                    name = f"{node.name}.{item.targets[0].id}"
                    hooks.append(name)
                    forwards.append(name)
    return hooks, forwards


def count(package: Path) -> tuple[int, int, int, list[str]]:
    """(modules, hook bindings, forwards, the forwards by name) of a game package."""
    modules = sorted(package.glob("*.py"))
    hooks: list[str] = []
    forwards: list[str] = []
    for path in modules:
        found, forwarded = bindings(path)
        hooks += [f"{path.name}:{name}" for name in found]
        forwards += [f"{path.name}:{name}" for name in forwarded]
    return len(modules), len(hooks), len(forwards), forwards


def main(paths: list[str]) -> None:
    packages = [Path(p) for p in paths] or GAME_PACKAGES
    totals = [0, 0, 0]
    for package in packages:
        modules, hooks, forwards, names = count(package)
        totals = [totals[0] + modules, totals[1] + hooks, totals[2] + forwards]
        print(f"{package.name:6} modules {modules:2}  hook bindings {hooks:3}  "
              f"forwards {forwards:3}  {' '.join(names)}")
    print(f"{'all':6} modules {totals[0]:2}  hook bindings {totals[1]:3}  "
          f"forwards {totals[2]:3}")


if __name__ == "__main__":
    main(sys.argv[1:])
