"""What every game's drawing gives players who do not see colours, or do not see at all:
a symbol per colour (the same on the board and in the tray), the words for what is on
each location, the size of each piece in words."""

from __future__ import annotations

import json
import math
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
    # a placed piece is named on every location it covers, by the name that tells it
    # apart (never by its letter, a code of the notation)
    for code, piece in view["pieceAt"].items():
        assert puzzle.vocabulary.piece_name(piece) in view["spots"][code]
        assert f"piece {piece}," not in view["spots"][code]


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
    names = [puzzle.vocabulary.piece_name(p["id"]) for p in puzzle.page.info()["pieces"]]
    assert len(set(names)) == len(names), names
    assert all(n.startswith("the ") and " piece" in n for n in names), names


# ------------------------------------------------------------------ orientations in words

def seen_points(shapes: list[dict]) -> list[tuple[float, float, str]]:
    """What a sighted player sees of a piece drawn in the tray, as labelled points: the
    centres of its loops, holes, squares, balls and rings (with their colours and
    layers), the openings of its rings and its outline's corners. What joins them (bars)
    and what is drawn on them (symbols, which stay upright, and a shadow offset the same
    way whatever the turn) are left out: the units make the shape."""
    points = []
    for s in shapes:
        kind = s["kind"]
        if kind == "circle" and not str(s["fill"]).startswith("rgba"):
            points.append((s["cx"], s["cy"], f"circle {s['fill']} {s['r']}"))
        elif kind == "rect":
            points.append((s["x"] + s["w"] / 2, s["y"] + s["h"] / 2, f"rect {s['fill']}"))
        elif kind == "ring":
            points.append((s["cx"], s["cy"], f"ring {s.get('tags')}"))  # its colour: its layer's
            for degrees in s["openings"]:  # on screen: 0 east, 90 north
                a = math.radians(degrees)
                points.append((s["cx"] + s["r"] * math.cos(a), s["cy"] - s["r"] * math.sin(a),
                               "opening"))
        elif kind == "polygon":
            points += [(x, y, "corner") for x, y in s["points"]]
    return points


def turned(points, degrees: float, flip: str | None):
    """Points flipped over (`flip`: the words' axis) then turned clockwise on the screen
    (y grows downwards), as a set that forgets where the piece lies. Turned over, a
    piece's upper rings are its lower ones (IQ-Steps)."""
    a = math.radians(degrees)
    moved = []
    over = {"'upper'": "'lower'", "'lower'": "'upper'"}
    for x, y, what in points:
        if flip == "left to right":
            x = -x
        elif flip == "top to bottom":
            y = -y
        if flip:
            what = re.sub("'upper'|'lower'", lambda m: over[m[0]], what)
        moved.append((x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a), what))
    left, top = min(p[0] for p in moved), min(p[1] for p in moved)
    return sorted((round(x - left, 2) + 0.0, round(y - top, 2) + 0.0, what) for x, y, what in moved)


WORDS = re.compile(r"not turned|(?:flipped (?P<flip>left to right|top to bottom)(?:, then )?)?"
                   r"(?:turned (?P<degrees>\d+) degrees(?: (?P<way>clockwise|anticlockwise))?)?")


@pytest.mark.parametrize("name", GAMES)
def test_each_orientation_is_said_in_words_that_match_the_tray_drawing(name):
    """A tray piece's name says how it lies ("flipped top to bottom, then turned 90
    degrees clockwise"): different words for every orientation, and what they say is what
    the tray draws, checked on the drawings alone: the first orientation's drawing, flipped
    and turned as the words say, is the drawing of that orientation."""
    puzzle = game(name)
    info = puzzle.page.info()
    for piece in info["pieces"]:
        said = piece["orientationNames"]
        assert set(said) == set(piece["orientations"]), piece["id"]
        assert len(set(said.values())) == len(said), said  # each its own
        first = seen_points(puzzle.page.piece_view(piece["id"], piece["orientations"][0])["shapes"])
        for orientation, words in said.items():
            match = WORDS.fullmatch(words)
            assert match and words, words
            if words != "not turned":
                assert info["canFlip"] or not match["flip"], words
            degrees = int(match["degrees"] or 0)
            if match["way"] == "anticlockwise":
                degrees = 360 - degrees
            drawn = seen_points(puzzle.page.piece_view(piece["id"], orientation)["shapes"])
            assert turned(first, degrees, match["flip"]) == turned(drawn, 0, None), \
                (piece["id"], orientation, words)


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two #rrggbb colours."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_link_peg_letters_read_against_the_board():
    """IQ-Link's refusals name pegs by letter: each letter drawn on the board is 4.5:1 or
    more against the board under it (and 11 px or more on a phone:
    tests/browser/test_small_phones.py)."""
    link = game("link")
    shapes = link.page.view(link.challenges[0].challenge, "")["shapes"]
    board = next(s for s in shapes if s["kind"] == "rect" and s["role"] == "board")
    letters = [s for s in shapes if s["kind"] == "text"]
    assert len(letters) == 24
    assert all(contrast(s["fill"], board["fill"]) >= 4.5 for s in letters), letters[0]
