"""Print and copy: the print stylesheet, the printed sheet (a solution on a second page
only when asked), and "Copy board as text" (the command line's drawing of the board)."""

from playwright.sync_api import expect

from iqpuzzles import game

from .states import closed

# window.print() is the browser's own dialog: the tests record what would be printed
CAPTURE_PRINT = """() => {
  window.printed = [];
  window.print = () => {
    const sheet = document.getElementById("print-sheet");
    window.printed.push({
      pages: [...sheet.querySelectorAll(".print-page")].map((p) => ({
        name: p.querySelector(".print-name")?.textContent,
        level: p.querySelector(".print-level")?.textContent,
        pieces: p.querySelectorAll(".print-piece").length,
        placed: new Set([...p.querySelectorAll(".print-board [data-role=piece]")]
          .map((e) => e.dataset.piece)).size,
      })),
      printing: document.documentElement.dataset.printing,
    });
  };
}"""


def open_twist(page, site_url, placed=""):
    page.goto(f"{site_url}#game=twist&challenge=1" + (f"&placed={placed}" if placed else ""))
    page.wait_for_selector("html[data-ready=true]", timeout=60_000)
    page.evaluate(CAPTURE_PRINT)
    return page


def display(page, selector):
    return page.eval_on_selector(selector, "e => getComputedStyle(e).display")


def print_from_dialog(page, solution):
    page.locator("#challenge-button").click()
    page.get_by_role("button", name="Print…").click()
    dialog = page.locator("#print-dialog")
    expect(dialog).to_be_visible()
    page.keyboard.press("r")  # typed in the dialog: no piece turns, nothing breaks
    if solution:
        dialog.get_by_label("Add a solution on a second page").check()
    dialog.get_by_role("button", name="Print", exact=True).click()
    page.wait_for_function("() => window.printed.length === 1")
    return page.evaluate("window.printed[0]")


def test_plain_print_shows_the_board_and_challenge_but_no_controls(page, site_url):
    open_twist(page, site_url)
    page.emulate_media(media="print")
    for hidden in (".toolbar", "#tray", ".footer", "#games", "#timer", ".message-bar"):
        assert display(page, hidden) == "none", hidden
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator("#challenge-name")).to_have_text("Challenge 1")
    expect(page.locator("#challenge-level")).to_be_visible()
    assert display(page, "#print-sheet") == "none"  # no sheet was asked for
    # paper is white even when the screen is dark
    page.emulate_media(media="print", color_scheme="dark")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"
    for text in ("#challenge-name", ".brand-name"):  # dark ink on it
        assert page.eval_on_selector(text, "e => getComputedStyle(e).color") == "rgb(17, 17, 17)"
    page.evaluate("document.documentElement.dataset.theme = 'dark'")
    assert page.eval_on_selector("#challenge-name", "e => getComputedStyle(e).color") \
        == "rgb(17, 17, 17)"
    page.emulate_media(media="screen")
    assert display(page, ".toolbar") != "none"


def test_the_printed_sheet_has_the_solution_page_only_when_asked(page, site_url):
    """Printed without, then (the page the page again after the first) with a solution."""
    open_twist(page, site_url)
    for solution in (False, True):
        closed(page)
        page.evaluate(CAPTURE_PRINT)  # (what this print prints)
        printed_sheet(page, print_from_dialog(page, solution), solution)


def printed_sheet(page, printed, solution):
    twist = game("twist")
    entry = twist.challenges[0].to_json()
    start = twist.position(entry["challenge"])
    assert printed["printing"] == "true"
    pages = printed["pages"]
    assert len(pages) == (2 if solution else 1)
    first = pages[0]
    assert first["name"] == "Challenge 1" and "IQ-Twist" in first["level"]
    to_place = len(start.pieces_left)
    assert first["placed"] == 0 and first["pieces"] == to_place > 0
    if solution:
        assert pages[1]["name"] == "Challenge 1" and "solution" in pages[1]["level"]
        assert pages[1]["placed"] == to_place
    # on paper: the sheet, not the page
    page.emulate_media(media="print")
    assert display(page, "#app") == "none" and display(page, "#print-sheet") == "block"
    # after printing the page is the page again
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert display(page, "#app") != "none" and display(page, "#print-sheet") == "none"
    expect(page.locator("#print-sheet .print-page")).to_have_count(0)
    page.emulate_media(media="screen")


def test_copy_board_as_text_puts_the_cli_drawing_on_the_clipboard(page, context, site_url):
    """The board as the command line's `show` draws it, with a key to its symbols and the
    pieces' colours (issue 25: IQ-Twist's codes came without one), and the address that
    opens the position; then a clipboard that refuses is a sentence, not a crash."""
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    twist = game("twist")
    entry = twist.challenges[0].to_json()
    placement = str(twist.position(entry["challenge"]).play("d2A6"))
    open_twist(page, site_url, placement)
    page.locator("#challenge-button").click()
    page.get_by_role("button", name="Copy board as text").click()
    expect(page.locator("#status")).to_contain_text("copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    drawing = twist.drawing.text(twist.position(entry["challenge"], placement)).rstrip("\n")
    assert copied.startswith(f"IQ-Twist, {entry['level']}: Challenge 1\n\n{drawing}\n\nKey: ")
    assert "i red, j blue, k green, l yellow" in copied and "Pieces: a red; b red;" in copied
    assert copied.endswith(f"Play it: {page.url}\n") and "challenge=1" in page.url
    a_refused_clipboard_is_a_sentence_not_a_crash(page)


def a_refused_clipboard_is_a_sentence_not_a_crash(page):
    page.keyboard.press("Escape")  # (the picker closed)
    page.evaluate("""() => {
      navigator.clipboard.writeText =
        () => Promise.reject(new DOMException("no", "NotAllowedError"));
    }""")
    page.locator("#challenge-button").click()
    page.get_by_role("button", name="Copy board as text").click()
    status = page.locator("#status")
    expect(status).to_contain_text("did not let the page copy")
    assert "DOMException" not in status.text_content()
    expect(page.locator("#challenge-button")).to_be_enabled()
