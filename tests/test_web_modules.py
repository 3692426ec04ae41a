"""The page's JS modules stay small and keep to themselves: no module of web/ over 400
lines, and no object writing a field of another object of the page's (it calls a method,
or the other takes it as a constructor argument). Read as text: no browser needed."""

from __future__ import annotations

import re
from pathlib import Path

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
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(WEB.glob("*.js"))}


def test_no_module_of_the_page_is_over_400_lines():
    files = sorted(WEB.glob("*.js")) + sorted((WEB / "tools").glob("*.mjs"))
    assert len(files) > 40, "the page's modules were not found"
    lines = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in files}
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
