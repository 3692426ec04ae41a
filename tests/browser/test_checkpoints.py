"""Checkpoints: a player marks a position (M, the toolbar's Mark) and comes back to it in
one step (B, the toolbar's Restart, which says "Back to mark" while a mark waits). Marking
is no step; going back is a step like any other (Undo takes it back); the mark is kept
with the saved game, across reloads.

A seeded walk of a player's actions (a piece placed with the mouse, Undo, Redo, Mark and
Back by key and by button, a reload), each checked against a model of the history and
the mark kept beside the page (a list of positions and where the player is in it), and
each saved once (issue 52: one save per state): one write of the game's record that
changes what is saved of the game, and no other but the clock's own."""

import json
import random

import pytest
from playwright.sync_api import expect

from .playing import READY_TIMEOUT, Player, place_own_piece, press_hint, solve

STEPS = 16
TWIST = Player("twist")


# every value the page writes to the game's record, with when (the page's clock, ms), in
# order in window.__writes
WRITES = """(key) => { window.__writes = []; const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, value) {
    if (k === key) window.__writes.push([performance.now(), value]);
    return set.call(this, k, value);
  }; }"""
AUTOSAVE_MS = 5000  # the clock's own save comes this long after the last (session.js)


def saved_state(text: str) -> tuple | None:
    """What a written record keeps of the game moved last, but its time: its history,
    where it is in it, the kinds of its steps and its mark."""
    game = json.loads(text).get("current")
    return game and (tuple(game["history"]), game["index"], game["steps"], game["mark"])


def board_is(page, placement: str) -> None:
    expect(page.locator("#board")).to_have_attribute("data-placement", placement)
    page.wait_for_selector("html[data-busy=false]")


@pytest.mark.parametrize("seed", [5, 11])
def test_a_walk_of_marks_backs_undos_and_reloads_keeps_the_mark_and_history(page, site_url,
                                                                          seed):
    rng = random.Random(seed)
    page.add_init_script(f"({WRITES})({json.dumps('iqpuzzles.v1.twist')})")
    TWIST.open(page, site_url, "challenge=25")
    page.wait_for_selector("html[data-busy=false]")
    history, index, mark = [TWIST.placement(page)], 0, None
    opened = page.evaluate("window.__writes.splice(0)")  # (the opening's own)
    # what the last write kept of the game, and when
    kept, last = (saved_state(opened[-1][1]), opened[-1][0]) if opened else (None, None)
    restart = page.locator("#toolbar [data-action=restart]")
    mark_button = page.locator("#toolbar [data-action=mark]")
    done = []
    for _ in range(STEPS):
        here = history[index]
        solved = page.locator("html[data-solved=true]").count() > 0
        moves = ["mark", "reload"] + (["place", "place"] if not solved else [])
        moves += ["undo"] if index > 0 else []
        moves += ["redo"] if index < len(history) - 1 else []
        moves += ["back", "back"] if mark is not None and mark != here else []
        action = rng.choice(moves)
        saves = 0 if action == "reload" or (action == "mark" and mark == here) else 1
        by_key = rng.random() < 0.5
        done.append(f"{action}{' (key)' if by_key else ''}")
        if action == "place":
            place_own_piece(page, TWIST)
            page.wait_for_selector("html[data-busy=false]")
            history, index = [*history[: index + 1], TWIST.placement(page)], index + 1
        elif action == "undo":
            page.keyboard.press("Control+z")
            index -= 1
        elif action == "redo":
            page.keyboard.press("Control+y")
            index += 1
        elif action == "mark":
            if by_key:
                page.keyboard.press("m")
            elif mark_button.is_enabled():
                mark_button.click()
            mark = here
        elif action == "back":
            # the toolbar's Restart says where it goes, and goes there: a new step
            expect(restart).to_have_attribute(
                "title", "Back to the position you marked (B); press again to restart")
            if by_key:
                page.keyboard.press("b")
            else:
                restart.click()
            history, index = [*history[: index + 1], mark], index + 1
            expect(page.locator("#status")).to_contain_text("Back at your mark")
        else:
            page.reload()
            page.wait_for_selector("html[data-ready=true]", timeout=60_000)
        board_is(page, history[index])
        # one save of the state the step made (none for a mark already there), and no
        # other write but the clock's (the same state, its autosave's time after the last
        # write: session.js); a reload's (the page left, then opened) are not counted
        changed, again = 0, []
        for at, text in page.evaluate("window.__writes.splice(0)"):
            state = saved_state(text)
            if state != kept:
                changed += 1
            elif last is None or at - last < AUTOSAVE_MS - 100:
                again.append(round(at - last) if last else None)
            kept, last = state, at
        if action != "reload":
            assert changed == saves, f"{done}: the state saved {changed} times"
            assert not again, f"{done}: the same state saved again after {again} ms"
        # the buttons say what they do here: Mark only away from the mark, Restart back to it
        away = mark is not None and mark != history[index]
        if mark != history[index]:
            expect(mark_button).to_be_enabled()
        else:
            expect(mark_button).to_be_disabled()
        expect(restart.locator(".tool-label")).to_have_text("Back to mark" if away else "Restart")
    assert "back" in " ".join(done) or "mark" in " ".join(done), done


def test_back_to_mark_is_undone_in_one_step_and_restart_still_reaches_the_start(page, site_url):
    TWIST.open(page, site_url, "challenge=25")
    page.wait_for_selector("html[data-busy=false]")
    start = TWIST.placement(page)
    place_own_piece(page, TWIST)
    board_is(page, marked := TWIST.placement(page))
    page.keyboard.press("m")
    expect(page.locator("#status")).to_contain_text("Position marked")
    place_own_piece(page, TWIST)
    board_is(page, later := TWIST.placement(page))
    restart = page.locator("#toolbar [data-action=restart]")
    restart.click()
    board_is(page, marked)
    page.keyboard.press("Control+z")  # one step back: where the player was
    board_is(page, later)
    page.keyboard.press("b")
    board_is(page, marked)
    expect(restart.locator(".tool-label")).to_have_text("Restart")  # at the mark: to the start
    restart.click()
    board_is(page, start)
    expect(restart.locator(".tool-label")).to_have_text("Back to mark")


def test_undo_names_the_step_it_takes_back(page, site_url):
    """Each step of the history keeps its kind (history.js, as Tatham's midend keeps a
    move's type): Undo of the player's own move says "Undone."; of a hint's placed piece,
    of Solve's solution, of a Restart and of a jump back to the mark, it says which; the
    kinds are saved with the game (a reload keeps them)."""
    status = page.locator("#status")
    TWIST.open(page, site_url, "challenge=25")
    page.wait_for_selector("html[data-busy=false]")
    start = TWIST.placement(page)

    def undone(words: str, placement: str) -> None:
        page.keyboard.press("Control+z")
        board_is(page, placement)
        expect(status).to_have_text(words)

    place_own_piece(page, TWIST)
    board_is(page, mine := TWIST.placement(page))
    undone("Undone.", start)
    page.keyboard.press("Control+y")
    board_is(page, mine)
    press_hint(page)  # the fourth press places the hint's piece
    expect(page.locator("#board")).not_to_have_attribute("data-placement", mine)
    undone("Undone: the hint's step taken back.", mine)
    page.keyboard.press("m")
    page.locator("#toolbar [data-action=restart]").click()  # (at the mark: to the start)
    board_is(page, start)
    undone("Undone: back to where you were before Restart.", mine)
    place_own_piece(page, TWIST)
    board_is(page, later := TWIST.placement(page))
    page.keyboard.press("b")
    board_is(page, mine)
    undone("Undone: back to where you were before going to your mark.", later)
    # the kinds are saved with the game: after a reload Undo still names the step
    page.keyboard.press("Control+y")
    board_is(page, mine)
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    board_is(page, mine)
    undone("Undone: back to where you were before going to your mark.", later)
    solve(page)
    expect(page.locator("html")).to_have_attribute("data-solved", "true")
    page.wait_for_selector("html[data-busy=false]")
    undone("Undone: Solve's solution taken back.", later)
