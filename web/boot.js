// Boot: register the service worker, start Python in its worker, show the loading
// progress, and start the game UI (app.js). The shell and (on a return visit) the last
// board are drawn at once; the game becomes playable as soon as Python answers, and then
// <html data-ready="true"> is set.
import { PythonBridge } from "./bridge.js";
import { loadSettings } from "./store.js";
import { applyTheme } from "./theme.js";

// the player's theme before anything else is drawn (App reads the settings again)
applyTheme(loadSettings().theme);

const STAGE_TEXT = {
  download: "Downloading Python",
  start: "Starting Python",
  package: "Installing the puzzles",
  import: "Loading the puzzles",
};

const root = document.documentElement;
const bar = document.getElementById("load-progress");
const stage = document.getElementById("load-stage");
const status = document.getElementById("status");

function showProgress({ stage: name, fraction, loaded, total }) {
  bar.value = fraction;
  let text = STAGE_TEXT[name] ?? name;
  if (name === "download" && total) text += ` (${(loaded / 1e6).toFixed(1)} / ${(total / 1e6).toFixed(1)} MB)`;
  stage.textContent = `${text}…`;
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("./sw.js").catch((e) => console.warn("service worker:", e));
}

const python = new PythonBridge(new URL("./worker.js", import.meta.url), showProgress);
window.iq = { python };

python.ready.then(
  (info) => {
    root.dataset.python = info.python;
  },
  () => {},
);

let app = null;
try {
  const { App } = await import("./app.js");
  app = new App(python);
  window.iq.app = app;
} catch (e) {
  console.error(e);
  status.textContent = `The game could not start: ${e.message}`;
}

if (app) {
  app.start();
} else {
  // Without the game UI, still report when Python is up.
  try {
    await python.ready;
    window.iq.pong = await python.call("ping");
    root.dataset.ready = "true";
  } catch (e) {
    status.textContent = `Python could not start: ${e.message}`;
  }
}
