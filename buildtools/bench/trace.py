"""bench-web --trace: where the page's main thread spends each of its long tasks. A first
and a return visit of #game=steps in Chromium, then the player's scripted actions
(actions.py), recorded with Chromium's tracing: its tasks timed in one run, and the
functions in them sampled by V8's CPU profiler in a second (the profiler slows script
down, so it does not time them); every task of the page's main thread over 50 ms with
the CPU 4x slower (as Lighthouse's mobile setting) until a piece can be placed, over
100 ms in the actions after, is printed with what it did: the trace's own kinds of work
(script, style, layout, ...) and the page's functions that ran longest in it, named
through the bundle's source maps (the bundle built again with them, web/tools/bundle.mjs;
the code is the same, only its chunks' names differ).

A task's time "at 4x" is, by default, its CPU time on the page's thread times 4, traced
at full speed (as Lighthouse's simulation reckons a phone's: its observed tasks times
4): other processes on the machine barely change it. With `throttle`, the page runs
slowed by DevTools (Emulation.setCPUThrottlingRate) and a task's time is its wall time:
a phone's, on a machine doing nothing else (DevTools' throttle keeps the thread busy
while it holds it back, so there its CPU time says nothing more)."""

from __future__ import annotations

import json
import os
import re
import tempfile
import threading
from collections import Counter, defaultdict
from pathlib import Path

from ..browsers import CHROMIUM, CHROMIUM_ARGS
from ..common import WEB
from ..node import node_tool
from ..server import make_server
from .actions import open_challenge, run_actions, wait_for_mark
from .visits import MILESTONES

PROFILER = "disabled-by-default-v8.cpu_profiler"
CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline",
              "v8.execute", PROFILER, "blink.user_timing", "loading", "v8"]
TASKS = {"RunTask", "ThreadControllerImpl::RunTask"}
# profile nodes that are no function of the page
NOT_CODE = {"(root)", "(program)", "(idle)", "(garbage collector)"}
CHUNK = re.compile(r"chunk-[A-Z0-9]{8}\.js")
# how many functions a task lists (IQ_TRACE_ROWS: more, to look deeper)
ROWS = int(os.environ.get("IQ_TRACE_ROWS", "12"))


def bench_trace(site: Path, cpu: float = 4, before_ready: float = 50,
                after_ready: float = 100, sources: Path = WEB, throttle: bool = False) -> dict:
    """Trace a first visit, a return visit and the actions of actions.py, their tasks
    reckoned at `cpu` times slower (`throttle`: run so); print each task over
    `before_ready` ms until the page is ready and over `after_ready` ms after, and the
    blocking time of each visit (`sources`: the web/ folder `site` was built from, for the
    source maps). Returns {step: [task...]}.

    Twice: the tasks are timed in a run without V8's CPU profiler (its samples slow the
    page's script down: a win's task took 57-64 ms at 4x without it, 123 with it), and
    their functions are named from a second run with it, each task by the task of the
    same rank in the same step there."""
    maps = source_maps(site, sources)
    timed, blocking, longest_task = traced_run(site, cpu, before_ready, after_ready, throttle,
                                               profiled=False)
    named_run, _, _ = traced_run(site, cpu, before_ready / 2, after_ready / 2, throttle,
                              profiled=True, maps=maps)
    for step, tasks in timed.items():
        twins = sorted(named_run.get(step, []), key=lambda t: -t["ms"])
        for rank, task in enumerate(sorted(tasks, key=lambda t: -t["ms"])):
            twin = twins[rank] if rank < len(twins) else None
            task["functions"] = twin["functions"] if twin else []
            task["harness"] = bool(twin and twin["harness"])
            task["profiled"] = twin["ms"] if twin else None
    report(timed, blocking, longest_task, cpu, throttle)
    return timed


def traced_run(site: Path, cpu: float, before_ready: float, after_ready: float,
               throttle: bool, profiled: bool, maps: dict | None = None
               ) -> tuple[dict, dict, dict]:
    """One run of the visits and the actions, traced (`profiled`: with V8's CPU profiler,
    whose samples name the functions): ({step: [task over its threshold...]}, {visit:
    (blocking until placeable, blocking in the AFTER ms after)}, {step: its longest task's
    ms, the margin a step under its threshold has})."""
    from playwright.sync_api import sync_playwright  # a test dependency, imported late

    categories = CATEGORIES if profiled else [c for c in CATEGORIES if c != PROFILER]
    maps = maps or {}
    server = make_server(site)
    server.warm(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    found: dict[str, list[dict]] = {}
    blocking: dict[str, tuple[float, float]] = {}
    longest_task: dict[str, float] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
            context.add_init_script(path=MILESTONES)
            url = server.url + "#game=steps"
            for visit in ("first visit", "return visit"):
                page = context.new_page()
                if throttle:
                    slow(context, page, cpu)
                browser.start_tracing(page=page, categories=categories)
                page.goto(url)
                wait_for_mark(page, "ready")
                ready = page.evaluate("window.__marks.ready")
                wait_for_mark(page, "offline")
                page.wait_for_function(f"performance.now() > {ready + AFTER}", polling=500,
                                       timeout=AFTER * 4)
                tasks, painted = tasks_of(json.loads(browser.stop_tracing()), server.url, maps,
                                          1 if throttle else cpu, before_ready)
                until = [t for t in tasks if 0 <= t["start"] <= ready]
                found[f"{visit} until placeable"] = [t for t in until if t["ms"] > before_ready]
                longest_task[f"{visit} until placeable"] = max((t["ms"] for t in until), default=0)
                blocking[visit] = (
                    blocked(t for t in tasks if painted <= t["start"] <= ready),
                    blocked(t for t in tasks if ready < t["start"] <= ready + AFTER))
                page.close()
            page = context.new_page()
            if throttle:
                slow(context, page, cpu)
            open_challenge(page, url)

            def traced(name, step):
                browser.start_tracing(page=page, categories=categories)
                step()
                tasks, _ = tasks_of(json.loads(browser.stop_tracing()), server.url, maps,
                                    1 if throttle else cpu, after_ready)
                found[name] = [t for t in tasks if t["ms"] > after_ready]
                longest_task[name] = max((t["ms"] for t in tasks), default=0)
            run_actions(page, traced)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return found, blocking, longest_task


AFTER = 5000  # ms after the page is ready whose blocking time is told apart (Lighthouse's
# time to interactive waits for 5 s without a long task)


def blocked(tasks) -> float:
    """Total blocking time: the sum over tasks of their time over 50 ms (Lighthouse's)."""
    return sum(max(0.0, t["ms"] - 50) for t in tasks)


def slow(context, page, cpu: float) -> None:
    """The page's CPU `cpu` times slower (DevTools' throttling, as Lighthouse's mobile)."""
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})


def source_maps(site: Path, sources: Path = WEB) -> dict[str, SourceMap]:
    """The source map of each bundle file of `site` (by its name there), from the bundle
    built again with maps: the same code, in chunks named otherwise (a chunk's name is a
    hash that covers its map), matched by their code with the chunks' names set aside."""
    with tempfile.TemporaryDirectory(prefix="iq-maps-") as tmp:
        out = Path(tmp)
        node_tool("bundle.mjs", "boot.js", str(out / "site"), str(out / "meta.json"),
                  "sourcemap", capture_output=True, cwd=sources)
        built = {CHUNK.sub("chunk", p.read_text()): p for p in (out / "site").glob("*.js")
                 if p.with_name(p.name + ".map").exists()}
        maps = {}
        for path in site.glob("*.js"):
            twin = built.get(CHUNK.sub("chunk", path.read_text()))
            if twin is not None:
                maps[path.name] = SourceMap(json.loads(twin.with_name(twin.name + ".map")
                                                       .read_text()))
        return maps


class SourceMap:
    """A source map's segments, decoded (VLQ): for a place in the bundle, the place in the
    page's own modules and the name it had there."""

    DIGITS = {c: i for i, c in enumerate(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")}

    def __init__(self, data: dict):
        self.sources = [s.rsplit("/", 1)[-1] for s in data["sources"]]
        self.names = data.get("names", [])
        self.lines: list[list[tuple[int, int, int, int, int]]] = []
        source = line = column = name = 0
        for text in data["mappings"].split(";"):
            segments = []
            generated = 0
            for segment in filter(None, text.split(",")):
                values = self._vlq(segment)
                generated += values[0]
                if len(values) >= 4:
                    source += values[1]
                    line += values[2]
                    column += values[3]
                    if len(values) >= 5:
                        name += values[4]
                    segments.append((generated, source, line, column,
                                     name if len(values) >= 5 else -1))
            self.lines.append(segments)

    def _vlq(self, text: str) -> list[int]:
        values, shift, value = [], 0, 0
        for char in text:
            digit = self.DIGITS[char]
            value += (digit & 31) << shift
            if digit & 32:
                shift += 5
            else:
                values.append(-(value >> 1) if value & 1 else value >> 1)
                shift = value = 0
        return values

    def find(self, line: int, column: int) -> tuple[str, int, str | None] | None:
        """(source file, line from 1, original name or None) of a 0-based place."""
        if line >= len(self.lines):
            return None
        best = None
        for segment in self.lines[line]:
            if segment[0] > column:
                break
            best = segment
        if best is None:
            return None
        _, source, src_line, _, name = best
        return self.sources[source], src_line + 1, self.names[name] if name >= 0 else None


def tasks_of(trace: dict, origin: str, maps: dict[str, SourceMap], scale: float,
             explain: float) -> tuple[list[dict], float]:
    """The main-thread tasks of the page at `origin` in a trace, each with its time (ms:
    its CPU time on the thread times `scale`; `scale` 1: its wall time, for a page slowed
    by DevTools) and its start (ms in the page's clock); those over `explain` ms with
    their kinds of work and functions. And when the page first painted something (ms; 0
    when the trace does not say)."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main = main_thread(events, origin)
    on_main = sorted((e for e in events if (e["pid"], e["tid"]) == main and e.get("ph") == "X"
                      and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))
    start_at = navigation_start(events, main)
    painted = [e["ts"] for e in events if e.get("name") == "firstContentfulPaint"
               and e["pid"] == main[0]]
    samples = profile_samples(events, main)
    found = []
    last_end = 0
    for task in on_main:
        if task["name"] not in TASKS or task["ts"] < last_end:
            continue
        last_end = task["ts"] + task["dur"]
        ms = own_time(task, scale) / 1000
        found.append({"start": (task["ts"] - start_at) / 1000, "ms": ms,
                      "wall": task["dur"] / 1000})
        if ms > explain:
            inside = [e for e in on_main if task["ts"] <= e["ts"]
                      and e["ts"] + e["dur"] <= last_end and e is not task]
            # the profiler's own start, where the trace began: the trace's, not the page's
            profiler = sum(own_time(e, scale) for e in inside
                           if e["name"] == "CpuProfiler::StartProfiling") / 1000
            found[-1].update({"ms": ms - profiler, "work": work_of(inside, scale),
                              "functions": functions_of(samples, task["ts"], last_end, maps,
                                                        ms - profiler),
                              "harness": harness(samples, task["ts"], last_end, origin)})
    return found, (min(painted) - start_at) / 1000 if painted else 0.0


def main_thread(events: list[dict], origin: str) -> tuple[int, int]:
    """(pid, tid) of the main thread of the page at `origin`: its renderer's (the frames
    traced, and the documents parsed from `origin`), the busiest if a page changed
    process."""
    pages = {f["processId"] for e in events if e.get("name") == "TracingStartedInBrowser"
             for f in e["args"]["data"].get("frames", []) if f.get("isInPrimaryMainFrame")}
    pages |= {e["pid"] for e in events if e.get("name") == "ParseHTML"
              and e["args"].get("beginData", {}).get("url", "").startswith(origin)}
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    busy: Counter = Counter()
    for e in events:
        key = (e.get("pid"), e.get("tid"))
        if e.get("name") in TASKS and names.get(key) == "CrRendererMain" and key[0] in pages:
            busy[key] += e.get("dur", 0)
    if not busy:
        raise RuntimeError("the page's main thread is not in the trace")
    return busy.most_common(1)[0][0]


def own_time(event: dict, scale: float) -> float:
    """An event's CPU time on its thread times `scale` (its wall time where the trace has
    none, or for `scale` 1), µs."""
    return event["dur"] if scale == 1 else event.get("tdur", event["dur"]) * scale


def navigation_start(events: list[dict], main: tuple[int, int]) -> float:
    """The page's time origin in the trace's clock (its navigationStart), µs (the trace's
    start when it has none: a trace of a page loaded before)."""
    starts = [e["ts"] for e in events if e.get("name") == "navigationStart"
              and e["pid"] == main[0]]
    return max(starts) if starts else min(e["ts"] for e in events if e.get("ts"))


def work_of(inside: list[dict], scale: float) -> list[tuple[str, float]]:
    """Each kind of work in a task, its own time (its events' time less their children's,
    as own_time reckons it), in ms, longest first."""
    own: defaultdict[str, float] = defaultdict(float)
    stack: list[dict] = []
    for e in inside:  # sorted by start, longer first: a parent before its children
        while stack and e["ts"] >= stack[-1]["ts"] + stack[-1]["dur"]:
            stack.pop()
        own[e["name"]] += own_time(e, scale)
        if stack:
            own[stack[-1]["name"]] -= own_time(e, scale)
        stack.append(e)
    return [(name, us / 1000) for name, us in longest(own) if us >= 2000]


def profile_samples(events: list[dict], main: tuple[int, int]) -> list[tuple[float, list]]:
    """The CPU profiler's samples of the main thread: (time µs, stack of call frames, the
    leaf first)."""
    starts = {e["id"]: e for e in events if e.get("name") == "Profile"
              and e["pid"] == main[0]}
    ours = {i for i, e in starts.items() if e["tid"] == main[1]} or set(starts)
    nodes: dict = defaultdict(dict)
    times: dict = {}
    out = []
    for e in events:
        if e.get("name") != "ProfileChunk" or e.get("id") not in ours \
                or e["pid"] != main[0]:
            continue
        data = e["args"]["data"]
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes", []):
            nodes[e["id"]][node["id"]] = node
        t = times.get(e["id"], starts[e["id"]]["args"]["data"]["startTime"])
        for sample, delta in zip(profile.get("samples", []), data.get("timeDeltas", []),
                                 strict=False):
            t += delta
            stack = []
            node = nodes[e["id"]].get(sample)
            while node is not None:
                stack.append(node["callFrame"])
                node = nodes[e["id"]].get(node.get("parent"))
            out.append((t, stack))
        times[e["id"]] = t
    return out


def harness(samples: list[tuple[float, list]], start: float, end: float, origin: str) -> bool:
    """Whether a task ran the test harness's script more than the page's (Playwright's
    queries run in the page's main thread, from a script of no address)."""
    ours = theirs = 0
    for t, stack in samples:
        if start <= t <= end:
            frames = [f for f in stack if f.get("functionName") not in NOT_CODE]
            if frames:  # the outermost function: the page's, or Playwright's
                if frames[-1].get("url", "").startswith(origin):
                    ours += 1
                elif not frames[-1].get("url"):
                    theirs += 1
    return theirs > ours


def named(frame: dict, maps: dict[str, SourceMap]) -> str:
    """A call frame in the page's own words: the module's function name and place."""
    name = frame.get("functionName") or "(anonymous)"
    file = frame.get("url", "").rsplit("/", 1)[-1]
    source = maps.get(file)
    if source is not None:
        place = source.find(frame.get("lineNumber", 0), frame.get("columnNumber", 0))
        if place is not None:
            module, line, original = place
            return f"{original or name} ({module}:{line})"
    return f"{name} ({file}:{frame.get('lineNumber', 0) + 1})" if file else name


def functions_of(samples: list[tuple[float, list]], start: float, end: float,
                 maps: dict[str, SourceMap], ms: float) -> list[tuple[str, float, float]]:
    """The functions sampled in [start, end], a task of `ms`: (name, its share of the
    samples with it on the stack, at its top, as ms of the task), those longest on the
    stack first."""
    inside = [(t, stack) for t, stack in samples if start <= t <= end]
    if not inside:
        return []
    step = ms / len(inside)  # the part of the task each sample stands for
    total: defaultdict[str, float] = defaultdict(float)
    top: defaultdict[str, float] = defaultdict(float)
    for _, stack in inside:
        frames = [f for f in stack if f.get("functionName") not in NOT_CODE]
        seen = set()
        for i, frame in enumerate(frames):
            label = named(frame, maps) if frame.get("url") else frame.get("functionName") \
                or "(anonymous)"
            if i == 0:
                top[label] += step
            if label not in seen:
                seen.add(label)
                total[label] += step
        if not frames and stack:
            top[stack[0].get("functionName", "?")] += step
    return [(label, ms, top[label]) for label, ms in longest(total)[:ROWS]] + \
        [(label, 0.0, ms) for label, ms in longest(top)[:3] if label in NOT_CODE]


def longest(times: dict[str, float]) -> list[tuple[str, float]]:
    return sorted(times.items(), key=lambda item: -item[1])


def report(found: dict[str, list[dict]], blocking: dict[str, tuple[float, float]],
           longest_task: dict[str, float], cpu: float, throttle: bool) -> None:
    how = (f"run {cpu:g}x slower by DevTools, as long as it took" if throttle else
           f"its CPU time at full speed times {cpu:g}; in brackets how long it took here")
    print(f"\nThe page's main-thread tasks over 50 ms until a piece can be placed, over 100 ms "
          f"in a player's actions after, with the CPU {cpu:g}x slower (#game=steps, 390x844; "
          f"a task: {how}), each with its kinds of work and its functions (ms on the "
          f"stack, ms at the top), on a machine at load {os.getloadavg()[0]:.1f}; for a step "
          f"with none, its longest task:")
    for step, tasks in found.items():
        print(f"  {step}: " + (", ".join(
            f"{t['ms']:.0f} ms" + (" (Playwright's)" if t["harness"] else "") for t in tasks)
            or f"none (longest {longest_task.get(step, 0):.0f} ms)"))
        for task in tasks:
            whose = " (Playwright's own script)" if task["harness"] else ""
            print(f"    {task['ms']:.0f} ms task at {task['start']:.0f} ms [{task['wall']:.0f} "
                  f"ms]{whose}: " + ", ".join(f"{name} {ms:.0f}" for name, ms in task["work"][:6]))
            if task.get("profiled") is not None:
                print(f"      its functions, from the run with the profiler (its task there: "
                      f"{task['profiled']:.0f} ms):")
            for label, ms, own in task["functions"]:
                print(f"      {ms:6.0f} {own:6.0f}  {label}")
    print(f"  Blocking time (the sum of each task's time over 50 ms, as above) from the first "
          f"paint until a piece can be placed, and in the {AFTER / 1000:.0f} s after:")
    for visit, (until, after) in blocking.items():
        print(f"    {visit:14s} {until:6.0f} ms {after:6.0f} ms")


if __name__ == "__main__":  # python -m buildtools.bench.trace [SITE [ITS_WEB_FOLDER]] [--throttle]
    import sys
    paths = [a for a in sys.argv[1:] if not a.startswith("--")]
    bench_trace(Path(paths[0]) if paths else WEB.parent / "dist",
                sources=Path(paths[1]) if len(paths) > 1 else WEB,
                throttle="--throttle" in sys.argv)
