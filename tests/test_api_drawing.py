"""The `drawing` op: the command line's `show` drawing of a position, for "Copy board as text"."""

import json
import re
import subprocess
import sys

import pytest

from iqpuzzles import game, games
from iqpuzzles.api import handle


def ask(**request):
    return json.loads(handle(json.dumps({"id": 1, **request})))


def show(name: str, placement: str) -> str:
    return subprocess.run([sys.executable, "-m", "iqpuzzles", "show", name, placement],
                          capture_output=True, text=True, check=True).stdout.rstrip("\n")


@pytest.mark.parametrize("name", games(registered=False))
def test_drawing_is_the_cli_show_drawing(name):
    entry = game(name).challenges[0].to_json()
    solution = next(iter(game(name).strings.solutions(entry["challenge"], 1)))
    reply = ask(op="drawing", game=name, challenge=entry["challenge"], placement=solution)
    assert reply["ok"], reply
    drawn = reply["result"].rstrip("\n")
    # `show` knows no challenge, so the challenge's own pieces may be drawn as their twins
    # (same cells, other peg marks): the same lines, the same pieces in them
    shown = show(name, solution)
    assert len(drawn.splitlines()) == len(shown.splitlines())
    assert sorted(drawn.lower()) == sorted(shown.lower())
    start = ask(op="drawing", game=name, challenge=entry["challenge"], placement="")["result"]
    assert start != reply["result"]  # the start differs from the solved board


def test_a_bad_placement_is_an_answer_not_a_crash():
    reply = ask(op="drawing", game="twist", challenge="", placement="zz99")
    assert reply["ok"] is False and reply["error"]["message"]


@pytest.mark.parametrize("name", games(registered=False))
def test_drawing_with_its_key_says_what_the_symbols_mean(name):
    """Issue 25: "Copy board as text" carries the challenge and a key to its symbols (the
    drawing alone is the command line's): every game's copy has a key line and the pieces'
    colours, IQ-Focus the colours its middle must show."""
    entry = game(name).challenges[0].to_json()
    plain = ask(op="drawing", game=name, challenge=entry["challenge"], placement="")["result"]
    keyed = ask(op="drawing", game=name, challenge=entry["challenge"], placement="",
                key=True)["result"]
    assert keyed.startswith(plain.rstrip("\n"))
    added = keyed[len(plain.rstrip("\n")):] if name != "steps" else keyed
    assert re.search(r"(?m)^(Key: |lower ring: )", added), added
    pieces = game(name).page.info()["pieces"]
    assert f"Pieces: {pieces[0]['id']} {pieces[0]['colourName']}" in keyed
    if name == "focus":
        colours = entry["challenge"]
        assert "\n".join("  " + " ".join(colours[r * 3:r * 3 + 3]) for r in range(3)) in keyed
