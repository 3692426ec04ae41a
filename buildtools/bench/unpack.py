"""What unpacking the engine's files costs the worker: each packed file of the built site
(dist/) unpacked with the worker's own xz decoder (npm's xz-decompress) in Chromium, with
the CPU as it is and slowed 4x (a phone, as Lighthouse's mobile setting emulates one),
against the browser's native gzip of the same file for scale. The bytes are in memory
first: this is the decoder's time alone, not the network's.

    python -m buildtools.bench.unpack [--runs 5]       (after python build.py build)

Medians over the runs, in milliseconds.
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from ..browsers import CHROMIUM, CHROMIUM_ARGS
from ..common import DIST
from ..compress import unpack
from ..node import NODE_MODULES
from ..server import serve_in_thread

# Runs in a worker (as the site's decoder does): unpacks each file `runs` times, in turns.
BENCH = """
importScripts("xz-decompress.js");
const { XzReadableStream } = self["xz-decompress"];
const read = async (stream) => new Uint8Array(await new Response(stream).arrayBuffer());
onmessage = async ({ data: { names, runs } }) => {
  const packed = {}, gzipped = {};
  for (const name of names) {
    packed[name] = new Uint8Array(await (await fetch(name + ".xz")).arrayBuffer());
    gzipped[name] = new Uint8Array(await (await fetch(name + ".gz")).arrayBuffer());
  }
  const times = {};
  for (let run = 0; run < runs; run++) {
    for (const name of names) {
      let t = performance.now();
      const size = (await read(new XzReadableStream(new Blob([packed[name]]).stream()))).length;
      const xz = performance.now() - t;
      t = performance.now();
      await read(new Blob([gzipped[name]]).stream().pipeThrough(new DecompressionStream("gzip")));
      const gz = performance.now() - t;
      (times[name] ??= []).push({ xz, gz, size });
    }
  }
  postMessage(times);
};
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright  # a test dependency, imported late

    engine = json.loads((DIST / "engine.json").read_text())
    with tempfile.TemporaryDirectory(prefix="iq-unpack-") as tmp:
        folder = Path(tmp)
        for name, packed in engine["files"].items():
            shutil.copyfile(DIST / packed, folder / (name + ".xz"))
            data = unpack(DIST / packed)
            (folder / (name + ".gz")).write_bytes(gzip.compress(data, 9, mtime=0))
        decoder = NODE_MODULES / "xz-decompress" / "dist" / "package"
        shutil.copyfile(decoder / "xz-decompress.min.js", folder / "xz-decompress.js")
        (folder / "bench.js").write_text(BENCH)
        (folder / "index.html").write_text("<!doctype html><title>unpack</title>")
        server = serve_in_thread(folder)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM,
                                         args=CHROMIUM_ARGS)
            try:
                for cpu in (1, 4):
                    page = browser.new_page(bypass_csp=True)
                    page.context.new_cdp_session(page).send(
                        "Emulation.setCPUThrottlingRate", {"rate": cpu})
                    page.goto(server.url)
                    times = page.evaluate("""([names, runs]) => new Promise((resolve) => {
                      const worker = new Worker("bench.js");
                      worker.onmessage = (event) => resolve(event.data);
                      worker.postMessage({ names, runs });
                    })""", [list(engine["files"]), args.runs])
                    page.close()
                    print(f"\nCPU {'as it is' if cpu == 1 else f'{cpu}x slower'} "
                          f"(median of {args.runs}, ms):")
                    print(f"  {'file':38s} {'unpacked':>10s} {'xz':>8s} {'gzip':>8s}")
                    total_xz = total_gz = 0.0
                    for name, runs in times.items():
                        xz = statistics.median(r["xz"] for r in runs)
                        gz = statistics.median(r["gz"] for r in runs)
                        total_xz, total_gz = total_xz + xz, total_gz + gz
                        print(f"  {name:38s} {runs[0]['size'] / 1e6:7.2f} MB {xz:8.0f} {gz:8.0f}")
                    print(f"  {'together':38s} {'':10s} {total_xz:8.0f} {total_gz:8.0f}")
            finally:
                browser.close()
                server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
