"""The page's files as the site ships them, beyond web/'s own: what the page draws before
its Python is ready (early/), the header's game tabs and the board's room written into
index.html for the first paint, the modules bundled by esbuild with a modulepreload for
each, and the app's PNG icons."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import tempfile
import time
from html import escape
from pathlib import Path

from . import icons
from .common import CACHE, ROOT, WEB, BuildError, digest_paths, keep_newest, log, package_python
from .node import node_tool
from .wheel import package_inputs

PAGE_ENTRY = "boot.js"  # the page's one script (index.html); everything else it imports
PRELOAD_MARK = "<!-- modulepreload: "
GAMES_NAV = '<nav class="games" id="games" aria-label="Games"></nav>'
SHAPE_MARK = "<!-- board shape: "
PREPAINT = WEB / "tools" / "prepaint.js"
CSP_MARK = '<meta http-equiv="Content-Security-Policy" content="'
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)  # (the page's own: no attributes)
# The app's PNG icons (dist/icons/), drawn from web/icon.svg: name -> (side, maskable).
ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False),
         "icon-maskable-512.png": (512, True)}


def add_page(stage: Path, web: Path) -> None:
    """Into `stage`, which holds web/'s files: the icons, early/, the pre-rendered parts of
    index.html and the bundle (`web`: where the page's sources are)."""
    shutil.copytree(app_icons(), stage / "icons")
    early_answers(stage)
    prerender_games(stage / "index.html", json.loads((stage / "early" / "games.json").read_text()))
    prerender_board_shape(stage / "index.html", stage / "early")
    bundle_page(stage, web)
    allow_inline_scripts(stage / "index.html")


def early_answers(stage: Path) -> None:
    """early/: what the page draws before its Python is ready (py/iqpuzzles/tools/early.py).
    Cached by the package's sources."""
    key = digest_paths(package_inputs(), ROOT)[:16]
    folder = CACHE / "early" / key
    if not (folder / "games.json").exists():
        shutil.rmtree(folder, ignore_errors=True)
        package_python("iqpuzzles.tools.early", str(folder), capture_output=True)
        keep_newest(CACHE / "early", 3)
    shutil.copytree(folder, stage / "early")


def bundle_page(stage: Path, web: Path) -> None:
    """The page's modules (boot.js and all it imports) bundled and minified by esbuild
    into dist/: boot.js itself, and chunks that import() loads later (the game's code)
    or that both share, named by their content. A first visit on a phone then fetches a
    few files instead of 45 (each a request, and over HTTP/1.1 a round trip in a queue)
    and about half the bytes. The modules stay in dist/ as they are, for reading and for
    scripts that import one (kept offline too: a few kB, fetched after the game is
    playable)."""
    out = Path(tempfile.mkdtemp(prefix="bundle-", dir=stage.parent))
    try:
        meta = out / "meta.json"
        # run from `web` (the bundle's sources), which finds the tool's esbuild too
        node_tool("bundle.mjs", PAGE_ENTRY, str(out / "site"), str(meta), cwd=web)
        graph = json.loads(meta.read_text())
        for path in (out / "site").iterdir():
            shutil.copyfile(path, stage / path.name)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    preload_modules(stage / "index.html", {
        Path(name).name: [(Path(i["path"]).name, i["kind"]) for i in output["imports"]]
        for name, output in graph["outputs"].items()})


def preload_modules(index: Path, imports: dict[str, list[tuple[str, str]]]) -> None:
    """Put a <link rel="modulepreload"> for every file the page's entry imports (at any
    depth; `imports`: each bundle file's imports and their kind, esbuild's) where
    index.html marks the place, so the browser fetches them at once instead of one level
    of imports after the other. What the entry imports statically comes first: it runs,
    and starts the engine's worker, as soon as that is in; the game's code (what the entry
    imports with import(), and all that imports statically) follows. What the game's code
    itself imports with import() only when asked (the carry dialog and its QR encoder, a
    carried link's merge) is not preloaded: no first visit downloads it."""

    def imported(names: list[str]) -> list[str]:
        """Every file the `names` import statically, at any depth, nearest first."""
        found: list[str] = []
        todo = list(names)
        while todo:
            for name, kind in imports.get(todo.pop(0), []):
                if kind == "import-statement" and name not in found and name != PAGE_ENTRY:
                    found.append(name)
                    todo.append(name)
        return found

    first = imported([PAGE_ENTRY])
    later = [name for name, kind in imports.get(PAGE_ENTRY, []) if kind == "dynamic-import"]
    rest = [name for name in [*later, *imported(later)] if name not in first]
    html = index.read_text()
    mark = html.index(PRELOAD_MARK)
    end = html.index("-->", mark) + 3
    links = "\n".join(f'<link rel="modulepreload" href="./{name}">' for name in first + rest)
    index.write_text(html[:end] + "\n" + links + html[end:])


def prerender_games(index: Path, games: list[dict]) -> None:
    """The header's game tabs written into index.html (from early/games.json, Python's
    list), so the page's first paint has them: the page builds the same tabs when its
    code runs, and nothing moves then (on a phone they take a row of their own)."""
    html = index.read_text()
    if GAMES_NAV not in html:
        raise BuildError(f"web/index.html must contain {GAMES_NAV!r}")
    tabs = "".join(f'<button type="button" class="game-tab" data-game="{escape(g["name"])}" '
                   f'aria-pressed="false">{escape(g["title"])}</button>' for g in games)
    index.write_text(html.replace(GAMES_NAV, GAMES_NAV.replace("></nav>", f">{tabs}</nav>")))


def prerender_board_shape(index: Path, early: Path) -> None:
    """Write where index.html marks it a tiny script that gives the board its room in the
    shape of the game the page will show (the address's, else the last one played), and
    the line of its toggle that explains positions if it has one, its line of help under
    the board (the footer's first), from early/<game>.json, and says whether the game's
    first lesson will follow (<html data-teaching>, for style.css): nothing moves when
    they are drawn."""
    games = json.loads((early / "games.json").read_text())
    boards = {}
    for game in games:
        info = json.loads((early / f"{game['name']}.json").read_text())["info"]
        frame = info["board"].get("frame") or info["board"]
        boards[game["name"]] = {"board": frame["viewBox"][2:],
                                "explains": bool(info.get("explain")), "help": info.get("help", "")}
    html = index.read_text()
    mark = html.index(SHAPE_MARK)
    end = html.index("-->", mark) + 3
    # (no "<" in the script's JSON: no text of it can end the script)
    table = json.dumps(boards, separators=(",", ":")).replace("<", "\\u003c")
    code = PREPAINT.read_text().replace("__BOARDS__", table)
    script = f"<script>\n{code}</script>"
    index.write_text(html[:mark] + script + html[end:])


def allow_inline_scripts(index: Path) -> None:
    """Add the hash of every script written into index.html (prerender_board_shape's) to
    the script-src of its Content-Security-Policy, which runs no other script in the page
    but the site's files."""
    html = index.read_text()
    if CSP_MARK not in html:
        raise BuildError(f"web/index.html must hold its policy as {CSP_MARK}...\">")
    start = html.index(CSP_MARK) + len(CSP_MARK)
    end = html.index('"', start)
    directives = [d.strip() for d in html[start:end].split(";")]
    scripts = [d for d in directives if d.startswith("script-src ")]
    if len(scripts) != 1 or html.index("<script") < start:
        raise BuildError("index.html's Content-Security-Policy must come before its scripts "
                         "and have one script-src")
    hashes = [f"'sha256-{base64.b64encode(hashlib.sha256(code.encode()).digest()).decode()}'"
              for code in INLINE_SCRIPT.findall(html)]
    directives[directives.index(scripts[0])] = " ".join([scripts[0], *hashes])
    index.write_text(html[:start] + "; ".join(directives) + html[end:])


def app_icons() -> Path:
    """A folder with the ICONS rasterised from web/icon.svg by icons.py (cached: drawing
    them in pure Python takes a few seconds)."""
    key = digest_paths([WEB / "icon.svg", Path(icons.__file__)], ROOT)[:16]
    out = CACHE / "icons" / key
    if all((out / name).is_file() for name in ICONS):
        return out
    svg = (WEB / "icon.svg").read_text()
    tmp = out.with_name(f"{key}.{os.getpid()}.tmp")
    tmp.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    try:
        for name, (side, maskable) in ICONS.items():
            (tmp / name).write_bytes(icons.render(svg, side, maskable))
    except icons.IconError as error:
        shutil.rmtree(tmp, ignore_errors=True)
        raise BuildError(f"web/icon.svg: {error}") from None
    shutil.rmtree(out, ignore_errors=True)
    tmp.replace(out)
    log(f"icons drawn in {time.perf_counter() - t0:.1f}s")
    return out
