"""The package's wheel, reproducible (dated by the last commit that changed its sources),
and the site's cut of it: without the data the site serves apart or not at all."""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from .common import (
    CACHE,
    ROOT,
    BuildError,
    digest_paths,
    keep_newest,
    log,
    run,
    sha256_file,
    tree_files,
)

# What the package is built from: the wheel's contents (the site wheel's), and beside them
# what only the full wheel's metadata reads (its long description).
PACKAGE_SOURCES = ("pyproject.toml", "py")
WHEEL_SOURCES = (*PACKAGE_SOURCES, "README.md")
# Package data the site serves apart, fetched by the page when first used (core/data.py):
# each game's pools of new challenges (core/pools.py), needed only to make new challenges.
REMOTE_DATA = ("pools.zlib",)
# Package data the site does not ship at all: each game's list of complete games, which
# the pools are made from (python -m iqpuzzles.tools.pools) and the page never reads.
SITE_OMITS = ("games.zlib",)
# Folders of the package the site's wheel leaves out: the message catalogs (issue 40),
# about 26 kB a language, which the page will fetch one language at a time (the page's
# own part of issue 40); until then the page speaks English and ships none of them. And
# the build-time tools (iqpuzzles/tools/: the pools' and lists' makers, the bench, the
# early answers), which nothing the page runs imports (tests/test_layers.py).
SITE_OMITS_FOLDERS = ("iqpuzzles/locale/", "iqpuzzles/tools/")
ZIP_EPOCH = 315532800  # 1980-01-01 00:00:00 UTC


def package_inputs() -> list[Path]:
    return [ROOT / "pyproject.toml", *tree_files(ROOT / "py")]


def source_date_epoch(*paths: str) -> int:
    """The time of the last commit that changed any of `paths` (SOURCE_DATE_EPOCH, for the
    dates in archives: the same commit gives the same bytes, and a commit that leaves
    these paths alone leaves the archive made from them alone, so a release that changes
    one page file does not change the wheel). Outside a git checkout: $SOURCE_DATE_EPOCH,
    or 1980-01-01 (the first date a zip file holds)."""
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%ct", "--", *paths], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.strip()
        shallow = subprocess.run(["git", "rev-parse", "--is-shallow-repository"], cwd=ROOT,
                                 capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        out, shallow = "", "false"
    if shallow == "true":
        # a shallow clone's oldest commit seems to add every file: the dates would move
        # with every commit (clone with the whole history: fetch-depth 0)
        log("WARNING: a shallow clone: archive dates follow its oldest commit")
    if out:
        return int(out)
    return int(os.environ.get("SOURCE_DATE_EPOCH", ZIP_EPOCH))


def zip_date(epoch: int) -> tuple[int, int, int, int, int, int]:
    """A zip entry's date (UTC, even seconds) of a Unix time, 1980 at the earliest."""
    year, month, day, hour, minute, second = time.gmtime(max(epoch, ZIP_EPOCH))[:6]
    return year, month, day, hour, minute, second


def zip_entry(name: str, when: tuple[int, int, int, int, int, int]) -> zipfile.ZipInfo:
    """A zip entry of a reproducible archive: its date `when`, a plain file's mode, stored
    (the site packs the whole archive)."""
    info = zipfile.ZipInfo(name, when)
    info.compress_type = zipfile.ZIP_STORED
    info.create_system = 3  # Unix, wherever it is built
    info.external_attr = 0o100644 << 16
    return info


def build_wheel() -> Path:
    """pip wheel --no-deps of the package, cached by the hash of its sources. Built from a
    copy of exactly those sources (a build/ folder left in the tree from an older build
    would slip old files in), dated by their last commit (SOURCE_DATE_EPOCH)."""
    sources = [ROOT / "README.md", *package_inputs()]
    epoch = source_date_epoch(*WHEEL_SOURCES)
    key = hashlib.sha256(f"{digest_paths(sources, ROOT)} {epoch}".encode()).hexdigest()[:16]
    cache_dir = CACHE / "wheel" / key
    wheels = sorted(cache_dir.glob("*.whl")) if cache_dir.exists() else []
    if len(wheels) == 1:
        return wheels[0]
    with tempfile.TemporaryDirectory(prefix="iq-wheel-") as tmp:
        tree = Path(tmp) / "src"
        for path in sources:
            (tree / path.relative_to(ROOT)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, tree / path.relative_to(ROOT))
        env = dict(os.environ, SOURCE_DATE_EPOCH=str(max(epoch, ZIP_EPOCH)))
        run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
             "--wheel-dir", tmp, str(tree)], cwd=tmp, env=env)
        built = sorted(Path(tmp).glob("iqpuzzles-*.whl"))
        if len(built) != 1:
            raise BuildError(f"expected one iqpuzzles wheel, got {built}")
        shutil.rmtree(cache_dir, ignore_errors=True)
        cache_dir.mkdir(parents=True)
        final = cache_dir / built[0].name
        shutil.copy2(built[0], final)
    keep_newest(CACHE / "wheel", 5)
    return final


def site_wheel(wheel: Path) -> Path:
    """The wheel as the site ships it: without the REMOTE_DATA files (the site serves them
    apart, dist/data/<game>/<file>), each replaced by a `<file>.remote` marker that tells
    the package so (core/data.py), and without the SITE_OMITS files. Reproducible: every
    entry dated by the last commit that changed the package (PACKAGE_SOURCES), with one
    file mode, and its metadata without the long description (the README: an edit of it
    must not make players download the wheel and the memory snapshot again). Its files are
    stored, not deflated: the site packs the whole wheel with xz (128 kB against 194 kB
    deflated). Cached by the wheel's hash, that date and what it leaves out."""
    when = zip_date(source_date_epoch(*PACKAGE_SOURCES))
    cut = f"{REMOTE_DATA} {SITE_OMITS} {SITE_OMITS_FOLDERS}"  # a new cut, a new file
    key = hashlib.sha256(f"{sha256_file(wheel)} {when} stored {cut}".encode()).hexdigest()
    out = CACHE / "site-wheel" / key[:16] / wheel.name
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(tmp, "w") as target:
        record_name = next(n for n in source.namelist() if n.endswith(".dist-info/RECORD"))
        record = []
        for info in sorted(source.infolist(), key=lambda i: i.filename):
            if info.filename == record_name or info.is_dir():
                continue
            name, data = info.filename, source.read(info)
            if _is_data(name, SITE_OMITS) or name.startswith(SITE_OMITS_FOLDERS):
                continue
            if _is_data(name, REMOTE_DATA):
                name, data = name + ".remote", b""
            if name.endswith(".dist-info/METADATA"):
                data = data.split(b"\n\n", 1)[0] + b"\n"  # the headers only
            target.writestr(zip_entry(name, when), data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            record.append(f"{name},sha256={digest.decode()},{len(data)}")
        record.append(f"{record_name},,")
        target.writestr(zip_entry(record_name, when), "\n".join(record) + "\n")
    tmp.replace(out)
    return out


def _is_data(name: str, files: tuple[str, ...]) -> bool:
    parts = name.split("/")
    return len(parts) == 4 and parts[:2] == ["iqpuzzles", "data"] and parts[3] in files


def remote_data() -> dict[str, Path]:
    """site path (data/<game>/<file>) -> the package's file, for every REMOTE_DATA file."""
    folder = ROOT / "py" / "iqpuzzles" / "data"
    return {f"data/{path.parent.name}/{path.name}": path
            for name in REMOTE_DATA for path in sorted(folder.glob(f"*/{name}"))}
