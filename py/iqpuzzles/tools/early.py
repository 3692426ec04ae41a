"""The answers a page needs to draw a game before its Python is ready, written at build
time by the same code that answers later (api.call), so they are the same answers.

A phone's first visit downloads the Python runtime for seconds; meanwhile the page
draws the chosen booklet challenge and lets the player look, pick and turn pieces from
these files (web/early.js answers the ops below from them):

    early/games.json           the `games` op
    early/<game>.json          `info`, `challenges` and `piece` (every orientation)
    early/<game>/<id>.json     `start` and `view` of one booklet challenge's start
    early/<game>/lesson.json   the `view` of the game's first lesson's start (info's lesson)
    early/<game>.pictures.json the picker's small pictures of every booklet start
    early/<lang>/<game>.json   `info` and `challenges` in another language (fr, ..., en-XA)
                               (core/pictures.py; fetched when the picker opens)

    python -m iqpuzzles.tools.early OUT_DIR
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .. import api, game
from ..core.i18n import ENGLISH, LANGUAGES, PSEUDO, language
from ..core.pictures import booklet_pictures


def _answer(**request: Any) -> Any:
    reply = api.call({"id": 0, **request})
    if not reply["ok"]:
        raise RuntimeError(f"{request}: {reply['error']}")
    return reply["result"]


def game_answers(name: str) -> dict[str, Any]:
    """`info`, `challenges` and every `piece` answer of a game."""
    info = _answer(op="info", game=name)
    pieces = {piece["id"]: {orientation: _answer(op="piece", game=name, piece=piece["id"],
                                                 orientation=orientation)
                            for orientation in piece["orientations"]}
              for piece in info["pieces"]}
    return {"info": info, "challenges": _answer(op="challenges", game=name),
            "piece": pieces}


def start_answers(name: str, challenge: str) -> dict[str, Any]:
    """`start` of a challenge and the `view` of that start."""
    start = _answer(op="start", game=name, challenge=challenge)
    return {"start": start,
            "view": _answer(op="view", game=name, challenge=challenge, placement=start)}


def write(folder: Path) -> list[Path]:
    """Every file of early/ into `folder` (compact JSON); the paths written."""
    written = []

    def put(path: Path, value: Any) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value, separators=(",", ":")), encoding="utf-8")
        written.append(path)

    games = _answer(op="games")
    put(folder / "games.json", games)
    for entry in games:
        name = entry["name"]
        answers = game_answers(name)
        put(folder / f"{name}.json", answers)
        put(folder / f"{name}.pictures.json", booklet_pictures(game(name)))
        for code in (*LANGUAGES, PSEUDO):  # the words of info and booklet, per language
            if code != ENGLISH:
                with language(code):
                    put(folder / code.replace("_", "-") / f"{name}.json",
                        {"info": _answer(op="info", game=name),
                         "challenges": _answer(op="challenges", game=name)})
        for challenge in answers["challenges"]:
            put(folder / name / f"{challenge['id']}.json",
                start_answers(name, challenge["challenge"]))
        lesson = answers["info"]["lesson"]
        put(folder / name / "lesson.json",
            {"view": _answer(op="view", game=name, challenge=lesson["challenge"],
                             placement=lesson["start"])})
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m iqpuzzles.tools.early OUT_DIR", file=sys.stderr)
        return 2
    written = write(Path(args[0]))
    print(f"early: {len(written)} files")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
