"""Every sentence of a hint, in one place: a hint's answer is data (its kind, the piece,
the spot, the placement, what fails and how many: a `Claim` for the first rung), and this
module alone turns it into words, for players (`message`) and in the game's codes
(`notation`). The reasoning (core/reasoning.py, core/claims.py) and the hint
(core/solving.py) hold no words.

Each sentence is a template with named fields, as gettext wants them (issue 40 puts each
through it): a translation may put the fields in any order. The fields:

    name       the piece as players know it ("the red piece"; Vocabulary.piece_name)
    piece      the piece's id ("d")
    spot       a spot as a player finds it on the board (Drawing.spot_words)
    code       the spot's location code ("b4")
    placement  the piece's placement in the game's notation ("d2A6")
    before     the placement of the piece that must be played first (games whose order
               matters)
    spots      location codes, space-separated
    title      the game's title ("IQ-Twist")
    fail       how the places it speaks of fail (FAIL, LEAVE: what every one leaves, or
               the hardest look ahead)
    fails      the same of a single place ("leaves", "hits")
    listed     those places in the game's notation, at most LISTED of them
    count      how many places

A message starts with a capital letter whatever field comes first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .types import Claim

if TYPE_CHECKING:
    from .game import Game
    from .position import Placement

# (message, notation) of each kind of hint and of each kind of first-rung claim
SENTENCES = {
    "solved": ("Solved: every piece is in place.", "This {title} challenge is solved."),
    "impossible": ("This challenge has no solution.", "This challenge has no solution."),
    "goes-at": ("{name} goes here.", "Piece {piece} goes at {placement}."),
    "goes-over": ("{name} goes over the marked spots.", "Piece {piece} covers {spots}."),
    "take-back": ("No solution goes on from here: {name} is not where the solution has it. "
                  "Take it back.",
                  "No solution goes on from here: piece {piece} ({placement}) is not where "
                  "the solution has it. Take it back."),
    "too-early": ("{name} was played too early: it blocks a piece that must go in before "
                  "it. Take it back.",
                  "Piece {piece} ({placement}) was played too early: {before} must be "
                  "played before it. Take it back."),
    # the first rung (core/claims.py: each claim's kind)
    "only-reaches": ("Only {name} can still reach {spot}.",
                     "Look at piece {piece}: only it can still reach {code}."),
    "one-place": ("{name} has only one place left, over {spot}.",
                  "Look at piece {piece}: it has only one place left, over {code}."),
    "only-fills": ("Only {name} can fill {spot}: other pieces there {fail}.",
                   "Look at piece {piece}: only it can fill {code}; {listed} would {fail}."),
    # must-cover: as many places elsewhere as fail (none: every place left covers it)
    "must-cover-none": ("Every place left for {name} covers {spot}.",
                        "Look at piece {piece}: every place it has left covers {code}."),
    "must-cover-one": ("{name} must cover {spot}: its one place elsewhere {fails}.",
                       "Look at piece {piece}: it must cover {code}; its places elsewhere "
                       "({listed}) would {fail}."),
    "must-cover": ("{name} must cover {spot}: its {count} places elsewhere {fail}.",
                   "Look at piece {piece}: it must cover {code}; its places elsewhere "
                   "({listed}) would {fail}."),
    "guess": ("No quick sure step shows here: try {name} and see where it leads.",
              "Look at piece {piece}: no quick sure step shows; try it."),
}
# how places fail (a claim's `out`: one of reasoning.AT_ONCE, "look" or "deep"), as the
# verb of several places and of one: what they leave at once (in this order), or how far
# ahead it is seen
LEAVE = ("leave {what}", "leaves {what}")
LEAVES = {"spot": "a gap no piece can fill",  # a spot no place reaches: a gap of one spot
          "piece": "a piece with no place", "gap": "a gap no piece can fill",
          "room": "too little room for the rest"}
EITHER = " or "  # between the things places leave
FAIL = {"look": ("hit a dead end in a few moves", "hits a dead end in a few moves"),
        "deep": ("hit a dead end two pieces further on", "hits a dead end two pieces further on")}
LISTED = 6  # failing places the notation lists, at most
MORE = " and {count} more"  # after the places listed, when there are more


def said(kind: str, **fields: object) -> tuple[str, str]:
    """The sentence of `kind` (SENTENCES) with its fields: (message, notation).

    >>> said("goes-at", name="the red piece", piece="a", placement="a1A0")
    ('The red piece goes here.', 'Piece a goes at a1A0.')
    """
    message, notation = SENTENCES[kind]
    message = message.format(**fields)
    return message[:1].upper() + message[1:], notation.format(**fields)


def claim_said(game: Game[Any], claim: Claim) -> tuple[str, str]:
    """A first rung's claim in a player's words and in notation."""
    kind = claim.kind
    if kind == "must-cover" and len(claim.out) < 2:
        kind = ("must-cover-none", "must-cover-one")[len(claim.out)]
    hows = [how for _, how in claim.out]
    return said(kind, name=game.vocabulary.piece_name(claim.piece), piece=claim.piece,
                spot=game.drawing.spot_words(claim.spot) if claim.spot is not None else "",
                code=claim.spot, fail=fails(hows), fails=fails(hows, one=True),
                listed=listed(claim.out), count=len(claim.out))


def placement_said(kind: str, game: Game[Any], placement: Placement,
                   **fields: object) -> tuple[str, str]:
    """The sentence of `kind` about one piece at `placement`."""
    return said(kind, name=game.vocabulary.piece_name(placement.piece),
                piece=placement.piece, placement=placement, **fields)


def fails(hows: Sequence[str], one: bool = False) -> str:
    """How places fail, in words true of each (`one`: of a single place): what they
    leave at once, or the hardest look ahead any of them needs."""
    if any(how in FAIL for how in hows):
        return FAIL["deep" if "deep" in hows else "look"][one]
    leaves = dict.fromkeys(what for how, what in LEAVES.items() if how in hows)
    return LEAVE[one].format(what=EITHER.join(leaves))


def listed(out: Sequence[tuple[str, str]]) -> str:
    """The failing places in notation, at most LISTED of them."""
    items = [item for item, _ in out]
    more = MORE.format(count=len(items) - LISTED) if len(items) > LISTED else ""
    return " ".join(items[:LISTED]) + more
