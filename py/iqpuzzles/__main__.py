"""Command line: python -m iqpuzzles solve|check|show|order|generate|bench ...

GAME is twist, focus, steps or link; strings are in the game's own notation.
`-` instead of a string reads one string per line from standard input and
answers one line per input line, in order.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from . import GAMES, game
from .core.errors import PuzzleError


def _inputs(text: str) -> Iterator[str]:
    if text == "-":
        for line in sys.stdin:
            yield line.rstrip("\r\n").strip()
    else:
        yield text


def cmd_solve(args) -> int:
    g = game(args.game)
    if args.challenge != "-":
        try:
            found = list(g.solutions(args.challenge, args.limit))
        except PuzzleError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        for solution in found:
            print(solution)
        return 0 if found else 1
    out = sys.stdout
    for line in _inputs("-"):
        try:
            out.write(" ".join(g.solutions(line, args.limit)) + "\n")
        except PuzzleError as error:
            out.write(f"error: {error}\n")
    return 0


def cmd_check(args) -> int:
    g = game(args.game)
    verdict = "ok"
    for line in _inputs(args.placement):
        verdict = g.check(line)
        sys.stdout.write(verdict + "\n")
    return 0 if args.placement == "-" or verdict == "ok" else 1


def cmd_show(args) -> int:
    g = game(args.game)
    try:
        print(g.show(args.placement))
    except PuzzleError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


def cmd_order(args) -> int:
    g = game(args.game)
    order = getattr(g, "order", None)
    if order is None:
        print(f"error: {g.title} has no playing order: pieces can go in any order",
              file=sys.stderr)
        return 2
    status = 0
    for line in _inputs(args.placement):
        try:
            print(order(line))
        except PuzzleError as error:
            print(f"none: {error}")
            status = 1
    return status if args.placement != "-" else 0


def cmd_generate(args) -> int:
    g = game(args.game)
    try:
        for k in range(args.count):
            print(g.generate(args.level, args.seed + k if args.count > 1 else args.seed))
    except PuzzleError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


def cmd_bench(args) -> int:
    from .bench import run

    return run(args.games or list(GAMES), quick=args.quick)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m iqpuzzles", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)

    solve = commands.add_parser("solve", help="every solution of a challenge, canonical")
    solve.add_argument("game", choices=GAMES)
    solve.add_argument("challenge", help="challenge string, or - for one per line on stdin")
    solve.add_argument("--limit", type=int, default=None, help="stop after N solutions")
    solve.set_defaults(run=cmd_solve)

    check = commands.add_parser("check", help="ok / malformed: why / illegal: why")
    check.add_argument("game", choices=GAMES)
    check.add_argument("placement", help="placement string, or - for one per line on stdin")
    check.set_defaults(run=cmd_check)

    show = commands.add_parser("show", help="a text drawing of the board")
    show.add_argument("game", choices=GAMES)
    show.add_argument("placement")
    show.set_defaults(run=cmd_show)

    order = commands.add_parser("order", help="a legal playing order of an unordered placement")
    order.add_argument("game", choices=GAMES)
    order.add_argument("placement", help="placement string, or - for one per line on stdin")
    order.set_defaults(run=cmd_order)

    generate = commands.add_parser("generate", help="new challenges with one solution")
    generate.add_argument("game", choices=GAMES)
    generate.add_argument("--level", required=True)
    generate.add_argument("--seed", type=int, default=0)
    generate.add_argument("--count", type=int, default=1)
    generate.set_defaults(run=cmd_generate)

    bench = commands.add_parser("bench", help="solver (and generator) timings")
    bench.add_argument("games", nargs="*", choices=[*GAMES, []], metavar="GAME")
    bench.add_argument("--quick", action="store_true", help="skip the slow baselines")
    bench.set_defaults(run=cmd_bench)

    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
