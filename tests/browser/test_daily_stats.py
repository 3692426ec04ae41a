"""Issue 14, items 1-3: the daily challenge (the same for everyone on a date, graded
through the week, a result to share), the stats page (per level, streaks, a chart), the
clock's Pause and "Hide the clock", and progress exported to a file and imported back
(a bad file changes nothing). Real Chromium against the built site."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from playwright.sync_api import Page, expect

from iqpuzzles import game
from iqpuzzles.daily import daily

from .playing import READY_TIMEOUT, Player, colours_in, place_own_piece
from .playing import solve_with_hints as hint_to_the_win

pytestmark = pytest.mark.browser

TWIST = Player("twist")
RECORD = "iqpuzzles.v1.twist"
DATE = "2025-11-26"  # a Wednesday: Expert (a day gone by: the days to come are refused)


def open_at(page: Page, site_url: str, fragment: str = "") -> Page:
    page.goto(f"{site_url}#{fragment}" if fragment else site_url)
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    page.wait_for_selector("html[data-busy=false]")
    return page


def plant(page: Page, site_url: str, values: dict[str, str]) -> None:
    """Store raw values from a page of the site's origin that runs none of its scripts
    (so no page of the site writes over them)."""
    page.goto(site_url + "build.json")
    page.evaluate("(values) => { for (const [k, v] of Object.entries(values)) "
                  "localStorage.setItem(k, v); }", values)


def board(page: Page):
    return page.locator("#board")


def browser_today(page: Page) -> str:
    return page.evaluate("(async () => (await import('./progress/tally.js')).today())()")


def stored(page: Page, key: str):
    text = page.evaluate("(key) => localStorage.getItem(key)", key)
    return None if text is None else json.loads(text)


def solve_with_hints(page: Page) -> int:
    """Place one piece with the mouse (a win with every piece from hints is not the
    player's own), then climb the hint ladder to the win; the hints counted: one per piece
    placed by a hint (a hint counts once, on its first rung)."""
    pieces = page.locator(".tray-piece").count()
    place_own_piece(page, TWIST)
    hint_to_the_win(page)
    return pieces - 1


def play_fair(page: Page, challenge: str, solution: str) -> None:
    """Place every missing piece of the solution with the mouse, from the start."""
    fixed = {item[0] for item in re.findall(r"[a-h]\d[A-D]\d", challenge)}
    for item in re.findall(r"....", solution):
        if item[0] not in fixed:
            TWIST.place(page, challenge, item[0], item[3], item)
    TWIST.expect_won(page, challenge)


def clock(ms: int) -> str:
    """web/lib/dom.js formatTime, for times under an hour."""
    return f"{ms // 60_000}:{ms // 1000 % 60:02d}"


def open_stats(page: Page):
    page.locator("#stats-button").click()
    dialog = page.locator("#stats")
    expect(dialog).to_be_visible()
    return dialog


# ------------------------------------------------------------------ the daily challenge


def test_a_daily_link_is_the_same_challenge_across_loads_and_browsers(page, browser, site_url):
    want = daily(game("twist"), DATE)
    open_at(page, site_url, f"game=twist&daily={DATE}")
    expect(board(page)).to_have_attribute("data-kind", "daily")
    expect(board(page)).to_have_attribute("data-puzzle", want["challenge"])
    expect(page.locator("#challenge-level")).to_have_text("Expert")
    expect(page.locator("#challenge-name")).to_have_text(want["name"], use_inner_text=True)
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    expect(board(page)).to_have_attribute("data-puzzle", want["challenge"])
    other = browser.new_context()  # another player: nothing stored, same challenge
    try:
        second = open_at(other.new_page(), site_url, f"game=twist&daily={DATE}")
        expect(board(second)).to_have_attribute("data-puzzle", want["challenge"])
        expect(second.locator("#challenge-name")).to_have_text(want["name"], use_inner_text=True)
    finally:
        other.close()


def test_the_pickers_today_entry_opens_todays_daily(site):
    today = browser_today(site)
    site.locator("#challenge-button").click()
    entry = site.locator("[data-action=daily]")
    expect(entry).to_contain_text("not played")
    entry.click()  # the Today page: every game's daily; this game's played from it
    row = site.locator("#today .today-game[data-game=twist]")
    expect(row).to_have_attribute("data-state", "open")
    row.click()
    # Python generates it: slower on a busy machine
    expect(board(site)).to_have_attribute("data-kind", "daily", timeout=30_000)
    want = daily(game("twist"), today)
    expect(board(site)).to_have_attribute("data-puzzle", want["challenge"])
    expect(site.locator("#challenge-level")).to_have_text(want["level"])
    assert f"daily={today}" in site.url
    site.locator("#challenge-button").click()
    expect(site.locator("[data-action=daily]")).to_contain_text("playing")


def test_a_daily_link_with_a_bad_date_says_so_and_the_page_plays(page, site_url):
    # the first as the page opens, the others as addresses followed by the open page
    for n, (date, words) in enumerate([("2026-02-30", "2026-02-30 is not a day of the calendar"),
                                       ("tomorrow", "“tomorrow” is not a date"),
                                       ("2026-1-5", "“2026-1-5” is not a date"),
                                       # a day to come: refused with a sentence
                                       ("2999-12-31", "the daily challenge of Tuesday 31 "
                                                      "December 2999 opens on that day")]):
        if n == 0:
            open_at(page, site_url, f"game=twist&daily={date}")
        else:
            page.goto(f"{site_url}#game=twist&daily={date}")
        expect(page.locator("#status")).to_contain_text(words)
        expect(page.locator("#status")).not_to_contain_text("Error")
        expect(board(page)).to_have_attribute("data-kind", "booklet")


def test_a_finished_daily_shares_its_result_and_counts_in_the_streak(page, site_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    plant(page, site_url, {})
    today = dt.date.fromisoformat(page.evaluate(
        "(() => { const d = new Date(); return new Date(d - d.getTimezoneOffset() * 6e4)"
        ".toISOString().slice(0, 10); })()"))
    before = [str(today - dt.timedelta(days=n)) for n in (1, 2)]  # two daily wins already
    win = {"best": 60_000, "hints": 0, "at": "2026-01-01T00:00:00.000Z", "helped": False}
    plant(page, site_url, {RECORD: json.dumps({"daily": {d: win for d in before}})})
    open_at(page, site_url, f"game=twist&daily={today}")
    want = daily(game("twist"), str(today))
    hints = solve_with_hints(page)
    share = page.locator(".share-text")
    expect(share).to_be_visible()
    text = share.input_value()
    assert text.splitlines()[0] == f"IQ-Twist · Daily {today} · {want['level']}"
    logged = stored(page, RECORD)["log"][-1]  # the time it says is the time recorded
    assert text.splitlines()[1] == \
        f"Solved in {clock(logged['time'])} from the first look · {hints} hint{'s' * (hints > 1)}"
    assert "Daily streak: 3 days" in text
    assert text.splitlines()[-1].endswith(f"#game=twist&daily={today}")
    solution = board(page).get_attribute("data-placement")
    assert not any(item in text for item in re.findall(r"....", solution))  # no spoiler
    page.get_by_role("button", name="Copy result").click()
    expect(page.locator(".share-said")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == text
    assert str(today) in stored(page, RECORD)["daily"]
    dialog = open_stats(page)
    expect(dialog.locator(".stats-streak")).to_have_attribute("data-current", "3")
    expect(dialog.locator(".stats-streak")).to_have_attribute("data-longest", "3")
    row = dialog.locator(f"tr[data-level='{want['level']}'] td")
    expect(row).to_have_text(["1", "–", "–", str(hints)])  # hints: no best time
    page.keyboard.press("Escape")
    # Next goes to the next game's daily of that day not won yet, and from the last one says
    # there is none left. The one it goes to is won from a shared position one piece from
    # the end, not its start: the first of the games after IQ-Twist whose daily today has
    # two pieces or more to place (a Starter of one piece has no such position); the others
    # are planted won
    after = [name for name in ("focus", "steps", "link")
             if len(game(name).position(daily(game(name), str(today))["challenge"])
                    .path_to_solution()) >= 2]
    assert after, f"no daily of {today} after IQ-Twist's has two pieces to place"
    name = after[0]
    won = {"best": 1000, "hints": 0, "at": "2026-01-01T00:00:00.000Z", "helped": False}
    page.evaluate("([won, day, games]) => { for (const g of games) localStorage.setItem("
                  "`iqpuzzles.v1.${g}`, JSON.stringify({daily: {[day]: won}})); }",
                  [won, str(today), [g for g in ("focus", "steps", "link") if g != name]])
    page.get_by_role("button", name="Next game's daily").click()
    expect(page.locator(f".game-tab[data-game={name}]")).to_have_attribute("aria-pressed", "true")
    expect(board(page)).to_have_attribute("data-kind", "daily")
    expect(board(page)).to_have_attribute("data-challenge", f"daily-{today}")
    player = Player(name)
    challenge = daily(game(name), str(today))["challenge"]
    position = player.game.position(challenge)
    *first, (_, last, _) = position.path_to_solution()
    for _, placement, _ in first:
        position = position.play(placement)
    page.goto(f"{page.url.split('#')[0]}#game={name}&daily={today}&placed={str(position)}")
    expect(board(page)).to_have_attribute("data-placement", str(position))
    preview = player.game.page.preview
    orientation = next(o for o in player.pieces[last.piece]["orientations"]
                       if any(preview(challenge, str(position), last.piece, o, c).placement
                              == str(last) for c in player.locations))
    player.place(page, challenge, last.piece, orientation, str(last))
    # won from a shared position: its time is not the player's own, and nothing says it is
    expect(page.locator(".win-best")).to_have_text(
        "Started from a shared position, so no best time.")
    expect(page.locator(".win-clock")).to_have_text(
        "Timed from when the shared position appeared, pauses left out.")
    shared = page.locator(".share-text").input_value().splitlines()
    assert shared[1] == "Solved from a shared position · no hints", shared
    its_record = stored(page, f"iqpuzzles.v1.{name}")
    assert its_record["daily"][str(today)]["best"] is None
    assert its_record["log"][-1]["fair"] is False
    page.get_by_role("button", name="Next game's daily").click()
    expect(page.locator("#status")).to_have_text(
        "Every game's daily challenge today is solved: there is none left for that day.")
    expect(board(page)).to_have_attribute("data-kind", "daily")


# every sentence the win card and the share text can say, against the record they describe
SAYS = """async (cases) => {
  const { shareText } = await import("./dialogs/share.js");
  const { WinCard } = await import("./dialogs/wincard.js");
  const { Record } = await import("./progress/record.js");
  const { emptyRecord } = await import("./progress/saved.js");
  document.body.append(Object.assign(document.createElement("div"), { id: "play" }));
  const card = new WinCard({ next() {}, all() {}, close() {} });
  document.body.append(card.node);
  const entry = { kind: "daily", date: "2026-03-04", level: "Expert", name: "Daily 4 March",
                  key: "daily:2026-03-04" };
  // the card bursts its confetti after the frame that draws it (a task after a frame);
  // what waits here was queued after it, so it runs after it
  const drawn = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const said = [];
  for (const { win, hideClock, shown } of cases) {
    localStorage.clear(); // (a Record is read from storage and written to it: each case its own)
    const record = new Record("twist", emptyRecord()); // the win recorded as play.js records it
    const { best } = record.recordWin(entry, win, "x");
    card.show({ entry, win: shown === "opened" ? null : win, again: shown === "again",
      quiet: shown === "quiet" || shown === "opened", hideClock, best: shown === "now" && best,
      bestTime: record.winOf(entry)?.best, colours: ["red"] });
    await drawn();
    said.push({
      record: { win: record.winOf(entry), log: record.log },
      share: shareText({ title: "IQ-Twist", entry, win, streak: 1, link: "L", hideClock }),
      card: { title: card.title.textContent, detail: card.detail.textContent,
              best: card.best.textContent, clock: card.clock.hidden ? null : card.clock.textContent,
              confetti: card.confetti.childElementCount },
    });
  }
  return said;
}"""
CHEERS = {"Solved!", "Well done!", "Brilliant!", "Nicely done!"}


@pytest.mark.motion  # (the confetti, which a win with help has none of)
def test_the_win_card_and_the_share_say_what_was_recorded(origin_page):
    """Every kind of win (Solve, every piece from a hint, hints, none; from the start or a
    shared position; the clock shown or hidden), shown as it is won, solved again, opened
    solved or a position opened solved: each sentence is checked against the record
    web/progress/record.js keeps of it and against the rule (README: a time counts from the start,
    a best time without hints or Solve), computed here on its own."""
    cases = [{"win": {"elapsed": 61_000 + 7_000 * hints + 1_000 * solve, "hints": hints,
                      "solve": solve, "byHints": by_hints, "fromStart": from_start},
              "hideClock": hide, "shown": shown}
             for solve in (False, True) for by_hints in (False, True) for hints in (0, 1, 3)
             for from_start in (True, False) for hide in (False, True)
             for shown in ("now", "again", "quiet", "opened")
             if not (by_hints and (solve or not hints))]  # as play.js computes byHints
    results = origin_page.evaluate(SAYS, cases)
    for case, said in zip(cases, results, strict=True):
        win, hide, shown, card = case["win"], case["hideClock"], case["shown"], said["card"]
        helped = win["solve"] or win["byHints"]
        fair = win["fromStart"] and not helped and win["hints"] == 0
        time = clock(win["elapsed"])
        why = f"{case}: {said}"
        # the record: in the stats only without help, a best time only when fair
        assert said["record"]["win"]["helped"] is helped, why
        # which help it was, for the picker's words ("solved with Solve"): Solve's kept
        assert said["record"]["win"].get("solve") is (True if helped and win["solve"] else None), \
            why
        assert said["record"]["win"]["best"] == (win["elapsed"] if fair else None), why
        # the win's own time kept where it counts (the Today page and the day's result say
        # it, hints or not), else that it has none
        counted = win["fromStart"] and not helped
        assert said["record"]["win"].get("time") == (win["elapsed"] if counted else None), why
        assert said["record"]["win"].get("untimed") is (None if counted or helped else True), why
        assert [w["fair"] for w in said["record"]["log"]] == ([] if helped else [fair]), why
        # the share: a time only from the start, with the clock shown; the help as it was
        head, line = said["share"].splitlines()[:2]
        assert head == "IQ-Twist · Daily 2026-03-04 · Expert", why
        solved = ("Solved from a shared position" if not win["fromStart"] else "Solved" if hide
                  else f"Solved in {time} from the first look")
        help_ = ("with every piece from a hint" if win["byHints"]
                 else "no hints" if not (win["hints"] or win["solve"])
                 else ("with " * win["solve"]) + " and ".join(
                     [f"{win['hints']} hint{'s' * (win['hints'] > 1)}"] * bool(win["hints"])
                     + ["Solve's help"] * win["solve"]))
        assert line == f"{solved} · {help_}", why
        # the card: the time of the win (none for a position opened solved), what it is
        timed = shown != "opened" and not hide
        assert card["detail"] == "Expert · Daily 4 March" + (f" · {time}" if timed else ""), why
        title = {"again": {"Solved again"}, "quiet": {"Solved"}, "opened": {"Solved"}}.get(
            shown, {"Solved with help"} if helped else CHEERS)
        assert card["title"] in title, why
        assert (card["confetti"] > 0) == (shown == "now" and not helped), why
        if not timed:
            assert card["best"] == "" and card["clock"] is None, why
        elif shown != "now":  # the best kept, said as such
            assert card["best"] == (f"Best {time}" if fair else ""), why
            assert card["clock"] is None, why
        else:
            assert card["best"] == (
                "New best time" if fair
                else "Solve was used, so no best time." if win["solve"]
                else "Every piece came from a hint, so no best time." if win["byHints"]
                else "Started from a shared position, so no best time." if not win["fromStart"]
                else "Hints were used, so no best time."), why
            assert card["clock"] == ("Timed from when the " + (
                "challenge" if win["fromStart"] else "shared position")
                + " appeared, pauses left out."), why


# ------------------------------------------------------------------ stats


def test_stats_after_a_fair_win(page, site_url):
    challenge = TWIST.game.challenge_by_id("1")
    planted = [{"level": "Starter", "time": t, "hints": 0, "fair": True,
                "at": "2026-01-01T00:00:00.000Z"} for t in (400_000, 500_000)]
    plant(page, site_url, {RECORD: json.dumps({"log": planted})})
    site = open_at(page, site_url, "game=twist&challenge=1")
    play_fair(site, challenge.challenge, challenge.solution)
    log = stored(site, RECORD)["log"]
    assert len(log) == 3 and log[-1]["fair"] and log[-1]["hints"] == 0
    mine = log[-1]["time"]
    assert mine < 400_000
    dialog = open_stats(site)
    cells = dialog.locator("tr[data-level='Starter'] td")
    best = site.evaluate("(ms) => import('./lib/dom.js').then((m) => m.formatTime(ms))", mine)
    expect(cells).to_have_text(["3", best, "6:40", "0"])  # median of 400 s, 500 s and mine
    expect(dialog.locator(".stats-chart rect.bar.fair")).to_have_count(3)
    dialog.locator("[data-game=focus]").click()
    expect(dialog.locator(".stats-chart-empty")).to_be_visible()
    expect(dialog.locator(".stats-persist")).not_to_have_text(re.compile("Asking"))


def test_pause_stops_the_clock_and_covers_the_board_and_the_clock_can_be_hidden(site):
    site.clock.install()  # the page's time moves when the test says (it flows till then)
    site.reload()
    site.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    expect(site.locator("#timer")).to_have_class(re.compile("running"))  # from the start
    # (the board's room: a wide window lays out no box for .board-card)
    board_box = site.locator(".board-room").bounding_box()
    tray_box = site.locator("#tray").bounding_box()
    site.locator("[data-action=pause]").click()
    cover = site.locator(".pause-cover")
    expect(cover).to_be_visible()
    expect(site.locator("#timer")).not_to_have_class(re.compile("running"))
    # nothing of the pieces can be read (issue 38): the board and the tray are out of view
    # (and of a screen reader's), and where they were the page shows one flat colour, the
    # cover's words and button left out
    expect(site.locator("#board")).to_be_hidden()
    expect(site.locator("#tray")).to_be_hidden()
    expect(site.get_by_role("gridcell")).to_have_count(0)
    words = [cover.locator(part).bounding_box()
             for part in (".pause-title", ".pause-note", "button")]
    words = [{"x": b["x"] - 8, "y": b["y"] - 8, "width": b["width"] + 16,
              "height": b["height"] + 16} for b in words]  # (with the focus ring round one)
    for where, box in (("board", board_box), ("tray", tray_box)):
        colours = colours_in(site, box, words)
        assert len(colours) == 1, (where, sorted(colours.items(), key=lambda c: -c[1])[:5])
    shown = site.locator("#timer").text_content()
    site.clock.run_for(1500)
    expect(site.locator("#timer")).to_have_text(shown)
    # (the toolbar is under the cover too, out of reach: its Hint is off all the same)
    expect(site.locator("#toolbar [data-action=hint]")).to_be_disabled()
    site.keyboard.press("1")  # keys do not play while paused
    expect(site.locator("#tray .tray-piece").first).to_have_attribute("aria-pressed", "false")
    site.get_by_role("button", name="Resume").click()
    expect(cover).to_be_hidden()
    expect(site.locator("#timer")).to_have_class(re.compile("running"))
    # the button toggles: pressed, it pauses; pressed again, it resumes
    pause = site.locator("[data-action=pause]")
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "true")
    expect(cover).to_be_visible()
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "false")
    expect(cover).to_be_hidden()
    expect(site.locator("#timer")).to_have_class(re.compile("running"))
    dialog = open_stats(site)
    dialog.locator("[data-setting=hide-clock]").check()
    site.keyboard.press("Escape")
    expect(site.locator("#timer")).to_be_hidden()
    site.reload()
    site.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    expect(site.locator("#timer")).to_be_hidden()
    assert stored(site, "iqpuzzles.v1.settings")["hideClock"] is True


# ------------------------------------------------------------------ export and import


def test_export_then_clear_then_import_restores_everything(site, tmp_path):
    TWIST.place(site, TWIST.game.challenge_by_id("1").challenge, *_first_move())
    site.wait_for_function(  # the move saved: the stored game is the board's position
        "(key) => JSON.parse(localStorage.getItem(key) || '{}').current?.placement"
        " === document.querySelector('#board').dataset.placement", arg=RECORD)
    dialog = open_stats(site)
    dialog.locator("[data-setting=hide-clock]").check()
    keys = site.evaluate(
        "Object.keys(localStorage).filter((k) => k.startsWith('iqpuzzles.')).sort()")
    before = {k: site.evaluate("(k) => localStorage.getItem(k)", k) for k in keys}
    with site.expect_download() as done:
        dialog.locator("[data-action=export]").click()
    path = tmp_path / "progress.json"
    done.value.save_as(path)
    doc = json.loads(path.read_text())
    assert doc["format"] == "iqpuzzles-progress" and doc["version"] == 1
    assert set(doc["values"]) == set(keys)
    url = site.url.split("#")[0]
    site.goto(url + "build.json")  # leave the site (it saves on leaving), then clear
    site.evaluate("localStorage.clear()")
    open_at(site, url)
    expect(site.locator("#timer")).to_be_visible()
    assert stored(site, RECORD)["current"]["index"] == 0  # a fresh start
    dialog = open_stats(site)
    with site.expect_navigation():
        dialog.locator("[data-action=import-file]").set_input_files(str(path))
    site.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    for key in ("iqpuzzles.v1.settings", "iqpuzzles.v1.game"):
        assert site.evaluate("(k) => localStorage.getItem(k)", key) == before[key], key
    # the record as it was, but for its game's stamp: importing it was a move of the
    # player's, newer than the fresh game the page had started meanwhile (which it replaced,
    # keeping what positions that one held too: web/progress/reached.js)
    was, now = json.loads(before[RECORD]), stored(site, RECORD)
    assert now["current"].pop("movedAt") > was["current"].pop("movedAt")
    assert set(now["current"].pop("reached")) >= set(was["current"].pop("reached"))
    assert now == was
    expect(site.locator("#timer")).to_be_hidden()
    placed = json.loads(before[RECORD])["current"]["placement"]
    expect(board(site)).to_have_attribute("data-placement", placed)
    # then files that are not progress: each refused, nothing changed
    a_bad_progress_file_is_refused_and_changes_nothing(site, tmp_path)


BAD_PROGRESS_FILES = [
    ("not json at all", "not an IQ Puzzles progress file"),
    (json.dumps({"format": "iqpuzzles-progress", "version": 1,
                 "values": {RECORD: {"solved": {"1": {"best": -5}}}}}),
     "IQ-Twist progress is damaged"),
    (json.dumps({"format": "iqpuzzles-progress", "version": 1,
                 "values": {"iqpuzzles.v1.settings": {"hideClock": True},
                            RECORD: {"daily": {"someday": {}}}}}), "damaged"),
    (json.dumps({"format": "iqpuzzles-progress", "version": 7, "values": {}}), "another version"),
    (json.dumps({"format": "iqpuzzles-progress", "version": 1,
                 "values": {"evil.key": "x"}}), "does not know"),
]


def a_bad_progress_file_is_refused_and_changes_nothing(site, tmp_path) -> None:
    dialog = open_stats(site)  # the clock does not run: nothing else writes meanwhile
    said = dialog.locator(".stats-said")
    keys = site.evaluate("Object.keys(localStorage).sort()")
    assert RECORD in keys
    before = {k: site.evaluate("(k) => localStorage.getItem(k)", k) for k in keys}
    for n, (content, words) in enumerate(BAD_PROGRESS_FILES):  # one after another
        said.evaluate("(p) => { p.textContent = ''; }")  # so each answer is a new one
        path = tmp_path / f"bad-{n}.json"
        path.write_text(content)
        dialog.locator("[data-action=import-file]").set_input_files(str(path))
        expect(said).to_contain_text(words)
        expect(said).to_contain_text("nothing was changed")
        after = {k: site.evaluate("(k) => localStorage.getItem(k)", k) for k in keys}
        assert after == before, words
        assert site.evaluate("Object.keys(localStorage).sort()") == keys, words


def test_a_damaged_daily_record_is_set_aside(page, site_url):
    bad = json.dumps({"daily": {"not-a-date": {"best": 1}}, "log": [{"level": 3}]})
    plant(page, site_url, {RECORD: bad})
    open_at(page, site_url, "game=twist")
    expect(page.locator("#status")).to_contain_text("set aside")
    assert page.evaluate("(k) => localStorage.getItem(k + '.corrupt')", RECORD) == bad
    record = stored(page, RECORD)
    assert record["daily"] == {} and record["log"] == []


def _first_move() -> tuple[str, str, str]:
    challenge = TWIST.game.challenge_by_id("1")
    fixed = {item[0] for item in re.findall(r"[a-h]\d[A-D]\d", challenge.challenge)}
    item = next(i for i in re.findall(r"....", challenge.solution) if i[0] not in fixed)
    return item[0], item[3], item


def test_a_daily_won_further_east_shows_won_after_flying_west(browser, site_url):
    """Won in a time zone where the next day had begun, then opened where it has not:
    that day shows as won in the calendar, not "not out yet", and the streak counts it."""
    context = browser.new_context(timezone_id="Pacific/Honolulu")
    page = context.new_page()
    try:
        page.goto(site_url + "build.json")  # (the site's origin, none of its scripts)
        here = dt.date.fromisoformat(page.evaluate(
            "(() => { const d = new Date(); return new Date(d - d.getTimezoneOffset() * 6e4)"
            ".toISOString().slice(0, 10); })()"))
        days = [str(here + dt.timedelta(days=k)) for k in (-1, 0, 1)]
        won = {"best": 61_000, "hints": 0, "at": "2026-01-01T00:00:00.000Z", "helped": False}
        page.evaluate("([days, won]) => localStorage.setItem('iqpuzzles.v1.twist', "
                      "JSON.stringify({daily: Object.fromEntries(days.map((d) => [d, won]))}))",
                      [days, won])
        open_at(page, site_url, "game=twist&challenge=1")
        page.locator("#challenge-button").click()
        page.locator("#picker-tab-daily").click()
        ahead = page.locator(f"#picker .calendar-day[data-date='{days[2]}']")
        if not ahead.count():  # (tomorrow is in the next month: the calendar's next page)
            page.keyboard.press("PageDown")
        expect(ahead).to_have_attribute("data-state", "solved")
        after = page.locator(f"#picker .calendar-day[data-date='{here + dt.timedelta(days=2)}']")
        if after.count():
            expect(after).to_have_attribute("data-state", "future")
        page.keyboard.press("Escape")
        dialog = open_stats(page)
        expect(dialog.locator(".stats-streak")).to_have_attribute("data-current", "3")
    finally:
        context.close()
