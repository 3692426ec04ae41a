"""What every game's drawing gives players who do not see colours, or do not see at all:
a symbol per colour (the same on the board and in the tray), the words for what is on
each location, the size of each piece in words."""

from __future__ import annotations

import json
import re
from collections import defaultdict

import pytest

from iqpuzzles import GAMES, game
from iqpuzzles.core.draw import SYMBOLS


def marks(shapes: list[dict]) -> list[dict]:
    return [s for s in shapes if s["kind"] == "mark"]


@pytest.mark.parametrize("name", GAMES)
def test_every_piece_carries_its_colour_symbol_in_the_tray(name):
    puzzle = game(name)
    by_colour: dict[str, set[str]] = defaultdict(set)
    for piece in puzzle.page.info()["pieces"]:
        drawn = marks(puzzle.page.piece_view(piece["id"], piece["orientations"][0])["shapes"])
        assert drawn or piece["colourName"] == "white", piece["id"]  # white carries none
        assert {m["symbol"] for m in drawn} <= set(SYMBOLS)
        if " and " not in piece["colourName"] and drawn:  # one colour, one symbol
            by_colour[piece["colourName"]].update(m["symbol"] for m in drawn)
            assert len({m["symbol"] for m in drawn}) == 1, piece["id"]
    symbols = [s for group in by_colour.values() for s in group]
    assert len(symbols) == len(set(symbols)), by_colour  # colours apart, symbols apart


@pytest.mark.parametrize("name", GAMES)
def test_the_board_shows_the_same_symbols_and_names_every_spot(name):
    puzzle = game(name)
    challenge = puzzle.challenges[0].challenge
    view = puzzle.page.view(challenge, puzzle.strings.start_placement(challenge))
    json.dumps(view)
    codes = {loc["code"] for loc in view["frame"]["locations"]}
    assert set(view["spots"]) == codes
    assert all(isinstance(w, str) and w for w in view["spots"].values())
    tray = {piece["id"]: {m["symbol"] for m in marks(puzzle.page.piece_view(
        piece["id"], piece["orientations"][0])["shapes"])}
        for piece in puzzle.page.info()["pieces"]}
    for mark in marks(view["shapes"]):
        if mark["piece"]:
            assert mark["symbol"] in tray[mark["piece"]], mark
    # a placed piece is named on every location it covers, with its colour
    colour = {p["id"]: p["colourName"] for p in puzzle.page.info()["pieces"]}
    for code, piece in view["pieceAt"].items():
        assert f"piece {piece}, {colour[piece]}" in view["spots"][code]


def test_twist_pegs_carry_the_symbol_of_the_pieces_of_their_colour():
    twist = game("twist")
    challenge = twist.challenge_by_id("1").challenge
    view = twist.page.view(challenge, "")
    pegs = {m["symbol"] for m in marks(view["shapes"]) if m["role"] == "peg"}
    pieces = {p["colourName"]: marks(twist.page.piece_view(p["id"], "0")["shapes"])[0]["symbol"]
              for p in twist.page.info()["pieces"]}
    assert pegs and pegs <= set(pieces.values())
    assert view["spots"]["6B"] == "red peg" and pieces["red"] == "triangle"
    assert {m["symbol"] for m in marks(view["shapes"]) if m["role"] == "peg" and
            (m["x"], m["y"]) == (5.5, 1.5)} == {"triangle"}


def test_focus_targets_carry_the_symbol_of_their_colour_and_say_it():
    focus = game("focus")
    challenge = focus.challenge_by_id("1").challenge
    view = focus.page.view(challenge, "")
    targets = marks([s for s in view["shapes"] if s["role"] == "target"])
    assert {(m["colour"], m["symbol"]) for m in targets} <= {
        ("R", "triangle"), ("B", "diamond"), ("G", "plus"), ("W", "dot")}
    said = [w for w in view["spots"].values() if w.startswith("target")]
    assert len(said) == 9 and all(re.fullmatch(r"target, (red|blue|green|white|any colour)", w)
                                  for w in said)


@pytest.mark.parametrize("name", GAMES)
def test_every_piece_has_its_size_in_words(name):
    for piece in game(name).page.info()["pieces"]:
        assert re.match(r"\d+ (loops|squares|rings|parts)", piece["sizeName"]), piece


@pytest.mark.parametrize("name", GAMES)
def test_every_piece_has_a_name_of_its_own(name):
    # hints and refusals name pieces in words; two "red pieces" would not say which
    puzzle = game(name)
    names = [puzzle.page.piece_name(p["id"]) for p in puzzle.page.info()["pieces"]]
    assert len(set(names)) == len(names), names
    assert all(n.startswith("the ") and " piece" in n for n in names), names
