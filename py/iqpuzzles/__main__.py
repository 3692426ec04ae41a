"""Command line: python -m iqpuzzles solve|check|hint|show|order|generate|bench ...

Its help (DESCRIPTION) is said in the language chosen, as every answer is.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator

from . import game, games
from .cliwords import speaking
from .core import checks
from .core.errors import PuzzleError
from .core.i18n import from_environment, language, mark, number, tr
from .generate import generate

DESCRIPTION = mark("""GAME is twist, focus, steps or link; strings are in the game's own notation.
`-` instead of a string reads one string per line from standard input and
answers one line per input line, in order (a line that is not UTF-8 text is
answered too: `malformed: not UTF-8 text`, or the verb's own error form).
`solve` prints each solution as soon as it is found, at most --limit of them (default
%(limit)s for one challenge, %(batch)s per line of a batch; stderr says when it stopped
there).
A blank line of a batch is no challenge: it is answered with an error line.

Answers are in the language the environment asks for, as gettext reads it (LANGUAGE,
LC_ALL, LC_MESSAGES, LANG), or the one --lang names (en fr de nl es pl ja). The words
that begin an answer (ok, malformed:, illegal:, error:, none:, and a hint's kind) and
every string in a game's notation stay as they are: scripts read them.""")
NOT_TEXT = mark("not UTF-8 text")  # the answer to an input line (or argument) not text
BLANK = mark("a blank line is no challenge (the empty board has thousands of solutions: "
             "solve it on its own, with --limit)")
MAX_COUNT = 1000  # generate --count: at most this many challenges in one run
SOLVE_LIMIT = 10_000  # solve: solutions of one challenge when no --limit is given
BATCH_LIMIT = 1_000  # solve -: solutions per line when no --limit is given


class NotText(PuzzleError):
    """An input that is not UTF-8 text (undecodable bytes on stdin or in argv)."""

    def __init__(self) -> None:
        super().__init__(tr(NOT_TEXT))


def _text(value: str) -> str:
    """An argument as text: argv holds undecodable bytes as lone surrogates."""
    if not checks.is_text(value):
        raise NotText()
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


def _stopped_at(said: str) -> None:
    """Say on stderr that a default limit cut the solutions short (stdout stays clean)."""
    print(said, file=sys.stderr)


def cmd_solve(args: argparse.Namespace) -> int:
    g = game(args.game)
    if args.challenge != "-":
        limit = args.limit or SOLVE_LIMIT
        found = 0
        try:
            for solution in g.strings.solutions(_text(args.challenge), limit):
                _answer(solution)  # as it comes: the whole of IQ-Link takes minutes
                found += 1
        except PuzzleError as error:
            if found:
                raise
            print(f"error: {error}", file=sys.stderr)
            return 2
        if found == limit and args.limit is None:
            _stopped_at(tr("solve: stopped after %(limit)s solutions; give --limit N for more",
                           limit=number(limit)))
        return 0 if found else 1
    limit = args.limit or BATCH_LIMIT
    for row, line in enumerate(_inputs("-"), 1):
        if line is None:
            _answer(f"error: {tr(NOT_TEXT)}")
            continue
        if line == "":
            _answer(f"error: {tr(BLANK)}")
            continue
        try:  # a bad challenge fails here, before any output
            solutions = iter(g.strings.solutions(line, limit))
            first = next(solutions, None)
        except PuzzleError as error:
            _answer(f"error: {error}")
            continue
        found = 0
        if first is not None:
            sys.stdout.write(first)
            found = 1
            for solution in solutions:
                sys.stdout.write(" " + solution)
                sys.stdout.flush()
                found += 1
        _answer("")
        if found == limit and args.limit is None:
            _stopped_at(tr("solve: stopped after %(limit)s solutions on line %(line)s; give "
                           "--limit N for more", limit=number(limit), line=row))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    g = game(args.game)
    verdict = "ok"
    for line in _inputs(args.placement):
        verdict = f"malformed: {tr(NOT_TEXT)}" if line is None else g.strings.check(line)
        _answer(verdict)
    return 0 if args.placement == "-" or verdict == "ok" else 1


def cmd_hint(args: argparse.Namespace) -> int:
    g = game(args.game)
    try:
        hint = g.strings.hint(_text(args.challenge), _text(args.placement), args.level)
    except PuzzleError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    words = hint.notation if args.notation else hint.message
    if args.level == 2 and hint.locations and not args.notation:  # a terminal marks nothing
        words = tr("%(hint)s (spots %(spots)s)", hint=words, spots=" ".join(hint.locations))
    _answer(f"{hint.kind.value}: {words}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    g = game(args.game)
    try:
        print(g.strings.show(_text(args.placement)))
    except PuzzleError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


def cmd_order(args: argparse.Namespace) -> int:
    g = game(args.game)
    if g.ordering is None:
        print("error: " + tr("%(game)s has no playing order: pieces can go in any order",
                             game=g.title), file=sys.stderr)
        return 2
    status = 0
    for line in _inputs(args.placement):
        try:
            if line is None:
                raise NotText()
            _answer(g.strings.order(line))
        except PuzzleError as error:
            _answer(f"none: {error}")
            status = 1
    return status if args.placement != "-" else 0


def cmd_generate(args: argparse.Namespace) -> int:
    from .generate import level_name, pool_sizes

    g = game(args.game)
    try:
        count = args.count
        distinct = pool_sizes(g).get(level_name(args.level), 0) if g.can_generate else 0
        if 0 < distinct < count:  # seeds beyond the pool would give the same ones again
            print(tr("%(game)s has %(distinct)s different %(level)s challenges: here are all "
                     "%(distinct)s, not %(count)s", game=g.title, distinct=number(distinct),
                     level=level_name(args.level), count=number(count)), file=sys.stderr)
            count = distinct
        for k in range(count):
            _answer(generate(g, args.level, args.seed + k if count > 1 else args.seed))
    except PuzzleError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


def cmd_daily(args: argparse.Namespace) -> int:
    from .daily import daily

    try:
        today = daily(game(args.game), args.date)
    except PuzzleError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    _answer(f"{today['date']} {today['level']} {today['challenge']}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .tools.bench import run

    return run(args.games or list(games(registered=False)), quick=args.quick)


def _whole_number(low: int | None = None, high: int | None = None,
                  what: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number written in ASCII digits, from `low` to `high`."""

    def convert(text: str) -> int:
        value = checks.digits(text, signed=True)
        if value is None or not checks.is_whole(value, low, high):
            if low is None:
                why = tr("must be a whole number, not %(text)s", text=repr(text))
            elif high is None:
                why = tr("must be a whole number of %(low)s or more, not %(text)s", low=low,
                         text=repr(text))
            else:
                why = tr("must be a whole number from %(low)s to %(high)s, not %(text)s",
                         low=low, high=high, text=repr(text))
            if what:  # marked where it is given
                why = tr("%(why)s (%(what)s)", why=why, what=tr(what))
            raise argparse.ArgumentTypeError(why)
        return value

    return convert


def _game_name(text: str) -> str:
    """A game of the package's own (the bench has figures for these)."""
    own = games(registered=False)
    if text not in own:
        raise argparse.ArgumentTypeError(tr("invalid choice: %(text)s (choose from %(games)s)",
                                            text=repr(text), games=", ".join(own)))
    return text


def main(argv: list[str] | None = None) -> int:
    # the language first, so that --help and argparse's refusals are in it too
    known, _ = _language_option().parse_known_args(argv)
    wanted = getattr(known, "lang", None) or from_environment(os.environ)
    with language(wanted), speaking():
        return _run(_parser().parse_args(argv))


def _language_option() -> argparse.ArgumentParser:
    """--lang, before or after the command: `--lang fr check ...`, `check --lang fr ...`."""
    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument("--lang", default=argparse.SUPPRESS, metavar="LANGUAGE",
                      help=tr("answer in this language (en fr de nl es pl ja; default: as "
                              "LANGUAGE, LC_ALL, LC_MESSAGES or LANG say)"))
    return lang


def _parser() -> argparse.ArgumentParser:
    """The command line's parser, its help in the language spoken."""
    names = games()  # the package's and any registered in this process
    lang = _language_option()
    description = tr(DESCRIPTION, limit=number(SOLVE_LIMIT), batch=number(BATCH_LIMIT))
    parser = argparse.ArgumentParser(prog="python -m iqpuzzles", description=description,
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     parents=[lang])
    commands = parser.add_subparsers(dest="command", required=True)

    solve = commands.add_parser(
        "solve", parents=[lang], help=tr("every solution of a challenge, canonical"))
    solve.add_argument("game", choices=names)
    solve.add_argument("challenge", help=tr("challenge string, or - for one per line on stdin"))
    solve.add_argument("--limit", type=_whole_number(1, None, mark("leave --limit out for "
                                                          "every solution")),
                       default=None,
                       help=tr("stop after N solutions (N >= 1; default: %(limit)s, and "
                               "%(batch)s per line of a batch)", limit=number(SOLVE_LIMIT),
                               batch=number(BATCH_LIMIT)))
    solve.set_defaults(run=cmd_solve)

    check = commands.add_parser(
        "check", parents=[lang], help=tr("ok / malformed: why / illegal: why"))
    check.add_argument("game", choices=names)
    check.add_argument("placement", help=tr("placement string, or - for one per line on stdin"))
    check.set_defaults(run=cmd_check)

    hint = commands.add_parser(
        "hint", parents=[lang], help=tr("what to do next: which piece, where, exactly"))
    hint.add_argument("game", choices=names)
    hint.add_argument("challenge")
    hint.add_argument("placement", nargs="?", default="",
                      help=tr("the position (default: the challenge's start)"))
    hint.add_argument("--level", type=_whole_number(1, 3, mark("1 which piece and why, 2 where, "
                                                         "3 the placement")), default=3,
                      help=tr("1: which piece and why; 2: the spots it covers; 3: the "
                              "placement"))
    hint.add_argument("--notation", action="store_true",
                      help=tr("say it in the game's notation instead of words"))
    hint.set_defaults(run=cmd_hint)

    show = commands.add_parser(
        "show", parents=[lang], help=tr("a text drawing of the board"))
    show.add_argument("game", choices=names)
    show.add_argument("placement", help=tr('placement string ("" is the empty board)'))
    show.set_defaults(run=cmd_show)

    order = commands.add_parser(
        "order", parents=[lang], help=tr("a legal playing order of an unordered placement"))
    order.add_argument("game", choices=names)
    order.add_argument("placement", help=tr("placement string, or - for one per line on stdin"))
    order.set_defaults(run=cmd_order)

    generate = commands.add_parser(
        "generate", parents=[lang], help=tr("new challenges with one solution"))
    generate.add_argument("game", choices=names)
    generate.add_argument("--level", required=True)
    generate.add_argument("--seed", type=_whole_number(), default=0)
    generate.add_argument("--count",
                          type=_whole_number(1, MAX_COUNT, mark("challenges in one run")),
                          default=1, help=tr("how many (seeds N, N+1, ...; 1 to %(most)s)",
                                             most=MAX_COUNT))
    generate.set_defaults(run=cmd_generate)

    daily = commands.add_parser(
        "daily", parents=[lang], help=tr("the daily challenge of a date: date level challenge"))
    daily.add_argument("game", choices=names)
    daily.add_argument("date", help="YYYY-MM-DD")
    daily.set_defaults(run=cmd_daily)

    bench = commands.add_parser(
        "bench", parents=[lang], help=tr("solver (and generator) timings"))
    bench.add_argument("games", nargs="*", type=_game_name, metavar="GAME",
                       help=tr("any of %(games)s (default: all)",
                               games=", ".join(games(registered=False))))
    bench.add_argument("--quick", action="store_true", help=tr("skip the slow baselines"))
    bench.set_defaults(run=cmd_bench)

    return parser


def _run(args: argparse.Namespace) -> int:
    for stream in (sys.stdout, sys.stderr):  # a reply in any script prints, even in
        if hasattr(stream, "reconfigure"):  # an ASCII-only (strict C) locale
            stream.reconfigure(errors="backslashreplace")
    if sys.stdout is None:  # started with stdout closed (>&-): nothing can be answered
        _complain(tr("standard output is closed, so there is nowhere to write the answer"))
        return 2
    try:
        run: Callable[[argparse.Namespace], int] = args.run
        return run(args)
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        _silence_stdout()
        return 0
    except OSError as error:  # a full disk (>/dev/full), a closed descriptor...
        _silence_stdout()
        _complain(tr("cannot write the answer: %(why)s", why=error.strerror or error))
        return 2


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that the exit's last flush of what could not be
    written does not fail again (and print a traceback)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _complain(message: str) -> None:
    """One line on stderr, if there is a stderr."""
    try:
        print(f"python -m iqpuzzles: {message}", file=sys.stderr)
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
