"""The dark theme: it follows the system, the picker's Theme setting overrides it (and is
kept), a bad stored value is set aside; the boards keep the games' own colours."""

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from iqpuzzles import games

from .states import open_game

LIGHT_BG = "rgb(243, 238, 230)"
DARK_BG = "rgb(18, 22, 28)"
SETTINGS = "iqpuzzles.v1.settings"


def background(page) -> str:
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


def board_fills(page) -> list:
    return page.eval_on_selector_all("#board .layer-view [fill]",
                                     "els => els.map(e => e.getAttribute('fill'))")


def open_at(page, url, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto(url + "#game=twist&challenge=1")
    page.wait_for_selector("html[data-ready=true]", timeout=60_000)
    return page


def choose_theme(page, label):
    page.locator("#challenge-button").click()
    page.get_by_label("Theme").select_option(label=label)
    page.keyboard.press("Escape")


def the_page_follows_the_system_colour_scheme(page):
    """(On a light page: leaves it dark.)"""
    page.emulate_media(color_scheme="light")
    assert background(page) == LIGHT_BG
    light_fills = board_fills(page)
    page.emulate_media(color_scheme="dark")
    assert background(page) == DARK_BG
    # the browser's own parts (scrollbars, form controls) may be dark too
    assert "dark" in page.evaluate("getComputedStyle(document.documentElement).colorScheme").split()
    text = page.evaluate("getComputedStyle(document.querySelector('.challenge-name')).color")
    assert text == "rgb(231, 234, 239)"  # light text on the dark page
    assert board_fills(page) == light_fills and len(light_fills) > 10  # the game's own colours
    assert page.locator("meta[name=theme-color][media*=dark]").get_attribute("content") == "#12161c"


def test_the_theme_setting_overrides_the_system_and_is_kept(page, site_url):
    open_at(page, site_url, "light")
    choose_theme(page, "Dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert background(page) == DARK_BG
    assert json.loads(page.evaluate(f"localStorage.getItem('{SETTINGS}')"))["theme"] == "dark"
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=60_000)
    assert background(page) == DARK_BG
    # Light wins over a dark system too, and Auto gives the choice back to the system
    page.emulate_media(color_scheme="dark")
    choose_theme(page, "Light")
    assert background(page) == LIGHT_BG
    choose_theme(page, "Auto")
    expect(page.locator("html")).not_to_have_attribute("data-theme", "dark")
    assert background(page) == DARK_BG


def test_a_bad_stored_theme_is_set_aside_and_the_page_plays_on(page, site_url):
    bad = json.dumps({"notation": True, "theme": "neon"})
    page.add_init_script(f"""if (!sessionStorage.getItem("planted")) {{
        localStorage.setItem({json.dumps(SETTINGS)}, {json.dumps(bad)});
        sessionStorage.setItem("planted", "1");
    }}""")
    open_at(page, site_url, "dark")
    assert page.evaluate(f"localStorage.getItem('{SETTINGS}.corrupt')") == bad
    kept = json.loads(page.evaluate(f"localStorage.getItem('{SETTINGS}')"))
    assert kept["notation"] is True and kept["theme"] == "auto"  # what was sound is kept
    expect(page.locator("#status")).to_contain_text("settings could not be read")
    assert background(page) == DARK_BG
    expect(page.locator("#challenge-button")).to_be_enabled()


def the_keyboard_focus_ring_shows_on_the_dark_page(page):
    page.emulate_media(color_scheme="dark")
    page.keyboard.press("1")  # a piece in hand from the keyboard: the board takes the focus
    focused = page.evaluate("""() => {
      const ring = document.querySelector(".board .focus-ring");
      const stroke = (part) => getComputedStyle(ring.querySelector(part)).stroke;
      return { code: document.activeElement.dataset.code, shown: getComputedStyle(ring).display,
               outer: stroke(".focus-ring-outer"), inner: stroke(".focus-ring-inner") };
    }""")
    # the ring is drawn on the board, whose colours the theme keeps: dark around white
    assert focused["code"] and focused["shown"] != "none"
    strokes = (focused["outer"], focused["inner"])
    assert strokes[0] != strokes[1] and "none" not in strokes
    page.keyboard.press("Escape")


# ------------------------------------------------------------------ engines without light-dark()

THEME_CSS = Path(__file__).resolve().parents[2] / "web" / "theme.css"
SWITCHED = re.compile(r"^\s*(--[\w-]+):\s*var\(--light, (#[0-9a-f]{3,6})\) "
                      r"var\(--dark, (#[0-9a-f]{3,6})\);", re.M)


def rgb(hex_colour: str) -> str:
    """A #rgb or #rrggbb colour as the browser computes it."""
    digits = hex_colour[1:]
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return "rgb({}, {}, {})".format(*(int(digits[i:i + 2], 16) for i in (0, 2, 4)))


COMPUTED = """(names) => {
  const probe = document.body.appendChild(document.createElement("i"));
  const colours = Object.fromEntries(names.map((name) => {
    probe.style.color = `var(${name})`;
    return [name, getComputedStyle(probe).color];
  }));
  probe.remove();
  return colours;
}"""


def every_colour_is_set_without_light_dark(page):
    """Safari before 17.5 drops any value written with light-dark(): no stylesheet of the
    site uses it, and each colour of the palette is its light or dark value, as
    theme.css writes them, in each theme the system or the player chooses."""
    for sheet in ("theme.css", "style.css", "print.css"):
        rules = re.sub(r"/\*.*?\*/", "", (THEME_CSS.parent / sheet).read_text(), flags=re.S)
        assert "light-dark(" not in rules, sheet
    palette = {name: (rgb(light), rgb(dark))
               for name, light, dark in SWITCHED.findall(THEME_CSS.read_text())}
    assert len(palette) > 20  # the palette as theme.css writes it
    for system in ("light", "dark"):
        page.emulate_media(color_scheme=system)
        for chosen in ("auto", "light", "dark"):
            # what the picker's Theme setting does
            page.evaluate("(t) => import('./chrome/theme.js').then((m) => m.applyTheme(t))", chosen)
            shown = system if chosen == "auto" else chosen
            want = {name: pair[shown == "dark"] for name, pair in palette.items()}
            assert page.evaluate(COMPUTED, list(palette)) == want, (system, chosen)
    page.evaluate("() => import('./chrome/theme.js').then((m) => m.applyTheme('auto'))")


# a colour's relative luminance (WCAG's), from the computed "rgb(r, g, b)"
LUMINANCE = """(colour) => {
  const [r, g, b] = colour.match(/[\\d.]+/g).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}"""
PLATES = f"""() => [...document.querySelectorAll('#board .shape[data-tags~="plate"]')]
  .map((e) => ({LUMINANCE})(getComputedStyle(e).fill))"""


def every_games_board_is_deep_in_the_dark_and_white_on_paper(page, site_url):
    """A pale board (in the light theme) is shown as deep as the deep ones in the dark
    theme, and every board prints light, a surface a pen writes on."""
    for game in games(registered=False):
        page.emulate_media(media="screen", color_scheme="dark")
        open_game(page, site_url, game)
        dark = page.evaluate(PLATES)
        page.emulate_media(color_scheme="light")
        light = page.evaluate(PLATES)
        assert dark and all(lum < 0.08 for lum in dark), (game, dark)
        # the light theme shows the game's own board: its colour as drawn
        drawn = page.eval_on_selector_all('#board .shape[data-tags~="plate"]', """els => els.map(
            (e) => [getComputedStyle(e).fill, e.getAttribute("fill")])""")
        assert [shown for shown, _ in drawn] == [
            "rgb({}, {}, {})".format(*bytes.fromhex(fill[1:])) for _, fill in drawn]
        assert max(light) > 0.5 or max(light) < 0.08  # pale or deep, nothing between
        page.emulate_media(media="print")
        paper = page.evaluate(PLATES)
        assert all(lum > 0.5 for lum in paper), (game, paper)  # light enough to write on
    page.emulate_media(media="screen")


def test_the_colours_follow_the_system_and_the_theme_and_every_board_reads(page, site_url):
    """One page (each part leaves it playing, in the theme the system gives): it follows
    the system's scheme; the focus ring shows on the dark page; every colour is its light or
    dark value without light-dark(); every game's board is deep in the dark and white on
    paper."""
    open_at(page, site_url, "light")
    the_page_follows_the_system_colour_scheme(page)
    the_keyboard_focus_ring_shows_on_the_dark_page(page)
    every_colour_is_set_without_light_dark(page)
    every_games_board_is_deep_in_the_dark_and_white_on_paper(page, site_url)
