"""Lighthouse's mobile audit of the site (web/tools/lighthouse.mjs: mobile defaults, a
simulated slow 4G link and a 4x slower CPU), as bench-web prints it."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from statistics import median_high as median

from ..browsers import CHROMIUM
from ..node import NODE_MODULES, node_tool
from ..server import make_server

# (title, Lighthouse's key, how the median is printed; " s": milliseconds shown as seconds)
COLUMNS = (("performance", "performance", "{:.0f}"), ("FCP", "fcp", "{:.2f} s"),
           ("LCP", "lcp", "{:.2f} s"), ("TBT", "tbt", "{:.0f} ms"),
           ("CLS", "cls", "{:.3f}"), ("SEO", "seo", "{:.0f}"))


def bench_lighthouse(site: Path, runs: int) -> dict:
    """Lighthouse over a first and a return visit of #game=steps, `runs` times, the site
    served gzipped as GitHub Pages serves it; prints the medians and where the main
    thread's time went."""
    server = make_server(site)
    server.warm(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        out = node_tool("lighthouse.mjs", server.url + "#game=steps", str(runs),
                        capture_output=True, text=True,
                        env=dict(os.environ, CHROME_PATH=CHROMIUM)).stdout
    finally:
        server.shutdown()
        server.server_close()
    results = json.loads(out)
    print(f"\nLighthouse {lighthouse_version()}, mobile (median of {runs} runs, #game=steps):")
    print("  " + f"{'visit':14s}" + "".join(f"{title:>13s}" for title, _, _ in COLUMNS))
    for visit, steps in results.items():
        cells = []
        for _, key, form in COLUMNS:
            value = median([step[key] for step in steps])
            cells.append(form.format(value / 1000 if form.endswith(" s") else value))
        print("  " + f"{visit + ' visit':14s}" + "".join(f"{c:>13s}" for c in cells))
    for visit, steps in results.items():
        counted = [step["blocking"] for step in steps if step.get("blocking")]
        if counted:  # (what part of it the page's own work is: lighthouse.mjs blockingOf)
            print(f"  {visit} visit, blocking time in Lighthouse's trace, its tasks by wall "
                  f"time {median([b['wall'] for b in counted])} ms, by CPU time "
                  f"{median([b['cpu'] for b in counted])} ms (each run: "
                  f"{', '.join(str(b['cpu']) for b in counted)})")
        groups = {g: median([step["mainThread"].get(g, 0) for step in steps])
                  for g in steps[0]["mainThread"]}
        work = ", ".join(f"{g} {ms / 1000:.2f} s" for g, ms in groups.items() if ms >= 10)
        longest = sorted((t["ms"], t["url"].rsplit("/", 1)[-1] or "the page")
                         for step in steps for t in step["longTasks"])[::-1][:4]
        print(f"  {visit} visit, main thread: {work}")
        print(f"    longest tasks (of {runs} runs): " + (", ".join(
            f"{ms} ms {where}" for ms, where in longest) or "none"))
        failing = sorted({a for step in steps for a in step["failing"]})
        if failing:
            print(f"    SEO audits failing: {', '.join(failing)}")
    return results


def lighthouse_version() -> str:
    return json.loads((NODE_MODULES / "lighthouse" / "package.json").read_text())["version"]
