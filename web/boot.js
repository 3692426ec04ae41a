// Boot: register the service worker, start Python in its worker and show the loading
// progress. Sets <html data-ready="true"> once Python has answered a ping.
// The game UI builds on window.iq.python (a PythonBridge).
import { PythonBridge } from "./bridge.js";

const STAGE_TEXT = {
  download: "Downloading Python",
  start: "Starting Python",
  package: "Installing the puzzles",
  import: "Loading the puzzles",
};

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

try {
  const info = await python.ready;
  const pong = await python.call("ping");
  window.iq.pong = pong;
  document.documentElement.dataset.ready = "true";
  document.documentElement.dataset.python = info.python;
  status.textContent = `Python ${info.python} ready in ${info.seconds.toFixed(1)} s.`;
} catch (e) {
  status.textContent = `Python could not start: ${e.message}`;
}
