"""The site installs as an app: the manifest, its icons (drawn at build time from
web/icon.svg), the service worker's precache, and Chromium's own installability check,
at the site's root and from a sub-path (as GitHub Pages serves a project)."""

import json
import re
import struct

import pytest

from buildtools.server import serve_in_thread

pytestmark = pytest.mark.service_worker

MANIFEST_FIELDS = {"start_url": "./", "scope": "./", "display": "standalone"}


@pytest.fixture(scope="module")
def sub_path_url(dist_dir, tmp_path_factory):
    """dist/ served under /sub/ (a folder holding a link to dist/), like a project page."""
    top = tmp_path_factory.mktemp("pages")
    (top / "sub").symlink_to(dist_dir, target_is_directory=True)
    server = serve_in_thread(top)
    yield server.url + "sub/"
    server.shutdown()
    server.server_close()


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def open_site(page, url):
    page.goto(url)
    page.wait_for_selector("html[data-ready=true]", timeout=60_000)
    return page


def manifest_of(page) -> tuple[str, dict]:
    href = page.eval_on_selector("link[rel=manifest]", "l => l.href")
    response = page.request.get(href)
    assert response.ok and response.headers["content-type"] == "application/manifest+json"
    return href, json.loads(response.text())


def test_the_manifest_names_the_app_and_its_icons_with_relative_urls(page, site_url):
    """The page's manifest (read from the page as it opens: the engine need not be ready),
    and its icons, decoded by the browser to their declared sizes."""
    page.goto(site_url)
    href, manifest = manifest_of(page)
    assert href == site_url + "manifest.webmanifest"
    assert manifest["name"] == "IQ Puzzles" and manifest["short_name"]
    for key, value in MANIFEST_FIELDS.items():
        assert manifest[key] == value, key
    for key in ("theme_color", "background_color"):
        assert re.fullmatch(r"#[0-9a-f]{6}", manifest[key]), key
    pngs = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    assert {icon["sizes"] for icon in pngs} >= {"192x192", "512x512"}
    assert [icon["sizes"] for icon in pngs if icon["purpose"] == "maskable"] == ["512x512"]
    for icon in pngs:
        side = int(icon["sizes"].split("x")[0])
        data = page.request.get(href.rsplit("/", 1)[0] + "/" + icon["src"]).body()
        assert png_size(data) == (side, side)
        # and the browser decodes it to that size
        decoded = page.evaluate("""async (src) => {
          const bitmap = await createImageBitmap(await (await fetch(src)).blob());
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const ctx = canvas.getContext("2d");
          ctx.drawImage(bitmap, 0, 0);
          const corner = [...ctx.getImageData(0, 0, 1, 1).data];
          const middle = [...ctx.getImageData(bitmap.width / 2, bitmap.height / 2, 1, 1).data];
          return { width: bitmap.width, height: bitmap.height, corner, middle };
        }""", icon["src"])
        assert (decoded["width"], decoded["height"]) == (side, side)
        # a maskable icon fills its square to the corners; the plain one has round corners
        assert decoded["corner"][3] == (255 if icon["purpose"] == "maskable" else 0)
        assert decoded["middle"][3] == 255


def test_the_service_worker_precaches_the_manifest_and_icons(dist_dir):
    sw = (dist_dir / "sw.js").read_text()
    files = json.loads(re.search(r"const BUILD = (\{.*?\});", sw, re.S).group(1))["files"]
    for name in ("manifest.webmanifest", "icon.svg", "icons/icon-192.png", "icons/icon-512.png",
                 "icons/icon-maskable-512.png"):
        assert name in files


@pytest.mark.parametrize("where", ["root", "sub-path"])
def test_chromium_finds_the_site_installable(browser_type, browser_type_launch_args, tmp_path,
                                             site_url, sub_path_url, where):
    url = site_url if where == "root" else sub_path_url
    # a profile on disk: Chromium offers no install in an incognito context (Playwright's own)
    context = browser_type.launch_persistent_context(tmp_path / "profile",
                                                     **browser_type_launch_args)
    try:
        requests = []
        context.on("request", lambda r: requests.append(r.url))
        page = open_site(context.new_page(), url)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        cdp = context.new_cdp_session(page)
        app = cdp.send("Page.getAppManifest")
        assert app["url"] == url + "manifest.webmanifest" and not app["errors"]
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        # the scope Chromium resolves is the sub-path's own
        assert app["parsed"]["scope"] == url
        # nothing from elsewhere (the worker imports the runtime it unpacked from a blob: URL
        # of the page's own origin)
        assert all(r.removeprefix("blob:").startswith("http://127.0.0.1:") for r in requests), \
            [r for r in requests if not r.startswith("http://127.0.0.1:")]
    finally:
        context.close()
