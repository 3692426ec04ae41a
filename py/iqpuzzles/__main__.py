"""Command line: python -m iqpuzzles solve|check|show|order|generate|bench ...

GAME is twist, focus, steps or link; strings are in the game's own notation.
`-` instead of a string reads one string per line from standard input and
answers one line per input line, in order (a line that is not UTF-8 text is
answered too: `malformed: not UTF-8 text`, or the verb's own error form).
`solve` prints each solution as soon as it is found.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter
from collections.abc import Iterator

from . import GAMES, game
from .core.errors import PuzzleError

NOT_TEXT = "not UTF-8 text"  # the answer to an input line (or argument) that is not text
MAX_COUNT = 1000  # generate --count: at most this many challenges in one run


class NotText(PuzzleError):
    """An input that is not UTF-8 text (undecodable bytes on stdin or in argv)."""

    def __init__(self):
        super().__init__(NOT_TEXT)


def _text(value: str) -> str:
    """An argument as text: argv holds undecodable bytes as lone surrogates."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise NotText() from None
    return value


def _inputs(text: str) -> Iterator[str | None]:
    """The strings to answer: the argument, or each line of stdin (None: not text).
    Stdin is read as bytes and each line decoded on its own, so one bad line costs
    only its own answer."""
    if text != "-":
        try:
            yield _text(text)
        except NotText:
            yield None
        return
    for raw in sys.stdin.buffer:
        try:
            yield raw.rstrip(b"\r\n").decode("utf-8").strip()
        except UnicodeDecodeError:
            yield None


def _answer(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def cmd_solve(args) -> int:
    g = game(args.game)
    if args.challenge != "-":
        found = 0
        try:
            for solution in g.solutions(_text(args.challenge), args.limit):
                _answer(solution)  # as it comes: the whole of IQ-Link takes minutes
                found += 1
        except PuzzleError as error:
            if found:
                raise
            print(f"error: {error}", file=sys.stderr)
            return 2
        return 0 if found else 1
    for line in _inputs("-"):
        if line is None:
            _answer(f"error: {NOT_TEXT}")
            continue
        try:  # a bad challenge fails here, before any output
            solutions = iter(g.solutions(line, args.limit))
            first = next(solutions, None)
        except PuzzleError as error:
            _answer(f"error: {error}")
            continue
        if first is not None:
            sys.stdout.write(first)
            for solution in solutions:
                sys.stdout.write(" " + solution)
                sys.stdout.flush()
        _answer("")
    return 0


def cmd_check(args) -> int:
    g = game(args.game)
    verdict = "ok"
    for line in _inputs(args.placement):
        verdict = f"malformed: {NOT_TEXT}" if line is None else g.check(line)
        _answer(verdict)
    return 0 if args.placement == "-" or verdict == "ok" else 1


def cmd_show(args) -> int:
    g = game(args.game)
    try:
        print(_show(g, _text(args.placement)))
    except PuzzleError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


def _show(g, text: str) -> str:
    """show(), with "" the empty board in every game."""
    try:
        return g.show(text)
    except PuzzleError:
        if text != "":
            raise
    return _empty_board_drawing(g)


def _empty_board_drawing(g) -> str:
    """The empty board as show() draws boards, for a game whose show() refuses "".

    Through the public interface only: the first piece is drawn alone at every place
    it may go on the empty board, and each character of the drawing is the one most
    of those drawings have there (a piece covers any one spot in few of them). Once
    every game's show("") draws the empty board itself, this is never reached."""
    info = g.info()
    piece = info["pieces"][0]
    orientation = piece["orientations"][0]
    drawings = []
    for location in info["board"]["locations"]:
        preview = g.preview("", "", piece["id"], orientation, location["code"])
        if preview.legal and preview.placement:
            drawings.append(g.show(preview.placement).split("\n"))
    if len(drawings) < 3 or len({tuple(map(len, d)) for d in drawings}) != 1:
        raise PuzzleError(f"{g.title} cannot draw the empty board")
    rows = zip(*drawings, strict=True)
    return "\n".join("".join(Counter(spot).most_common(1)[0][0]
                             for spot in zip(*row, strict=True)) for row in rows)


def cmd_order(args) -> int:
    g = game(args.game)
    if not g.ordered:
        print(f"error: {g.title} has no playing order: pieces can go in any order",
              file=sys.stderr)
        return 2
    status = 0
    for line in _inputs(args.placement):
        try:
            if line is None:
                raise NotText()
            _answer(g.order(line))
        except PuzzleError as error:
            _answer(f"none: {error}")
            status = 1
    return status if args.placement != "-" else 0


def cmd_generate(args) -> int:
    g = game(args.game)
    try:
        for k in range(args.count):
            _answer(g.generate(args.level, args.seed + k if args.count > 1 else args.seed))
    except PuzzleError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


def cmd_bench(args) -> int:
    from .bench import run

    return run(args.games or list(GAMES), quick=args.quick)


def _whole_number(low: int | None = None, high: int | None = None, what: str = ""):
    """An argparse type: a whole number written in ASCII digits, from `low` to `high`."""

    def convert(text: str) -> int:
        value = int(text) if re.fullmatch(r"-?[0-9]{1,100}", text) else None
        if value is None or (low is not None and value < low) or \
                (high is not None and value > high):
            bounds = "" if low is None else f" from {low} to {high}" if high is not None \
                else f" of {low} or more"
            note = f" ({what})" if what else ""
            raise argparse.ArgumentTypeError(f"must be a whole number{bounds}, "
                                             f"not {text!r}{note}")
        return value

    return convert


def _game_name(text: str) -> str:
    if text not in GAMES:
        raise argparse.ArgumentTypeError(f"invalid choice: {text!r} "
                                         f"(choose from {', '.join(GAMES)})")
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m iqpuzzles", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)

    solve = commands.add_parser("solve", help="every solution of a challenge, canonical")
    solve.add_argument("game", choices=GAMES)
    solve.add_argument("challenge", help="challenge string, or - for one per line on stdin")
    solve.add_argument("--limit", type=_whole_number(1, None, "leave --limit out for every "
                                                     "solution"),
                       default=None, help="stop after N solutions (N >= 1; default: all)")
    solve.set_defaults(run=cmd_solve)

    check = commands.add_parser("check", help="ok / malformed: why / illegal: why")
    check.add_argument("game", choices=GAMES)
    check.add_argument("placement", help="placement string, or - for one per line on stdin")
    check.set_defaults(run=cmd_check)

    show = commands.add_parser("show", help="a text drawing of the board")
    show.add_argument("game", choices=GAMES)
    show.add_argument("placement", help='placement string ("" is the empty board)')
    show.set_defaults(run=cmd_show)

    order = commands.add_parser("order", help="a legal playing order of an unordered placement")
    order.add_argument("game", choices=GAMES)
    order.add_argument("placement", help="placement string, or - for one per line on stdin")
    order.set_defaults(run=cmd_order)

    generate = commands.add_parser("generate", help="new challenges with one solution")
    generate.add_argument("game", choices=GAMES)
    generate.add_argument("--level", required=True)
    generate.add_argument("--seed", type=_whole_number(), default=0)
    generate.add_argument("--count", type=_whole_number(1, MAX_COUNT, "challenges in one run"),
                          default=1, help=f"how many (seeds N, N+1, ...; 1 to {MAX_COUNT})")
    generate.set_defaults(run=cmd_generate)

    bench = commands.add_parser("bench", help="solver (and generator) timings")
    bench.add_argument("games", nargs="*", type=_game_name, metavar="GAME",
                       help=f"any of {', '.join(GAMES)} (default: all)")
    bench.add_argument("--quick", action="store_true", help="skip the slow baselines")
    bench.set_defaults(run=cmd_bench)

    args = parser.parse_args(argv)
    for stream in (sys.stdout, sys.stderr):  # a reply in any script prints, even in
        if hasattr(stream, "reconfigure"):  # an ASCII-only (strict C) locale
            stream.reconfigure(errors="backslashreplace")
    try:
        return args.run(args)
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
