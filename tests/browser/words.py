"""What the page says, read as a player and a screen reader meet it, for the test that every
word passed through a catalog (test_page_words_xa.py).

`outside_catalog(page)` lists every text the page shows or says that is not inside the
pseudo-language's brackets (buildtools.catalogs.pseudo: "⟦…⟧"), each with the CSS path of
its element: the visible text nodes, the values of text boxes, the accessible names
(aria-label, title, alt, ... and the names Chromium's accessibility tree computes, for
buttons among all), and every announcement of a live region since the last look (recorded
as it is made: LISTEN, an init script)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import BrowserContext, Page

from iqpuzzles import game, games

ROOT = Path(__file__).resolve().parents[2]
KEY = "iqpuzzles.v1.language"
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
PSEUDO = "en-XA"

# the languages the page speaks, each in its own words (web/words/i18n.js's LANGUAGES)
I18N = ROOT / "web" / "words" / "i18n.js"
LANGUAGE_NAMES = re.findall(r'\w+: "([^"]+)"', re.search(
    r"export const LANGUAGES = \{(.*?)\};", I18N.read_text()).group(1))
assert len(LANGUAGE_NAMES) == 7, LANGUAGE_NAMES

# What may stand outside the brackets, and why. Digits, times, counts and punctuation always
# may: only letters are looked for; and a token with a digit in it is a code, not a word (a
# challenge's id "T01", a spot "4B", a placement "c1A0": notation never changes), nor is a
# web address (the result to share ends with its link).
ALLOWED = [
    "IQ Puzzles",  # the brand, as SmartGames' own names are
    # the game names and level names SmartGames prints (issue 40: they stay as printed)
    *(game(name).title for name in games(registered=False)),  # IQ-Twist, ...
    "Starter", "Junior", "Expert", "Master", "Wizard",
    # each language named in its own words on the choice of language (not translated)
    *LANGUAGE_NAMES,
    # dates: the pseudo-language's are English's (i18n.js), every other language's Intl's
    *MONTHS, *WEEKDAYS, *(m[:3] for m in MONTHS), *(d[:3] for d in WEEKDAYS),
]
# Where letters are not words: key caps (a key is named as printed on it) and the board's
# printed axis letters (A-D, A-Y: the physical board's own print, like notation)
EXEMPT = ["kbd", "#board text.role-label"]


# Every text a live region says, as it says it (the region's text after each change),
# recorded from the page's start: __said, read and emptied by the test.
LISTEN = """(() => {
  window.__said = [];
  const REGION = "[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log]";
  const pending = new Set();
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const node = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      const region = node?.closest?.(REGION);
      if (region) pending.add(region);
    }
    queueMicrotask(() => {
      for (const region of pending) {
        const text = region.textContent.trim();
        if (text) window.__said.push({ text, element: region });
      }
      pending.clear();
    });
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
})();"""

# The check itself, in the page: `allowed` the phrases above. A text's brackets may span
# several text nodes (a message with an element inside), so the depth of brackets goes on
# from one text node to the next in the document's order.
CHECK = r"""([allowed, exempt]) => {
  const OPEN = "\u27e6", CLOSE = "\u27e7";
  const found = [];
  const cssPath = (el) => {
    const parts = [];
    for (let e = el; e && e.nodeType === 1 && e !== document.documentElement; e = e.parentElement) {
      if (e.id) { parts.unshift(`#${CSS.escape(e.id)}`); break; }
      let part = e.localName;
      const classes = [...e.classList].slice(0, 2);
      if (classes.length) part += "." + classes.map((c) => CSS.escape(c)).join(".");
      const kin = [...(e.parentElement?.children ?? [])];
      const same = kin.filter((o) => o.localName === e.localName);
      if (same.length > 1) part += `:nth-of-type(${same.indexOf(e) + 1})`;
      parts.unshift(part);
    }
    return parts.join(" > ");
  };
  const phrases = [...allowed].sort((a, b) => b.length - a.length).map((p) => p.toLowerCase());
  // the text outside brackets, given the depth it starts at; and the depth it ends at
  const outside = (text, depth = 0) => {
    let out = "";
    for (const c of text) {
      if (c === OPEN) { depth++; out += " "; }
      else if (c === CLOSE) { depth = Math.max(0, depth - 1); out += " "; }
      else if (depth === 0) out += c;
    }
    return [out, depth];
  };
  const letters = (text) => {
    let rest = text.toLowerCase().replace(/https?:\/\/\S+/g, " ") // an address (the share text's)
      .replace(/[\p{L}\p{N}]*\p{N}[\p{L}\p{N}]*/gu, " "); // codes: "T01", "4B", "c1A0"
    for (const p of phrases) rest = rest.split(p).join(" ");
    return /\p{L}/u.test(rest);
  };
  // for the accessibility tree's names (accessible_names): the same judgement
  window.__words = { cssPath, left: (text) => letters(outside(text)[0]) };
  const skipped = ["script", "style", "template", ...exempt].join(", ");
  const shown = (el) => {
    if (el.closest("option, optgroup")) el = el.closest("select") ?? el;
    if (el.closest("svg title")) el = el.closest("svg title").parentElement;
    return el.checkVisibility({ visibilityProperty: true });
  };
  const report = (where, text, el) => found.push({ where, text: text.trim(), path: cssPath(el) });

  // the visible text (and an <svg>'s <title>, its name)
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let depth = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(skipped) || !shown(el)) continue;
    const [out, after] = outside(node.data, depth);
    depth = after;
    if (letters(out)) report("text", out, el);
  }
  const title = document.title;
  if (letters(outside(title)[0])) report("document title", title, document.documentElement);
  // what text boxes hold (the result to share), and the names given by attributes
  const NAMES = ["aria-label", "title", "alt", "placeholder", "aria-valuetext",
    "aria-roledescription", "aria-description"];
  const box = (el) => el.localName === "textarea"
    || (el.localName === "input" && /^(text|search|)$/.test(el.type));
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("script, style, template") || !shown(el)) continue;
    if (box(el) && letters(outside(el.value)[0])) report("value", el.value, el);
    for (const name of NAMES) {
      const value = el.getAttribute(name);
      if (value && letters(outside(value)[0])) report(name, value, el);
    }
  }
  // what the live regions said since the last look
  for (const { text, element } of window.__said ?? []) {
    if (letters(outside(text)[0])) report("announced", text, element);
  }
  if (window.__said) window.__said.length = 0;
  return found;
}"""

# the accessibility tree's names (what a screen reader says for a node), text runs left out
# (the text above), judged by the same check (window.__words, set by CHECK)
TEXT_ROLES = {"StaticText", "InlineTextBox", "LineBreak", "RootWebArea"}
PATH_OF = """function () {
  return window.__words.cssPath(this.nodeType === 1 ? this : this.parentElement);
}"""


def accessible_names(page: Page) -> list[dict]:
    """The nodes of Chromium's accessibility tree whose computed name is outside the
    catalog, each with the CSS path of its element."""
    session = page.context.new_cdp_session(page)
    try:
        session.send("DOM.getDocument", {"depth": 0})
        named_nodes = [
            (node["backendDOMNodeId"], node["role"]["value"], node["name"]["value"])
            for node in session.send("Accessibility.getFullAXTree")["nodes"]
            if not node.get("ignored") and "backendDOMNodeId" in node
            and isinstance((node.get("name") or {}).get("value"), str)
            and (node.get("role") or {}).get("value") not in TEXT_ROLES]
        left = page.evaluate("(names) => names.map((n) => window.__words.left(n))",
                             [name for _, _, name in named_nodes])
        found = []
        for (backend, role, name), bad in zip(named_nodes, left, strict=True):
            if not bad:
                continue
            target = session.send("DOM.resolveNode", {"backendNodeId": backend})
            path = session.send("Runtime.callFunctionOn", {
                "objectId": target["object"]["objectId"], "returnByValue": True,
                "functionDeclaration": PATH_OF})["result"].get("value")
            found.append({"where": f"name of a {role}", "text": name, "path": path})
        return found
    finally:
        session.detach()


def outside_catalog(page: Page) -> list[dict]:
    """Every text or name outside the pseudo-language's brackets, where it is."""
    found = page.evaluate(CHECK, [ALLOWED, EXEMPT])
    seen = {(f["text"], f["path"]) for f in found}
    return found + [f for f in accessible_names(page) if (f["text"], f["path"]) not in seen]


def in_pseudo(context: BrowserContext) -> None:
    """The context's pages speak the pseudo-language, and record what they announce."""
    context.add_init_script(f"try {{ localStorage.setItem({KEY!r}, {PSEUDO!r}); }} catch (e) {{}}")
    context.add_init_script(LISTEN)


def readable(found: dict[str, list[dict]]) -> str:
    """The offending texts by state, each once (with the first state it was met in): texts
    alike but for their numbers ("Challenge 19", "Challenge 20") as one line, with one
    element's path and how many more."""
    lines, said = [], set()
    for state, items in found.items():
        groups: dict[tuple[str, str], list[dict]] = {}
        for f in items:
            key = (f["where"], re.sub(r"\d+", "#", f["text"]))
            if key not in said:
                groups.setdefault(key, []).append(f)
        said.update(groups)
        if groups:
            lines.append(f"{state}:")
            for (where, _), alike in groups.items():
                more = f" (and {len(alike) - 1} more alike)" if len(alike) > 1 else ""
                lines.append(f"    {where}: {alike[0]['text'][:110]!r} at {alike[0]['path']}{more}")
    return "\n".join(lines)
