"""Issue 37, items 3-5 and 7: when progress cannot be stored the player is told, once, and
nothing is claimed that was not kept; a damaged record stays until its copy is written, and
a copy can be brought back; the clock counts no gap the page did not live through; the
export carries everything stored, and an import writes only what the validators rebuilt.
Real Chromium against the built site; storage is filled from the page itself (padding keys
until the browser refuses: its own QuotaExceededError), and turned off the way a browser
with site data blocked turns it off (reading `localStorage` throws a SecurityError)."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from playwright.sync_api import Page, expect

from .playing import READY_TIMEOUT, Player

pytestmark = pytest.mark.browser

STEPS = Player("steps")
ONE = STEPS.game.challenge_by_id("1")  # IQ-Steps challenge 1: one piece to place, from the start
RECORD = "iqpuzzles.v1.steps"
WIN = {"best": 41_000, "hints": 0, "at": "2026-03-01T10:00:00.000Z", "helped": False,
       "time": 41_000}

# Fill localStorage until the browser refuses (the snapshot, the one value the page gives up
# for room, goes first): the number of padding keys written.
FILL = """() => {
  localStorage.removeItem("iqpuzzles.v1.snapshot");
  let n = 0;
  for (let size = 1 << 21; size >= 1; size >>= 1) {
    const text = "x".repeat(size);
    for (;;) {
      try { localStorage.setItem(`padding-${n}`, text); n++; } catch (e) { break; }
    }
  }
  return n;
}"""
EMPTY = """() => {
  for (const k of Object.keys(localStorage)) {
    if (k.startsWith("padding-")) localStorage.removeItem(k);
  }
}"""


def open_at(page: Page, url: str, fragment: str) -> Page:
    page.goto(f"{url}#{fragment}")
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    page.wait_for_selector("html[data-busy=false]")
    return page


def stored(page: Page, key: str = RECORD):
    text = page.evaluate("(k) => localStorage.getItem(k)", key)
    return None if text is None else json.loads(text)


def win_one(page: Page) -> None:
    """Place IQ-Steps challenge 1's one piece with the mouse: won, from the start."""
    item = next(p for p in STEPS.game.position(ONE.challenge, ONE.solution).played
                if p.piece not in STEPS.game.position(ONE.challenge).pieces)
    STEPS.place(page, ONE.challenge, item.piece, str(item.orientation), str(item))
    STEPS.expect_won(page, ONE.challenge)


def notice(page: Page, kind: str = "storage"):
    return page.locator(f".notice[data-notice={kind}]")


def test_a_full_storage_says_what_is_not_kept_and_loses_no_win(page, site_url, tmp_path):
    open_at(page, site_url, "game=steps&challenge=1")
    assert page.evaluate(FILL) > 0
    win_one(page)
    card = page.locator(".win-card")
    # the card claims no best time it did not store; the player is told once what helps
    expect(card.locator(".win-best")).to_have_text("This win could not be saved.")
    expect(card).not_to_contain_text("New best time")
    expect(notice(page)).to_have_count(1)
    expect(notice(page)).to_contain_text("full")
    expect(notice(page)).to_contain_text("export")
    assert "1" not in stored(page)["solved"]  # nothing stored, and nothing said otherwise
    # the export carries the win the storage had no room for
    with page.expect_download() as done:
        notice(page).locator("[data-action=notice-storage]").click()
    path = tmp_path / "progress.json"
    done.value.save_as(path)
    elapsed = int(page.locator(".win").get_attribute("data-elapsed"))
    assert json.loads(path.read_text())["values"][RECORD]["solved"]["1"]["best"] == elapsed
    # told once: more writes that fail say nothing more
    page.get_by_role("button", name="Restart", exact=True).click()
    page.wait_for_selector("html[data-busy=false]")
    expect(notice(page)).to_have_count(0)
    # room again: the next write stores what this tab kept meanwhile
    page.evaluate(EMPTY)
    page.get_by_role("button", name="Undo", exact=True).click()
    page.wait_for_selector("html[data-busy=false]")
    page.wait_for_function("(k) => JSON.parse(localStorage.getItem(k)).solved['1']?.best > 0",
                           arg=RECORD)
    assert stored(page)["solved"]["1"]["best"] == elapsed


def test_a_language_chosen_with_no_room_is_spoken_and_its_lost_write_said(page, site_url):
    """The language is stored through the store as every setting: with no room, the page
    speaks it all the same and says (in it) what is not kept, as for a win."""
    open_at(page, site_url, "game=steps&challenge=1")
    assert page.evaluate(FILL) > 0
    page.locator("#stats-button").click()
    page.locator("dialog#stats select[data-setting=language]").select_option("fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(notice(page)).to_have_count(1)
    assert page.evaluate("localStorage.getItem('iqpuzzles.v1.language')") is None
    page.evaluate(EMPTY)


def test_a_damaged_record_stays_until_its_copy_is_written_and_comes_back(page, site_url):
    damaged = json.dumps({"solved": {"1": WIN, "2": {"best": -5}}, "log": "not a list"})
    logged = {"level": "Starter", "time": 41_000, "hints": 0, "fair": True, "at": WIN["at"]}
    copy = json.dumps({"solved": {"3": WIN}, "log": [logged]})
    page.goto(site_url + "build.json")  # the site's origin, running none of its code
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [RECORD, damaged])
    assert page.evaluate(FILL) > 0
    open_at(page, site_url, "game=steps&challenge=5")
    status = page.locator("#status")
    expect(status).to_contain_text("too full to set it aside")
    assert stored(page) == json.loads(damaged)  # left as it was: no copy, so no cleaning
    assert stored(page, RECORD + ".corrupt") is None
    # room again: as it is next read (here the leaving page's save), it is set aside (the
    # copy first), then cleaned
    page.evaluate(EMPTY)
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    assert page.evaluate("(k) => localStorage.getItem(k)", RECORD + ".corrupt") == damaged
    assert stored(page)["solved"]["1"]["best"] == WIN["best"]  # what could be read is kept
    # a copy an older page set aside whole, brought back from the stats page
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [RECORD + ".corrupt.2", copy])
    page.locator("#stats-button").click()
    dialog = page.locator("#stats")
    copies = dialog.locator("[data-action=restore]")
    expect(copies).to_have_count(2)
    dialog.locator(f"[data-slot='{RECORD}.corrupt.2']").click()
    expect(dialog.locator(".stats-said")).to_contain_text("is back")
    expect(copies).to_have_count(1)
    assert stored(page, RECORD + ".corrupt.2") is None
    record = stored(page)
    assert record["solved"]["3"]["best"] == record["solved"]["1"]["best"] == WIN["best"]
    expect(dialog.locator("tr[data-level=Starter] td").first).to_have_text("1")  # its logged win


BLOCKED = """Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});"""


def test_with_storage_blocked_the_page_says_so_at_once_and_plays(browser, site_url):
    context = browser.new_context(service_workers="block")
    try:
        context.add_init_script(BLOCKED)
        page = context.new_page()
        page.goto(f"{site_url}#game=steps&challenge=1")
        expect(notice(page)).to_contain_text("will not be kept")  # said at the start
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        win_one(page)
        expect(page.locator(".win-card .win-best")).to_have_text("This win could not be saved.")
        expect(notice(page)).to_have_count(1)
    finally:
        context.close()


def test_a_clock_jump_the_page_did_not_live_through_is_not_counted(page, site_url):
    """A laptop's lid closed for an hour with no visibility event: the page's timers stop,
    then the next tick comes an hour late (Playwright's fast_forward: due timers fire once,
    late). The clock leaves that hour out, in what it shows and in the stored best time."""
    now = dt.datetime(2026, 3, 16, 10, 0, 0)
    page.clock.install(time=now)
    page.clock.pause_at(now + dt.timedelta(seconds=1))
    open_at(page, site_url, "game=steps&challenge=1")
    page.clock.run_for(2_000)
    timer = page.locator("#timer")
    expect(timer).to_have_text("0:02")
    # (the premise: a timer of the page's own fires once after the jump, an hour late)
    page.evaluate("() => { window.ticks = []; "
                  "setInterval(() => ticks.push(performance.now()), 500); }")
    page.clock.run_for(600)
    page.clock.fast_forward("01:00:00")
    ticks = page.evaluate("ticks")
    assert ticks[-1] - ticks[-2] >= 3_600_000, ticks
    page.clock.run_for(1_000)
    expect(timer).to_have_text(re.compile(r"^0:0[23]$"))  # not 1:00:03
    win_one(page)
    best = stored(page)["solved"]["1"]["best"]
    assert 2_000 <= best <= 4_000, best


def test_the_export_carries_everything_and_an_import_writes_only_clean_values(page, site_url,
                                                                              tmp_path):
    walks = {"steps": {"Starter": {"start": 5, "step": 2}}}
    page.goto(site_url + "build.json")
    page.evaluate("""(walks) => {
        localStorage.setItem("iqpuzzles.v1.walks", JSON.stringify(walks));
        localStorage.setItem("iqpuzzles.v1.twist.corrupt", "{cut short");
        localStorage.setItem("iqpuzzles.v1.language", "fr");
    }""", walks)
    open_at(page, site_url, "game=steps&challenge=1")
    page.locator("#stats-button").click()
    dialog = page.locator("#stats")
    with page.expect_download() as done:
        dialog.locator("[data-action=export]").click()
    path = tmp_path / "progress.json"
    done.value.save_as(path)
    values = json.loads(path.read_text())["values"]
    keys = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('iqpuzzles.'))")
    assert set(values) == set(keys)  # every stored key: the walks and the copy too
    assert values["iqpuzzles.v1.walks"] == walks
    assert values["iqpuzzles.v1.twist.corrupt"] == "{cut short"
    assert values["iqpuzzles.v1.language"] == "fr"  # (the language chosen is a setting too)
    # a file with more than the validators keep: a prototype key, settings unknown, padding
    padding = "x" * 1_000_000
    settings = json.loads('{"__proto__": {"polluted": true}}') | {"hideClock": True,
                                                                   "padding": padding}
    record = {"solved": {"2": {**WIN, "padding": padding}}, "padding": padding}
    bad = tmp_path / "padded.json"
    bad.write_text(json.dumps({"format": "iqpuzzles-progress", "version": 1, "values": {
        "iqpuzzles.v1.settings": settings, RECORD: record, "iqpuzzles.v1.language": "de"}}))
    with page.expect_navigation():
        dialog.locator("[data-action=import-file]").set_input_files(str(bad))
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    assert page.evaluate("(k) => localStorage.getItem(k)", "iqpuzzles.v1.settings") == \
        '{"notation":false,"solvable":false,"hideClock":true,"theme":"auto","vibrate":true,"stuckOffered":false}'
    text = page.evaluate("(k) => localStorage.getItem(k)", RECORD)
    assert "padding" not in text and "__proto__" not in text
    assert json.loads(text)["solved"]["2"]["best"] == WIN["best"]
    assert page.evaluate("({}).polluted") is None
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert page.evaluate("JSON.stringify(localStorage).length") < 100_000
