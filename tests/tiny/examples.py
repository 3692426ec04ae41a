"""The tiny game's examples for the conformance suite (tests/game_examples.py says what
each kind is)."""

GAME = "a1A0b4A1c1B0d2B2"
EXAMPLES: dict[str, list] = {
    "well_formed": ["a1A0", "d4C3", "a1A0b4A1", "b4A1a1A0", GAME],
    "malformed": [("", None, "empty"), ("a1A", 0, "4 characters"), ("e1A0", 0, "not a piece"),
                  ("a5A0", 1, "column"), ("a1D0", 2, "row"), ("a1A2", 3, "no orientation"),
                  ("a1A0a2A0", 4, "twice"), ("a1A0" * 5, 16, "at most 4")],
    "legal": ["a1A0", "a1A0b4A1", GAME],
    "illegal": [("a3A0", "a3A0 hangs off the board"), ("c4C0", "hangs off the board"),
                ("a1A0b1A0", "b1A0 overlaps a1A0 at 1A")],
    "hint_place": [("a1A0c1B0", "a1A0c1B0")],
    "hint_remove": [("a1A0c1B0", "a1A0b2B0c1B0", "b")],
    "impossible": ["a1B0"],
    "refused": [("a1A0c1B0", "a1B0", "already on the board"),
                ("a1A0c1B0", "b3A0", "hangs off the board")],
}
