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

/** What bench-web prints from one step's result (lhr). */
function summary(lhr) {
  const audit = (id) => lhr.audits[id];
  const items = (id) => audit(id)?.details?.items ?? [];
  return {
    performance: Math.round(100 * lhr.categories.performance.score),
    seo: Math.round(100 * lhr.categories.seo.score),
    fcp: audit("first-contentful-paint").numericValue,
    lcp: audit("largest-contentful-paint").numericValue,
    tbt: audit("total-blocking-time").numericValue,
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
    const [first, again] = result.steps.map((step) => summary(step.lhr));
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
