"""Every sentence of a hint, in one place: a hint's answer is data (its kind, the piece,
the spot, the placement, what fails and how many: a `Claim` for the first rung), and this
module alone turns it into words, for players (`message`) and in the game's codes
(`notation`). The reasoning (core/reasoning.py, core/claims.py) and the hint
(core/solving.py) hold no words.

Each sentence is a whole message of the catalogs (core/i18n.py), a template with named
fields (%(name)s) that a translation may put in any order; it is translated when the hint
is made, in the language spoken then. A sentence that says a count has plural forms
(`nmark`: each language applies its own rules). The fields:

    name       the piece as players know it ("the red piece"; Vocabulary.piece_name)
    piece      the piece's id ("d")
    spot       a spot as a player finds it on the board (Drawing.spot_words)
    code       the spot's location code ("b4")
    placement  the piece's placement in the game's notation ("d2A6")
    before     the placement of the piece that must be played first (games whose order
               matters)
    spots      location codes, space-separated
    next       the piece the solution goes on with once one is taken back, as players
               know it (a stuck position's second rung)
    nextid     its id
    nextat     its placement, when it is one more to take back
    title      the game's title ("IQ-Twist")
    outcome    what the places it speaks of lead to (OUTCOMES, joined by "or": what every
               one leaves at once, or the hardest look ahead), a phrase of its own
               context so each language gives it the case its sentences need
    listed     those places in the game's notation, at most LISTED of them
    n          how many places

A message starts with a capital letter whatever field comes first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .i18n import either, mark, nmark, ntr, pmark, ptr, tr
from .types import Claim

if TYPE_CHECKING:
    from .game import Game
    from .position import Placement

# (message, notation) of each kind of hint and of each kind of first-rung claim; a
# message with a count is (singular, plural)
SENTENCES: dict[str, tuple[str | tuple[str, str], str | tuple[str, str]]] = {
    "solved": (mark("Solved: every piece is in place."),
               mark("This %(title)s challenge is solved.")),
    "impossible": (mark("This challenge has no solution."),
                   mark("This challenge has no solution.")),
    "goes-at": (mark("%(name)s goes here."), mark("Piece %(piece)s goes at %(placement)s.")),
    "goes-over": (mark("%(name)s goes over the marked spots."),
                  mark("Piece %(piece)s covers %(spots)s.")),
    "take-back": (mark("No solution goes on from here: %(name)s is not where the solution "
                       "has it. Take it back."),
                  mark("No solution goes on from here: piece %(piece)s (%(placement)s) is not "
                       "where the solution has it. Take it back.")),
    "too-early": (mark("%(name)s was played too early: it blocks a piece that must go in "
                       "before it. Take it back."),
                  mark("Piece %(piece)s (%(placement)s) was played too early: %(before)s must "
                       "be played before it. Take it back.")),
    # a stuck position's second rung: where the solution goes on once the piece is back
    "then-goes-over": (mark("With %(name)s back in the tray, the solution goes on: "
                            "%(next)s goes over the marked spots."),
                       mark("Without piece %(piece)s (%(placement)s), the solution goes on: "
                            "piece %(nextid)s covers %(spots)s.")),
    "then-moves": (mark("%(name)s belongs over the marked spots: take it back and place it "
                        "there, and the solution goes on."),
                   mark("Piece %(piece)s belongs over %(spots)s, not at %(placement)s.")),
    "then-take-back": (mark("Take %(name)s back, then %(next)s too: neither is where the "
                            "solution has it."),
                       mark("Take back piece %(piece)s (%(placement)s), then piece "
                            "%(nextid)s (%(nextat)s).")),
    # the first rung (core/claims.py: each claim's kind)
    "only-reaches": (mark("Only %(name)s can still reach %(spot)s."),
                     mark("Look at piece %(piece)s: only it can still reach %(code)s.")),
    "one-place": (mark("%(name)s has only one place left, over %(spot)s."),
                  mark("Look at piece %(piece)s: it has only one place left, over %(code)s.")),
    "only-fills": (mark("Only %(name)s can fill %(spot)s: any other piece there leads to "
                        "%(outcome)s."),
                   mark("Look at piece %(piece)s: only it can fill %(code)s; %(listed)s lead "
                        "to %(outcome)s.")),
    # must-cover: as many places elsewhere as fail (none: every place left covers it)
    "must-cover-none": (mark("Every place left for %(name)s covers %(spot)s."),
                        mark("Look at piece %(piece)s: every place it has left covers "
                             "%(code)s.")),
    "must-cover": (nmark("%(name)s must cover %(spot)s: its one place elsewhere leads to "
                         "%(outcome)s.",
                         "%(name)s must cover %(spot)s: its %(n)s places elsewhere lead to "
                         "%(outcome)s."),
                   nmark("Look at piece %(piece)s: it must cover %(code)s; its place elsewhere "
                         "(%(listed)s) leads to %(outcome)s.",
                         "Look at piece %(piece)s: it must cover %(code)s; its %(n)s places "
                         "elsewhere (%(listed)s) lead to %(outcome)s.")),
    "guess": (mark("No quick sure step shows here: try %(name)s and see where it leads."),
              mark("Look at piece %(piece)s: no quick sure step shows; try it.")),
}
# what places lead to (a claim's `out`: one of reasoning.AT_ONCE, "look" or "deep"): what
# they leave at once (in this order), or how far ahead it is seen
OUTCOMES = {"spot": pmark("outcome", "a gap no piece can fill"),  # a gap of one spot
            "gap": pmark("outcome", "a gap no piece can fill"),
            "piece": pmark("outcome", "a piece with no place"),
            "room": pmark("outcome", "too little room for the rest"),
            "look": pmark("outcome", "a dead end in a few moves"),
            "deep": pmark("outcome", "a dead end two pieces further on")}
AHEAD = ("look", "deep")  # the outcomes seen ahead: the hardest one is said
LISTED = 6  # failing places the notation lists, at most


def said(kind: str, **fields: object) -> tuple[str, str]:
    """The sentence of `kind` (SENTENCES) with its fields, in the language spoken now:
    (message, notation). A sentence with a count takes it as the field `n`.

    >>> said("goes-at", name="the red piece", piece="a", placement="a1A0")
    ('The red piece goes here.', 'Piece a goes at a1A0.')
    """
    message, notation = (_translated(text, fields) for text in SENTENCES[kind])
    return message[:1].upper() + message[1:], notation


def _translated(text: str | tuple[str, str], fields: dict[str, object]) -> str:
    if isinstance(text, tuple):
        count = fields["n"]
        assert isinstance(count, int)
        singular, plural = text
        return ntr(singular, plural, count, **{k: v for k, v in fields.items() if k != "n"})
    return tr(text, **fields)


def claim_said(game: Game[Any], claim: Claim) -> tuple[str, str]:
    """A first rung's claim in a player's words and in notation."""
    kind = "must-cover-none" if claim.kind == "must-cover" and not claim.out else claim.kind
    return said(kind, name=game.vocabulary.piece_name(claim.piece), piece=claim.piece,
                spot=game.drawing.spot_words(claim.spot) if claim.spot is not None else "",
                code=claim.spot, outcome=outcome([how for _, how in claim.out]),
                listed=listed(claim.out), n=len(claim.out))


def placement_said(kind: str, game: Game[Any], placement: Placement,
                   **fields: object) -> tuple[str, str]:
    """The sentence of `kind` about one piece at `placement`."""
    return said(kind, name=game.vocabulary.piece_name(placement.piece),
                piece=placement.piece, placement=placement, **fields)


def outcome(hows: Sequence[str]) -> str:
    """What places lead to, in words true of each: what they leave at once ("a gap no
    piece can fill or a piece with no place"), or the hardest look ahead any needs."""
    if any(how in AHEAD for how in hows):
        return ptr("outcome", OUTCOMES["deep" if "deep" in hows else "look"])
    phrases = dict.fromkeys(ptr("outcome", OUTCOMES[how]) for how in OUTCOMES if how in hows)
    return either(list(phrases))




def listed(out: Sequence[tuple[str, str]]) -> str:
    """The failing places in notation, at most LISTED of them."""
    items = [item for item, _ in out]
    shown = " ".join(items[:LISTED])
    if len(items) <= LISTED:
        return shown
    more = len(items) - LISTED
    return ntr("%(list)s and %(n)s more", "%(list)s and %(n)s more", more, list=shown)
