"""One right request for every op of the JSON API (api.OPS), for every game, made from
each game's own booklet and parts, not from a hand list: a new op or a new game is
covered by itself.

The site's build runs them in real Pyodide to learn which standard-library modules the
package needs (the site ships only those), and the tests run them against that cut
library. `python -m iqpuzzles.tools.examples` prints them, one JSON request per line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from .. import api, game, games

DATE = "2026-11-23"  # any day of the daily challenges


def _arguments(name: str, op: str) -> dict[str, object] | None:
    """Right arguments for `op` on the game `name` (None: the op takes no game)."""
    g = game(name)
    entry = g.challenges[0]
    position = g.position(entry.challenge)
    item = next(position.legal_placements())
    orientation = g.page.info()["pieces"][0]["orientations"][0]
    tools = g.editor.info()["tools"]
    location = g.page.info()["board"]["locations"][0]["code"]
    values: dict[str, object] = {
        "game": name, "challenge": entry.challenge, "placement": str(position),
        "item": str(item), "piece": g.page.info()["pieces"][0]["id"], "orientation": orientation,
        "location": location, "draft": entry.challenge, "level": "Starter", "seed": 1,
        "date": DATE, "limit": 2, "challenge_id": entry.id, "solvable": True,
        "tool": tools[0]["id"],
    }
    if op == "tool" or op == "editor_preview" or op == "edit":
        values["orientation"] = tools[0]["orientations"][0]
    if op == "hint":
        values["level"] = 1
    arguments = api.OPS[op].arguments
    if "game" not in arguments:
        return None
    return {key: values[key] for key, argument in arguments.items()
            if key in values and (not argument.optional
                                  or key in ("solvable", "limit", "item"))}


def requests() -> Iterator[dict[str, object]]:
    """{op, ...arguments} for every op, once per game for the ops that take one."""
    for op in api.OPS:
        if "game" not in api.OPS[op].arguments:
            yield {"op": op}
            continue
        for name in games(registered=False):
            arguments = _arguments(name, op)
            if arguments is not None:
                yield {"op": op, **arguments}


def main() -> int:
    for number, request in enumerate(requests(), 1):
        print(json.dumps({"id": number, **request}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
