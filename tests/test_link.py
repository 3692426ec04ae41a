"""IQ-Link against its spec (docs/games/link.md), pieces.json and challenges.json."""

import itertools
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from iqpuzzles import ChallengeError, PlacementError, PuzzleError, game
from iqpuzzles.core.types import HintKind
from iqpuzzles.link.solver import tables
from iqpuzzles.link.vocabulary import (
    DIRECTIONS,
    ORIENTATIONS,
    PEGS,
    PIECES,
    UNITS,
    Placed,
    _geometry,
    axial,
    peg_at,
    rotate_orientation,
)
from iqpuzzles.tools import link_count

link = game("link")
read = link.notation.read
ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "py" / "iqpuzzles" / "data" / "link"
PIECES_JSON = json.loads((DATA / "pieces.json").read_text())
README_GAME = "BAAHBATCJRDKWEBEFDNGLPHEDIFMJJQKIKLJ"
README_IMAGE = "WADQBDECGGDHBEETFAKGIIHBUICLJGHKLNLG"
T01 = link.challenge_by_id("T01")


# --- the challenges (docs/games/link.md §8) ----------------------------------------------------


def test_challenges_say_where_they_come_from_and_their_level():
    by_id = {e.id: e for e in link.challenges}
    assert len(by_id) == 7 + 7 + 120
    for key, entry in by_id.items():
        assert entry.source == ("generated" if key.startswith("G") else "original")
        assert entry.note and entry.level in ("Starter", "Junior", "Expert", "Master",
                                              "Wizard")
    assert [by_id[f"T0{i}"].level for i in range(1, 8)] == \
        ["Starter", "Starter", "Starter", "Junior", "Expert", "Master", "Wizard"]
    assert [len(by_id[f"M0{i}"].solutions) for i in range(1, 8)] == [2, 2, 2, 4, 2, 3, 2]
    assert "several" in by_id["M04"].note.lower() or "4 solutions" in by_id["M04"].note
    levels = [e.level for e in link.challenges if e.source == "generated"]
    assert all(levels.count(level) == 24 for level in set(levels))
    assert "kept from a complete game" in by_id["G001"].note
    assert "original game" in by_id["T01"].note and "SolutionsTest" not in by_id["T01"].note


# --- geometry (docs/games/link.md §1-3, pieces.json) -------------------------------------------

def test_every_placement_lands_on_the_pegs_pieces_json_lists():
    for item, pegs in PIECES_JSON["placements"].items():
        placed = Placed(PEGS.index(item[0]), item[1], ORIENTATIONS.index(item[2]))
        assert [-1 if p is None else p for p in placed.pegs()] == pegs, item


def test_pegs_neighbours_match_pieces_json():
    for peg in PIECES_JSON["board"]["pegs"]:
        q, r = axial(peg["index"])
        assert (q, r) == (peg["q"], peg["r"])
        for d, name in enumerate(DIRECTIONS):
            dq, dr = PIECES_JSON["directions"][d]["dq"], PIECES_JSON["directions"][d]["dr"]
            there = peg_at(q + dq, r + dr)
            assert (PEGS[there] if there is not None else None) == peg["neighbours"][name]


def _turn(direction: int, orientation: int) -> int:
    """docs/games/link.md §3: A-F turn clockwise, G-L mirror top-bottom then turn."""
    if orientation < 6:
        return (direction - orientation) % 6
    return (-direction - (orientation - 6)) % 6


@pytest.mark.parametrize("piece", list(PIECES))
def test_orientations_follow_the_orientation_rule(piece):
    axial = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    base = UNITS[piece][0]
    for orientation in range(12):
        for unit, turned in zip(base, UNITS[piece][orientation], strict=True):
            assert turned.ball == unit.ball
            assert turned.dirs == {_turn(d, orientation) for d in unit.dirs}
            if unit.number != 1:
                d = axial.index((unit.dq, unit.dr))
                assert (turned.dq, turned.dr) == axial[_turn(d, orientation)]


def test_sixteen_balls_and_twenty_rings_with_the_spec_colours():
    """The spec's colours by name (purple, red...); drawn in the other games' paint, not
    its raw CSS values (issue 38: tests/test_accessibility.py measures them)."""
    balls = sum(u.ball for p in PIECES for u in UNITS[p][0])
    assert (balls, 36 - balls) == (16, 20)
    info = {p["id"]: p for p in link.page.info()["pieces"]}
    assert (info["A"]["colourName"], info["L"]["colourName"]) == ("purple", "red")
    assert info["A"]["colour"] != "#9370db" and info["L"]["colour"] == "#e03e39"


def test_piece_a_flips_are_turns_and_not_well_formed():
    for flipped, turned in zip("GHIJKL", "DEFABC", strict=True):
        for peg in range(24):  # the geometry of the flip (a placement refuses it) and the turn
            (a_pegs, a_mask, _), b = _geometry(peg, "A", ORIENTATIONS.index(flipped)), \
                Placed(peg, "A", ORIENTATIONS.index(turned))
            a_fits = None not in a_pegs
            assert a_fits == b.fits()
            if a_fits:
                assert a_mask == b.mask
        assert not link.strings.is_well_formed(f"BA{flipped}")
    assert link.page.info()["pieces"][0]["orientations"] == list("ABCDEF")
    assert link.page.info()["pieces"][0]["flip"] == dict(zip("ABCDEF", "DEFABC", strict=True))


def test_rotate_and_flip_maps():
    piece = link.page.info()["pieces"][1]
    assert piece["rotate"]["A"] == "B" and piece["rotate"]["F"] == "A"
    assert piece["rotate"]["G"] == "H" and piece["rotate"]["L"] == "G"
    assert piece["flip"]["A"] == "G" and piece["flip"]["L"] == "F"
    assert link.page.info()["canRotate"] and link.page.info()["canFlip"]


# --- well-formedness (docs/games/link.md §4) ---------------------------------------------------


def test_null_is_not_a_placement():
    with pytest.raises(PlacementError):
        read(None)
    with pytest.raises(PuzzleError):
        link.strings.parse(None)
    assert link.strings.check(None).startswith("malformed: ")


# --- legality (docs/games/link.md §5, §7) ---------------------------------------------------------


def test_worked_examples_put_units_where_the_spec_says():
    assert Placed(1, "A", 0).pegs() == [0, 1, 2]
    units = {PEGS[p]: u for p, u in zip(Placed(PEGS.index("M"), "J", 9).pegs(),
                                        UNITS["J"][9], strict=True)}
    assert units["N"].ball and units["N"].dirs == {DIRECTIONS.index("W")}
    assert units["M"].ball and units["M"].dirs == {0, 1}  # E and NE
    assert not units["G"].ball and units["G"].dirs == {0}  # ring open E


def _reference_valid(items: list[str]) -> bool:
    """docs/games/link.md §5 read directly off pieces.json, independent of the package."""
    held: dict[int, dict[str, set]] = {}
    for item in items:
        pegs = PIECES_JSON["placements"][item]
        if -1 in pegs:
            return False
        units = PIECES_JSON["pieces"][item[1]]["orientations"][item[2]]
        for unit in units:
            slot = held.setdefault(pegs[unit["unit"]], {})
            if unit["kind"] in slot:
                return False
            slot[unit["kind"]] = set(unit.get("connections") or unit.get("openings"))
            if len(slot) == 2 and not slot["ball"] <= slot["ring"]:
                return False
    return True


def test_the_eight_bit_masks_agree_with_the_rule_for_pairs_sharing_a_peg():
    rng = random.Random(2016)
    placed = [p for p in tables().placed]
    by_peg: dict[int, list[Placed]] = {}
    for p in placed:
        for peg in p.pegs():
            by_peg.setdefault(peg, []).append(p)
    checked = strict_only = 0
    for _ in range(6000):
        a = rng.choice(placed)
        b = rng.choice(by_peg[rng.choice(a.pegs())])
        if a.piece == b.piece:
            continue
        items = [a.encode(), b.encode()]
        expected = _reference_valid(items)
        assert link.strings.is_valid("".join(items)) == expected, items
        assert (not a.mask & b.mask) == expected, items
        checked += 1
    # the looser "one connection fits" reading is wrong (docs/games/link.md §5): I's centre ball
    # in a ring open only one of its two ways
    for a in placed:
        if a.piece == "I" and a.orientation == 0:
            for b in by_peg[a.pegs()[1]]:
                ring = [u for u, peg in zip(b.units, b.pegs(), strict=True)
                        if peg == a.pegs()[1]][0]
                if not ring.ball and len(ring.dirs & {3, 2}) == 1 and b.piece != "I":
                    assert not link.strings.is_valid(a.encode() + b.encode())
                    strict_only += 1
    assert checked > 4000 and strict_only > 0


# --- symmetry and canonical form (docs/games/link.md §6) -----------------------------------------

def test_readme_game_image_normalises_back():
    assert link.strings.canonical(README_IMAGE) == README_GAME
    assert link.strings.canonical(README_GAME) == README_GAME
    assert link.strings.canonical("HBABAA") == "BAAHBA"


def test_rotation_sends_each_unit_to_the_opposite_peg_turned_half_way():
    for placed in tables().placed:
        turned = placed.rotated()
        assert rotate_orientation(rotate_orientation(placed.orientation)) == placed.orientation
        assert turned.pegs() == [23 - p for p in placed.pegs()]
        for unit, other in zip(placed.units, turned.units, strict=True):
            assert other.dirs == {(d + 3) % 6 for d in unit.dirs}
        assert turned != placed


def test_solutions_of_a_start_without_piece_a_are_canonical():
    # the README game turned: keep four pieces other than A; its only completion has
    # piece A on M-X, so the solution comes out turned back, in canonical form
    start = "QBDBEEKGIIHB"
    assert link.strings.check(start) == "ok"
    found = list(link.strings.solutions(start, limit=3))
    # piece A's ring holds nothing in this game: it fits turned half way as well
    assert sorted(found) == sorted([README_GAME, "BAD" + README_GAME[3:]])
    assert {str(s.pieces["A"]) for s in link.position(start).solutions()} == {"WAD", "WAA"}


def test_a_canonical_solution_written_turned_is_a_solved_position_of_its_challenge():
    # docs/games/link.md §6: the canonical solutions of QBDBEEKGIIHB write its own pieces turned
    start = "QBDBEEKGIIHB"
    for text in link.strings.solutions(start):
        assert "QBD" not in text
        assert link.strings.is_solved(start, text)
        assert link.strings.hint(start, text).kind is HintKind.SOLVED
        solved = link.position(start, text)
        assert solved.is_solved and solved.fixed_pieces == frozenset("BEGH")
        assert link.strings.canonical(str(solved)) == text and "QBD" in str(solved)
    solved = link.position(start, README_GAME)
    assert str(solved) == README_IMAGE and solved == link.position(start, README_IMAGE)
    # the empty board fixes nothing: a game stays as written
    assert str(link.position("", README_IMAGE)) == README_IMAGE
    # a string with the challenge's pieces neither as written nor turned is not its
    with pytest.raises(ChallengeError, match="missing"):
        link.position(start, "BAAHBATCJRDK")
    assert not link.strings.is_solved(start, link.challenge_by_id("T01").solution)


def test_solutions_are_found_lazily():
    # the empty board has 25,000 canonical games (minutes): the first come at once
    assert len(list(itertools.islice(link.strings.solutions(""), 3))) == 3
    setup = link.setup("")
    assert isinstance(link.solver.complete(setup, (), None), Iterator)


def test_placements_are_objects_of_the_notation():
    item = link.notation.read_item("HBA")
    assert item == Placed(PEGS.index("H"), "B", 0) and str(item) == "HBA"
    assert link.position().play(item).pieces["B"] == item
    for bad in [(24, "A", 0), (0, "M", 0), (0, "B", 12), ("H", "B", 0), (0, None, 0)]:
        with pytest.raises(PlacementError):
            Placed(*bad)
    # piece A's flips exist as geometry but not in the notation: they are not played
    with pytest.raises(PlacementError, match="its flips are turns"):
        link.position().play(Placed(PEGS.index("B"), "A", ORIENTATIONS.index("G")))
    twist_item = game("twist").notation.read_item("d2A6")  # another game's placement: no
    with pytest.raises(PuzzleError, match="another game"):
        link.position().play(twist_item)


def test_empty_board_solutions_keep_piece_a_on_a_to_l():
    for solution in link.strings.solutions("", limit=5):
        assert PEGS.index(solution[0]) < 12 and link.strings.validate(solution).is_solved



def test_illegal_or_malformed_challenge_is_a_challenge_error():
    with pytest.raises(ChallengeError, match="second ball"):
        link.strings.count_solutions("HBAHAA")
    with pytest.raises(ChallengeError, match="empty|characters"):
        list(link.strings.solutions("BA"))



# --- legal placements, play, remove, hint ---------------------------------------------------

def test_legal_placements_are_exactly_the_playable_ones():
    start = link.strings.start_placement(T01.challenge)
    listed = link.strings.legal_placements(start)
    assert listed == ["HKL", "HLL", "JLH"]
    for item in listed:
        link.strings.play(T01.challenge, start, item)
    assert link.strings.legal_placements(start, piece="L") == [i for i in listed if i[1] == "L"]
    assert len(link.strings.legal_placements("")) == len(tables().placed) == 1840
    with pytest.raises(PlacementError):
        link.strings.legal_placements("", piece="M")



def test_empty_challenge_is_playable_from_an_empty_board():
    placement = link.strings.play("", "", "BAA")
    assert placement == "BAA" and link.strings.remove("", placement, "A") == ""
    assert link.strings.hint("", "").kind == "place"



def test_hint_on_a_solved_board_and_any_listed_solution_wins():
    entry = link.challenge_by_id("M04")
    for solution in entry.solutions:
        assert link.strings.is_solved(entry.challenge, solution)
        assert link.strings.hint(entry.challenge, solution).kind == "solved"
    assert not link.strings.is_solved(entry.challenge, entry.challenge)
    assert not link.strings.is_solved(T01.challenge, link.challenge_by_id("T02").solution)


# --- drawing --------------------------------------------------------------------------

def test_show_draws_rings_upper_and_balls_lower_case():
    assert link.strings.show(README_GAME).splitlines() == [
        "A:.a  B:A.  C:Ia  D:.i  E:F.  F:Lf",
        "   G:Jb  H:B.  I:Bi  J:Fk  K:Lk  L:Dl",
        "M:.j  N:Gj  O:Hg  P:H.  Q:Ke  R:D.",
        "   S:Cg  T:C.  U:.c  V:H.  W:E.  X:Ed",
    ]


def test_view_draws_balls_rings_with_gaps_and_bars():
    view = link.page.view("HBA", "HBAMJJNGL")
    shapes = view["shapes"]
    assert {s["kind"] for s in shapes} >= {"rect", "circle", "ring", "bar", "text"}
    assert len(view["frame"]["locations"]) == 24
    j_ring = [s for s in shapes if s["piece"] == "J" and s["kind"] == "ring"]
    assert len(j_ring) == 1 and j_ring[0]["openings"] == [0]  # on G, open E
    b_ball = [s for s in shapes if s["piece"] == "B" and s["kind"] == "circle"][0]
    assert (b_ball["cx"], b_ball["cy"]) == (j_ring[0]["cx"], j_ring[0]["cy"])
    assert b_ball["r"] < j_ring[0]["r"] - j_ring[0]["width"] / 2  # the ball sits inside
    assert {s["role"] for s in shapes if s["piece"] == "B"} == {"fixed"}
    assert {s["role"] for s in shapes if s["piece"] == "J"} == {"piece"}
    assert not view["solved"] and link.page.view(T01.challenge, T01.solution)["solved"]
    json.dumps(view)


def test_piece_view_and_preview():
    tray = link.page.piece_view("A", "A")
    assert [s["kind"] for s in tray["shapes"]].count("circle") == 2
    with pytest.raises(PlacementError):
        link.page.piece_view("A", "G")
    start = link.strings.start_placement(T01.challenge)
    good = link.page.preview(T01.challenge, start, "K", "L", "H")
    assert (good.placement, good.legal) == ("HKL", True) and good.shapes
    off = link.page.preview(T01.challenge, start, "K", "A", "A")
    assert not off.legal and "off the board" in off.reason
    with pytest.raises(PlacementError):
        link.page.preview(T01.challenge, start, "K", "A", "Z")


# --- the empty board -------------------------------------------------------------------

def test_empty_board_sub_problems_are_piece_a_on_a_to_l():
    starts = link_count.starts()
    assert len(starts) == 36 and all(PEGS.index(s[0]) < 12 and s[1] == "A" for s in starts)
    assert link_count.count_start("BAAHBA") == 2
    assert link_count.count_start("GAF") == link_count.EMPTY_BOARD_BY_A["GAF"] == 1
    assert set(link_count.EMPTY_BOARD_BY_A) == set(starts)
    assert sum(link_count.EMPTY_BOARD_BY_A.values()) == link_count.EMPTY_BOARD_CANONICAL
    assert link_count.EMPTY_BOARD_GAMES == 2 * link_count.EMPTY_BOARD_CANONICAL


# --- fuzzing: any text is an answer, never a crash ----------------------------------------

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZab1 "



def test_round_trip_every_challenge_string():
    for entry in link.challenges:
        for text in (entry.challenge, *entry.solutions):
            # challenges.json keeps pieces sorted
            assert link.notation.write(link.setup(""), link.strings.parse(text)) == text
            assert link.strings.canonical(text) == text


# --- the command line ------------------------------------------------------------------

def run(*args, stdin=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    return subprocess.run([sys.executable, "-m", "iqpuzzles", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.slow  # runs of the command line, a search among them
def test_cli_solve_check_show():
    done = run("solve", "link", "BAAHBATCJRDK")
    assert (done.returncode, done.stdout) == (0, README_GAME + "\n")
    multi = run("solve", "link", link.challenge_by_id("M06").challenge)
    assert sorted(multi.stdout.split()) == sorted(link.challenge_by_id("M06").solutions)
    assert run("solve", "link", "BAAHBATCJDDL").returncode == 1
    assert run("solve", "link", "HBAHAA").returncode == 2
    assert run("check", "link", "BADBIL").stdout == "ok\n"
    bad = run("check", "link", "OEAHDE")
    assert bad.returncode == 1 and bad.stdout.startswith("illegal: ")
    lines = run("check", "link", "-", stdin="BAA\nAAG\nXAA\n").stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == ["ok", "malformed", "illegal"]
    assert run("show", "link", README_GAME).stdout.startswith("A:.a  B:A.")


def test_the_colours_have_names_a_player_tells_apart():
    """Issue 25: the spec's palette names ("yellow-green" and "lime green", "pink" and
    "deep pink") say the same to most players; the page's names differ in their first
    word, and no name is another's part. The notation keeps its letters."""
    info = game("link").page.info()
    names = [p["colourName"] for p in info["pieces"]]
    assert [p["id"] for p in info["pieces"]] == list("ABCDEFGHIJKL")
    assert len({name.split()[0] for name in names}) == len(names), names
    assert not [(a, b) for a in names for b in names if a != b and a in b], names
    assert "lime green" not in names and "deep pink" not in names
