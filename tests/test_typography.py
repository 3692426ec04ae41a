"""Issue 54: the typography of every message, as a machine can check it. Each message of
each catalog is rendered with realistic values in its placeholders (a word of the
language where a word goes, a whole sentence where a sentence goes, a game's name, a
time) and held to the rules its language's readers expect:

- French, Spanish, Dutch and Polish: no capital letter right after a colon within a
  sentence (a name, a code or a game's name may begin with one; German capitalises a
  whole sentence after a colon, so German is not checked);
- Japanese: no ASCII separator (", " "; " " · " or a colon and a space) in Japanese text;
- every language: no double full stop (an ellipsis is "…" or "...");
- French: a no-break space (U+00A0) before : ; ! ? and », after «; and elision before a
  vowel ("d'IQ-Twist", not "de IQ-Twist").

Where a message carries a sentence in a placeholder, the catalog chooses what goes
before it (a colon where the language capitalises after one, else a full stop): the
code never joins translated pieces with its own punctuation.
"""

from __future__ import annotations

import re

import pytest

from buildtools import catalogs

NBSP = "\u00a0"
# what a placeholder holds, by its name: a word of the language (lower case, as it is put
# inside a sentence), a clause (a reason), a whole sentence (a hint, a note), or a value
# that reads the same in every language (a game's name, a time, a code)
WORD = {"en": "the red piece", "fr": "la pièce rouge", "de": "das rote Teil",
        "nl": "het rode stuk", "es": "la pieza roja", "pl": "czerwony element",
        "ja": "赤いピース"}
CLAUSE = {"en": "it would cover a hole", "fr": "elle couvrirait un trou",
          "de": "es würde ein Loch bedecken", "nl": "het zou een gat bedekken",
          "es": "taparía un agujero", "pl": "zakryłby otwór", "ja": "穴をふさいでしまいます"}
SENTENCE = {"en": "Only the red piece fits there.",
            "fr": "Seule la pièce rouge tient là.", "de": "Nur das rote Teil passt dorthin.",
            "nl": "Alleen het rode stuk past daar.", "es": "Solo la pieza roja cabe ahí.",
            "pl": "Tylko czerwony element tam pasuje.", "ja": "そこに入るのは赤いピースだけです。"}
SENTENCES = {"sentence", "hint", "note"}
CLAUSES = {"why", "reason", "message", "result", "reasons", "value", "lies", "what",
           "how", "parts", "outcome", "long", "said"}
SAME = {"title": "IQ-Twist", "game": "IQ-Twist", "level": "Starter", "time": "1:23",
        "fastest": "0:41", "slowest": "2:05", "median": "1:10", "best": "1:02",
        "date": "2026-11-23", "name": "T05", "id": "T05", "code": "4B", "placement": "c1A0",
        "seed": "335733", "link": "https://example.org/#game=twist", "key": "R",
        "language": "Français", "prog": "python -m iqpuzzles", "option": "--l",
        "matches": "--limit, --lang", "argument_name": "--limit", "choices": "'twist', 'link'",
        "type": "int", "parser_name": "'frob'", "heading": "options", "games": "twist, link",
        "text": "“abc”"}
NAMED = re.compile(r"%\(([a-z_]+)\)([sdr])")
CAPITAL_OK = re.compile(  # a word that begins with a capital wherever it stands
    r"IQ\b|IQ-|SmartGames|Python|Pyodide|Starter|Junior|Expert|Master|Wizard|Français|"
    r"Deutsch|English|Nederlands|Español|Polski|[A-Z][A-Z0-9_-]+\b|[A-Z]\b|[A-Z]?\S*\d")


def render(text: str, language: str, names: dict[str, str] | None = None) -> str:
    """A message with realistic values in its placeholders (`names`: some chosen)."""
    def value(match: re.Match[str]) -> str:
        name, kind = match.groups()
        if names and name in names:
            return names[name]
        if kind == "d" or name in ("n", "count", "k", "size", "total", "most", "percent",
                                   "distinct", "limit", "batch", "low", "high", "line",
                                   "day", "degrees", "longest", "current", "hints"):
            return "3"
        if name in SAME:
            return SAME[name]
        if name in SENTENCES:
            return SENTENCE[language]
        if name in CLAUSES:
            return CLAUSE[language]
        return WORD[language]
    text = NAMED.sub(value, text)
    text = re.sub(r"%[sd]", "3", text)
    text = re.sub(r"%r", "'abc'", text)
    return text.replace("%%", "%")


def capital_after_colon(text: str, language: str) -> list[str]:
    """A capital letter after a colon within a sentence (not a name, code or number)."""
    found = []
    for match in re.finditer(r"[:：][ \u00a0\u202f]+(?=(\S+))", text):
        word = match.group(1).lstrip("«“\"'(`\u00a0")
        if word[:1].isupper() and not CAPITAL_OK.match(word):
            found.append(text[max(0, match.start() - 20):match.end() + 20])
    return found


ASCII_WORD_COLON = re.compile(r"(?:https?|ok|malformed|illegal|error|none|stderr)$")
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")


def ascii_separators(text: str) -> list[str]:
    """ASCII separators next to Japanese text (a list of codes may keep its own)."""
    found = []
    for match in re.finditer(r", |; | · |: ", text):
        head = text[max(0, match.start() - 12):match.start()]
        if match.group() == ": " and ASCII_WORD_COLON.search(head):
            continue  # an answer's first word, as scripts read it ("malformed: ...")
        before, after = text[max(0, match.start() - 1)], text[match.end():match.end() + 1]
        if JAPANESE.match(before) or JAPANESE.match(after):
            found.append(text[max(0, match.start() - 12):match.end() + 12])
    return found


def double_stop(text: str) -> list[str]:
    return [text[max(0, m.start() - 20):m.end() + 5]
            for m in re.finditer(r"(?<![.…])(\.\.|…\.|\.…)(?![.…])", text)]


# French: the spaces around : ; ! ? « » (U+00A0), where the sign is punctuation (not a
# time, an address, a code or an answer's word scripts read: "malformed:")
FRENCH_BEFORE = re.compile(r"(.)([:;!?»])")


def french_spaces(text: str) -> list[str]:
    found = []
    inside_code = False
    for k, char in enumerate(text):
        if char == "`":
            inside_code = not inside_code
        if inside_code or char not in ":;!?»«":
            continue
        before, after = text[k - 1:k], text[k + 1:k + 2]
        if char == "«":
            if after != NBSP:
                found.append(text[max(0, k - 15):k + 15])
            continue
        if before == NBSP or not before:
            continue
        if char == ":" and (before.isdigit() and after.isdigit() or after in "/:"
                            or ASCII_WORD_COLON.search(text[max(0, k - 12):k])):
            continue
        if char in "!?" and before in "!?":
            continue
        if char == "?" and (after and after not in " \n\u00a0)»" or before in "(“"):
            continue  # an address's query, the notation's "?" (any colour)
        found.append(text[max(0, k - 15):k + 15])
    return found


ELISION = re.compile(r"\b(de|le|la|que|ne|je|se|ce|si) (IQ\S*|[aeiouyàâéèêëîïôûœ]\S*)",
                     re.IGNORECASE)
KEEPS = {"oui", "onze", "ouate", "yeux", "y", "yaourt"}  # words before which none elides


def elision(text: str) -> list[str]:
    """"de IQ-Twist", "le aperçu", "que il": a word to elide before a vowel ("d'IQ-Twist",
    "l'aperçu", "qu'il"); "si" only before "il" ("s'il")."""
    found = []
    for match in ELISION.finditer(text):
        word, after = match.group(1).lower(), re.sub(r"\W+$", "", match.group(2)).lower()
        if after in KEEPS or (word == "si" and after not in ("il", "ils")):
            continue
        if text[max(0, match.start() - 1):match.start()] == "-" or len(after) == 1:
            continue  # a pronoun after its verb ("place-la ensuite"), a letter ("de A à H")
        found.append(match.group(0))
    return found


RULES = {
    "fr": (capital_after_colon, double_stop, french_spaces, elision),
    "es": (capital_after_colon, double_stop),
    "nl": (capital_after_colon, double_stop),
    "pl": (capital_after_colon, double_stop),
    "de": (double_stop,),
    "ja": (ascii_separators, double_stop),
}


def wrong_entries(language: str) -> dict[str, list[str]]:
    """Each message of `language`'s catalog that breaks a rule: what was found."""
    found: dict[str, list[str]] = {}
    catalog = catalogs.read_po(catalogs.po_path(language), language)
    # a challenge's name may be a daily's, a month's abbreviation at its end ("déc.")
    daily = render(catalog.get("Daily %(day)s Dec", "daily challenge's name").string,
                   language, {"day": "4"})
    for message in catalog:
        if not message.id or not message.string:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string, names in ((s, n) for s in strings for n in (None, {"name": daily})):
            text = render(string, language, names)
            for rule in RULES[language] if names is None else (double_stop,):
                args = (text, language) if rule is capital_after_colon else (text,)
                if hits := rule(*args):
                    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
                    found.setdefault(msgid, []).extend(
                        f"{rule.__name__}: {hit!r}" for hit in hits
                        if f"{rule.__name__}: {hit!r}" not in found.get(msgid, []))
    return found


@pytest.mark.parametrize("language", sorted(RULES))
def test_every_message_keeps_its_languages_typography(language):
    wrong = wrong_entries(language)
    assert not wrong, f"{len(wrong)} messages:\n" + "\n".join(
        f"{msgid!r}: {hits}" for msgid, hits in wrong.items())


def test_the_rules_find_what_they_look_for():
    """Each rule finds its own mistake, and passes the right form."""
    assert capital_after_colon("Indice : Seule la pièce rouge.", "fr")
    assert not capital_after_colon("Indice : seule la pièce rouge ; IQ-Twist : T05.", "fr")
    assert ascii_separators("赤いピース, 青いピース") and not ascii_separators("赤、青 (a, b)")
    assert double_stop("Défi du 4 déc..") and not double_stop("Chargement... fini…")
    assert french_spaces("Indice : oui")
    assert not french_spaces(f"Indice{NBSP}: 0:41, «{NBSP}a{NBSP}»")
    assert elision("le défi de IQ-Twist") and elision("que il") and elision("la aide")
    assert not elision("le défi d'IQ-Twist, si elle le veut, de oui ou de non")
