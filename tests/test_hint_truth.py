"""Every hint is true of the board the player sees, checked by plain enumeration.

For at least 200 positions per game (booklet starts, generated starts, one to three
pieces of the solution in, a wrong legal move; seeded), each claim of the first rung
(`Hint.claims`, core/claims.py) is checked against the board's legal placements as this
test finds them itself: every piece x orientation x location written in the game's
notation (tests/game_examples.py ITEMS), kept where the game's rules (`rules.breaks`)
allow it on that board, one per move (`symmetry.equivalent`); not the solver's `legal`, not
the reasoner. A place the rung says fails must fail: the exact search (`is_solvable`)
finds no solution after it, and what it says fails at once is seen at once by the same
enumeration (a piece with no place, a spot no place reaches, a gap no set of the pieces
that fit can fill). The top rung's placement is the solution's, the middle rung's spots
are those it covers, and a "take it back" hint names a piece that is not where the
solution has it.

Verdicts (`judge`): true; false (the board says otherwise); misleading (true, but about
another piece or spot than the placement the hint leads to, or a spot claim where not
every spot must be covered); under-explained (a place the reasoning must rule out that
the rung does not account for).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from functools import cached_property

import pytest

from game_examples import ITEMS
from iqpuzzles import HintKind, game, games
from iqpuzzles.core.types import LEVELS, Claim, Hint
from iqpuzzles.generate import generate

GAMES = games(registered=False)  # the package's own games (not the tests' tiny one)

pytestmark = pytest.mark.slow  # seconds a game: the fast loop leaves it out

POSITIONS = 200  # first rungs checked per game, at least
AT_ONCE = {"spot", "piece", "gap"}  # failures the enumeration sees at once
CLASH = AT_ONCE | {"room"}  # failures a player sees on the board as it is after the place
# (too little room: fewer free slots than the pieces left need, counted)


class Enumeration:
    """One game's placements, written out and checked by its rules alone."""

    def __init__(self, name: str):
        self.g = g = game(name)
        info = g.page.info()
        self.centres = {loc["code"]: (loc["x"], loc["y"]) for loc in info["board"]["locations"]}
        self.items = {}
        for piece in info["pieces"]:
            found = []
            for orientation in piece["orientations"]:
                for location in self.centres:
                    text = ITEMS[name].format(piece=piece["id"], location=location,
                                              orientation=orientation)
                    try:
                        found.append(g.notation.read_item(text))
                    except ValueError:
                        pass
            self.items[piece["id"]] = found
        self._covers = {}

    def covers(self, placement) -> frozenset[str]:
        known = self._covers.get(placement)
        if known is None:
            known = self._covers[placement] = frozenset(self.g.rules.covers(placement))
        return known

    @cached_property
    def sizes(self) -> dict[str, int]:
        empty = self.legal(self.g.position())
        return {piece: max(len(self.covers(p)) for p in places)
                for piece, places in empty.items()}

    @cached_property
    def tiling(self) -> bool:
        """Whether every spot is covered in a finished game (the pieces' spots add up to
        the board's, and no two pieces share a spot: the game's rules refuse overlaps)."""
        return sum(self.sizes.values()) == len(self.centres)

    @cached_property
    def neighbours(self) -> dict[str, set[str]]:
        """Spots side by side: centres one step apart."""
        return {a: {b for b, (x, y) in self.centres.items()
                    if b != a and abs(x - ax) + abs(y - ay) < 1.01}
                for a, (ax, ay) in self.centres.items()}

    def legal(self, position, among=None) -> dict[str, list]:
        """Every legal placement of each piece not yet down, one per move; `among`: a
        superset known (the legal placements before more pieces went down)."""
        g = self.g
        found = {}
        for piece, items in (among or self.items).items():
            if piece in position.pieces:
                continue
            kept: dict[frozenset, list] = {}
            for item in items:
                if g.rules.breaks(position.setup, position.placed, item) is None:
                    same = kept.setdefault(self.covers(item), [])
                    if not any(g.symmetry.equivalent(position.setup, item, other)
                               for other in same):
                        same.append(item)
            found[piece] = [item for same in kept.values() for item in same]
        return found

    def same(self, position, a, b) -> bool:
        return a.piece == b.piece and self.g.symmetry.equivalent(position.setup, a, b)

    def fails_at_once(self, position, legal, placement, how: str) -> bool:
        """Whether the enumeration sees at once that `placement` fails as `how` says."""
        after = position.play(placement)
        left = self.legal(after, legal)
        if how == "piece":
            return any(not places for places in left.values())
        covered = {s for p in after.placed for s in self.covers(p)}
        empty = set(self.centres) - covered
        reach = {s for places in left.values() for p in places for s in self.covers(p)}
        if how == "spot":
            return self.tiling and bool(empty - reach)
        if how == "gap":
            return self.tiling and any(not self.fillable(gap, left) for gap in self.gaps(empty))
        return False

    def gaps(self, empty: set[str]) -> Iterator[set[str]]:
        left = set(empty)
        while left:
            gap, frontier = set(), {left.pop()}
            while frontier:
                gap |= frontier
                frontier = {n for s in frontier for n in self.neighbours[s]} & left - gap
                left -= frontier
            yield gap

    def fillable(self, gap: set[str], legal) -> bool:
        """Whether some set of the pieces with a place inside the gap has its size."""
        sums = {0}
        for piece, places in legal.items():
            if any(self.covers(p) <= gap for p in places):
                sums |= {s + self.sizes[piece] for s in sums}
        return len(gap) in sums


def judge(enumeration: Enumeration, position, look, exactly) -> list[tuple[str, str]]:
    """(claim kind, verdict) for every claim of the first rung `look`, given the top rung
    `exactly` (the placement the hint leads to)."""
    g = enumeration.g
    legal = enumeration.legal(position)
    answer = g.notation.read_item(exactly.placement)
    verdicts = []
    for claim in look.claims:
        piece, spot = claim.piece, claim.spot
        mine = legal.get(piece, [])
        others = [p for q, places in legal.items() if q != piece for p in places]
        out = [(g.notation.read_item(item), how) for item, how in claim.out]
        if piece != answer.piece or (spot is not None and
                                     spot not in enumeration.covers(answer)):
            verdict = "misleading"
        elif claim.kind == "one-place":
            verdict = "true" if len(mine) == 1 and spot is not None else "false"
        elif claim.kind == "only-reaches":
            reached = any(spot in enumeration.covers(p) for p in mine)
            rivals = any(spot in enumeration.covers(p) for p in others)
            verdict = "true" if reached and not rivals else "false"
            if verdict == "true" and not enumeration.tiling:
                verdict = "misleading"
        elif claim.kind in ("only-fills", "must-cover") and spot is not None:
            if claim.kind == "only-fills":
                must = [p for p in others if spot in enumeration.covers(p)]
                shown = any(spot in enumeration.covers(p) for p in mine)
            else:  # every piece is placed in a solution: its places elsewhere must fail
                must = [p for p in mine if spot not in enumeration.covers(p)]
                shown = any(enumeration.same(position, p, answer) for p in mine)
            listed = [p for p, _ in out]
            truthful = shown and all(
                any(enumeration.same(position, p, q) for q in must)
                and not position.play(p).is_solvable
                and (how not in AT_ONCE or enumeration.fails_at_once(position, legal, p, how))
                for p, how in out)
            if not truthful:
                verdict = "false"
            elif any(not any(enumeration.same(position, p, q) for q in listed) for p in must):
                verdict = "under-explained"
            else:
                verdict = "true"
            if verdict == "true" and claim.kind == "only-fills" and not enumeration.tiling:
                verdict = "misleading"
        elif claim.kind == "guess":
            verdict = "true"
        else:
            verdict = "false"  # a claim no one can check
        verdicts.append((claim.kind, verdict))
    return verdicts


# positions whose first rung was false on main 2096a09 (issue 29): (challenge or booklet
# id, placement)
REPORTED = {"steps": [("BGKDFS", "BGKDFS")], "link": [("T01", None)],
            "twist": [("i3B0j8B0j3D0k4A0k2C0", "b2A0c1D2i3B0j8B0j3D0k4A0k2C0"),
                      ("70", "a1C2c2A0g1A0i5B0l1A0l7D0")]}


def reported(name: str) -> Iterator[tuple[str, object]]:
    g = game(name)
    for challenge, placement in REPORTED.get(name, []):
        if challenge.isalnum() and any(e.id == challenge for e in g.challenges):
            challenge = g.challenge_by_id(challenge).challenge
        yield "reported", g.position(challenge, placement)


def positions(name: str, count: int, seed: int = 29) -> Iterator[tuple[str, object, str]]:
    """(kind, position, the solution's placement string) of the positions reported false
    on main, the challenges' starts, generated starts, one to three pieces of the solution
    in, and a wrong legal move; seeded."""
    g = game(name)
    rng = random.Random(seed)
    starts = list(reported(name))
    starts += [("start", g.position(e.challenge)) for e in rng.sample(g.challenges, count // 4)]
    starts += [("generated", g.position(generate(g, level, rng.randrange(10 ** 6))))
               for level in LEVELS for _ in range(count // 20)]
    for kind, start in starts:
        solution = next(g.solver.complete(start.setup, start.placed, 1))
        solved = start.play_all(solution)
        yield kind, start, str(solved)
        rest = list(solution)
        placed = start
        for _ in range(min(rng.randint(1, 3), len(rest) - 1)):  # in a playing order (IQ-Steps)
            ready = [p for p in rest if g.ordering is None or g.ordering.may_come_next(rest, p)]
            chosen = rng.choice(ready)
            rest.remove(chosen)
            placed = placed.play(chosen)
        yield "in", placed, str(solved)
        if rng.random() < 0.3:
            wrong = [p for p in start.legal_placements() if p not in solution]
            if wrong:
                yield "wrong", start.play(rng.choice(wrong)), str(solved)


def check_position(enumeration: Enumeration, position, solved: str) -> list[tuple[str, str]]:
    """The verdicts on one position's first rung; every other rung asserted."""
    g = enumeration.g
    look, where, exactly = (position.hint(level) for level in (1, 2, 3))
    if exactly.kind is HintKind.REMOVE:
        assert look == exactly and not position.is_solvable
        assert (where.kind, where.piece, where.placement) == (exactly.kind, exactly.piece,
                                                              exactly.placement)
        right = g.position(position.challenge, solved).pieces[exactly.piece]
        assert not g.symmetry.equivalent(position.setup, position.pieces[exactly.piece], right)
        # the rungs after: where the solution goes on with the piece back, marked: the spots
        # of a piece some solution of that position plays (enumerated), or of the next
        # piece of the player's to take back
        after = position.remove(exactly.piece)
        spots = set(where.locations)
        if after.is_solvable:
            assert any(enumeration.covers(p) == spots for solution in after.solutions(50)
                       for p in solution.played if p.piece not in after.pieces), where
        else:
            assert any(enumeration.covers(p) == spots for p in after.played), where
        assert where.message != look.message
        return []
    assert exactly.kind is HintKind.PLACE, exactly
    placement = g.notation.read_item(exactly.placement)
    right = g.position(position.challenge, solved).pieces[placement.piece]
    assert g.symmetry.equivalent(position.setup, placement, right), (exactly, solved)
    assert position.play(placement).is_solvable  # (IQ-Steps: it need not wait for another)
    assert set(where.locations) == enumeration.covers(placement) and where.placement is None
    assert look.piece == where.piece == exactly.piece and look.placement is None
    assert len(look.claims) == 1 and exactly.placement not in look.message
    claim = look.claims[0]
    spot = claim.spot
    if claim.kind == "must-cover" and len(claim.out) > 1:
        assert f" {len(claim.out)} places elsewhere " in look.message
    assert look.locations == ((spot,) if spot else ())  # the page marks the spot it names
    if spot:  # named in the player's words, in the game's code in the notation
        assert g.drawing.spot_words(spot) in look.message and spot in look.notation
        assert len(spot) == 1 or spot not in look.message  # (one letter: any word has it)
    return judge(enumeration, position, look, exactly)


def first_kind(look: Hint) -> str:
    """What a player can check of a first rung: "spot" (it names a spot, marked, and
    what it says there shows on the board as it is), "clash" (it names a spot, marked,
    and the places it rules out there fail at once: a gap, a piece with no place, too
    little room), "spot ahead" (it names a spot, marked, and the places it rules out fail
    a few moves on), "guess" (it says it is one), or "unverifiable" (none of these)."""
    claim = look.claims[0]
    if claim.kind == "guess":
        return "guess"
    if claim.spot is None or look.locations != (claim.spot,):
        return "unverifiable"
    if not claim.out:
        return "spot"
    return "clash" if all(how in CLASH for _, how in claim.out) else "spot ahead"


@pytest.mark.parametrize("name", GAMES)
def test_every_first_rung_is_true_on_the_board(name):
    """Every claim of every first rung holds by plain enumeration, and every first rung
    names a spot the page marks (where a player looks to check it) or says it is a
    guess: none says what a player cannot check on the board."""
    enumeration = Enumeration(name)
    verdicts: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    wrong = []
    checked = 0
    for kind, position, solved in positions(name, POSITIONS):
        found = check_position(enumeration, position, solved)
        checked += bool(found)
        if found:
            kinds[first_kind(position.hint(1))] += 1
        for claim, verdict in found:
            verdicts[verdict] += 1
            if verdict != "true":
                wrong.append((kind, str(position), claim, verdict,
                              position.hint(1).message))
    assert checked >= POSITIONS * 0.8, checked
    assert not wrong, wrong[:5]
    assert verdicts["true"] >= checked
    assert not kinds["unverifiable"], kinds
    assert kinds["guess"] <= checked * 0.1, kinds  # a guess stays the exception


def test_the_judge_finds_false_misleading_and_under_explained_claims():
    """The check itself can fail: claims made up against the enumeration of IQ-Twist's
    first challenge are judged as they are."""
    enumeration = Enumeration("twist")
    g = enumeration.g
    position = g.position(g.challenge_by_id(1).challenge)
    exactly = position.hint(3)
    answer = g.notation.read_item(exactly.placement)
    legal = enumeration.legal(position)
    spot = next(s for s in enumeration.covers(answer)
                if sum(any(s in enumeration.covers(p) for p in places)
                       for places in legal.values()) > 1)
    other = next(piece for piece in legal if piece != answer.piece)
    mine = [p for p in legal[answer.piece] if not enumeration.same(position, p, answer)]

    def verdict(claim: Claim) -> str:
        look = Hint(HintKind.PLACE, "", claims=(claim,))
        return judge(enumeration, position, look, exactly)[0][1]

    assert len(mine) > 1  # the piece has places to rule out: a claim can leave one unsaid
    assert verdict(Claim("one-place", answer.piece, spot)) == "false"
    assert verdict(Claim("only-reaches", answer.piece, spot)) == "false"
    assert verdict(Claim("guess", other)) == "misleading"
    elsewhere = [p for p in mine if spot not in enumeration.covers(p)]
    assert len(elsewhere) > 1
    out = tuple((str(p), "look") for p in elsewhere)
    assert verdict(Claim("must-cover", answer.piece, spot, out)) == "true"
    assert verdict(Claim("must-cover", answer.piece, spot, out[1:])) == "under-explained"
    assert verdict(Claim("must-cover", answer.piece, None, out)) == "false"  # no spot
    solved_elsewhere = tuple((str(p), "look") for p in legal[answer.piece])
    assert verdict(Claim("must-cover", answer.piece, spot, solved_elsewhere)) == "false"
    assert first_kind(Hint(HintKind.PLACE, "", claims=(Claim("one-place", answer.piece),))) \
        == "unverifiable"  # a piece named with no spot marked


# --- the same truth in every language ---------------------------------------------------
HOWS = ("spot", "piece", "gap", "room", "look", "deep")


def every_claim(g) -> list[Claim]:
    """Claims of every kind, with as many failing places as each sentence has forms (none,
    one, two, more than the notation lists) and every way places fail, alone and mixed:
    each sentence and each of its plural forms, on spots of every row of the board."""
    pieces, spots = g.piece_ids, list(g.vocabulary.locations)
    rng = random.Random(40)
    claims = []
    for k, kind in enumerate(("only-reaches", "one-place", "only-fills", "must-cover",
                              "guess")):
        for size in ((0,) if kind in ("only-reaches", "one-place", "guess")
                     else (0, 1, 2, 3, 5, 9, 22)):
            hows = [HOWS[(k + size + i) % len(HOWS)] if size < 9 else HOWS[i % 4]
                    for i in range(size)]
            out = tuple((f"{pieces[i % len(pieces)]}{i}", how) for i, how in enumerate(hows))
            claims.append(Claim(kind, rng.choice(pieces),
                                None if kind == "guess" else rng.choice(spots), out))
    return claims


@pytest.mark.parametrize("name", GAMES)
def test_every_language_says_the_same_claim(name):
    """The claims are structured, so a hint's truth does not depend on its words: in every
    language the first rung of a real position is the same hint (kind, piece, spots,
    placement, claims) worded there; and every kind of claim, with each count and way of
    failing, is said whole in each language: it names its piece and its spot as that
    language names them (never as English does), gives the notation's codes, and in
    en_XA has no word outside the catalogs (core/sentences.py fills no English in)."""
    from iqpuzzles.core.i18n import language
    from iqpuzzles.core.sentences import LISTED, claim_said
    from test_catalogs import LANGUAGES, _untranslated

    g = game(name)
    position = g.position(g.challenges[0].challenge)
    english = position.hint(1)
    english_words = {(c.piece, c.spot): claim_said(g, c)[0] for c in every_claim(g)}
    english_names = {piece: g.vocabulary.piece_name(piece) for piece in g.piece_ids}
    for code in (*LANGUAGES, "en_XA"):
        with language(code):
            said = position.hint(1)
            assert (said.kind, said.piece, said.locations, said.claims, said.placement) == \
                (english.kind, english.piece, english.locations, english.claims,
                 english.placement), code
            assert said.message != english.message and said.notation != english.notation
            for claim in every_claim(g):
                message, notation = claim_said(g, claim)
                name_words = g.vocabulary.piece_name(claim.piece)
                assert name_words.lower() in message.lower(), (code, message)
                assert claim.piece in notation, (code, notation)
                assert message != english_words[claim.piece, claim.spot], (code, message)
                assert english_names[claim.piece] not in message.lower(), (code, message)
                if claim.spot is not None:
                    assert g.drawing.spot_words(claim.spot) in message, (code, message)
                    assert claim.spot in notation, (code, notation)
                for item, _ in claim.out[:LISTED]:
                    assert item in notation, (code, notation)
                if len(claim.out) > LISTED:
                    assert str(len(claim.out) - LISTED) in notation, (code, notation)
                if code == "en_XA":
                    assert not _untranslated(message), message
                    assert message.count("⟦") >= 2 + (claim.spot is not None), message
