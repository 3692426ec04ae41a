"""What every game's drawing gives players who do not see colours, or do not see at all:
a symbol per colour (the same on the board and in the tray), the words for what is on
each location, the size of each piece in words."""

from __future__ import annotations

import itertools
import json
import math
import re
from collections import defaultdict

import pytest

from iqpuzzles import game, games
from iqpuzzles.core.draw import SYMBOLS

GAMES = games(registered=False)  # the package's own games (not the tests' tiny one)


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
    tests/browser/test_small_phones.py), and no piece hides one (issue 38): on a full
    board every letter is drawn over every piece, in a halo of the board's colour."""
    link = game("link")
    entry = link.challenges[0]
    shapes = link.page.view(entry.challenge, entry.solutions[0])["shapes"]
    board = next(s for s in shapes if s["kind"] == "rect" and s["role"] == "board")
    letters = [s for s in shapes if s["kind"] == "text"]
    pieces = [s for s in shapes if s["piece"]]
    assert len(letters) == 24 and len({s["piece"] for s in pieces}) == 12
    assert all(contrast(s["fill"], board["fill"]) >= 4.5 for s in letters), letters[0]
    assert min(s["layer"] for s in letters) > max(s["layer"] for s in pieces)
    assert all(s["stroke"] == board["fill"] and s["strokeWidth"] > 0 for s in letters)


# --- colours told apart: CIEDE2000 in normal vision and simulated colour blindness ---------
# Written here from the standards, apart from any palette code: sRGB (IEC 61966-2-1) to
# CIELAB (D65), the CIEDE2000 difference (Sharma, Wu and Dalal 2005), and the simulations
# of deuteranopia and protanopia of Machado, Oliveira and Fernandes 2009 (severity 1) and
# of Viénot, Brettel and Mollon 1999, both on linear RGB.

MACHADO = {"deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                            (-0.011820, 0.042940, 0.968881)),
           "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                          (-0.003882, -0.048116, 1.051998))}
VIENOT = {"deuteranopia": ((0.29275, 0.70725, 0.0), (0.29275, 0.70725, 0.0),
                           (-0.02234, 0.02234, 1.0)),
          "protanopia": ((0.11238, 0.88762, 0.0), (0.11238, 0.88762, 0.0),
                         (0.00401, -0.00401, 1.0))}
VISIONS = {"normal": None, **{f"{k} (Machado)": m for k, m in MACHADO.items()},
           **{f"{k} (Viénot)": m for k, m in VIENOT.items()}}


def linear_rgb(colour: str) -> list[float]:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]


def cielab(rgb: list[float]) -> tuple[float, float, float]:
    r, g, b = (min(1.0, max(0.0, c)) for c in rgb)
    xyz = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
           0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
           0.0193339 * r + 0.1191920 * g + 0.9503041 * b)
    fx, fy, fz = (t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
                  for t in (c / n for c, n in zip(xyz, (0.95047, 1.0, 1.08883), strict=True)))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def seen(colour: str, matrix) -> tuple[float, float, float]:
    """A colour in CIELAB as a vision (a matrix on linear RGB, None: normal) sees it."""
    rgb = linear_rgb(colour)
    if matrix is not None:
        rgb = [sum(m * c for m, c in zip(row, rgb, strict=True)) for row in matrix]
    return cielab(rgb)


def ciede2000(lab1, lab2) -> float:
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    mean_c = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_c ** 7 / (mean_c ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    big_dh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    mean_l, mean_c = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(mean_h - 30)) + 0.24 * math.cos(math.radians(2 * mean_h))
         + 0.32 * math.cos(math.radians(3 * mean_h + 6))
         - 0.20 * math.cos(math.radians(4 * mean_h - 63)))
    sl = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    sc, sh = 1 + 0.045 * mean_c, 1 + 0.015 * mean_c * t
    rt = -2 * math.sqrt(mean_c ** 7 / (mean_c ** 7 + 25 ** 7)) \
        * math.sin(math.radians(60 * math.exp(-(((mean_h - 275) / 25) ** 2))))
    dl, dc, dhh = (l2 - l1) / sl, (c2 - c1) / sc, big_dh / sh
    return math.sqrt(dl ** 2 + dc ** 2 + dhh ** 2 + rt * dc * dhh)


def nearest_two(colours: set[str], matrix) -> tuple[float, str, str]:
    """The two colours nearest each other as the vision sees them, and how near."""
    labs = {c: seen(c, matrix) for c in colours}
    return min((ciede2000(labs[a], labs[b]), a, b)
               for a, b in itertools.combinations(sorted(labs), 2))


def test_the_colour_science_is_the_standard_one():
    """Checked against published values: Sharma et al.'s CIEDE2000 test pairs, sRGB white
    and red in CIELAB, and colour blindness seeing a grey as the same grey."""
    assert abs(ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) - 2.0425) < 1e-4
    assert abs(ciede2000((50, 2.5, 0), (73, 25, -18)) - 27.1492) < 1e-4
    assert abs(ciede2000((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514)) - 0.9082) < 1e-4
    assert all(abs(a - b) < 0.01 for a, b in zip(seen("#ffffff", None), (100, 0, 0), strict=True))
    assert all(abs(a - b) < 0.05 for a, b in zip(seen("#ff0000", None), (53.24, 80.09, 67.20),
                                                  strict=True))
    for matrix in (*MACHADO.values(), *VIENOT.values()):
        grey = seen("#808080", None)
        assert all(abs(a - b) < 0.3 for a, b in zip(seen("#808080", matrix), grey, strict=True))


def test_link_colours_are_told_apart_as_well_as_the_other_games():
    """Issue 38: IQ-Link's twelve colours (the page's, as every piece is drawn) are each
    as far from the nearest other as the other games' nearest two are, or further: in
    normal vision, and as deuteranopia and protanopia see them (both simulations); a
    player who tells those games' colours apart tells IQ-Link's apart. Each keeps its
    colour-blind symbol (test_every_piece_carries_its_colour_symbol_in_the_tray)."""
    palettes = {name: {p["colour"] for p in game(name).page.info()["pieces"]} for name in GAMES}
    assert len(palettes["link"]) == 12
    assert {"#ff0000", "#0000ff", "#ffff00"}.isdisjoint(palettes["link"])  # no raw CSS
    for vision, matrix in VISIONS.items():
        others = min(nearest_two(colours, matrix)
                     for name, colours in palettes.items() if name != "link")
        link = nearest_two(palettes["link"], matrix)
        assert link[0] >= others[0], (vision, link, others)
