"""Each game's own examples for the suite every game runs (tests/test_conformance.py):
the strings of its notation, well formed or not and why, legal or not and which rule,
and positions whose hint is known. A fifth game adds its table here; the tests
themselves know no game.

    well_formed   placement strings the grammar accepts
    malformed     (text, index of the first bad character or None, words of the reason)
    legal         placement strings every rule accepts (played in the written order)
    illegal       (text, words of the rule it breaks)
    hint_place    (challenge, position): the hint places a piece of the challenge's solution
    hint_remove   (challenge, position, piece): the hint takes that piece back
    impossible    challenges (legal, well formed) that no game completes
    refused       (challenge, item, words): playing the item on the start is refused so
    refusal_rules the rules (Refusal.rule) a placement a player holds may break
"""

from __future__ import annotations

from importlib import import_module

TWIST_CHALLENGE = "f3C4i6B0j2B0j1C0k3C0l4B0l5C0"  # booklet challenge 1
TWIST_GAME = "a7A7b6A7c1A3d2A6e2C3f3C4g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0"
FOCUS_CHALLENGE = "RRRBWBBRB"  # booklet challenge 1
FOCUS_GAME = "a000b013c113d302e323f400g420h522i613j701"
STEPS_CHALLENGE = "EFBBGSAHQGCgCDNDAiHFl"  # booklet Starter 1
STEPS_SOLUTION = "AHQBGSCDNDAiEFBFHnGCgHFl"
LINK_GAME = "BAAHBATCJRDKWEBEFDNGLPHEDIFMJJQKIKLJ"  # the README's complete game
LINK_IMAGE = "HBAMJJNGL"
LINK_M01 = "KAFUBAICCPDALEFEFEQGHSHBNIB"  # course challenge M01: 9 pieces given

EXAMPLES: dict[str, dict[str, list]] = {
    "twist": {
        "well_formed": ["a1A0", "h8D7", "i1A0", "l8D0", "j2B0j1C0", "l6B0l1A0", TWIST_GAME,
                        TWIST_CHALLENGE,
                        "a1A0b1A0c1A0d1A0e1A0f1A0g1A0h1A0i1A0j1A0j1A0k1A0k1A0l1A0l1A0"],
        "malformed": [
            ("", None, "empty"), ("a1A", 0, "4 characters"), ("a1A0b", 4, "4 characters"),
            ("m1A0", 0, "neither a piece"), ("a9A0", 1, "column"), ("a0A0", 1, "column"),
            ("a1E0", 2, "row"), ("a1a0", 2, "row"), ("a1A8", 3, "orientation"),
            ("i1A1", 3, "peg"), ("b1A0a1A0", 4, "alphabetical"),
            ("i1A0a1A0", 4, "alphabetical"), ("a1A0a2A0", 4, "more than once"),
            ("i1A0i2A0", 4, "more than once"), ("j1A0j2A0j3A0", 8, "more than twice"),
            ("a1A0b1A0c1A0d1A0e1A0f1A0g1A0h1A0i1A0j1A0j1A0k1A0k1A0l1A0l1A0l2A0", 60,
             "at most 15")],
        "legal": ["f3C4j4B0k8B0k5D0l3C0", "d2A6j2B0", "a1A0", "i1A0", TWIST_GAME],
        "illegal": [
            ("a7A7j8A0", "red hole on the blue peg at 8A"),
            ("c2A3i2C0", "blue hole on the red peg at 2C"),
            ("h4D0l6D0", "solid loop on the yellow peg at 6D"),
            ("e1D6", "hangs off the board"), ("c6A0", "hangs off the board"),
            ("f3C2j4B0k8B0k5D0l3C0", "solid loop on the green peg at 5D"),
            ("a1A0b1A0", "overlaps a1A0"), ("j1A0k1A0", "two pegs on 1A")],
        "hint_place": [(TWIST_CHALLENGE, TWIST_CHALLENGE)],
        "hint_remove": [(TWIST_CHALLENGE, "d1A0f3C4i6B0j2B0j1C0k3C0l4B0l5C0", "d")],
        "impossible": ["c2A1"],  # column 1 cut off: no piece fits 4 tall
        "refused": [(TWIST_CHALLENGE, "d2A5", "solid loop on the blue peg"),
                    (TWIST_CHALLENGE, "f1A0", "already on the board")],
        "refusal_rules": ["off-board", "overlap", "peg", "duplicate"],
    },
    "focus": {
        "well_formed": ["a000", "j843", "a000b013", FOCUS_GAME, "b013a000", "j701a000", "f402"],
        "malformed": [
            ("", None, "empty"), ("a00", 0, "4 characters"), ("a000b", 4, "4 characters"),
            ("k000", 0, "not a piece"), ("A000", 0, "not a piece"), ("a923", 1, "column"),
            ("ax00", 1, "column"), ("a050", 2, "row"), ("a004", 3, "orientation"),
            ("a000a100", 4, "twice"),
            ("a000b000c000d000e000f000g000h000i000j000a000", 40, "at most 10")],
        "legal": ["a000", "f013", "f011", "j701", "d302e132j020", FOCUS_GAME],
        "illegal": [
            ("a800", "hangs off the board"), ("j600", "hangs off the board"),
            ("f131", "hangs off the board"),
            ("c030", "c030 covers 04, which is not on the board"),
            ("f800c030", "covers 04"),  # pieces are checked a to j
            ("i731", "i731 covers 84"), ("a000d000", "d000 overlaps a000 at 00"),
            ("a000b001", "b001 overlaps a000 at 00"),
            ("d302e323f400g420h522i613j701a000b013c112", "c112 overlaps a000 at 11")],
        "hint_place": [(FOCUS_CHALLENGE, "")],
        "hint_remove": [(FOCUS_CHALLENGE, "a001d302", "a")],
        # ten blue squares in all, but no tiling puts nine of them on the centre
        "impossible": ["BBBBBBBBB"],
        "refused": [(FOCUS_CHALLENGE, "a800", "hangs off the board"),
                    (FOCUS_CHALLENGE, "d100", "^d100 puts blue on 31, the challenge wants red$")],
        "refusal_rules": ["off-board", "overlap", "colour", "duplicate"],
    },
    "steps": {
        "well_formed": [STEPS_SOLUTION, STEPS_CHALLENGE, "AAL", "HHy", "BGSAHQ"],
        "malformed": [
            ("", None, "empty"), ("AA", 0, "3 characters"), ("AAAB", 3, "3 characters"),
            ("aAL", 0, "not a piece"), ("IAL", 0, "not a piece"),
            ("AaL", 1, "not an orientation"), ("AIL", 1, "not an orientation"),
            ("AAz", 2, "not a location"), ("AAZ", 2, "not a location"),
            ("AA1", 2, "not a location"), ("AALBBWAGL", 6, "twice"),
            ("AAL" * 9, 24, "at most 8")],
        "legal": ["AHQ", "BGSAHQ", "AAL"],
        "illegal": [("AHR", "non-peg"), ("AAM", "needs a peg")],
        "hint_place": [(STEPS_CHALLENGE, STEPS_CHALLENGE)],
        "hint_remove": [],
        "impossible": ["CCYFGl"],  # a legal state that no set of the other pieces completes
        "refused": [(STEPS_CHALLENGE, "AHR", "already on the board")],
        "refusal_rules": ["off-board", "layer", "overlap", "order", "duplicate"],
    },
    "link": {
        "well_formed": ["BAA", "HBA", "TCJ", "BAAHBA", LINK_IMAGE, LINK_GAME, "XLL", "AAF",
                        "HBABAA"],
        "malformed": [
            ("", None, "empty"), ("BA", 0, "3 characters"), ("BAAHB", 3, "3 characters"),
            ("YAA", 0, "peg 'Y'"), ("bAA", 0, "peg 'b'"), ("BMA", 1, "piece 'M'"),
            ("BaA", 1, "piece 'a'"), ("BAG", 2, "orientation 'G' of piece A"),
            ("BAL", 2, "A-F"), ("HBM", 2, "orientation 'M'"),
            ("BAAHAB", 4, "piece A appears twice"), (LINK_GAME + "AAA", 36, "at most 12")],
        "legal": ["BAA", "HBA", "BAAHBA", LINK_IMAGE, "BADBIL", LINK_GAME],
        "illegal": [
            ("OEAHDE", "the ball of HDE has a connection facing NW, but OEA puts a closed ring"),
            ("XAA", "XAA hangs off the board"), ("AAA", "AAA hangs off the board (its unit 0"),
            ("HBAHAA", "second ball on peg G"), ("HBAHAB", "second ring on peg H"),
            ("HBAIAA", "closed ring"), ("HBAJAA", "no opening facing E")],
        "hint_place": [("", "")],
        "hint_remove": [],
        "impossible": ["BAAHBATCJDDL"],
        "refused": [("BAA", "HAB", "already on the board"),
                    ("", "ALA", "hangs off the board"),
                    (LINK_M01, "IJA", "no opening facing E")],
        "refusal_rules": ["off-board", "slot", "connection", "duplicate"],
    },
}


# how one piece placement is written from a piece, a board location and an orientation
# (docs/games/<game>.md), for tests that write every placement of every piece themselves
ITEMS = {"twist": "{piece}{location}{orientation}", "focus": "{piece}{location}{orientation}",
         "steps": "{piece}{orientation}{location}", "link": "{location}{piece}{orientation}"}


def table(name: str) -> dict[str, list]:
    """A game's examples: the package's games' here, a game declared in the tests in its
    own package's `examples` module (tests/<name>/examples.py: EXAMPLES)."""
    if name in EXAMPLES:
        return EXAMPLES[name]
    try:
        return import_module(f"{name}.examples").EXAMPLES
    except ModuleNotFoundError:
        raise AssertionError(f"{name} brings no examples (tests/game_examples.py, or "
                             f"tests/{name}/examples.py)") from None


def cases(kind: str, games: tuple[str, ...]) -> list[tuple]:
    """(game, *example) for every example of `kind` of the games registered; a game of
    the registry with no table fails (every game brings its own examples)."""
    return [(name, *(example if isinstance(example, tuple) else (example,)))
            for name in games for example in table(name)[kind]]
