"""Issue 53: progress on every device without an account. Two browser contexts are two
devices (each its own storage). What device A earned (booklet wins in two games, one with
help; a new challenge's win; two dailies in a row, a streak) goes to device B by the link
of the stats page's "Use on another device", and to a third device C by its QR code, read
from a screenshot of the drawn SVG by an independent decoder (jsQR, from npm, in a page of
its own). After each merge the device holds the union of both and never less (a best time
beaten on B meanwhile stays B's), the page says in words what came over, the address
forgets the link, and the same link again adds nothing. A damaged link changes nothing and
says so; the dialog's code is loaded only when it opens."""

from __future__ import annotations

import base64
import datetime as dt
import json
import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .playing import READY_TIMEOUT

pytestmark = pytest.mark.browser

JSQR = Path(__file__).resolve().parents[2] / "web" / "node_modules" / "jsqr" / "dist" / "jsQR.js"
# every device's clock starts at NOW (and flows): a run across midnight keeps its "today"
NOW = dt.datetime(2026, 3, 3, 10, 0, 0)
DAYS = [(NOW.date() - dt.timedelta(days=n)).isoformat() for n in (1, 0)]  # yesterday, today
AT = "2026-03-02T10:00:00.000Z"
GAMES = ("twist", "focus", "steps", "link")


def win(best, **more):
    return {"best": best, "hints": 0, "at": AT, "helped": False, **more}


def record(**tables):
    return {"solved": {}, "generated": {}, "daily": {}, "log": [], **tables}


# device A: two games' booklet wins (one with Solve's help), a new challenge's, two dailies
A_STEPS = record(
    solved={"1": win(61_500, time=61_500), "2": win(90_000, time=95_000)},
    generated={"seed:Expert:12345": win(120_000, time=120_000)},
    daily={DAYS[0]: win(70_000, time=70_000), DAYS[1]: win(65_000, time=65_000)},
)
A_TWIST = record(solved={"19": {"best": None, "hints": 2, "at": AT, "helped": True, "solve": True}})
# device B meanwhile: challenge 1 beaten faster, and a win of its own
B_STEPS = record(solved={"1": win(50_000, time=50_000), "3": win(40_000, time=40_000)})


def device(browser: Browser, args: dict, url: str, records: dict, scale: float = 1) -> Page:
    """A device of its own (a context: its own storage) holding `records` ({game: record})."""
    context = browser.new_context(**{**args, "device_scale_factor": scale})
    context.clock.install(time=NOW)
    page = context.new_page()
    page.goto(url + "build.json")
    page.evaluate("""(records) => { for (const [k, v] of Object.entries(records))
      localStorage.setItem("iqpuzzles.v1." + k, JSON.stringify(v)); }""", records)
    return page


def ready(page: Page, address: str) -> Page:
    page.goto(address)
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    page.wait_for_selector("html[data-busy=false]")
    return page


def stored(page: Page, game: str) -> dict:
    text = page.evaluate("(k) => localStorage.getItem(k)", f"iqpuzzles.v1.{game}")
    return json.loads(text or "{}")


def open_carry(page: Page) -> str:
    """The stats page's "Use on another device": its link."""
    page.click("#stats-button")
    page.click("dialog#stats[open] [data-action=carry]")
    page.wait_for_selector("dialog#carry[open] .carry-link")
    expect(page.locator("#carry-holds")).to_contain_text("no game in progress")
    return page.locator("#carry .carry-link").input_value()


def earned(r: dict) -> dict:
    return {part: {k: (w.get("best"), w.get("helped")) for k, w in r.get(part, {}).items()}
            for part in ("solved", "generated", "daily")}


def test_progress_goes_to_another_device_by_its_link_and_by_its_qr_code(
        browser, browser_context_args, site_url, page):
    args = browser_context_args
    a = device(browser, args, site_url, {"steps": A_STEPS, "twist": A_TWIST}, scale=3)
    ready(a, site_url + "#game=steps")
    # nothing of the dialog's code came with the page: it loads when the dialog opens
    fetched = []  # (the installed clock leaves performance's entries empty: requests it is)
    a.on("request", lambda request: fetched.append(request.url))
    link = open_carry(a)
    assert any(url.endswith(".js") for url in fetched), \
        f"the dialog's code was there before it was opened: {fetched}"
    assert link.startswith(site_url) and "#carry=1." in link, link
    assert a.locator("#carry").get_attribute("data-fits") == "true"
    shot = a.locator("#carry svg.carry-code").screenshot()

    # device B: the link; the union of both, B's better best time kept, said in words
    b = device(browser, args, site_url, {"steps": B_STEPS})
    ready(b, link)
    notice = b.locator("[data-notice=carry]")
    # (the win with Solve's help is no win of the player's own: it comes, uncounted)
    expect(notice).to_contain_text(
        "Added from your other device: 2 wins, 4 best times, 2 dailies.")
    assert "carry" not in b.url, "the address still holds the link"
    steps, twist = stored(b, "steps"), stored(b, "twist")
    assert earned(steps)["solved"] == {
        "1": (50_000, False), "2": (90_000, False), "3": (40_000, False)}
    assert earned(steps)["generated"] == {"seed:Expert:12345": (120_000, False)}
    assert earned(steps)["daily"] == {DAYS[0]: (70_000, False), DAYS[1]: (65_000, False)}
    assert earned(twist)["solved"] == {"19": (None, True)}
    assert twist["solved"]["19"]["solve"] is True
    # the streak of two days came with the dailies
    b.click("#stats-button")
    b.click("dialog#stats [data-game=steps]")
    expect(b.locator("dialog#stats .stats-streak")).to_have_attribute("data-current", "2")

    # the same link again adds nothing; a reload neither
    ready(b, link)
    expect(b.locator("[data-notice=carry]")).to_contain_text("already here")
    assert stored(b, "steps") == steps
    b.reload()
    b.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    expect(b.locator("[data-notice=carry]")).to_have_count(0)

    # a damaged link (one character changed) changes nothing and says so
    cut = link.index("#carry=1.") + 20
    damaged = link[:cut] + ("A" if link[cut] != "A" else "B") + link[cut + 1:]
    ready(b, damaged)
    expect(b.locator("[data-notice=carry]")).to_contain_text("damaged or cut short")
    assert stored(b, "steps") == steps

    # device C: the QR code, read by jsQR from the screenshot in a page of its own
    page.goto(site_url + "build.json")
    page.add_script_tag(content=JSQR.read_text())
    text = page.evaluate("""async (png) => {
      const img = new Image();
      img.src = "data:image/png;base64," + png;
      await img.decode();
      const canvas = document.createElement("canvas");
      Object.assign(canvas, { width: img.width, height: img.height });
      const context = canvas.getContext("2d");
      context.drawImage(img, 0, 0);
      const { data } = context.getImageData(0, 0, img.width, img.height);
      return jsQR(data, img.width, img.height)?.data ?? null;
    }""", base64.b64encode(shot).decode())
    assert text == link
    c = device(browser, args, site_url, {})
    ready(c, text)
    expect(c.locator("[data-notice=carry]")).to_contain_text("Added from your other device")
    # (times travel to the second, as the page shows them: A's 1:01.5 is 1:01 on C)
    carried = earned(A_STEPS)
    carried["solved"]["1"] = (61_000, False)
    assert earned(stored(c, "steps")) == carried
    assert earned(stored(c, "twist")) == earned(A_TWIST)


def test_a_link_from_another_version_is_refused_in_words(site, site_url):
    ready(site, site_url + "#carry=9.AAAA")
    expect(site.locator("[data-notice=carry]")).to_contain_text("newer version")
    ready(site, site_url + "#carry=<img src=x onerror=alert(1)>")
    expect(site.locator("[data-notice=carry]")).to_contain_text("could not be read")
    assert site.locator("img[src=x]").count() == 0


def test_vibration_can_be_turned_off_and_travels_with_the_settings(site, site_url):
    site.click("#stats-button")
    box = site.locator("dialog#stats [data-setting=vibrate]")
    expect(box).to_be_checked()
    box.uncheck()
    settings = json.loads(site.evaluate("() => localStorage.getItem('iqpuzzles.v1.settings')"))
    assert settings["vibrate"] is False
    link = site.evaluate("""async () => (await import("./progress/carry.js")).linkTo(location.href,
      { settings: JSON.parse(localStorage.getItem("iqpuzzles.v1.settings")), games: {} })""")
    decoded = site.evaluate(
        "async (v) => (await (await import('./progress/carry.js')).decode(v)).settings",
        link.split("#carry=")[1])
    assert decoded["vibrate"] is False


def test_progress_too_large_for_one_code_is_said_and_the_link_still_offered(page, site_url):
    # two years of dailies in every game, each its own time (seeded: what deflate cannot
    # shrink much): far past what one QR code holds (2,953 bytes)
    rng = random.Random(53)
    first = NOW.date() - dt.timedelta(days=729)
    times = {game: [rng.randrange(30_000, 3_600_000) for _ in range(730)] for game in GAMES}
    records = {game: record(daily={(first + dt.timedelta(days=n)).isoformat(): win(ms, time=ms)
                                   for n, ms in enumerate(times[game])}) for game in GAMES}
    device_page = device(page.context.browser, {}, site_url, records)
    ready(device_page, site_url + "#game=twist")
    link = open_carry(device_page)
    carry = device_page.locator("#carry")
    assert carry.get_attribute("data-fits") == "false"
    expect(carry.locator(".carry-too-big")).to_contain_text("too large for one QR code")
    expect(carry.locator("svg.carry-code")).to_have_count(0)
    # the link holds it all the same, and it is read back whole
    assert link.startswith(site_url) and "#carry=1." in link
    back = device_page.evaluate(
        "async (v) => (await (await import('./progress/carry.js')).decode(v)).games",
        link.split("#carry=")[1])
    assert {game: len(back[game]["daily"]) for game in records} == dict.fromkeys(records, 730)
