"""The static site build: what dist/ holds, the service worker it generates, how it is served."""

import base64
import hashlib
import json
import re
import urllib.request

import pytest

from buildtools.common import DIST_BUILT, ROOT, WEB
from buildtools.compress import unpack
from buildtools.node import PYODIDE_DIR
from buildtools.release import RELEASE_CHANGE, edited_release, fresh_build
from buildtools.server import NOT_GZIPPED
from buildtools.site import CHECK_ONLY

pytestmark = pytest.mark.slow  # builds the site (a minute and more)

RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs.xz", "pyodide.asm.wasm.xz", "python_stdlib.zip.xz",
           "engine.json"]


def test_dist_holds_the_site(dist_dir, manifest):
    for name in [*RUNTIME, manifest["wheel"] + ".xz", "index.html", "worker.js", "python/bridge.js",
                 "sw.js", "build.json", ".nojekyll"]:
        assert (dist_dir / name).is_file(), name
    assert re.fullmatch(r"iqpuzzles-[^-]+-py3-none-any\.whl", manifest["wheel"])
    lock = json.loads((WEB / "package-lock.json").read_text())
    assert manifest["pyodide"] == lock["packages"]["node_modules/pyodide"]["version"]
    for leftover in ("package.json", "package-lock.json", "node_modules", "tools",
                     "pyodide.asm.wasm", "python_stdlib.zip", manifest["wheel"], *CHECK_ONLY):
        assert not (dist_dir / leftover).exists(), leftover


def test_the_pages_modules_ask_to_be_compiled_as_they_load(dist_dir):
    """Every file of the page's bundle (boot.js and the chunks it imports, the app's modes
    too) opens with Chrome's compile hint, so that V8 compiles its functions as the file
    loads (off the main thread for the large ones), not each at its first call, in a
    player's first move; the engine's worker, which the page's first moves do not run,
    does not."""
    bundle = ["boot.js", *(p.name for p in dist_dir.glob("chunk-*.js"))]
    assert len(bundle) > 3
    for name in bundle:
        assert (dist_dir / name).read_text().startswith("//# allFunctionsCalledOnLoad\n"), name
    assert "allFunctionsCalledOnLoad" not in (dist_dir / "worker.js").read_text()


def _unpacked_zip(path):
    """A zip archive the site serves packed with xz, as the worker unpacks it."""
    import io
    import zipfile

    return zipfile.ZipFile(io.BytesIO(unpack(path)))


def test_the_engine_files_are_served_packed(dist_dir):
    """engine.json names each engine file's packed copy (what the worker asks for before
    it reads engine.json: the name and .xz), and its size; the archives inside are
    stored, for xz to pack across their files."""
    engine = json.loads((dist_dir / "engine.json").read_text())
    assert engine["files"] == {name: name + ".xz" for name in [
        "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", engine["wheel"]]}
    for name, packed in engine["files"].items():
        assert engine["sizes"][packed] == (dist_dir / packed).stat().st_size
        if name.endswith((".zip", ".whl")):
            archive = _unpacked_zip(dist_dir / packed)
            assert {i.compress_type for i in archive.infolist()} == {0}, name  # stored
            assert archive.testzip() is None
    wasm = unpack(dist_dir / engine["files"]["pyodide.asm.wasm"])
    assert wasm == (PYODIDE_DIR / "pyodide.asm.wasm").read_bytes()
    assert engine["lock"]["packages"] == {} and engine["lock"]["info"]["arch"] == "wasm32"


def test_the_sites_wheel_leaves_the_build_time_tools_out(dist_dir, manifest):
    """What builds and measures the package (iqpuzzles/tools/) is no byte of the page's
    (buildtools/wheel.py SITE_OMITS_FOLDERS): the site's wheel holds the run time only."""
    names = _unpacked_zip(dist_dir / (manifest["wheel"] + ".xz")).namelist()
    assert {"iqpuzzles/api.py", "iqpuzzles/generate.py", "iqpuzzles/daily.py"} <= set(names)
    assert not [name for name in names if name.startswith("iqpuzzles/tools/")]


def test_stdlib_is_precompiled(dist_dir):
    names = _unpacked_zip(dist_dir / "python_stdlib.zip.xz").namelist()
    assert "json/__init__.pyc" in names
    assert not [n for n in names if n.endswith(".py")][:5]


def test_the_service_worker_knows_every_file_by_a_revision_of_its_content(dist_dir,
                                                                          manifest):
    """One revision (content hash) per file, so a release re-downloads only what changed;
    all of them kept offline but the start views drawn before the engine is ready."""
    sw = (dist_dir / "sw.js").read_text()
    match = re.search(r"const BUILD = (\{.*?\});", sw, re.S)
    config = json.loads(match.group(1))
    files = sorted(p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*")
                   if p.is_file() and p.name not in ("sw.js", ".nojekyll", "build.json"))
    assert sorted(config["files"]) == files
    for name in files[::7]:
        digest = hashlib.sha256((dist_dir / name).read_bytes()).hexdigest()
        assert config["files"][name] == digest[:12], name
    assert config["version"] == manifest["build"]
    offline = set(config["offline"])
    assert {"index.html", "pyodide.asm.wasm.xz", manifest["wheel"] + ".xz", "data/link/pools.zlib",
            "early/twist.json", "early/twist.pictures.json"} <= offline
    assert not [name for name in files if name.endswith("games.zlib")]  # the page needs none
    assert not [name for name in offline if re.fullmatch(r"early/\w+/.+", name)]
    # the API reference is published, kept once read, never downloaded for offline play
    assert "docs/api/iqpuzzles.html" in config["files"]
    assert not [name for name in offline if name.startswith("docs/")]
    # each language's catalogs (the page's and Python's) are published, kept once the
    # player's language fetched them, never downloaded for offline play
    assert {f"locale/{lang}.{kind}" for lang in ("fr", "ja") for kind in ("json", "mo")} \
        <= set(config["files"])
    assert not [name for name in offline if name.startswith("locale/")]


def test_the_api_reference_is_published_with_the_site(dist_dir):
    """docs/api/: a page for each module of the package, made from its docstrings (the
    package's example among them), linked from the README."""
    api = dist_dir / "docs" / "api"
    assert (api / "index.html").is_file()
    assert "twist.strings.solutions" in (api / "iqpuzzles.html").read_text()
    for game in ("twist", "focus", "steps", "link"):
        for part in ("vocabulary", "notation", "rules", "solver", "draw", "lesson"):
            assert (api / "iqpuzzles" / game / f"{part}.html").is_file(), (game, part)
    assert "Position" in (api / "iqpuzzles" / "core" / "position.html").read_text()
    assert not (api / "iqpuzzles" / "__main__.html").exists()
    assert "docs/api/" in (ROOT / "README.md").read_text()


def test_the_page_allows_the_scripts_the_build_wrote_into_it_by_their_hash(dist_dir):
    """index.html's Content-Security-Policy comes before its first script, names no
    outside host, and allows exactly the scripts written into the page (by the hash of
    each, computed here again), no script attribute and no inline style."""
    html = (dist_dir / "index.html").read_text()
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    assert policy and policy.start() < html.index("<script")
    directives = {d.split()[0]: d.split()[1:] for d in policy.group(1).split("; ")}
    inline = re.findall(r"<script>(.*?)</script>", html, re.S)
    assert len(inline) == len(re.findall(r"<script(?![^>]*\bsrc=)", html)) >= 1
    hashes = {"'sha256-" + base64.b64encode(hashlib.sha256(code.encode()).digest()).decode() + "'"
              for code in inline}
    assert set(directives["script-src"]) == {"'self'", "blob:", "'wasm-unsafe-eval'"} | hashes
    assert directives["default-src"] == ["'self'"] and directives["style-src"] == ["'self'"]
    assert not re.search(r"\son\w+=|\sstyle=|<style", html)


def test_only_relative_urls_in_the_web_files(dist_dir):
    scripts = [p for p in dist_dir.rglob("*.js") if p.relative_to(dist_dir).parts[0] != "docs"]
    for path in [*dist_dir.glob("*.html"), *scripts, *dist_dir.glob("*.css")]:
        text = path.read_text()
        # XML namespace names (SVG) are identifiers, never fetched
        hosts = re.findall(r"https?://(?!www\.w3\.org/)[^\s\"'`)]+", text)
        assert not hosts, f"{path.name} names an outside host: {hosts}"
        assert not re.search(r"""(src|href)=["']/""", text), f"{path.name} has a root path"
        assert not re.search(r"""(import|fetch|register)\(\s*["']/""", text), path.name


@pytest.mark.parametrize("name, mime", [
    ("pyodide.asm.wasm.xz", "application/x-xz"),
    ("pyodide.mjs", "text/javascript"),
    ("worker.js", "text/javascript"),
    ("index.html", "text/html"),
    ("build.json", "application/json"),
])
def test_served_with_the_right_mime_type(site_url, name, mime):
    with urllib.request.urlopen(site_url + name) as response:
        assert response.headers["Content-Type"].split(";")[0] == mime


def _as_served(path) -> int:
    """A file's bytes as the site's server (and GitHub Pages) sends them."""
    import gzip

    data = path.read_bytes()
    return len(data) if path.name.endswith(NOT_GZIPPED) else len(gzip.compress(data, 9))


def _build_line(site) -> dict:
    """A build's service worker's record (its BUILD line): files, revisions, offline."""
    line = next(x for x in (site / "sw.js").read_text().splitlines()
                if x.startswith("const BUILD = "))
    return json.loads(line.removeprefix("const BUILD = ").rstrip(";"))


@pytest.mark.slow
def test_a_fresh_clone_builds_this_site_to_the_byte(dist_dir, manifest, tmp_path):
    """Reproducible without a cache: this tree built from a fresh clone, as the Pages
    workflow builds every release, is dist/ byte for byte, one of the two built with an
    empty .cache/ and the other with a full one: the cache changes nothing but the time a
    build takes. dist/ built with an empty cache (a fresh machine's, as CI's) is the
    empty-cache build, and the clone is given this tree's; else the clone's is empty."""
    built = json.loads(DIST_BUILT.read_text()) if DIST_BUILT.is_file() else {}
    dist_cold = built.get("inputs") == manifest["inputs"] and built.get("cold") is True
    fresh = fresh_build(tmp_path, cached=dist_cold)
    names = {path.relative_to(dist_dir).as_posix() for path in dist_dir.rglob("*")
             if path.is_file()}
    assert names == {path.relative_to(fresh).as_posix() for path in fresh.rglob("*")
                     if path.is_file()}
    differ = sorted(name for name in names
                    if (dist_dir / name).read_bytes() != (fresh / name).read_bytes())
    assert differ == [], f"built differently without the cache: {differ}"


def test_a_release_changes_only_what_changed(dist_dir):
    """A release that changes one JS module (built from this tree's cache, which the test
    above shows changes nothing) differs from dist/ only in that module, the page's bundle
    that holds it (index.html, boot.js and the chunk, renamed by its content) and the two
    records of the build: the wheel, the standard library, the memory snapshot, the early
    files and the icons are the same bytes, and a returning player downloads at most
    200 kB."""
    site = dist_dir
    release = edited_release({"web/progress/tally.js": ("", RELEASE_CHANGE)})
    before, after = _build_line(site), _build_line(release)
    changed = {name for name in after["files"] if before["files"].get(name) != after["files"][name]}
    gone = set(before["files"]) - set(after["files"])
    bundle = {"index.html", "boot.js"} | {n for n in before["files"] | after["files"]
                                          if n.startswith("chunk-")}
    assert "progress/tally.js" in changed and (changed | gone) - {"progress/tally.js"} <= bundle
    assert after["version"] != before["version"]
    for path in site.rglob("*"):  # every other file: the same bytes
        name = path.relative_to(site).as_posix()
        if path.is_file() and name not in changed | gone | {"sw.js", "build.json"}:
            assert path.read_bytes() == (release / name).read_bytes(), name
    # what the returning page downloads: the changed files it keeps, and the worker
    download = sum(_as_served(release / name)
                   for name in [*(changed & set(after["offline"])), "sw.js"])
    assert download <= 200_000, download


def test_pages_deploys_only_what_passed_the_readme_test_command():
    """The Pages workflow runs the README's test command and deploys the dist/ of that
    run only after it passed; it checks out the whole history (the archives' dates come
    from it) and keeps no build cache (the build is reproducible without one)."""
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    readme = (ROOT / "README.md").read_text()
    assert "    python build.py test\n" in readme
    jobs = workflow.split("\njobs:\n", 1)[1]
    test_job, deploy_job = jobs.split("\n  deploy:\n")
    assert re.search(r"^\s+run: python build.py test$", test_job, re.M)
    assert test_job.index("python build.py test") < test_job.index("upload-pages-artifact")
    assert re.search(r"^\s+needs: test$", deploy_job, re.M)
    assert "fetch-depth: 0" in test_job
    assert "actions/cache" not in workflow
