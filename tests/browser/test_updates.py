"""A new release never breaks the app (issue 37): two builds of the site at one address,
the second with a module of the page changed (a chunk of the bundle renamed by its
content) and a string of the package's Python (the wheel, its memory snapshot and its
early answers made again). A player of the first release who comes back online is told
that a new version is ready; it is applied when they say so, or by itself between
challenges or when the tab was closed; then, offline, the page starts on the new release
and the game in progress goes on.

A player's release is told by what only the second has: `window.iqRelease` (the page's
changed module) and IQ-Twist's rules in new words, as the footer shows them and as the
engine's Python answers them."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from buildtools.release import NEXT_RELEASE, edited_release
from buildtools.server import serve_in_thread

from .playing import READY_TIMEOUT, Player, place_own_piece, press_hint

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

TWIST = Player("twist")
_, NEW_WORDS = NEXT_RELEASE["py/iqpuzzles/twist/__init__.py"]
RELEASE = "window.iqRelease ?? null"  # "2" on the second release's page
ENGINE_HELP = "window.iq.python.call('info', {game: 'twist'}).then((info) => info.help)"


class Host:
    """A server of the test's own whose site can be swapped for another release at the
    same address (a host publishing the next release)."""

    def __init__(self, tmp_path: Path):
        self.live = tmp_path / "site"
        self.server = None

    def publish(self, dist: Path) -> None:
        if self.live.is_symlink():
            self.live.unlink()
        self.live.symlink_to(dist, target_is_directory=True)
        if self.server is None:
            self.server = serve_in_thread(self.live)

    @property
    def url(self) -> str:
        return self.server.url

    def close(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()


@pytest.fixture(scope="session")
def next_release(dist_dir) -> Path:
    """The second release's dist/ (built once, kept in .cache/ for the same tree)."""
    return edited_release()


@pytest.fixture
def host(tmp_path, dist_dir):
    host = Host(tmp_path)
    host.publish(dist_dir)
    yield host
    host.close()


def start(page: Page, url: str | None = None) -> Page:
    """Open the site (or reload it), and wait until a piece can be placed."""
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    return page


def reloads_by_itself(page: Page, action) -> None:
    """Do `action`, after which the page reloads by itself; wait until it is ready again."""
    with page.expect_event("domcontentloaded", timeout=READY_TIMEOUT):
        action()
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)


def play_the_first_release(page: Page, host: Host) -> str:
    """A player of the first release: challenge 1 of IQ-Twist, one piece placed, the site
    kept for offline play. Their placement."""
    start(page, f"{host.url}#game=twist&challenge=1")
    expect(page.locator("html")).to_have_attribute("data-offline", "ready",
                                                   timeout=READY_TIMEOUT)
    place_own_piece(page, TWIST)
    assert page.evaluate(RELEASE) is None
    return TWIST.placement(page)


def told_of_the_update(page: Page) -> None:
    """The page (still the first release's) says that a new version is ready."""
    assert page.evaluate(RELEASE) is None  # served by the first release's worker
    line = page.locator(".update-line")
    expect(line).to_have_text("A new version is ready. Update", timeout=READY_TIMEOUT)
    expect(line).to_be_visible()


def on_the_next_release(page: Page, placement: str) -> None:
    """The page runs the second release, its engine's Python too, and the game goes on."""
    assert page.evaluate(RELEASE) == "2"
    expect(page.locator("#help")).to_contain_text(NEW_WORDS)
    assert NEW_WORDS in page.evaluate(ENGINE_HELP)
    expect(TWIST.board(page)).to_have_attribute("data-challenge", "1")
    assert TWIST.placement(page) == placement
    expect(page.locator(".update-line")).to_have_count(0)


def plays_offline(page: Page, context, placement: str) -> None:
    """Offline, a new start is the second release, the game where it was, and the engine
    plays (a hint places a piece)."""
    context.set_offline(True)
    start(page)
    on_the_next_release(page, placement)
    press_hint(page)
    expect(TWIST.board(page)).not_to_have_attribute("data-placement", placement)


def test_the_player_says_update_and_the_next_release_plays_offline(page: Page, context, host,
                                                                    next_release):
    placement = play_the_first_release(page, host)
    host.publish(next_release)
    start(page)  # a visit online: the first release still, from its worker
    told_of_the_update(page)
    reloads_by_itself(page, page.locator(".update-now").click)
    on_the_next_release(page, placement)
    plays_offline(page, context, placement)


def test_found_online_then_the_tab_closed_the_next_start_is_offline(page: Page, context, host,
                                                                     next_release):
    placement = play_the_first_release(page, host)
    host.publish(next_release)
    start(page)
    told_of_the_update(page)
    page.close()
    context.set_offline(True)
    page = start(context.new_page(), f"{host.url}#game=twist&challenge=1")
    on_the_next_release(page, placement)
    press_hint(page)
    expect(TWIST.board(page)).not_to_have_attribute("data-placement", placement)


def test_a_release_waiting_is_applied_between_challenges_and_at_a_start(page: Page, context,
                                                                       host, next_release):
    """Two tabs: neither applies the release by itself while the other runs the site.
    With one tab left, opening another challenge applies it there, the game left kept."""
    placement = play_the_first_release(page, host)
    host.publish(next_release)
    start(page)
    told_of_the_update(page)
    other = start(context.new_page(), f"{host.url}#game=twist&challenge=19")
    told_of_the_update(other)  # (a start with the release waiting, but not alone)
    other.close()
    reloads_by_itself(page, lambda: page.evaluate("location.hash = '#game=twist&challenge=20'"))
    assert page.evaluate(RELEASE) == "2"
    expect(TWIST.board(page)).to_have_attribute("data-challenge", "20")
    page.go_back()
    expect(TWIST.board(page)).to_have_attribute("data-challenge", "1")
    on_the_next_release(page, placement)
