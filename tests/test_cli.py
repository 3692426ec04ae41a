"""The command line contract of DESIGN.md, run as a real process."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from iqpuzzles import game, games
from iqpuzzles.__main__ import main
from iqpuzzles.core.i18n import LANGUAGES, language, number, tr

ROOT = Path(__file__).resolve().parents[1]


def run(*args, stdin=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    return subprocess.run([sys.executable, "-m", "iqpuzzles", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=300)


def test_solve_twist_seed_prints_only_the_canonical_game():
    done = run("solve", "twist", "f3C4i6B0j2B0j1C0k3C0l4B0l5C0")
    assert (done.returncode, done.stdout) == (0, "a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0\n")


def test_solve_without_solution_exits_1():
    done = run("solve", "twist", "c2A1")
    assert (done.returncode, done.stdout) == (1, "")


def test_solve_malformed_challenge_exits_2_with_message():
    done = run("solve", "twist", "zzzz")
    assert done.returncode == 2 and "neither a piece" in done.stderr


def test_check_single_exit_codes():
    assert run("check", "twist", "a1A0").returncode == 0
    bad = run("check", "twist", "e1D6")
    assert bad.returncode == 1 and bad.stdout.startswith("illegal: ")


@pytest.mark.parametrize("name", games(registered=False))
def test_solve_stdin_answers_every_booklet_line_in_one_process(name):
    g = game(name)
    entries = g.challenges
    done = run("solve", name, "-", "--limit", "5", stdin="".join(e.challenge + "\n"
                                                                  for e in entries))
    lines = done.stdout.splitlines()
    assert len(lines) == len(entries)
    for entry, line in zip(entries, lines, strict=True):
        assert sorted(line.split(" ")) == sorted(entry.solutions)


def test_check_stdin_answers_thousands_of_lines_in_order():
    twist = game("twist")
    cases = ["a1A0", "e1D6", "a1A", "f3C4j4B0k8B0k5D0l3C0", ""] * 600
    done = run("check", "twist", "-", stdin="\n".join(cases) + "\n")
    lines = done.stdout.splitlines()
    assert len(lines) == len(cases)
    assert lines == [twist.strings.check(c) for c in cases]
    assert lines[:5] == ["ok", "illegal: e1D6 hangs off the board", lines[2], "ok", lines[4]]
    assert lines[2].startswith("malformed: ") and lines[4].startswith("malformed: ")


def test_solve_stdin_with_empty_and_bad_lines_keeps_going():
    done = run("solve", "twist", "-", stdin="c2A1\nqq\nf3C4i6B0j2B0j1C0k3C0l4B0l5C0\n")
    lines = done.stdout.splitlines()
    assert lines[0] == "" and lines[1].startswith("error: ")
    assert lines[2] == "a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0"


def test_show_twist():
    done = run("show", "twist", "a7A7b6A7c1A3d2A6e2C3f3C4g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0")
    assert done.returncode == 0 and "  D c e f f F H h h" in done.stdout


def test_unknown_game_is_a_usage_error():
    done = run("solve", "chess", "x")
    assert done.returncode == 2 and "invalid choice" in done.stderr


# --------------------------------------------------------------------------- issue 11

def run_bytes(*args, stdin: bytes = b"", **env):
    environment = dict(os.environ, PYTHONPATH=str(ROOT / "py"), **env)
    return subprocess.run([sys.executable, "-m", "iqpuzzles", *args], input=stdin,
                          capture_output=True, env=environment, timeout=300)


STRICT_UTF8 = {"PYTHONIOENCODING": "utf-8:strict", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}


def test_batch_lines_that_are_not_utf8_are_answered_and_the_rest_goes_on():
    stdin = b"a1A0\na\xff\n\xc3\ne1D6\r\n\xed\xa0\x80\na1A0\n"  # \xed\xa0\x80: a surrogate
    done = run_bytes("check", "twist", "-", stdin=stdin, **STRICT_UTF8)
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert done.stdout.decode().splitlines() == [
        "ok", "malformed: not UTF-8 text", "malformed: not UTF-8 text",
        "illegal: e1D6 hangs off the board", "malformed: not UTF-8 text", "ok"]


def test_solve_and_order_answer_a_line_that_is_not_text_in_their_own_form():
    solve = run_bytes("solve", "twist", "-", stdin=b"\xff\nf3C4i6B0j2B0j1C0k3C0l4B0l5C0\n",
                      **STRICT_UTF8)
    assert solve.stdout.decode().splitlines() == ["error: not UTF-8 text",
                                                  "a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0"]
    order = run_bytes("order", "steps", "-", stdin=b"\xffAHQ\nAHQBGS\n", **STRICT_UTF8)
    assert order.stdout.decode().splitlines() == ["none: not UTF-8 text", "BGSAHQ"]
    assert not solve.stderr and not order.stderr


def test_an_argument_that_is_not_utf8_is_answered_too():
    done = run_bytes("check", "twist", b"a\xff", **STRICT_UTF8)
    assert (done.returncode, done.stdout, done.stderr) == (1, b"malformed: not UTF-8 text\n", b"")


def test_replies_with_non_ascii_print_under_an_ascii_locale():
    done = run_bytes("check", "twist", "-", stdin="é€\na1A0\n".encode(),
                     PYTHONIOENCODING="ascii:strict", LANG="C", LC_ALL="C")
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert done.stdout.decode("ascii").splitlines()[1] == "ok"


def test_solve_prints_each_solution_as_it_is_found():
    """The first of IQ-Link's 1000 games comes while the search goes on for the others
    (tens of seconds of it), not after all 1000: the process still runs when it comes."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    with subprocess.Popen([sys.executable, "-m", "iqpuzzles", "solve", "link", "", "--limit",
                           "1000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env=env) as process:
        try:
            first = process.stdout.readline()
            searching = process.poll() is None
        finally:
            process.kill()
    assert len(first.strip()) == 36 and searching, first


def test_a_reader_that_goes_away_is_no_error():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    with subprocess.Popen([sys.executable, "-m", "iqpuzzles", "solve", "twist", ""],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env) as process:
        process.stdout.readline()
        process.stdout.close()
        _, error = process.communicate(timeout=120)
    assert process.returncode == 0 and b"Traceback" not in error, error


@pytest.mark.parametrize("limit", ["0", "-1", "x", "1.5", "\u0663"])
def test_solve_limit_must_be_a_positive_whole_number(limit):
    done = run("solve", "twist", "f3C4i6B0j2B0j1C0k3C0l4B0l5C0", "--limit", limit)
    assert done.returncode == 2 and "--limit" in done.stderr and "whole number" in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize("count", ["0", "-3", "1001", str(10**20), "x"])
def test_generate_count_is_bounded(count):
    done = run("generate", "twist", "--level", "Starter", "--count", count)
    assert done.returncode == 2 and "--count" in done.stderr and "1 to 1000" in done.stderr
    assert done.stdout == ""


def test_generate_count_gives_consecutive_seeds():
    done = run("generate", "twist", "--level", "Wizard", "--seed", "5", "--count", "2")
    single = run("generate", "twist", "--level", "Wizard", "--seed", "6")
    assert done.returncode == 0 and done.stdout.splitlines()[1] == single.stdout.strip()


def test_generate_beyond_a_pool_says_how_many_there_are_and_stops_there():
    """More challenges asked than a level's pool holds: all of them once, and stderr says
    so in words (the smallest pool of any game, from the registry)."""
    from iqpuzzles.generate import pool_sizes

    size, name, level = min((size, name, level) for name in games(registered=False)
                            for level, size in pool_sizes(game(name)).items())
    done = run("generate", name, "--level", level, "--count", str(min(size + 5, 1000)))
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and len(lines) == len(set(lines)) == size
    assert f"{size:,} different {level} challenges" in done.stderr, done.stderr


@pytest.mark.parametrize("name", games(registered=False))
def test_show_of_the_empty_string_is_the_empty_board_in_every_game(name):
    done = run("show", name, "")
    assert done.returncode == 0 and done.stdout.strip(), done.stderr
    drawing = done.stdout
    pieces = [p["id"] for p in game(name).page.info()["pieces"]]
    full = run("show", name, game(name).challenges[0].solutions[0]).stdout
    assert len(drawing.splitlines()) == len(full.splitlines())
    # no piece drawn: the letters of the pieces appear only as the board's own labels
    assert sum(drawing.count(p) for p in pieces) < sum(full.count(p) for p in pieces)


def test_bench_lists_its_choices_without_a_stray_list():
    done = run("bench", "chess")
    assert done.returncode == 2 and "invalid choice" in done.stderr
    assert "[]" not in done.stderr and "twist, focus, steps, link" in done.stderr


def test_link_count_documents_only_its_own_options():
    from iqpuzzles.tools import link_count as count

    assert "--sample" not in count.__doc__
    done = subprocess.run([sys.executable, "-m", "iqpuzzles.tools.link_count", "--help"],
                          capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(ROOT / "py")))
    for option in ("--processes", "--start"):
        assert option in done.stdout and option in count.__doc__


# --------------------------------------------------------------------------- issue 21

@pytest.mark.parametrize("blank", ["", "   ", "\u3000", "\t"], ids=["empty", "spaces",
                                                                 "ideographic", "tab"])
def test_batch_solve_answers_a_blank_line_with_one_line_and_goes_on(blank):
    """A blank line is no challenge: one error line, then the next line is answered (it
    used to list every game of the empty board for minutes)."""
    done = run_bytes("solve", "link", "-", stdin=f"{blank}\nBAAHBATCJRDK\n".encode(),
                     **STRICT_UTF8)
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 0 and len(lines) == 2, lines[:3]
    assert lines[0].startswith("error: a blank line is no challenge")
    assert lines[1] and not lines[1].startswith("error")


def test_solve_says_on_stderr_when_its_default_limit_stops_it():
    """solve without --limit stops at a limit the caller sees (--help and stderr)."""
    done = run("solve", "focus", "-", stdin="?????????\n")  # 8,624 solutions
    assert done.returncode == 0 and len(done.stdout.split()) == 1000
    assert "stopped after 1,000 solutions on line 1" in done.stderr
    assert "10,000" in run("solve", "--help").stdout


@pytest.mark.parametrize("redirect", [">&-", ">/dev/full"], ids=["closed", "full"])
@pytest.mark.parametrize("command", ["echo x | {cli} check twist -", "{cli} solve twist ''",
                                     "{cli} show twist ''"], ids=["check", "solve", "show"])
def test_output_that_cannot_be_written_is_one_line_and_a_failure(redirect, command):
    cli = f"PYTHONPATH={ROOT / 'py'} {sys.executable} -m iqpuzzles"
    done = subprocess.run(f"{command.format(cli=cli)} {redirect}", shell=True,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr and "python -m iqpuzzles: " in done.stderr


@pytest.mark.parametrize("name", games())
def test_every_game_answers_each_verb_in_this_process(name, capsys):
    """The command line plays every game the registry knows, one declared outside the
    package too (registered in this process): solve, check, hint, show."""
    g = game(name)
    entry = g.challenges[0]
    solved = next(g.position(entry.challenge).solutions())
    assert main(["solve", name, entry.challenge, "--limit", "5"]) == 0
    assert sorted(capsys.readouterr().out.split()) == sorted(entry.solutions)
    assert main(["check", name, str(solved)]) == 0 and capsys.readouterr().out == "ok\n"
    assert main(["hint", name, entry.challenge]) == 0
    assert capsys.readouterr().out.startswith("place: ")
    assert main(["show", name, str(solved)]) == 0
    assert capsys.readouterr().out == g.drawing.text(solved) + "\n"


# --------------------------------------------------------------------------- issue 54

def _said(capsys, *argv: str) -> str:
    """What main says (stdout and stderr) for a command line argparse answers itself."""
    with pytest.raises(SystemExit):
        main(list(argv))
    out = capsys.readouterr()
    return _one_line(out.out + out.err)


def _one_line(text: str) -> str:
    """`text` with its runs of ASCII white space as one space (argparse wraps lines; a
    no-break space is the language's and stays)."""
    return re.sub(r"[ \t\n]+", " ", text).strip()


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "en"])
def test_argparse_speaks_the_language_of_the_command_line(code, capsys):
    """argparse's own words (usage:, the headings and -h's help, its refusals) are the
    catalog's in every language, and argparse speaks English again after the run."""
    with language(code):
        words = {message: _one_line(tr(message)) for message in (
            "usage: ", "show this help message and exit", "positional arguments")}
        refused = _one_line(tr("invalid choice: %(value)r (choose from %(choices)s)").split(
            "%(value)r")[0])
        missing = _one_line(tr("the following arguments are required: %s").split("%s")[0])
    assert all(text not in words.values() for text in ("usage:", "positional arguments"))
    helped = _said(capsys, "--lang", code, "solve", "--help")
    for english, text in words.items():
        assert text in helped and english.strip() not in helped, (english, helped)
    assert refused in _said(capsys, "--lang", code, "solve", "chess", "x")
    assert missing in _said(capsys, "--lang", code, "solve")
    assert "invalid choice" in _said(capsys, "solve", "chess", "x")
    assert "usage: " in _said(capsys, "solve", "--help")


@pytest.mark.parametrize("code", LANGUAGES)
def test_numbers_in_the_help_are_written_as_the_language_writes_them(code, capsys):
    """--limit's default (10,000 and 1,000 in English) with the language's own digit
    groups: never "10,000", which French, German, Dutch, Spanish and Polish read as ten."""
    helped = _said(capsys, "--lang", code, "solve", "--help")
    with language(code):
        limit, batch = number(10_000), number(1_000)
    assert limit in helped and batch in helped, helped
    if code not in ("en", "ja"):
        assert "10,000" not in helped and "1,000" not in helped
    assert {"fr": "10\u202f000", "de": "10.000", "pl": "10\u00a0000", "es": "1000"}.get(
        code, limit) in (limit, batch)
