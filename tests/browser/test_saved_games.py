"""The page never loses a player's game (issue 11): every stored value and every address is
checked, what cannot be used is set aside (never deleted) with a short sentence for the
player and a playable board; a reload goes on with the same game (position, undo history,
clock, hints); every complete position is a win, a fair time only from the challenge's
start without Solve; Back returns to the previous challenge.

The stored keys come from web/progress/store.js itself (storageKeys), so a key added there is
tested here too. Games are played on IQ-Twist challenge 1 (the moves from iqpuzzles)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import Page, expect

import iqpuzzles
from iqpuzzles.core.i18n import LANGUAGES, language, tr

from .playing import READY_TIMEOUT, Player, calls, calls_since, count_calls, press_hint, solve
from .states import other_tab, switch

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
TWIST = Player("twist")
GAME = TWIST.game
CHALLENGE = GAME.challenge_by_id("1")
START = GAME.strings.start_placement(CHALLENGE.challenge)
FIXED = {item[0] for item in re.findall(r"[a-h]\d[A-D]\d", CHALLENGE.challenge)}
TODO = [item for item in re.findall(r"....", CHALLENGE.solution) if item[0] not in FIXED]
MESSAGE_MAX = 160
HOUR_MS = 3600 * 1000
GAMES = iqpuzzles.games(registered=False)  # the package's own (not the tests' tiny one)


def storage_keys() -> list[str]:
    """Every key the page reads, as web/progress/store.js lists them (run under Node)."""
    store = ROOT / "web" / "progress" / "store.js"
    script = (f"const m = await import({json.dumps(store.as_uri())});"
              f"console.log(JSON.stringify(m.storageKeys({json.dumps(GAMES)})));")
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                          text=True, timeout=30, check=True)
    return json.loads(done.stdout)


KEYS = storage_keys()
LANGUAGE_KEY = "iqpuzzles.v1.language"
RECORD = next(k for k in KEYS if k.endswith(".twist"))  # twist's record


# ------------------------------------------------------------------ helpers


def plant(page: Page, values: dict[str, str]) -> None:
    """Put raw texts in localStorage before the page's scripts run, on the first load only."""
    page.add_init_script(f"""if (!sessionStorage.getItem("planted")) {{
        const values = {json.dumps(values)};
        for (const [key, text] of Object.entries(values)) localStorage.setItem(key, text);
        sessionStorage.setItem("planted", "yes");
    }}""")


def open_page(page: Page, site_url: str, fragment: str = "") -> Page:
    page.goto(site_url + (f"#{fragment}" if fragment else ""))
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    page.wait_for_selector("html[data-busy=false]")
    return page


def stored(page: Page, key: str):
    return page.evaluate("(key) => localStorage.getItem(key)", key)


def record(page: Page) -> dict:
    return json.loads(stored(page, RECORD))


def click(page: Page, name: str) -> None:
    TWIST.button(page, name).click()
    page.wait_for_selector("html[data-busy=false]")


def expect_player_message(page: Page, words: str) -> None:
    """A short error sentence with `words`, quoting no internals of Python or storage."""
    status = TWIST.status(page)
    expect(status).to_contain_text(words)
    expect(status).to_have_attribute("data-kind", "error")
    text = status.text_content()
    assert len(text) <= MESSAGE_MAX, text
    assert not re.search(r"Error|character \d|JSON|undefined|null|NaN|[{}\[\]<>\\]|(.)\1{9}",
                         text), text


def expect_playable(page: Page) -> None:
    """The game tabs and the picker answer, and Python plays: Hint changes the position."""
    expect(page.locator("#challenge-button")).to_be_enabled()
    expect(page.locator("#games .game-tab")).to_have_count(len(GAMES))
    before = TWIST.placement(page)
    assert before is not None
    press_hint(page)
    expect(TWIST.board(page)).not_to_have_attribute("data-placement", before)


def hint_to_the_win(page: Page) -> int:
    """Press Hint until the challenge is solved; the number of hints taken."""
    for taken in range(len(TODO) + 1):
        if page.locator("html[data-solved=true]").count():
            return taken
        press_hint(page)
    raise AssertionError("Hint did not solve the challenge")


def saved_game(**fields) -> dict:
    game = {"kind": "booklet", "challenge": "1", "history": [START], "index": 0, "elapsed": 0,
            "hints": 0, "helped": False, "fromStart": True}
    return {**game, **fields}


# ------------------------------------------------------------------ 1, 6: storage


def test_an_unreadable_stored_value_is_set_aside_with_a_message(page, site_url):
    """Every key the page reads holds a text cut short: each is set aside (never deleted)
    with a sentence as the page first reads it (the shared keys on opening, a game's
    record when that game opens), and the page plays."""
    garbage = '{"solved": {"1": {"best": 12, '  # cut short: not JSON, and no game's name
    plant(page, dict.fromkeys(KEYS, garbage))
    games = [key.rsplit(".", 1)[1] for key in KEYS]
    open_page(page, site_url)  # the last game played is read only with no game asked for
    expect_player_message(page, "could not")
    first = page.locator("#games [aria-pressed=true]").get_attribute("data-game")
    for key, game in zip(KEYS, games, strict=True):
        if game in GAMES and game != first:
            page.evaluate("(f) => { location.hash = f; }", f"game={game}")
            expect(page.locator(f"#games [data-game={game}]")).to_have_attribute(
                "aria-pressed", "true")
            expect_player_message(page, "could not")
        assert stored(page, key + ".corrupt") == garbage, key  # set aside, not deleted
        assert stored(page, key) != garbage, key
    page.evaluate("(f) => { location.hash = f; }", "game=twist")
    page.wait_for_selector("html[data-busy=false]")
    # the record of the games learned was set aside too: IQ-Twist's lesson is offered again
    expect(page.locator("html")).to_have_attribute("data-mode", "lesson")
    page.locator("[data-action=skip-lesson]").click()
    expect_playable(page)


UNLOADABLE = {
    # issue 11's examples: a new challenge whose string no game reads, a custom "zzz"
    "generated": {"kind": "generated", "seed": "1", "level": "Expert",
                  "puzzle": "i1A0i2A0i3A0i4A0", "history": [""], "index": 0},
    "custom": {"kind": "custom", "puzzle": "zzz", "history": [""], "index": 0},
    # a booklet game whose position is no position of its challenge
    "booklet-position": saved_game(history=[START, "a1A0a1A0"], index=1),
}


def test_a_saved_game_python_cannot_load_is_set_aside(page, site_url):
    """Each saved game in turn, found by a reload: set aside with a sentence, the rest of
    the record kept, a playable board; and the next reload says nothing more."""
    for kind, current in UNLOADABLE.items():
        text = json.dumps({"solved": {"20": {"best": 61_000, "hints": 0}}, "current": current})
        page.goto(site_url + "build.json")  # off the game (it saves as it goes), then in
        page.evaluate("([key, text]) => { localStorage.setItem(key, text); "
                      "localStorage.removeItem(key + '.corrupt'); }", [RECORD, text])
        open_page(page, site_url)
        expect_player_message(page, "could not be loaded")
        assert stored(page, RECORD + ".corrupt") == text, kind
        assert record(page)["solved"]["20"]["best"] == 61_000, kind  # the rest is kept
    expect_playable(page)
    page.reload()  # and it stays set aside: no message, no lock
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    expect(TWIST.status(page)).to_have_attribute("data-kind", "info")


def test_an_absurd_best_time_is_not_shown(page, site_url):
    text = json.dumps({"solved": {"1": {"best": 1e300, "hints": 0}, "19": {"best": 61_000}}})
    plant(page, {RECORD: text})
    open_page(page, site_url)
    expect_player_message(page, "set aside")
    assert stored(page, RECORD + ".corrupt") == text
    page.locator("#challenge-button").click()
    expect(page.locator(".challenge-cell[data-id='19']")).to_have_attribute(
        "aria-label", "Challenge 19, solved without help, best 1:01")
    expect(page.locator(".challenge-cell[data-id='1']")).to_have_attribute(
        "aria-label", "Challenge 1, solved")
    assert "e+" not in page.locator("#picker").text_content()


# The validators on their own (no Python): whatever JSON a record holds, what comes back is
# clean, and it is reported broken exactly when it breaks the contract below.

KINDS = ("booklet", "generated", "custom")
LIMIT_TIME = 100 * HOUR_MS


def number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def is_text(v, most=2000) -> bool:
    return isinstance(v, str) and len(v) <= most


def is_time(v) -> bool:
    return number(v) and 0 <= v <= LIMIT_TIME


def is_count(v) -> bool:
    return number(v) and float(v).is_integer() and 0 <= v <= 10_000


def is_flag(v) -> bool:
    return isinstance(v, bool)


def optional(d: dict, key: str, ok) -> bool:
    return d.get(key) is None or ok(d[key])


def is_pieces(v) -> bool:
    """The pieces a hint showed as they lie: at most 64 ids of 1 to 64 characters."""
    return isinstance(v, list) and len(v) <= 64 and all(is_text(i, 64) and i for i in v)


def is_win(v) -> bool:
    """A game's win (web/progress/win.js): its time, hints and three flags, nothing else."""
    flags = ("solve", "byHints", "fromStart")
    return isinstance(v, dict) and set(v) == {"elapsed", "hints", *flags} \
        and is_time(v["elapsed"]) and is_count(v["hints"]) and all(is_flag(v[f]) for f in flags)


def sound_game(g) -> bool:
    if not isinstance(g, dict) or g.get("kind") not in KINDS:
        return False
    if g["kind"] == "booklet":
        whose = is_text(g.get("challenge"), 64) and g["challenge"] != ""
    else:  # a custom challenge may be "" (IQ-Twist's empty board)
        whose = is_text(g.get("puzzle")) and (g["puzzle"] != "" or g["kind"] == "custom")
        if g["kind"] == "generated":
            whose = whose and isinstance(g.get("seed"), str) \
                and re.fullmatch(r"[0-9A-Za-z_-]{1,32}", g["seed"]) is not None \
                and is_text(g.get("level"), 64) and g["level"] != ""
    history, index = g.get("history"), g.get("index")
    steps = isinstance(history, list) and 0 < len(history) <= 300 \
        and all(is_text(p) for p in history)
    at = steps and number(index) and float(index).is_integer() and 0 <= index < len(history)
    return bool(whose and at
                and ("placement" not in g or g["placement"] == history[int(index)])
                and optional(g, "elapsed", is_time) and optional(g, "hints", is_count)
                and optional(g, "given", is_pieces) and optional(g, "won", is_win)
                and all(optional(g, f, is_flag) for f in ("helped", "fromStart", "solved")))


def sound_win(w) -> bool:
    return isinstance(w, dict) and optional(w, "best", is_time) \
        and optional(w, "hints", is_count) and optional(w, "at", lambda v: is_text(v, 40)) \
        and optional(w, "helped", is_flag) and optional(w, "placement", is_text)


def sound_record(r) -> bool:
    return isinstance(r, dict) and all(
        part not in r or (isinstance(r[part], dict) and all(sound_win(w) for w in r[part].values()))
        for part in ("solved", "generated")) \
        and optional(r, "draft", is_text) and optional(r, "current", sound_game) \
        and ("others" not in r or (isinstance(r["others"], list)
                                   and all(sound_game(g) for g in r["others"][:20])))


def clean(r: dict) -> bool:
    """What the page may use: every field present, of its type, in range."""
    games = [g for g in [r["current"], *r["others"]] if g is not None]
    return set(r) == {"solved", "generated", "daily", "log", "current", "others", "draft"} \
        and r["daily"] == {} and r["log"] == [] \
        and all(sound_win(w) and set(w) - {"placement"} == {"best", "hints", "at", "helped"}
                for part in ("solved", "generated") for w in r[part].values()) \
        and len(r["others"]) <= 20 and all(sound_game(g) for g in games) \
        and all(is_time(g["elapsed"]) and is_count(g["hints"]) for g in games) \
        and all(g["won"] is None or is_win(g["won"]) for g in games) \
        and (r["draft"] is None or is_text(r["draft"]))


GARBAGE = st.one_of(
    st.sampled_from([1e300, -1, 2.5, -0.5, "", "x" * 2001, True, [], {}, [1, "a"], "Booklet",
                     "unknown", 10**12, 360_000_001]),
    st.integers(-5, 20_000), st.text(max_size=4), st.none())
PLACEMENT = st.text(alphabet="abcfA0123", max_size=12)


def maybe(valid):
    return st.one_of(valid, valid, valid, GARBAGE)


WON = st.fixed_dictionaries(
    {"elapsed": maybe(st.integers(0, LIMIT_TIME)), "hints": maybe(st.integers(0, 10_000)),
     "solve": maybe(st.booleans()), "byHints": maybe(st.booleans()),
     "fromStart": maybe(st.booleans())},
    optional={"more": st.just(1)})


@st.composite
def games(draw):
    history = draw(st.lists(PLACEMENT, min_size=1, max_size=4))
    index = draw(st.integers(0, len(history) - 1))
    kind = draw(maybe(st.sampled_from(KINDS)))
    fields = {
        "kind": kind, "history": draw(maybe(st.just(history))),
        "index": draw(maybe(st.just(index))),
        "challenge": draw(maybe(st.sampled_from(["1", "25"]))),
        "seed": draw(maybe(st.sampled_from(["1", "a_b"]))),
        "level": draw(maybe(st.just("Expert"))), "puzzle": draw(maybe(st.just("c1A3"))),
        "placement": draw(maybe(st.just(history[index]))),
        "elapsed": draw(maybe(st.integers(0, LIMIT_TIME) | st.floats(0, LIMIT_TIME))),
        "hints": draw(maybe(st.integers(0, 10_000))),
        "helped": draw(maybe(st.booleans())), "fromStart": draw(maybe(st.booleans())),
        "solved": draw(maybe(st.booleans())),
        "given": draw(maybe(st.lists(st.sampled_from(["a", "b", "x" * 65, ""]), max_size=3))),
        "won": draw(maybe(WON)),
    }
    kept = draw(st.sets(st.sampled_from(sorted(fields))))
    return {k: v for k, v in fields.items() if k in kept or k in ("kind", "history", "index")}


WINS = st.fixed_dictionaries({}, optional={
    "best": maybe(st.integers(0, LIMIT_TIME)), "hints": maybe(st.integers(0, 99)),
    "at": maybe(st.just("2025-01-01T00:00:00.000Z")), "helped": maybe(st.booleans()),
    "placement": maybe(PLACEMENT)})
RECORDS = st.one_of(
    st.fixed_dictionaries({}, optional={
        "solved": maybe(st.dictionaries(st.sampled_from(["1", "19", "25"]), maybe(WINS))),
        "generated": maybe(st.dictionaries(st.just("seed:Expert:1"), maybe(WINS))),
        "current": maybe(games()), "others": maybe(st.lists(maybe(games()), max_size=3)),
        "draft": maybe(st.just("c1A3"))}),
    GARBAGE)


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=RECORDS)
def test_the_record_validator_keeps_only_sound_values(origin_page, value):
    text = json.dumps(value)
    result = origin_page.evaluate("""async (text) => {
        const { gameRecord } = await import("./progress/saved.js");
        const first = gameRecord(JSON.parse(text));
        const again = gameRecord(JSON.parse(JSON.stringify(first.value)));
        return { ...first, same: JSON.stringify(again.value) === JSON.stringify(first.value),
                 cleanAgain: again.problems.length === 0 };
    }""", text)
    assert clean(result["value"]), result
    assert result["same"] and result["cleanAgain"], result
    assert (result["problems"] == []) == sound_record(value), result
    if sound_record(value) and isinstance(value.get("current"), dict):
        assert result["value"]["current"]["history"] == value["current"]["history"]


def test_the_snapshot_and_last_game_validators_refuse_wrong_values(origin_page):
    good = {"game": "twist", "challenge": "1", "level": "Starter", "name": "Challenge 1",
            "hash": "#game=twist", "placement": START,
            "view": {"frame": {"viewBox": [0, 0, 8, 4]}, "shapes": [{"kind": "circle"}]},
            "side": 2.3, "tray": [{"id": "a", "view": {"viewBox": [0, 0, 2, 2], "shapes": []}}]}
    bad = [None, [], "twist", {**good, "game": 7}, {**good, "view": None},
           {**good, "view": {"frame": {"viewBox": [0, 0, 1e300, 4]}, "shapes": []}},
           {**good, "view": {"frame": {"viewBox": [0, 0, 8, 4]}, "shapes": [1, 2]}},
           {**good, "side": -3}, {**good, "tray": [{"id": "a"}]}, {**good, "games": "all"},
           {**good, "placement": "x" * 3000}]
    results = origin_page.evaluate("""async ([good, bad]) => {
        const { snapshot, lastGame } = await import("./progress/saved.js");
        return {
          good: snapshot(good).problems, bad: bad.map((v) => snapshot(v)),
          names: ["twist", "chess", "", "x".repeat(100), 7, null]
            .map((v) => lastGame(v, ["twist"])),
        };
    }""", [good, bad])
    assert results["good"] == []
    assert all(r["value"] is None and r["problems"] for r in results["bad"])
    assert [r["value"] for r in results["names"]] == ["twist", None, None, None, None, None]


# ------------------------------------------------------------------ 2: a reload goes on


def test_a_reload_goes_on_with_the_same_game(page, site_url):
    open_page(page, site_url, "game=twist&challenge=1")
    press_hint(page)
    hinted = TWIST.placement(page)
    on_board = {hinted[i] for i in range(0, len(hinted), 4)}
    item = next(i for i in TODO if i[0] not in on_board)
    TWIST.place(page, CHALLENGE.challenge, item[0], item[3], item)
    played = TWIST.placement(page)
    expect(page.locator("#timer")).not_to_have_text("0:00")  # the clock has run
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    expect(TWIST.board(page)).to_have_attribute("data-placement", played)
    expect(page.locator("#timer")).not_to_have_text("0:00")
    expect(TWIST.status(page)).to_contain_text("goes on where you left it")
    click(page, "Undo")
    expect(TWIST.board(page)).to_have_attribute("data-placement", hinted)
    click(page, "Undo")
    expect(TWIST.board(page)).to_have_attribute("data-placement", START)
    click(page, "Redo")
    click(page, "Redo")
    expect(TWIST.board(page)).to_have_attribute("data-placement", played)
    hints = 1 + hint_to_the_win(page)  # the hint before the reload counts
    expect(TWIST.status(page)).to_contain_text(f"with {hints} hints")
    win = record(page)["solved"]["1"]
    # a win, not a helped one, but hints mean no best time (the stats page's rule too)
    assert win["hints"] == hints and win["best"] is None and win["helped"] is False
    expect(page.locator(".win-card")).to_contain_text("Hints were used, so no best time.")


# ------------------------------------------------------------------ 3, 4: every win is one


def test_a_game_won_with_solve_then_undone_and_solved_by_hand_is_won_once(page, site_url):
    """Solve wins the game (with help); Undo, a reload, then the player's own pieces to the
    end: solved again, the same game, so no second win (nor a win of the player's own).
    Picked again in the picker, the challenge is a new game: its win is the player's."""
    open_page(page, site_url, "game=twist&challenge=1")
    solve(page)
    page.wait_for_selector("html[data-busy=false]")
    expect(page.locator("html")).to_have_attribute("data-solved", "true", timeout=30_000)
    won = record(page)
    assert won["solved"]["1"]["helped"] is True and won["solved"]["1"]["best"] is None
    assert won["log"] == []  # a win with help: not in the stats
    click(page, "Undo")
    expect(TWIST.board(page)).to_have_attribute("data-placement", START)
    page.reload()  # the game and its win are kept with it
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    expect(TWIST.board(page)).to_have_attribute("data-placement", START)
    for item in TODO:
        TWIST.place(page, CHALLENGE.challenge, item[0], item[3], item)
    TWIST.expect_won(page, CHALLENGE.challenge)
    expect(page.locator(".win-card")).to_be_visible()
    expect(page.locator(".win-title")).to_have_text("Solved again")
    expect(TWIST.status(page)).to_have_attribute("data-kind", "success")
    expect(TWIST.status(page)).to_contain_text("Solved again: a game counts once")
    after = record(page)
    assert (after["solved"], after["log"]) == (won["solved"], won["log"])
    # taken back from the win, then picked again in the picker: a new game, which wins
    click(page, "Undo")
    page.locator("#challenge-button").click()
    page.locator(".challenge-cell[data-id='1']").click()
    expect(TWIST.board(page)).to_have_attribute("data-placement", START)
    page.wait_for_selector("html[data-busy=false]")
    for item in TODO:
        TWIST.place(page, CHALLENGE.challenge, item[0], item[3], item)
    TWIST.expect_won(page, CHALLENGE.challenge)
    expect(page.locator(".win-title")).not_to_have_text(re.compile("Solved again|with help"))
    new = record(page)
    assert new["solved"]["1"]["helped"] is False and new["solved"]["1"]["best"] is not None
    assert [w["fair"] for w in new["log"]] == [True]  # the player's own, from the start


def test_a_shared_link_one_piece_from_the_end_gives_no_best_time(page, site_url):
    near = START
    for item in TODO[:-1]:
        near = GAME.strings.play(CHALLENGE.challenge, near, item)
    open_page(page, site_url, f"game=twist&challenge=1&placed={quote(near)}")
    last = TODO[-1]
    TWIST.place(page, CHALLENGE.challenge, last[0], last[3], last)
    TWIST.expect_won(page, CHALLENGE.challenge)
    expect(page.locator(".win-card")).to_be_visible()
    expect(page.locator(".win-best")).to_have_text(
        "Started from a shared position, so no best time.")
    win = record(page)["solved"]["1"]
    assert win["best"] is None and win["helped"] is False


# ------------------------------------------------------------------ 5: Back


def test_back_returns_to_the_previous_challenge_and_game(page, site_url):
    open_page(page, site_url, "game=twist&challenge=1")
    press_hint(page)
    hinted = TWIST.placement(page)
    page.locator("#challenge-button").click()
    page.locator(".challenge-cell[data-id='19']").click()
    expect(TWIST.board(page)).to_have_attribute("data-challenge", "19")
    page.wait_for_selector("html[data-busy=false]")
    page.locator("#games [data-game=focus]").click()
    expect(page).to_have_url(re.compile("game=focus"))
    page.wait_for_selector("html[data-busy=false]")
    page.go_back()
    expect(page.locator("#games [data-game=twist]")).to_have_attribute("aria-pressed", "true")
    expect(TWIST.board(page)).to_have_attribute("data-challenge", "19")
    page.wait_for_selector("html[data-busy=false]")
    page.go_back()
    expect(TWIST.board(page)).to_have_attribute("data-challenge", "1")
    expect(TWIST.board(page)).to_have_attribute("data-placement", hinted)
    page.wait_for_selector("html[data-busy=false]")
    click(page, "Undo")  # the same game, with its history
    expect(TWIST.board(page)).to_have_attribute("data-placement", START)


def test_addresses_followed_in_quick_succession_end_on_the_last(page, site_url):
    # Each address is asked for while the one before is still loading and writing its
    # own address: the last one asked for is what the player gets (and no other after it).
    open_page(page, site_url, "game=twist&challenge=1")
    asked = [("focus", "120"), ("steps", "120"), ("link", "G120"), ("twist", "19")]
    for name, challenge in asked:
        page.goto(f"{site_url}#game={name}&challenge={challenge}")
    expect(TWIST.board(page)).to_have_attribute("data-challenge", "19")
    page.wait_for_selector("html[data-busy=false]")  # nothing queued loads after it
    expect(page.locator("#games [data-game=twist]")).to_have_attribute("aria-pressed", "true")
    assert TWIST.board(page).get_attribute("data-challenge") == "19"
    expect(page).to_have_url(re.compile(r"game=twist&challenge=19"))


def open_dialog(page: Page, name: str):
    """Open one of the dialogs over the board, as a player does; the dialog."""
    if name in ("picker", "printer"):
        page.locator("#challenge-button").click()
        if name == "printer":
            page.locator("#picker [data-action=print]").click()
    elif name == "solve-confirm":
        TWIST.button(page, "Solve").click()
    else:
        page.locator(f"#{name}-button").click()
    dialog = page.locator({"picker": "#picker", "stats": "#stats", "today": "#today",
                           "printer": "#print-dialog", "solve-confirm": "#confirm"}[name])
    expect(dialog).to_be_visible()
    return dialog


DIALOGS = ("picker", "stats", "today", "printer", "solve-confirm")


def test_an_address_given_while_a_dialog_is_open_is_followed(page, site_url):
    """Issue 38: with each dialog open (the picker, the stats, Today, the print dialog, the
    question before Solve), an address typed in or a link followed closes it and opens
    what it names (Solve asked is not solved: no solve call, nothing won); Back with a
    dialog open still closes it alone, the game and its address staying."""
    count_calls(page)
    open_page(page, site_url, "game=twist&challenge=1")
    ids = iter(["19", "20", "21", "22", "23", "24"])
    for n, name in enumerate(DIALOGS):
        dialog = open_dialog(page, name)
        asked = calls(page)
        cid = next(ids)
        if n % 2:  # a link followed (one in the dialog, as a shared result's is)
            dialog.evaluate("(d, h) => { const a = document.createElement('a'); a.href = h; "
                            "a.textContent = 'a link'; d.append(a); a.click(); a.remove(); }",
                            f"#game=twist&challenge={cid}")
        else:  # an address typed in
            page.evaluate("(h) => { location.hash = h; }", f"game=twist&challenge={cid}")
        expect(dialog).to_be_hidden()
        expect(TWIST.board(page)).to_have_attribute("data-challenge", cid)
        page.wait_for_selector("html[data-busy=false]")
        expect(page).to_have_url(re.compile(rf"#game=twist&challenge={cid}(&|$)"))
        assert "solve" not in calls_since(page, asked), name
        expect(page.locator("html")).not_to_have_attribute("data-solved", "true")
    # Back, a dialog open: the dialog closes, the game stays (its address too)
    shown = page.url
    open_dialog(page, "picker")
    page.go_back()
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.wait_for_selector("html[data-busy=false]")
    assert page.url == shown
    assert TWIST.board(page).get_attribute("data-challenge") == cid


# ------------------------------------------------------------------ 7: the address


# a daily's date of digits that is no day: month 13 or 0, day 0, 31 February, year 0
BAD_DAYS = ["2026-13-45", "2026-00-10", "2026-05-00", "2026-02-31", "0000-01-01"]
NOT_A_DAY = "The link's challenge cannot be played: %(date)s is not a day of the calendar."
BROKEN_ADDRESSES = [
    ("game=chess", "no game called"),  # first: the page opens with it
    ("%%%garbage", "address"),
    ("game=twist&challenge=1&placed=" + "z" * 120_000, "too long"),
    ("game=twist&challenge=1&placed=" + "a1A0" * 400, "does not hold a position"),
    ("game=twist&challenge=1&placed=zz9", "does not hold a position"),
    # a daily's position too long for the engine: the daily plays (not "not a day")
    ("game=twist&daily=2026-11-23&placed=" + "a1A0" * 600, "does not hold a position"),
    ("game=" + "chess" * 200, "no game called"),
    ("game=twist&challenge=no-such", "no challenge"),
    *((f"game=twist&daily={date}", f"{date} is not a day of the calendar") for date in BAD_DAYS),
    ("game=twist&daily=2026-1a-05", "is not a date written year-month-day"),
]


def test_a_broken_address_gives_a_short_message_and_a_playable_board(page, site_url,
                                                                   requests_log):
    """Opened with a broken address, then each other one followed: a short sentence each
    time, the address the board's own again, and the page plays. A game that is not one
    is asked of nobody (no early file fetched for it)."""
    for number, (fragment, words) in enumerate(BROKEN_ADDRESSES):
        if number == 0:
            open_page(page, site_url, fragment)
        else:
            page.evaluate("(f) => { location.hash = f; }", fragment)
        expect_player_message(page, words)
        page.wait_for_selector("html[data-busy=false]")
        assert len(page.url) < 500, fragment[:40]  # the address is the board's own again
    expect_playable(page)
    assert [url for url in requests_log.urls if "chess" in url] == []


def test_a_daily_of_no_day_is_said_in_the_players_language(page, site_url):
    """A daily's date that is no day of the calendar (month 13...) is answered in each
    language by its sentence, the page's own words: never an exception's text. The page
    opens with one such date in a language not English (the sentence of an opening); then,
    each language chosen as another tab chooses it (the page follows at once), it is
    given each date as a typed address. (One load: the sentence is the same path in
    every language, the catalog's words its only difference.)"""
    dates = ["2026-13-45", "2026-02-31"]
    open_page(page, site_url, "game=twist&challenge=1")
    page.evaluate("([key, code]) => localStorage.setItem(key, code)", [LANGUAGE_KEY, "de"])
    page.goto("about:blank")  # the page opened with it, in its language
    open_page(page, site_url, f"game=twist&daily={dates[0]}")
    with language("de"):
        expect_player_message(page, tr(NOT_A_DAY, date=dates[0]))
    other = other_tab(page, site_url)
    for code in LANGUAGES:
        switch(page, other, code)
        with language(code):
            for date in dates:
                page.evaluate("(f) => { location.hash = f; }", f"game=twist&daily={date}")
                expect_player_message(page, tr(NOT_A_DAY, date=date))


# ------------------------------------------------------------------ issue 21: the page


def test_addresses_the_page_does_not_follow_are_named_and_put_back(page, site_url):
    """Typed while playing, each address gets one sentence saying what was wrong (a stray
    space named as such, a date outside the game's years, two challenges at once, a key
    given twice) and the address is the game's own again; the game goes on."""
    open_page(page, site_url, "game=twist&challenge=1")
    own = page.url
    not_followed = [
        ("game=nosuch", "no game called “nosuch”"), ("game=Link", "did you mean link"),
        ("x=1", "does not describe a game"), ("&&&", "does not describe a game"),
        ("=", "does not describe a game"), ("game", "names no game"),
        ("game=twist&placed=" + "a1A0" * 2300, "too long"),
        ("game=twist%20", "“twist” (with a space after it)"),
    ]
    for fragment, words in not_followed:
        page.evaluate("(f) => { location.hash = f; }", fragment)
        expect_player_message(page, words)
        expect(page).to_have_url(own)
        page.wait_for_selector("html[data-busy=false]")
    followed = [
        ("game=twist&challenge=%201", "“1” (with a space before it)"),
        ("game=twist&daily=1999-12-31", "1999-12-31 is a date, but daily challenges are from"),
        ("game=twist&daily=%D9%A2%D9%A0%D9%A2%D9%A6-%D9%A1%D9%A1-%D9%A2%D9%A3", "is not a date"),
        ("game=twist&challenge=19&seed=5&level=Expert", "names 2 challenges"),
        ("game=twist&challenge=19&challenge=20", "challenge more than once"),
    ]
    for fragment, words in followed:
        page.evaluate("(f) => { location.hash = f; }", fragment)
        expect_player_message(page, words)
        page.wait_for_selector("html[data-busy=false]")
        expect(page).not_to_have_url(re.compile(re.escape(fragment)))
    expect(TWIST.board(page)).to_have_attribute("data-challenge", "19")  # the first counted
    expect_playable(page)


def test_an_empty_custom_challenge_is_saved_as_the_page_reads_it_back(page, site_url):
    """#game=twist&custom= (the empty board) plays, and a reload goes on with it: the page
    never saves what it would refuse to load."""
    open_page(page, site_url, "game=twist&custom=")
    press_hint(page)
    placed = TWIST.placement(page)
    assert placed
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    expect(TWIST.board(page)).to_have_attribute("data-placement", placed)
    expect(TWIST.status(page)).not_to_have_attribute("data-kind", "error")
    assert stored(page, RECORD + ".corrupt") is None


def test_a_stored_shape_or_key_the_page_cannot_use_is_set_aside(page, site_url):
    """A board snapshot with a shape render.js cannot draw (a rectangle of height -1), and
    a record with keys that would change its prototype: both set aside with a sentence,
    nothing of them drawn, the record's sound part kept."""
    shape = {"game": "twist", "view": {"frame": {"viewBox": [0, 0, 8, 4]},
                                       "shapes": [{"kind": "rect", "x": 0, "y": 0, "w": 1,
                                                   "h": -1}]}}
    proto = {"solved": {"__proto__": {"best": 5}, "19": {"best": 61_000}}, "__proto__": {}}
    planted = {next(k for k in KEYS if k.endswith("snapshot")): json.dumps(shape),
               RECORD: json.dumps(proto)}
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    plant(page, planted)
    open_page(page, site_url, "game=twist")
    expect_player_message(page, "set aside")
    for name, text in planted.items():
        assert stored(page, name + ".corrupt") == text, name
    assert not [e for e in errors if "attribute" in e or "negative" in e], errors
    assert record(page)["solved"]["19"]["best"] == 61_000  # the sound part is kept
    expect_playable(page)
