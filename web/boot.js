// Boot: register the service worker (updates.js: and apply a new release), start Python
// in its worker, show the loading progress, and start the game UI (app.js). The shell and (on a return visit) the last
// board are drawn at once; the game becomes playable as soon as Python answers, and then
// <html data-ready="true"> is set.
import { PythonBridge } from "./python/bridge.js";
import { earlyFiles, prefetch } from "./python/early.js";
import { lastGame, loadLanguage, loadSettings, readHash } from "./progress/store.js";
import { applyTheme } from "./chrome/theme.js";
import { Releases } from "./chrome/updates.js";
import { nextTask } from "./lib/idle.js";
import * as i18n from "./words/i18n.js";
import { showPageWords } from "./words/pagewords.js";
import { framedElsewhere, offerOwnTab } from "./chrome/framed.js";

// the player's theme before anything else is drawn (App reads the settings again)
applyTheme(loadSettings().theme);
// the catalog of the player's language (the stored choice, else the browser's) fetched now
i18n.start(loadLanguage());

// what the player reads while the engine loads (the board is already there to look at)
const STAGE_TEXT = {
  download: (percent) => i18n.t("Loading the puzzle engine… {percent}%", { percent }),
  start: (percent) => i18n.t("Starting the puzzle engine… {percent}%", { percent }),
};

const root = document.documentElement;
const bar = /** @type {HTMLProgressElement} */ (document.getElementById("load-progress"));
const stage = document.getElementById("load-stage");
const status = document.getElementById("status");

// The line moves in steps of 5%, at most every EVERY_MS: the worker reports every chunk
// it receives (hundreds), and each change of the page is a frame of its main thread's (a
// phone's, while it also builds the board); on a fast link the whole download would be
// twenty frames in half a second, each a task beside the board's.
const STEP = 5;
const EVERY_MS = 300;
let shown = stage.textContent; // (index.html's words, until the catalog is in)
let shownAt = -Infinity;
let later = 0; // a timer that shows the latest progress once EVERY_MS is over
let last = null; // the last progress reported (said again in a new language)

/** The line says `text` (a change only if it says something else). */
function showText(text, value) {
  if (text === shown) return;
  shown = text;
  shownAt = performance.now();
  if (value !== undefined) bar.value = value;
  stage.textContent = text;
}

function showProgress(progress) {
  last = progress;
  if (later) return; // shown when the timer fires
  const wait = shownAt + EVERY_MS - performance.now();
  if (wait > 0) {
    later = setTimeout(() => {
      later = 0;
      showProgress(last);
    }, wait);
    return;
  }
  const percent = Math.round((100 * progress.fraction) / STEP) * STEP;
  showText((STAGE_TEXT[progress.stage] ?? STAGE_TEXT.start)(percent), percent / 100);
}

// the page's words in its language as soon as its catalog is in (a first visit in
// French reads French from then on), the loading line's too
const loadingWords = () => {
  if (last) showProgress(last);
  else showText(i18n.t("Loading the puzzle engine…"));
};
i18n.ready.then(() => {
  showPageWords();
  loadingWords();
});
i18n.onChange(loadingWords);

if (framedElsewhere()) {
  root.dataset.framed = "true";
  await i18n.ready;
  offerOwnTab(stage);
  await new Promise(() => {}); // (nothing more: no engine, no game, in another site's frame)
}

let app = null;
// a new release is applied with the game in progress saved (App's own save; none before
// the game UI is made)
const releases = new Releases({ bar: status.parentElement, save: () => app?.save() });
releases.start(); // (a first visit's worker: once the page is playable, below)

const python = new PythonBridge(new URL("./worker.js", import.meta.url), showProgress);
// the first board's data, fetched while the game's code loads
prefetch(readHash().game ?? lastGame(null));
window.iq = { python };
// Python speaks the page's language: told once the page's is known, and at each change
i18n.ready.then((language) => python.setLanguage(language));
i18n.onChange((language) => python.setLanguage(language));

python.ready.then(
  (info) => {
    root.dataset.python = info.python;
    root.dataset.snapshot = String(info.snapshot); // started from a kept memory snapshot
  },
  () => {},
);

try {
  // the game's code and the catalog of the page's language come at once
  const [{ App }] = await Promise.all([import("./app.js"), i18n.ready]);
  await nextTask(); // the game's code is run, then its parts made, then the board: a task each
  const made = new App(python, { between: () => releases.between() });
  await made.build(); // its parts, a task or so each
  app = made;
  window.iq.app = app;
} catch (e) {
  console.error(e);
  status.textContent = i18n.t("The game could not start. Reload the page to try again.");
}

/** Once the game is playable, ask the service worker to keep the rest of the site for
 *  offline play (it fetches only what the page has not downloaded), and the early files
 *  this page drew from; <html data-offline> says when it is done. */
async function keepForOffline() {
  // (none, or one that is undefined: a private window of some browsers, workers blocked)
  if (!navigator.serviceWorker) return;
  const registration = await navigator.serviceWorker.ready;
  const channel = new MessageChannel();
  const answered = new Promise((resolve) => { channel.port1.onmessage = (event) => resolve(event.data); });
  registration.active?.postMessage({ type: "complete", kept: earlyFiles() }, [channel.port2]);
  const answer = await answered;
  root.dataset.offline = answer?.ok ? "ready" : "failed";
}

if (app) {
  await nextTask();
  try {
    await app.start();
  } finally {
    await releases.playable();
  }
  keepForOffline().catch((e) => console.warn("offline copy:", e));
  releases.check(); // a new release, looked for once this one is playable
} else {
  // Without the game UI, still report when Python is up.
  releases.playable();
  python.go();
  try {
    await python.ready;
    window.iq.pong = await python.call("ping");
    root.dataset.ready = "true";
  } catch (e) {
    status.textContent = i18n.t("The puzzle engine could not start. Reload the page to try again.");
  }
}
