"""The engine's big files packed with xz for the site, standard library only (engine.py).

GitHub Pages compresses with gzip alone, and the engine's files are most of what a first
visit downloads before a piece can be placed: the runtime's WebAssembly, its JavaScript,
the standard library and the wheel. xz packs them a quarter smaller than gzip does (the
WebAssembly: 2.64 MB against 3.54 MB), so the site ships `<file>.xz` in their place and
the engine's worker unpacks them as they arrive (web/worker.js, with the npm package
xz-decompress). The zip archives are stored uncompressed inside (engine.py and wheel.py
write them so), so that xz sees across their files.

Reproducible: one file's bytes give the same packed bytes (LZMA2 on one thread is
deterministic), cached in .cache/xz/ by their hash and the settings below.
"""

from __future__ import annotations

import hashlib
import lzma
import os
import shutil
from pathlib import Path

SUFFIX = ".xz"  # what the worker asks for: the engine file's name and this (worker.js)
# Bump when the settings change, so cached packs are made again.
RECIPE = "1"
# xz-decompress runs XZ Embedded, which checks CRC32 (CRC64 is optional there). pb=0: the
# files are bytes, not aligned words (2.636 MB against 2.642 MB for the WebAssembly).
CHECK = lzma.CHECK_CRC32
PRESET = 9 | lzma.PRESET_EXTREME
SMALLEST_DICTIONARY = 1 << 16
KEEP = 12  # packs kept in the cache: three builds' worth


def dictionary_size(size: int) -> int:
    """A dictionary as large as the file, no larger (a power of two): packing gains nothing
    from more, and the decoder in a phone's browser allocates what the file declares."""
    return max(SMALLEST_DICTIONARY, 1 << max(0, size - 1).bit_length())


def pack_bytes(data: bytes) -> bytes:
    filters = [{"id": lzma.FILTER_LZMA2, "preset": PRESET, "pb": 0,
                "dict_size": dictionary_size(len(data))}]
    return lzma.compress(data, format=lzma.FORMAT_XZ, check=CHECK, filters=filters)


def packed(path: Path, cache: Path) -> Path:
    """`path` packed with xz: a file in `cache`, made once for its content."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    h.update(f"recipe {RECIPE}".encode())
    out = cache / "xz" / h.hexdigest()[:16] / (path.name + SUFFIX)
    if out.exists():
        os.utime(out.parent)  # used: the newest are kept
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    tmp.write_bytes(pack_bytes(path.read_bytes()))
    tmp.replace(out)
    return out


def prune(cache: Path, keep: int = KEEP) -> None:
    """Only the packs used last stay in the cache (a build uses four)."""
    folders = sorted((cache / "xz").iterdir(), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in folders[keep:]:
        shutil.rmtree(old, ignore_errors=True)


def pack_site_files(site: Path, names: list[str], cache: Path) -> dict[str, str]:
    """Replace each of `names` in `site` by its xz pack; returns name -> the packed file's
    name in `site`."""
    served = {}
    for name in names:
        source = site / name
        shutil.copyfile(packed(source, cache), site / (name + SUFFIX))
        source.unlink()
        served[name] = name + SUFFIX
    prune(cache)
    return served


def unpack(path: Path) -> bytes:
    """A packed file's original bytes (for tests and tools that read the site)."""
    return lzma.decompress(path.read_bytes(), format=lzma.FORMAT_XZ)
