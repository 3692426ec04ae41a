"""What a player waits for in the page once it is ready, in headless Chromium: a new
challenge drawn, and the solvable check and hint rungs over the booklet's walks."""

from __future__ import annotations

import contextlib
import sys
import time
from pathlib import Path
from statistics import median_high as median

from ..browsers import CHROMIUM, CHROMIUM_ARGS
from ..common import ROOT

HINTS_JS = Path(__file__).with_name("hints.js")


@contextlib.contextmanager
def ready_page(url: str):
    """A page of the site in headless Chromium, once Python answered; closed after."""
    from playwright.sync_api import sync_playwright  # a test dependency, imported late

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(bypass_csp=True).new_page()
            page.goto(url)
            page.wait_for_selector("html[data-ready=true]", timeout=60_000)
            yield page
        finally:
            browser.close()


def bench_generate(url: str, runs: int = 3) -> dict:
    """Seconds from a click on "New challenge" to the new challenge drawn, per game that
    can generate and per level, in headless Chromium (the page's own figure is the time
    of the generate op alone, html[data-generate-ms])."""
    results: dict[str, dict[str, list[float]]] = {}
    with ready_page(url) as page:
        games = page.eval_on_selector_all(".game-tab", "els => els.map(e => e.dataset.game)")
        for name in games:
            page.click(f".game-tab[data-game={name}]")
            page.wait_for_selector(f".game-tab[data-game={name}][aria-pressed=true]")
            page.wait_for_selector("html[data-busy=false]")
            page.click("#challenge-button")
            page.wait_for_selector(".level-section")  # the picker, drawn
            levels = page.eval_on_selector_all("[data-action=new-challenge]",
                                               "els => els.map(e => e.dataset.level)")
            page.keyboard.press("Escape")
            if not levels:
                print(f"{name:6s}: cannot generate challenges")
                continue
            for level in levels:
                for _ in range(runs):
                    page.click("#challenge-button")
                    # a new challenge gets a new random seed, so its link changes
                    # (its puzzle may, rarely, equal the one before)
                    before = page.evaluate("location.hash")
                    t0 = time.perf_counter()
                    page.click(f"[data-action=new-challenge][data-level='{level}']")
                    page.wait_for_function(
                        "h => location.hash !== h && location.hash.includes('seed=') "
                        "&& document.documentElement.dataset.busy === 'false'", arg=before,
                        timeout=60_000)
                    results.setdefault(name, {}).setdefault(level, []).append(
                        time.perf_counter() - t0)
            for level, times in results.get(name, {}).items():
                times.sort()
                print(f"{name:6s} {level:8s}: new challenge drawn in median "
                      f"{times[len(times) // 2]:.2f} s, max {times[-1]:.2f} s ({runs} runs)")
    return results


def booklet_walks(every: int = 1) -> dict[str, list[tuple[str, list[str]]]]:
    """Per game, per booklet challenge (every `every`-th), the positions on the way from its
    start to its solution, one piece at a time (the solved one left out)."""
    sys.path.insert(0, str(ROOT / "py"))
    from iqpuzzles import game, games  # the package from the sources, imported late

    walks: dict[str, list[tuple[str, list[str]]]] = {}
    for name in games(registered=False):
        g = game(name)
        for entry in g.challenges[::every]:
            position = g.position(entry.challenge)
            solved = g.position(entry.challenge, entry.solution)
            steps = []
            for placement in (p for p in solved.played if p.piece not in position.pieces):
                steps.append(str(position))
                position = position.play(placement)
            walks.setdefault(name, []).append((entry.challenge, steps))
    return walks


def bench_hints(url: str, every: int = 1) -> dict:
    """Milliseconds per `solvable` check and per hint rung in the page's Python worker
    (the call as the page makes it: message to the worker, Python, answer back; hints.js),
    over every position on the way from each booklet challenge's start to its solution."""
    walks = booklet_walks(every)
    script = HINTS_JS.read_text()
    results: dict = {}
    with ready_page(url) as page:
        for name, game_walks in walks.items():
            times = page.evaluate(script, [name, game_walks])
            results[name] = times
            check = sorted(times["solvable"])
            rungs = ", ".join(f"rung {level} {median(times[str(level)]):.0f}"
                              for level in (1, 2, 3))
            print(f"{name:6s}: {len(check)} positions of {len(game_walks)} challenges"
                  f"{f' (every {every})' if every > 1 else ''}; solvable check median "
                  f"{median(check):.1f} ms, max {check[-1]:.1f} ms "
                  f"({sum(t >= 100 for t in check)} at 100 ms or more); hint median ms: "
                  f"{rungs}; slowest rung {max(max(times[str(k)]) for k in (1, 2, 3)):.0f} ms"
                  f" ({sum(t >= 150 for k in (1, 2, 3) for t in times[str(k)])} rungs at "
                  "150 ms or more)", flush=True)
    return results
