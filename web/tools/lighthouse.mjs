// Lighthouse (pinned in web/package.json) over a first and a return visit of one page,
// with its default mobile settings (a simulated slow 4G link, the CPU slowed 4x), run by
// `python build.py bench-web`, which serves the site gzipped as GitHub Pages does.
// Usage: node lighthouse.mjs URL RUNS      (CHROME_PATH: the Chromium to drive)
// Prints one JSON object: {first: [run...], return: [run...]}, each run the scores
// (0-100), the metrics in ms (CLS unitless), where the main thread's time went and the
// long tasks, so bench-web can print medians and say what the time was spent on.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFlow } from "lighthouse";

// the puppeteer-core Lighthouse was made with (web/ pins another one for its tests)
const here = createRequire(import.meta.url);
const puppeteer = createRequire(here.resolve("lighthouse"))("puppeteer-core");

const [url, runsText] = process.argv.slice(2);
const runs = Number(runsText ?? 3);
if (!url || !Number.isInteger(runs) || runs < 1) {
  console.error("usage: node lighthouse.mjs URL RUNS");
  process.exit(2);
}
const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";

const CONFIG = {
  extends: "lighthouse:default", // mobile: the default form factor and throttling
  settings: { onlyCategories: ["performance", "seo"] },
};

/** The blocking time of the page's main-thread tasks from its first paint to the trace's
 *  end, each task reckoned as Lighthouse's simulation reckons one (its time 4x, 2x when it
 *  laid out; less 50 ms): `wall` from the tasks' wall time, as the simulation sees them
 *  (on a busy machine that counts the time a task waited for a core), `cpu` from their
 *  time on the CPU (the page's own work, whatever the machine was doing beside it). */
function blockingOf(trace) {
  const events = trace?.traceEvents ?? [];
  const paint = events.filter((e) => e.name === "firstContentfulPaint").at(-1);
  const thread = paint && events.find((e) => e.ph === "M" && e.name === "thread_name"
    && e.pid === paint.pid && e.args?.name === "CrRendererMain");
  if (!thread) return null;
  const onMain = events.filter((e) => e.ph === "X" && e.pid === thread.pid && e.tid === thread.tid)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const layouts = onMain.filter((e) => e.name === "Layout").map((e) => e.ts);
  const blocking = { wall: 0, cpu: 0 };
  let end = 0;
  for (const task of onMain) {
    if (!["RunTask", "ThreadControllerImpl::RunTask"].includes(task.name) || task.ts < end) continue;
    end = task.ts + task.dur;
    if (task.ts < paint.ts) continue;
    const times = layouts.some((ts) => ts >= task.ts && ts < end) ? 2 : 4;
    blocking.wall += Math.max(0, (task.dur / 1000) * times - 50);
    blocking.cpu += Math.max(0, ((task.tdur ?? task.dur) / 1000) * times - 50);
  }
  return { wall: Math.round(blocking.wall), cpu: Math.round(blocking.cpu) };
}

/** What bench-web prints from one step's result (lhr). */
function summary(lhr, trace) {
  const audit = (id) => lhr.audits[id];
  const items = (id) => audit(id)?.details?.items ?? [];
  return {
    performance: Math.round(100 * lhr.categories.performance.score),
    seo: Math.round(100 * lhr.categories.seo.score),
    fcp: audit("first-contentful-paint").numericValue,
    lcp: audit("largest-contentful-paint").numericValue,
    tbt: audit("total-blocking-time").numericValue,
    blocking: blockingOf(trace),
    cls: audit("cumulative-layout-shift").numericValue,
    mainThread: Object.fromEntries(items("mainthread-work-breakdown").map((i) => [i.groupLabel ?? i.group, Math.round(i.duration)])),
    longTasks: items("long-tasks").map((i) => ({ url: i.url, ms: Math.round(i.duration), at: Math.round(i.startTime) })),
    failing: Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && ["seo"].some((c) => lhr.categories[c].auditRefs.some((r) => r.id === a.id && r.weight > 0))).map((a) => a.id),
  };
}

async function oneRun() {
  const profile = mkdtempSync(join(tmpdir(), "iq-lighthouse-"));
  const browser = await puppeteer.launch({
    executablePath: chrome,
    headless: true,
    userDataDir: profile,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  try {
    const page = await browser.newPage();
    const flow = await startFlow(page, { config: CONFIG });
    await flow.navigate(url, { name: "first visit" });
    // a return visit comes back to what the first one kept: wait for its offline copy
    await page.waitForSelector("html[data-offline]", { timeout: 600_000 });
    // from another page: the same address with only its hash would not load the page again
    await page.goto("about:blank");
    await flow.navigate(url, { name: "return visit" }); // storage kept (a repeat navigation)
    const result = await flow.createFlowResult();
    const traces = flow.createArtifactsJson().gatherSteps.map((step) => step.artifacts.Trace);
    const [first, again] = result.steps.map((step, i) => summary(step.lhr, traces[i]));
    return { first, again };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const out = { first: [], return: [] };
for (let i = 0; i < runs; i++) {
  const { first, again } = await oneRun();
  out.first.push(first);
  out.return.push(again);
  console.error(`[lighthouse] run ${i + 1} of ${runs}: first ${first.performance}, return ${again.performance}`);
}
console.log(JSON.stringify(out));
