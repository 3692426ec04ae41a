"""Every engine a player may bring, for real: Firefox ESR and WebKitGTK (the engine of
Safari) open the built site as a new player, keep the board's shape when the window
narrows from a desktop's to a phone's, win IQ-Steps challenge 1 by clicks (take the
piece, Rotate, Flip, place it), and reload offline from the service worker, where the
engine still plays. The page's Content-Security-Policy refuses nothing on the way (the
server hears every refusal), and the engine's worker starts held to that policy too.
Chromium does all of this in the other browser tests."""

from __future__ import annotations

import json
import time

import pytest

from buildtools.server import page_policy
from iqpuzzles import games

from ..playing import HINT_PRESSES, Player
from ..test_updates import LINE, NEW_WORDS
from .drivers import ENGINES

STEPS = Player("steps")
ENTRY = STEPS.game.challenge_by_id("1")
START = STEPS.game.strings.start_placement(ENTRY.challenge)
# the one piece the player places (IQ-Steps challenge 1 starts with all the others)
ITEM = next(p for p in STEPS.game.position(ENTRY.challenge, ENTRY.solution).played
            if p.piece not in STEPS.game.position(ENTRY.challenge).pieces)
SOLVED = STEPS.game.strings.play(ENTRY.challenge, START, str(ITEM))
# the orientation of the tray's piece and the location whose click play ITEM
ORIENTATION, CODE = STEPS.grip(ENTRY.challenge, START, ITEM)

LIGHT_BG = "rgb(243, 238, 230)"  # theme.css: --bg in the light theme (the engines' default)
READY = "document.documentElement.dataset.ready === 'true'"
BOARD = "document.getElementById('board').dataset"
NAME = "document.getElementById('challenge-name')"
ONE_LINE = """(() => {
  const height = (id) => document.getElementById(id).getBoundingClientRect().height;
  return height("challenge-button") < 1.5 * height("timer");
})()"""
# the board's box, the room it sits in, and the shape the board's drawing asks for
LAYOUT = """(() => {
  const box = (id) => document.querySelector(id).getBoundingClientRect();
  const wrap = box("#board-wrap"), room = box(".board-room"), tray = box("#tray");
  const ratio = Number(getComputedStyle(document.getElementById("board-wrap"))
    .getPropertyValue("--board-ratio"));
  return {width: wrap.width, height: wrap.height, room: room.height, tray: tray.height,
          ratio, page: innerWidth};
})()"""


def wait_for(value, timeout: float = 30.0):
    """`value()` once it is truthy (polled; it fails after `timeout` seconds)."""
    deadline = time.monotonic() + timeout
    while not (answer := value()):
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)
    return answer


def win_by_clicks(engine) -> None:
    """The win, by clicks: take the piece, turn it with the buttons, place it."""
    piece = f".tray-piece[data-piece='{ITEM.piece}']"
    engine.click(piece)
    engine.wait(f"document.querySelector(\"{piece}\").getAttribute('aria-pressed') === 'true'")
    orientation = engine.js(f"document.querySelector(\"{piece}\").dataset.orientation")
    turns = STEPS.turns(ITEM.piece, orientation, ORIENTATION)
    assert turns, "the piece is turned on the way"
    for button in turns:
        engine.click(f"[data-action={button.lower()}]")
        orientation = STEPS.pieces[ITEM.piece][button.lower()][orientation]
        engine.wait(f"document.querySelector(\"{piece}\").dataset.orientation === "
                    f"{json.dumps(orientation)}")
    engine.click(f"#board .loc[data-code='{CODE}']")
    engine.wait("document.documentElement.dataset.solved === 'true'")
    assert engine.js(f"{BOARD}.placement") == SOLVED


def expect_board_in_shape(layout: dict) -> None:
    """The board is as tall as its width and shape say, and its room no taller (WebKit
    kept the old height of a resized board: empty bands above and below it)."""
    assert abs(layout["height"] - layout["width"] / layout["ratio"]) <= 1.5, layout
    assert abs(layout["room"] - layout["height"]) <= 1.5, layout


# an image from elsewhere, which the policy refuses (before any request): the server must
# hear of it, or it would not hear of anything
REFUSED = "http://127.0.0.2:9/refused.png"
OFFSITE_IMAGE = f"(() => {{ new Image().src = {json.dumps(REFUSED)}; return true; }})()"


@pytest.mark.parametrize("engine", ENGINES, indirect=True)
def test_a_new_player_wins_by_clicks_then_plays_offline(engine, server, dist_dir):
    refused = server.police(page_policy(dist_dir))
    engine.size(1280, 800)
    engine.open(server.url + "build.json")  # the site's origin, running none of its code
    engine.js(f"localStorage.setItem('iqpuzzles.v1.learned', "
              f"{json.dumps(json.dumps(games(registered=False)))})")  # no lesson first
    engine.open(f"{server.url}#game=steps&challenge={ENTRY.id}")
    engine.wait(READY)
    assert engine.js(f"{BOARD}.placement") == START
    assert engine.js("getComputedStyle(document.body).backgroundColor") == LIGHT_BG
    expect_board_in_shape(engine.js(LAYOUT))

    # narrowed to a phone's width (WebKit's window: 447 px at least, its toolbar's)
    width, _ = engine.size(390, 844)
    phone = engine.wait(f"innerWidth === {width} && {LAYOUT}")
    assert width <= 447 and phone["page"] == width
    expect_board_in_shape(phone)
    # the header's challenge name reads whole (Firefox cut it: the chevron's corner
    # counted as overflow), on one line (at 431-500 px it wrapped to two in every engine)
    assert engine.js(f"{NAME}.scrollWidth <= {NAME}.clientWidth + 1")  # (WebKit rounds)
    assert engine.js(ONE_LINE), "the challenge's name takes two lines"

    win_by_clicks(engine)

    # nothing refused so far, and a refusal is heard (each engine reports in its own words)
    assert refused == [], refused
    engine.js(OFFSITE_IMAGE)
    report = wait_for(lambda: refused)[0]["csp-report"]
    assert (report["effective-directive"], report["blocked-uri"]) == ("img-src", REFUSED)

    # offline: the server gone, the service worker serves the site and the engine plays
    assert engine.wait("document.documentElement.dataset.offline") == "ready"
    server.shutdown()
    server.server_close()
    engine.reload()
    engine.wait(READY)
    assert engine.js("document.documentElement.dataset.snapshot") == "true"  # kept, used
    assert engine.js(f"{BOARD}.placement") == SOLVED  # the game goes on where it was
    engine.click("[data-action=undo]")
    engine.wait(f"{BOARD}.placement === {json.dumps(START)}")
    expect_board_in_shape(engine.js(LAYOUT))


STORED = "JSON.parse(localStorage.getItem('iqpuzzles.v1.steps') || '{}')"


@pytest.mark.parametrize("engine", ["firefox"], indirect=True)
def test_two_tabs_of_one_profile_keep_each_others_win(engine, server):
    """Issue 37 in Firefox (Chromium walks it at length, test_two_tabs.py): tab 1 sits on
    the challenge tab 0 wins; tab 1 says its game moved on, opening its stats (which saves
    its game first) writes nothing over the win and shows it, and the newer position is a
    press away."""
    engine.open(server.url + "build.json")
    engine.js(f"localStorage.setItem('iqpuzzles.v1.learned', "
              f"{json.dumps(json.dumps(games(registered=False)))})")
    for tab in (0, 1):
        engine.tab(tab)
        engine.size(1280, 800)
        engine.open(f"{server.url}#game=steps&challenge={ENTRY.id}")
        engine.wait(READY)
    engine.tab(0)
    win_by_clicks(engine)
    engine.tab(1)
    engine.wait("document.querySelector('[data-notice=elsewhere]')")
    assert engine.js(f"{BOARD}.placement") == START
    engine.click("#stats-button")
    engine.wait("document.querySelector(\"#stats tr[data-level='Starter'] td\")"
                "?.textContent === '1'")
    assert engine.js(f"{STORED}.solved['1'].best > 0")
    assert engine.js(f"{STORED}.current.placement") == SOLVED
    engine.click("#stats .icon-button[aria-label='Close']")
    engine.click("[data-action=notice-elsewhere]")
    engine.wait(f"{BOARD}.placement === {json.dumps(SOLVED)}")


@pytest.mark.parametrize("engine", ["firefox"], indirect=True)
def test_an_update_is_told_applied_and_played_offline(engine, host, next_release):
    """test_updates.py's first case in Firefox: the player of the first release, back
    online after the next is published, is told; says Update; and offline, the page
    starts on the next release, its engine too, with the game where it was."""
    engine.size(1280, 800)
    engine.open(host.url + "build.json")
    engine.js(f"localStorage.setItem('iqpuzzles.v1.learned', "
              f"{json.dumps(json.dumps(games(registered=False)))})")
    engine.open(f"{host.url}#game=twist&challenge=1")
    engine.wait(READY)
    assert engine.wait("document.documentElement.dataset.offline") == "ready"
    start = engine.js(f"{BOARD}.placement")
    for _ in range(HINT_PRESSES):  # the hint ladder places a piece
        engine.click("[data-action=hint]")
        engine.wait("document.documentElement.dataset.busy === 'false'")
    placement = engine.js(f"{BOARD}.placement")
    assert placement != start
    host.server.hold("sw.js")  # (test_updates.back_online)
    host.publish(next_release)
    engine.reload()
    engine.wait(READY)
    host.server.release()
    assert engine.js("window.iqRelease ?? null") is None
    engine.wait(f"document.querySelector('.update-line')?.textContent === {json.dumps(LINE)}")
    engine.click(".update-now")
    engine.wait(f"window.iqRelease === '2' && {READY}")
    host.close()  # offline
    engine.reload()
    engine.wait(READY)
    assert engine.js("window.iqRelease") == "2"
    assert NEW_WORDS in engine.js("document.getElementById('help').textContent")
    assert engine.js(f"{BOARD}.challenge") == "1" and engine.js(f"{BOARD}.placement") == placement
    engine.click("[data-action=undo]")  # the engine plays
    engine.wait(f"{BOARD}.placement === {json.dumps(start)}")
