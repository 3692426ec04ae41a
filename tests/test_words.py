"""What a player reads (issue 25): no course or test names, no location numbers in place
of words, no "Python". Every text the games hand the page is scanned (the games' info and
lessons, the booklets' names and notes, the editors' tools and refusals, hints, refusals
of a held piece, the board as text), and every string the page's scripts write.

tests/browser/test_words.py scans the page itself, as a player sees it."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from buildtools.common import page_modules
from game_examples import EXAMPLES, ITEMS
from iqpuzzles import game, games
from iqpuzzles.api import handle
from iqpuzzles.core import sentences
from iqpuzzles.core.editor import refusal as editor_refusal
from iqpuzzles.core.errors import PuzzleError, Refusal
from iqpuzzles.core.sentences import SENTENCES
from iqpuzzles.core.types import Claim

GAMES = games(registered=False)  # the package's own games (not the tests' tiny one)

ROOT = Path(__file__).resolve().parents[1]

# Words no player should read: where the data came from (a course's tests), the engine's
# language, a range of location numbers instead of words ("(31 to 53)").
FORBIDDEN = re.compile(r"\bPython\b|\bcourse\b|SolutionsTest|SOLUTIONS_|COMP1110|"
                       r"\btranscription\b|\bsource's\b|\(\d+ to \d+\)|\bTODO\b", re.I)


def forbidden_in(texts: dict[str, str]) -> list[str]:
    return [f"{where}: {text!r}" for where, text in texts.items()
            if isinstance(text, str) and FORBIDDEN.search(text)]


def ask(**request):
    reply = json.loads(handle(json.dumps({"id": 1, **request})))
    assert reply["ok"], reply
    return reply["result"]


def strings_of(value, where: str, out: dict[str, str]) -> dict[str, str]:
    """Every string in a JSON value, by where it is."""
    if isinstance(value, str):
        out[where] = value
    elif isinstance(value, dict):
        for key, item in value.items():
            strings_of(item, f"{where}.{key}", out)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            strings_of(item, f"{where}[{i}]", out)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_what_a_game_tells_the_page_has_no_forbidden_words(name):
    g = game(name)
    texts: dict[str, str] = {}
    info = ask(op="info", game=name)
    for key in ("title", "help", "explain"):
        texts[f"info.{key}"] = info.get(key, "")
    for piece in info["pieces"]:
        for key in ("label", "colourName", "sizeName", "name"):
            texts[f"piece {piece['id']}.{key}"] = piece.get(key, "")
    for i, step in enumerate(info["lesson"]["steps"]):
        texts[f"lesson step {i}"] = step["rule"]
    for entry in ask(op="challenges", game=name):
        texts[f"challenge {entry['id']}.name"] = entry["name"]
        texts[f"challenge {entry['id']}.note"] = entry["note"]
        texts[f"challenge {entry['id']}.level"] = entry["level"]
    strings_of(ask(op="editor_info", game=name), "editor", texts)
    for entry in g.challenges[:3]:
        for level in (1, 2, 3):
            texts[f"hint {entry.id}/{level}"] = ask(op="hint", game=name,
                                                      challenge=entry.challenge,
                                                      placement="", level=level)["message"]
        start = g.strings.start_placement(entry.challenge)
        texts[f"text {entry.id}"] = ask(op="drawing", game=name, challenge=entry.challenge,
                                        placement=start, key=True)
        for piece in info["pieces"][:3]:
            for location in info["board"]["locations"][::7]:
                preview = ask(op="preview", game=name, challenge=entry.challenge,
                              placement=start, piece=piece["id"],
                              orientation=piece["orientations"][0], location=location["code"])
                texts[f"preview {piece['id']}@{location['code']}"] = preview["message"]
    # every refusal of the editor at every location: IQ-Focus's middle said in words
    editor = g.editor
    draft = editor.info()["empty"]
    tool = editor.info()["tools"][-1]
    for location in info["board"]["locations"]:
        try:
            editor.edit(draft, tool["id"], tool["orientations"][0], location["code"])
        except PuzzleError as error:
            texts[f"editor at {location['code']}"] = str(error)
    assert texts and forbidden_in(texts) == []


@pytest.mark.parametrize("name", GAMES)
def test_every_piece_has_a_name_of_its_own_whatever_the_word_order(name):
    """A player tells pieces apart by their names in words: no two alike, even with
    their words in another order ("the blue and white piece" is "the white and blue
    piece" to a reader), and each says more than its letter."""
    pieces = game(name).page.info()["pieces"]
    words = [tuple(sorted(re.findall(r"[a-z0-9]+", p["name"].lower()))) for p in pieces]
    assert len(set(words)) == len(pieces), [p["name"] for p in pieces]
    assert all(p["id"].lower() not in w for p, w in zip(pieces, words, strict=True))


# "the" and a few words (no other article) ending in "piece": a piece named in a sentence
# ("the other red piece", "the red, white and green piece"; not "the ringed ones want this
# piece")
NAMED = re.compile(r"\bthe\s+(?:(?!(?:the|a|an|this|that|its)\b)[\w-]+,?\s+){0,6}?piece\b",
                   re.I)


def misnamed(text: str, names: dict[str, str], pieces: tuple[str, ...] | None = None) -> list[str]:
    """What in a sentence names a piece otherwise than by its one name (`names`: piece ->
    name): with every piece's name taken out (the longest first, with or without a
    capital), no "the ... piece" is left; and where the sentence is about some `pieces`,
    it names no other."""
    found = []
    for piece, name in sorted(names.items(), key=lambda item: -len(item[1])):
        for said in (name, name[:1].upper() + name[1:]):
            if said in text:
                text = text.replace(said, "\x00")
                if pieces is not None and piece not in pieces:
                    found.append(f"names {name!r}, not one of its pieces {pieces}")
    return found + NAMED.findall(text)


def refusals(g, positions) -> list:
    """The refusal of every placement of every piece, in every orientation at every
    location, on each of `positions` that breaks a rule, with the pieces its words may
    speak of (those on the board, and the one moved)."""
    info = g.page.info()
    found = []
    for position in positions:
        for piece in info["pieces"]:
            for orientation in piece["orientations"]:
                for location in info["board"]["locations"]:
                    item = ITEMS[g.name].format(piece=piece["id"], location=location["code"],
                                                orientation=orientation)
                    try:
                        placement = g.notation.read_item(item)
                    except PuzzleError:
                        continue  # not a placement of the game (IQ-Link: orientation)
                    after = position.after(placement)
                    if isinstance(after, Refusal):
                        found.append((after, frozenset([*position.pieces, piece["id"]])))
    return found


def names_among(pieces: list[dict], among: frozenset) -> dict[str, str]:
    """Each piece's name in a sentence about a move on the board, from the page's words for
    it alone: its colours ("the red piece") where no other piece there has the same ones
    (in any order), else its one name ("the red piece (4 loops, 2 with holes)")."""
    colours = {p["id"]: frozenset(re.findall(r"[a-z]+", p["colourName"].lower())) - {"and"}
               for p in pieces}
    return {p["id"]: p["name"] if any(other != p["id"] and other in among
                                      and colours[other] == colours[p["id"]] for other in colours)
            else f"the {p['colourName']} piece" for p in pieces}


def sample_positions(g) -> list:
    """The empty board, and three booklet challenges at the start and half solved."""
    positions = [g.position(g.empty_challenge())]
    for entry in (g.challenges[0], g.challenges[len(g.challenges) // 2], g.challenges[-1]):
        start = g.position(entry.challenge)
        solved = next(start.solutions(1))
        half = start.play_all(solved.placed[len(start.placed):][::2])
        positions += [start, half]
    return positions


@pytest.mark.parametrize("name", GAMES)
def test_every_sentence_names_pieces_by_their_one_name(name):
    """A refusal (every rule each game has, over every placement on a few boards), an
    editor's refusal, a lesson, a hint: each names a piece only by the name the page
    gives it (told apart from every other: "the white and blue piece (4 squares)", never
    "the white and blue piece" beside "the blue and white piece (3 squares)"), or in a
    refusal by its colours alone where no other piece on the board shares them; and a
    refusal names only the pieces it is about."""
    g = game(name)
    names = {p["id"]: p["name"] for p in g.page.info()["pieces"]}
    found = refusals(g, sample_positions(g))
    assert {r.rule for r, _ in found} == set(EXAMPLES[name]["refusal_rules"])
    # a refusal names a piece by its colours where no other piece on the board shares them
    pieces = g.page.info()["pieces"]
    wrong = {r.message: misnamed(r.message, names_among(pieces, among), r.pieces)
             for r, among in found}
    shortened = sum(all(names_among(pieces, among)[p] != names[p] for p in r.pieces)
                    for r, among in found)
    # (in a game of twins, some are; in one of a colour each, every name is its colours)
    assert shortened or names == names_among(pieces, frozenset(names)), names
    editor = g.editor
    draft = g.challenges[0].challenge
    for tool in editor.info()["tools"]:
        for orientation in tool["orientations"][:1]:
            for location in g.page.info()["board"]["locations"]:
                try:
                    editor.edit(draft, tool["id"], orientation, location["code"])
                except PuzzleError as error:
                    said = editor_refusal(error)
                    wrong[said.message] = misnamed(said.message, names, said.pieces or None)
    for step in g.page.info()["lesson"]["steps"]:
        wrong[step["rule"]] = misnamed(step["rule"], names)
    for level in (1, 2, 3):
        said = g.position(draft).hint(level).message
        wrong[said] = misnamed(said, names)
    assert {text: why for text, why in wrong.items() if why} == {}


def test_the_name_check_finds_what_it_must():
    names = {"g": "the white and blue piece (4 squares)", "i": "the blue and white piece "
             "(3 squares)", "a": "the red piece (4 loops, 2 with holes)",
             "b": "the red piece (4 loops, 1 with a hole)", "h": "the red, white and green piece"}
    assert misnamed("The white and blue piece (4 squares) would overlap the blue and white "
                    "piece (3 squares).", names, ("g", "i")) == []
    assert misnamed("The blue and white piece would overlap the white and blue piece "
                    "(4 squares).", names, ("i", "g")) == ["The blue and white piece"]
    assert misnamed("The red piece (4 loops, 1 with a hole) would overlap the other red "
                    "piece.", names, ("b", "a")) == ["the other red piece"]
    assert misnamed("It would overlap the red, white and green piece.", names, ("a",)) == \
        ["names 'the red, white and green piece', not one of its pieces ('a',)"]
    assert misnamed("A peg only goes through a hole of a red piece.", names) == []
    assert misnamed("The ringed ones want this piece's colours.", names) == []


def _strings_in_js(text: str) -> list[str]:
    """The string literals of a script, its comments, console lines and the paths of the
    modules it imports (web/python/ holds the engine's bridge) left out."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'(\bfrom\s*|\bimport\(\s*|\bimport\s*)"[^"\n]*\.js"', "", text)
    text = re.sub(r"(?m)(^|[^:\\\"'`])//.*$", r"\1", text)
    text = re.sub(r"(?m)^.*\bconsole\.\w+\(.*$", "", text)
    return re.findall(r'"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`', text)


def test_the_pages_scripts_write_no_forbidden_words():
    found = []
    for path in page_modules():
        for literal in _strings_in_js(path.read_text()):
            if FORBIDDEN.search(literal):
                found.append(f"{path.relative_to(ROOT)}: {literal[:80]}")
    html = (ROOT / "web" / "index.html").read_text()
    body = re.sub(r"<!--.*?-->|<script.*?</script>", "", html, flags=re.S)
    if FORBIDDEN.search(body):
        found.append("index.html")
    assert found == []


def test_the_scan_finds_what_it_must():
    """The scan itself: each kind of word the issue found is caught."""
    for text in ("course SolutionsTest SOLUTIONS_ONE[3]", "(31 to 53)",
                 "Downloading Python…", "the source's solutions file"):
        assert forbidden_in({"x": text}), text
    assert _strings_in_js('const a = "Python"; // "course"\n/* "course" */') == ['"Python"']



def _worded_hints(source: str) -> list[int]:
    """The lines of the `Hint(...)` calls of a module that give words of their own (a
    text or an f-string as the message or the notation, not a sentence of
    core/sentences.py; "" is no words)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Hint":
            words = [*node.args[1:3], *(k.value for k in node.keywords
                                        if k.arg in ("message", "notation"))]
            if any(isinstance(w, ast.JoinedStr) or (isinstance(w, ast.Constant) and w.value)
                   for w in words):
                found.append(node.lineno)
    return found


def test_every_sentence_of_a_hint_is_built_in_one_place():
    """A hint is data; core/sentences.py alone words it, from templates whose fields are
    named (a translation may order them as its language does) and documented, one for
    every kind of first-rung claim (core/types.py Claim)."""
    found = [f"{path.name}:{line}" for path in sorted((ROOT / "py" / "iqpuzzles").rglob("*.py"))
             if path.name != "sentences.py" for line in _worded_hints(path.read_text())]
    assert found == []
    claim_kinds = set(re.findall(r"^ {8}([a-z-]+) {2,}", Claim.__doc__ or "", re.M))
    assert claim_kinds == {"only-reaches", "one-place", "only-fills", "must-cover", "guess"}
    assert claim_kinds <= set(SENTENCES)
    fields = set(re.findall(r"^ {4}([a-z]+) {2,}", sentences.__doc__ or "", re.M))
    templates = [t for pair in SENTENCES.values() for text in pair
                 for t in (text if isinstance(text, tuple) else (text,))]
    for template in templates:
        used = set(re.findall(r"%\(([a-z]+)\)s", template))
        assert not re.search(r"%[^(]|\{", template), template  # named %(field)s only
        assert used <= fields, (template, used - fields)
    # the check itself finds words given outside
    assert _worded_hints('Hint(HintKind.SOLVED, f"{x} done")\nHint(k, "", "Done.")') == [1, 2]
    assert _worded_hints('Hint(HintKind.PLACE, "", claims=())') == []
