"""Issue 40: every word in the player's language. The catalogs are complete and pass
Babel's checks; the .mo files the package ships are their .po compiled and the template
is what the sources mark; every PuzzleError and refusal the library says went through
a catalog (the pseudo-language en_XA brackets every message: a word outside brackets
was never translated), and so did the page's words of each game and the command line's
--help (tests/test_hint_truth.py holds the hints' sentences in every language); the
language is a context's own (threads and tasks keep theirs);
the command line follows LANG, LANGUAGE and --lang."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import iqpuzzles
from buildtools import catalogs
from game_examples import cases
from iqpuzzles.__main__ import main
from iqpuzzles.core import checks
from iqpuzzles.core.i18n import from_environment, ntr, resolve, tr
from iqpuzzles.core.types import LEVELS
from iqpuzzles.daily import daily
from iqpuzzles.generate import generate

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = catalogs.LANGUAGES
GAMES = iqpuzzles.games(registered=False)


# --- the catalogs ----------------------------------------------------------------------
@pytest.mark.parametrize("language", [*LANGUAGES, catalogs.PSEUDO])
def test_every_message_is_translated_and_passes_babels_checks(language):
    """No untranslated or fuzzy entry; placeholders the message's own, the plural forms
    as many as the language's CLDR rule has (Babel's checks)."""
    assert catalogs.problems(language) == []


def test_the_template_is_what_the_sources_mark_and_each_mo_is_its_po_compiled():
    """python build.py catalogs was run after the last change of a marked message: the
    template holds exactly the extracted messages, every language has them all, and the
    committed .mo files are their .po compiled (a wheel from a clone needs no Babel)."""
    extracted = {(m.context, m.id) for m in catalogs.extract() if m.id}
    template = {(m.context, m.id) for m in catalogs.read_po(catalogs.TEMPLATE) if m.id}
    assert template == extracted
    for language in (*LANGUAGES, catalogs.PSEUDO):
        po = catalogs.read_po(catalogs.po_path(language),
                              "en" if language == catalogs.PSEUDO else language)
        assert {(m.context, m.id) for m in po if m.id} == extracted, language
        assert catalogs.mo_path(language).read_bytes() == catalogs.mo_bytes(po), language


def test_plural_forms_follow_each_languages_rule():
    """Polish has three forms (1, 2-4 but 12-14, the rest), Japanese one, French three
    (CLDR: one for 0 and 1), German two: the compiled catalogs choose them at run time."""
    def rings(language: str, n: int) -> str:
        with iqpuzzles.language(language):
            return ntr("%(n)s ring", "%(n)s rings", n)
    assert [rings("pl", n) for n in (1, 2, 5, 12, 22, 25)] == [
        "1 pierścień", "2 pierścienie", "5 pierścieni", "12 pierścieni", "22 pierścienie",
        "25 pierścieni"]
    assert [rings("fr", n) for n in (0, 1, 2)] == ["0 anneau", "1 anneau", "2 anneaux"]
    assert [rings("de", n) for n in (1, 2)] == ["1 Ring", "2 Ringe"]
    assert rings("ja", 1) == "リング1個" and rings("ja", 3) == "リング3個"
    assert [rings("en", n) for n in (1, 2)] == ["1 ring", "2 rings"]


# --- every word through a catalog ------------------------------------------------------
def _bad_calls() -> list[Callable[[], object]]:
    """Calls that each raise a PuzzleError: every face's refusal of bad input."""
    calls: list[Callable[[], object]] = []
    for name, text, _, _ in cases("malformed", GAMES):
        calls.append(lambda n=name, t=text: iqpuzzles.game(n).strings.validate(t))
    for name, text, _ in cases("illegal", GAMES):
        calls.append(lambda n=name, t=text: iqpuzzles.game(n).strings.validate(t))
    for name in GAMES:
        g = iqpuzzles.game(name)
        start = g.position()
        calls += [
            lambda g=g: g.check_piece("?"),
            lambda g=g: g.check_location("??"),
            lambda g=g: g.check_orientation(g.piece_ids[0], "?"),
            lambda g=g: g.challenge_by_id("no such one"),
            lambda g=g: g.challenge_by_id(True),
            lambda g=g: g.own_position(object()),
            lambda g=g: g.own_placement(3),
            lambda g=g: g.own_placements(3),
            lambda s=start: s.remove(s.game.piece_ids[0]),
            lambda s=start: s.play(3),
            lambda s=start: s.hint(7),
            lambda g=g: list(g.strings.solutions(3)),
            lambda g=g: list(g.strings.solutions("", -1)),
            lambda g=g: g.strings.parse(""),
            lambda g=g: g.notation.read_item(g.notation.example_item * 2),
            lambda g=g: generate(g, "Grandmaster", 1),
            lambda g=g: generate(g, "Starter", 2.5),
            lambda g=g: daily(g, "2026-02-30"),
            lambda g=g: daily(g, "yesterday"),
            lambda g=g: daily(g, "1999-01-01"),
        ]
    calls += [
        lambda: iqpuzzles.game("chess"),
        lambda: iqpuzzles.register("chess"),
        lambda: iqpuzzles.game("focus").strings.solutions("RRRB", 1).__next__(),
        lambda: iqpuzzles.game("focus").strings.solutions("RRRBWBBRb", 1).__next__(),
        lambda: iqpuzzles.game("focus").strings.solutions("RRRBWBBRx", 1).__next__(),
        lambda: iqpuzzles.game("twist").strings.validate("i1A0i2A0"),
        lambda: iqpuzzles.game("twist").strings.validate("j1A0j2A0j3A0"),
        lambda: iqpuzzles.game("twist").strings.validate("j1A0i2A0"),
        lambda: iqpuzzles.game("twist").strings.validate("i1A0j1A0"),
        lambda: iqpuzzles.game("twist").strings.validate("a1A0" * 16),
        lambda: checks.flag(3, tr("a limit")),
        lambda: checks.text("\ud800", tr("a challenge")),
        lambda: checks.whole(10 ** 400, tr("a limit")),
        lambda: checks.whole(-(10 ** 400), tr("a limit"), 0, 5),
        lambda: checks.whole(6, tr("a limit"), None, 5),
    ]
    return calls


# what stays as it is: level and game names, games' codes, a caller's True or None
ALLOWED = {*LEVELS, "Twist", "Focus", "Steps", "Link", "True", "False", "None"}
# a caller's input as an error quotes it: its repr ('text', "text", <object ...>)
QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|<[^<>]*>")
WORD = re.compile(r"[^\W\d_]+")
VOWELS = set("aeiouyAEIOUY")  # en_XA accents every vowel: a word with a plain one was not in it


def _said(call: Callable[[], object]) -> str:
    with pytest.raises(iqpuzzles.PuzzleError) as caught:
        call()
    return str(caught.value)


def _untranslated(message: str) -> list[str]:
    """The words of an en_XA message that no catalog said: outside its brackets, or
    plain English inside them."""
    problems = [] if message.startswith("⟦") and message.endswith("⟧") else ["unbracketed"]
    words = WORD.findall(QUOTED.sub("", message))
    # codes of the notation (ALA, W, NE) are upper case and short; names are ALLOWED
    return problems + [word for word in words if VOWELS & set(word)
                       and word not in ALLOWED and word not in iqpuzzles.games()
                       and len(word) > 1 and not (word.isupper() and len(word) <= 3)]


def test_every_puzzle_error_went_through_a_catalog():
    """Every refusal of bad input the faces give, in en_XA: bracketed whole, with no
    English word left in it; and in every language other words than in English."""
    calls = _bad_calls()
    english = [_said(call) for call in calls]
    with iqpuzzles.language("en-XA"):
        pseudo = [_said(call) for call in calls]
    wrong = {message: found for message in pseudo if (found := _untranslated(message))}
    assert not wrong
    for language in LANGUAGES:
        with iqpuzzles.language(language):
            said = [_said(call) for call in calls]
        assert all(a != b for a, b in zip(said, english, strict=True)), language


def test_every_refusal_and_lesson_went_through_a_catalog():
    """A player's words: the rules' refusals of the examples (as the page says them),
    the lessons' steps and the piece names, every one bracketed in en_XA."""
    from iqpuzzles.core.lesson import to_json

    with iqpuzzles.language("en_XA"):
        said = []
        for name, challenge, item, _ in cases("refused", GAMES):
            g = iqpuzzles.game(name)
            position = g.position(challenge)
            refusal = position.after(g.notation.read_item(item))
            assert isinstance(refusal, iqpuzzles.core.errors.Refusal), (name, item)
            said += [refusal.message, refusal.notation]
        for name in GAMES:
            g = iqpuzzles.game(name)
            said += [step["rule"] for step in to_json(g)["steps"]]
            said += [g.vocabulary.piece_name(p) for p in g.piece_ids]
    wrong = {message: found for message in said if (found := _untranslated(message))}
    assert not wrong


def _strings(value: object) -> list[str]:
    """Every string in a JSON-like value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list | tuple):
        return [s for item in value for s in _strings(item)]
    return []


def _page_words(g: iqpuzzles.Game) -> list[str]:
    """What the page shows of a game in words: the pieces' names, labels and how they
    lie, the help, the toggles and notes, each location's row (screen readers), what is on
    each spot of a half-played booklet challenge, the challenges' names and notes, the
    daily challenge's name, the drawing's key, the editor's help, tools and verdicts."""
    info = g.page.info()
    said = [info["help"], *(info.get(k, "") for k in ("explain", "bookletNote", "levelsNote"))]
    for piece in info["pieces"]:
        said += [piece["name"], piece["label"], piece["colourName"], piece["sizeName"],
                 *piece["orientationNames"].values()]
    said += [location["row"] for location in info["board"]["locations"]]
    start = g.position(g.challenges[-1].challenge)
    half = start.play_all(next(start.solutions(1)).placed[len(start.placed):][::2])
    said += list(g.page.view_of(half)["spots"].values())
    said += [g.page.view_of(g.position(g.empty_challenge()))["spots"][g.vocabulary.locations[0]]]
    for entry in g.challenges:
        said += [entry.name, entry.note]
    if g.can_generate:
        said.append(daily(g, "2026-03-05")["name"])
    said.append(g.drawing.key(half))
    editor = g.editor.info()  # the editor: its help, its tools, its verdicts
    said += [editor["help"], *(tool["label"] for tool in editor["tools"])]
    said += [g.editor.verdict(draft)["message"] for draft in (g.challenges[0].challenge, "x")]
    return [text for text in said if text]


CODES = re.compile(r"[\sA-Z?.]*")


def test_every_word_of_the_page_went_through_a_catalog():
    """The page's words of each game (see _page_words) are bracketed in en_XA, and the
    page's description of a game follows the language it is asked in, back and forth
    (it is made once per language, not once)."""
    wrong = {}
    for name in GAMES:
        g = iqpuzzles.game(name)
        english = _page_words(g)
        with iqpuzzles.language("en_XA"):
            pseudo = _page_words(g)
        with iqpuzzles.language("pl"):
            polish = g.page.info()
        assert len(pseudo) == len(english) and _page_words(g) == english
        assert polish["help"] != g.page.info()["help"]
        assert polish["pieces"][0]["name"] != g.page.info()["pieces"][0]["name"]
        for text in pseudo:
            # a key's lines and a spot's list are several messages, each bracketed
            for part in re.split(r"\n|; (?=⟦)", text):
                if CODES.fullmatch(part):  # a row of the drawing's codes: "  B R ?"
                    continue
                if found := _untranslated(part.strip()):
                    wrong[part] = found
    assert not wrong


def test_the_command_lines_help_went_through_a_catalog(capsys):
    """--help of the command and of each verb in en_XA: none of the package's own help
    texts is left in English (argparse's own words, "usage:", are Python's)."""
    english = {" ".join(m.id.split()) for m in catalogs.read_po(catalogs.TEMPLATE)
               if m.id and isinstance(m.id, str)
               and any(path.endswith("__main__.py") for path, _ in m.locations)}
    verbs = ("solve", "check", "hint", "show", "order", "generate", "daily", "bench")
    for lang in ("en", "en_XA"):
        seen = ""
        for verb in ((), *((v,) for v in verbs)):
            with pytest.raises(SystemExit):
                main(["--lang", lang, *verb, "--help"])
            seen += " ".join(capsys.readouterr().out.split()) + " "
        left = {text for text in english if text in seen}
        if lang == "en":
            assert len(left) >= 15, left  # the help says them (this check can fail)
        else:
            assert left == set() and seen.count("⟦") >= 15
    assert iqpuzzles.current_language() == "en"


# --- the language of a context ---------------------------------------------------------
def test_set_language_is_this_contexts_own():
    """set_language changes this thread's (this task's) language and no other's; the
    `with` block gives the language back as it was."""
    assert iqpuzzles.current_language() == "en"
    seen: dict[str, str] = {}
    ready, chosen = threading.Event(), threading.Event()

    def other() -> None:
        ready.set()
        chosen.wait(10)
        seen["other"] = tr("this challenge has no solution")

    thread = threading.Thread(target=other)
    thread.start()
    ready.wait(10)
    try:
        assert iqpuzzles.set_language("fr-FR") == "fr"
        chosen.set()
        thread.join(10)
        assert tr("this challenge has no solution") == "ce défi n'a pas de solution"
        assert seen["other"] == "this challenge has no solution"
        with iqpuzzles.language("de") as language:
            assert language == "de" and iqpuzzles.current_language() == "de"
        assert iqpuzzles.current_language() == "fr"

        async def task(code: str) -> str:
            iqpuzzles.set_language(code)
            await asyncio.sleep(0)
            return tr("a limit")

        async def both() -> list[str]:
            return list(await asyncio.gather(task("ja"), task("nl")))

        # (a loop of its own, in a thread of its own: a browser test's driver may hold a
        # running loop in this one)
        with ThreadPoolExecutor(1) as pool:
            assert pool.submit(asyncio.run, both()).result() == ["上限", "een limiet"]
        assert iqpuzzles.current_language() == "fr"
    finally:
        iqpuzzles.set_language(None)
    assert iqpuzzles.current_language() == "en"


def test_the_environment_and_codes_choose_as_gettext_does():
    assert from_environment({"LANG": "de_DE.UTF-8"}) == "de_DE.UTF-8"
    assert from_environment({"LANG": "de_DE.UTF-8", "LANGUAGE": "pl:fr"}) == "pl:fr"
    assert from_environment({"LC_ALL": "C", "LANG": "fr_FR"}) == "C"
    assert [resolve(code) for code in ("pt_BR:es", "C.UTF-8", "", "ja_JP", "en-XA", "xx")] == \
        ["es", "en", "en", "ja", "en_XA", "en"]


# --- the command line ------------------------------------------------------------------
def _cli(*args: str, **environ: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(environ, PYTHONIOENCODING="utf-8:strict", PYTHONPATH=str(ROOT / "py"))
    return subprocess.run([sys.executable, "-m", "iqpuzzles", *args], capture_output=True,
                          text=True, encoding="utf-8", env=env, timeout=60, check=False)


def test_the_command_line_answers_in_the_language_asked(capsys, monkeypatch):
    """LANG, LANGUAGE before it, --lang before them all, in a real process (UTF-8 out,
    strictly); the answer's first word and the notation stay as scripts read them."""
    bad = "d2A6d2A6"
    assert _cli("check", "twist", bad, LANG="fr_FR.UTF-8").stdout == \
        "malformed: la pièce 'd' apparaît plus d'une fois (caractère 5 de 'd2A6d2A6')\n"
    japanese = _cli("--lang", "ja", "check", "twist", bad, LANG="fr_FR.UTF-8", LANGUAGE="de")
    assert japanese.stdout == "malformed: ピース'd'が2回以上出てきます（'d2A6d2A6'の5文字目）\n"
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv("LANGUAGE", "de")
    assert main(["check", "twist", bad]) == 1
    assert capsys.readouterr().out.startswith("malformed: Teil 'd' kommt mehr als einmal vor")
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LANGUAGE")
    assert main(["check", "twist", bad]) == 1
    assert capsys.readouterr().out.startswith("malformed: piece 'd' appears more than once")
    assert main(["show", "steps", "", "--lang", "pl"]) == 0
    assert "wolny kołek: o" in capsys.readouterr().out
    assert main(["daily", "twist", "2026-02-30", "--lang", "es"]) == 2
    assert capsys.readouterr().err == "error: 2026-02-30 no es un día del calendario\n"
    assert iqpuzzles.current_language() == "en"  # the command's language was its own
