"""The page's JS modules stay small and keep to themselves: no module of web/ over 400
lines, no object writing a field of another object of the page's (it calls a method,
or the other takes it as a constructor argument), and no class taking more than six
collaborators (issue 52). Read as text: no browser needed."""

from __future__ import annotations

import re
from pathlib import Path

from buildtools.common import page_modules

WEB = Path(__file__).resolve().parent.parent / "web"
MOST_LINES = 400

CLASS = re.compile(r"^(?:export )?class (\w+)", re.M)
FIELD = re.compile(r"\bthis\.(\w+)\s*=(?!=)")
# a write to a member of something this object holds: this.stage.live = ..., ... += 1, ++
WRITE = re.compile(r"\bthis\.(\w+)\.(\w+)\s*(?:[-+*/]?=(?!=)|\+\+|--)")
ALIASES = re.compile(r"const\s*\{([^}]*)\}\s*=\s*this;")


def held_objects(text: str, classes: set[str]) -> set[str]:
    """The fields of a module's objects that hold another object of the page's: made with
    `new` of one of the page's classes, or handed in as a constructor argument."""
    held = {name for name, cls in re.findall(r"\bthis\.(\w+)\s*=\s*new (\w+)\(", text)
            if cls in classes}
    for ctor in re.finditer(r"\bconstructor\(", text):
        depth, end = 1, ctor.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        params = set(re.findall(r"\w+", text[ctor.end():end]))
        body = text[end:end + 4000]
        held |= {name for name, value in re.findall(r"\bthis\.(\w+)\s*=\s*(\w+);", body)
                 if value in params}
        for names in re.findall(r"Object\.assign\(this, \{([^}]*)\}\)", body):
            held |= {n.strip() for n in names.split(",") if n.strip() in params}
    return held


def foreign_writes(texts: dict[str, str]) -> list[str]:
    """Each line that writes a field (one some class of the page's declares) of an object
    another object holds: `file:line: code`."""
    classes = {c for text in texts.values() for c in CLASS.findall(text)}
    declared = {f for text in texts.values() for f in FIELD.findall(text)}
    found = []
    for name, text in texts.items():
        held = held_objects(text, classes)
        aliases = {a.strip() for names in ALIASES.findall(text) for a in names.split(",")} & held
        alias_write = re.compile(r"(?<![\w.])(" + "|".join(sorted(aliases))
                                 + r")\.(\w+)\s*(?:[-+*/]?=(?!=)|\+\+|--)") if aliases else None
        for n, line in enumerate(text.splitlines(), 1):
            if line.lstrip().startswith(("//", "*", "/*")):
                continue
            hits = WRITE.findall(line) + (alias_write.findall(line) if alias_write else [])
            if any(field in held and member in declared for field, member in hits):
                found.append(f"{name}:{n}: {line.strip()}")
    return found


def modules() -> dict[str, str]:
    return {p.relative_to(WEB).as_posix(): p.read_text(encoding="utf-8") for p in page_modules(WEB)}


def test_no_module_of_the_page_is_over_400_lines():
    files = page_modules(WEB) + sorted((WEB / "tools").glob("*.mjs"))
    assert len(files) > 40, "the page's modules were not found"
    lines = {p.relative_to(WEB).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for p in files}
    long = {name: n for name, n in lines.items() if n > MOST_LINES}
    assert not long, f"modules over {MOST_LINES} lines (split them by job): {long}"


def test_no_object_writes_another_objects_fields():
    assert foreign_writes(modules()) == []


def test_the_check_finds_a_write_to_another_objects_field():
    # the check itself, on two small modules: it must name the write, and only it
    texts = {
        "stage.js": "export class Stage {\n  constructor() {\n    this.live = false;\n  }\n}\n",
        "app.js": (
            "import { Stage } from './stage.js';\n"
            "export class App {\n  constructor(loader) {\n    this.loader = loader;\n"
            "    this.stage = new Stage();\n    this.node = document.body;\n  }\n"
            "  start() {\n    this.stage.live = true;\n    this.node.hidden = false;\n"
            "    const { loader } = this;\n    loader.live += 1;\n    this.live = true;\n  }\n}\n"
        ),
    }
    assert foreign_writes(texts) == ["app.js:9: this.stage.live = true;",
                                     "app.js:12: loader.live += 1;"]



# --- a constructor's collaborators: at most six (a part that needs more does more than one
# job, or does another part's; issue 52) ---------------------------------------------------
MOST_COLLABORATORS = 6
# the classes still over, each at most at the count it had: the list only shrinks (a class
# brought to six or fewer must leave it)
STILL_OVER: dict[str, int] = {}


def _top_level(text: str) -> list[str]:
    """`text` split at its commas outside brackets, each part stripped, empty ones left out."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text + ","):
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    return [part for part in parts if part]


def collaborators(text: str) -> dict[str, list[str]]:
    """Each class's constructor parameters: a destructured object's names one by one (a
    callback among them counts as one)."""
    found = {}
    classes = list(CLASS.finditer(text))
    for n, cls in enumerate(classes):
        end_of_class = classes[n + 1].start() if n + 1 < len(classes) else len(text)
        ctor = re.compile(r"\bconstructor\(").search(text, cls.end(), end_of_class)
        if not ctor:
            continue
        depth, end = 1, ctor.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        names = []
        for param in _top_level(text[ctor.end():end - 1]):
            inner = param[1:param.rindex("}")] if param.startswith("{") else param
            names += [re.match(r"[\w$.]+", part).group() for part in _top_level(inner)]
        found[cls.group(1)] = names
    return found


def test_no_constructor_takes_more_than_six_collaborators():
    counts = {f"{name} {cls}": len(names) for name, text in modules().items()
              for cls, names in collaborators(text).items()}
    assert len(counts) > 30, "the page's classes were not found"
    over = {where: n for where, n in counts.items()
            if n > STILL_OVER.get(where, MOST_COLLABORATORS)}
    assert not over, f"constructors over {MOST_COLLABORATORS} collaborators: {over}"
    done = {where for where in STILL_OVER if counts.get(where, 0) <= MOST_COLLABORATORS}
    assert not done, f"at {MOST_COLLABORATORS} or fewer now, take them off STILL_OVER: {done}"


def test_the_collaborator_count_reads_a_destructured_bag_and_plain_parameters():
    text = ("export class A {\n"
            "  constructor({ one, two = () => {}, three = { a: 1, b: 2 } }) {}\n}\n"
            "class B {\n  method() {}\n}\nclass C {\n  constructor(x, y = [1, 2]) {}\n}\n")
    assert collaborators(text) == {"A": ["one", "two", "three"], "C": ["x", "y"]}

# --- the folders: each a part of the page, the parts layered ---------------------------
# a module's imports that run: `import ... from "x"`, `export ... from "x"`, `import "x"`,
# and `import("x")` in code (JSDoc's `import("x").Type` names a type: no import runs)
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']"""
                    r"""|^\s*import\s*["']([^"']+)["']"""
                    r"""|(?<![\w.])import\(\s*["']([^"']+)["']\s*\)(?!\.)""", re.M)


def imports(name: str, text: str) -> set[str]:
    """The modules (web/-relative paths) `name` (a web/-relative path) imports."""
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)  # no comment's import()
    here = Path(name).parent
    found = set()
    for match in IMPORT.finditer(code):
        spec = next(s for s in match.groups() if s)
        if spec.startswith("."):
            found.add(Path(*[p for p in (here / spec).parts if p != "."]).as_posix())
    return {_normal(p) for p in found}


def _normal(path: str) -> str:
    parts: list[str] = []
    for part in path.split("/"):
        if part == "..":
            parts.pop()
        else:
            parts.append(part)
    return "/".join(parts)


def folder_edges(texts: dict[str, str]) -> dict[tuple[str, str], set[str]]:
    """(folder, folder it imports from) -> the imports that make the edge; web/'s own
    entry points (boot.js, app.js, worker.js, sw.js) are the folder "."."""
    edges: dict[tuple[str, str], set[str]] = {}
    for name, text in texts.items():
        for target in imports(name, text):
            a, b = Path(name).parent.as_posix(), Path(target).parent.as_posix()
            if a != b:
                edges.setdefault((a, b), set()).add(f"{name} -> {target}")
    return edges


def cycles(edges) -> list[list[str]]:
    """The folders that reach each other (Tarjan's strongly connected components of two
    or more): a two-way pair, or a longer ring."""
    after: dict[str, set[str]] = {}
    for a, b in edges:
        after.setdefault(a, set()).add(b)
        after.setdefault(b, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(after[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            ring = []
            while True:
                ring.append(stack.pop())
                if ring[-1] == node:
                    break
            if len(ring) > 1:
                found.append(sorted(ring))

    for node in sorted(after):
        if node not in index:
            visit(node)
    return found


def test_every_import_names_a_module_that_is_there():
    texts = modules()
    missing = sorted(f"{name} -> {target}" for name, text in texts.items()
                     for target in imports(name, text) if target not in texts)
    assert missing == ["worker.js -> pyodide.mjs"]  # (Pyodide's loader, the built site's)


def test_the_pages_folders_are_layered_with_no_ring():
    """web/'s folders by job (python/, midend/, modes/, board/, input/, progress/, routes/,
    dialogs/, chrome/, words/, lib/): no two of them import each other, directly or round
    a ring, so each can be read knowing only those below it (web/README.md)."""
    texts = modules()
    assert {Path(n).parent.as_posix() for n in texts} >= {
        ".", "python", "midend", "modes", "board", "input", "progress", "routes", "dialogs",
        "chrome", "words", "lib"}
    edges = folder_edges(texts)
    rings = cycles(edges)
    said = [(ring, sorted(i for (a, b), why in edges.items() if a in ring and b in ring
                          for i in why)) for ring in rings]
    assert said == []
    # nothing imports the entry points (the page's parts hang below them)
    assert not [e for (a, b), e in edges.items() if b == "."]


def test_the_layer_check_finds_a_two_way_pair_and_a_ring():
    texts = {
        "board/board.js": 'import { t } from "../words/i18n.js";\n'
                          '/** @param {import("../modes/play.js").Play} p */\n',
        "words/i18n.js": "export const t = 1;\n",
        "modes/play.js": 'import { x } from "../board/board.js";\n',
        "progress/store.js": 'const m = await import("../routes/loader.js");\n',
        "routes/loader.js": 'export { y } from "../chrome/shell.js";\n',
        "chrome/shell.js": 'import "../progress/store.js";\n',
    }
    edges = folder_edges(texts)
    assert ("board", "modes") not in edges  # a type's import() runs nothing
    assert cycles(edges) == [["chrome", "progress", "routes"]]
    texts["words/i18n.js"] = 'import { x } from "../board/board.js";\n'
    assert ["board", "words"] in cycles(folder_edges(texts))
