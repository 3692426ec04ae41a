// PythonBridge: the page's handle on the Python worker (web/worker.js).
//
//   const py = new PythonBridge(new URL("./worker.js", import.meta.url), onProgress);
//   const info = await py.ready;          // {python, pyodide, build, seconds}
//   const result = await py.call("ping"); // or throws a PythonError with Python's message
//   py.cancel();                          // stop a long call: restart the worker
//   py.setLanguage("fr");                 // Python's words in French (kept over restarts)
//
// onProgress({stage, fraction, loaded, total}) is called while Python loads; fraction
// goes from 0 to 1 over the whole start (after cancel() it starts again from 0).

import { mark } from "../lib/built.js";

export class PythonError extends Error {
  constructor(type, message) {
    super(message);
    this.name = "PythonError";
    this.type = type;
  }
}

export class PythonBridge {
  /** @param {string | URL} workerUrl @param {(progress: any) => void} [onProgress] */
  constructor(workerUrl, onProgress = () => {}) {
    this.workerUrl = workerUrl;
    this.onProgress = onProgress;
    this.nextId = 1;
    this.pending = new Map();
    this.info = null;
    this.language = "en";
    this.going = false; // the page said the engine may start (go)
    this.start();
  }

  /** The engine may start now (worker.js waits for this, a call, or a few seconds: its
   *  start would slow the page's first board). A restarted worker starts at once. */
  go() {
    if (this.going) return;
    this.going = true;
    // (when, and whether the board was drawn by then: tests/browser/test_first_board.py)
    mark("engine:go", { drawn: document.documentElement.dataset.drawn === "true" });
    this.worker.postMessage({ type: "go" });
  }

  start() {
    const worker = new Worker(this.workerUrl, { type: "module" });
    this.worker = worker;
    this.info = null;
    this.error = null;
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {}); // a failure is reported to whoever awaits it
    worker.onmessage = (event) => this.receive(worker, event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail(worker, new PythonError("WorkerError", event.message || "the puzzle engine's worker crashed"));
    };
    worker.onmessageerror = () => this.fail(worker, new PythonError("WorkerError", "unreadable message"));
    if (this.language !== "en") worker.postMessage({ type: "language", language: this.language });
    if (this.going) worker.postMessage({ type: "go" });
  }

  /** Python speaks `language` ("en", "fr", ...) from the next call on: the worker fetches
   *  its catalog (calls wait for it) and keeps running; a restarted worker is told too. */
  setLanguage(language) {
    if (language === this.language) return;
    this.language = language;
    this.worker.postMessage({ type: "language", language });
  }

  receive(worker, msg) {
    if (worker !== this.worker || !msg) return;
    if (msg.type === "progress") {
      this.onProgress(msg);
    } else if (msg.type === "ready") {
      this.info = msg;
      this.resolveReady(msg);
    } else if (msg.type === "failed") {
      this.fail(worker, new PythonError(msg.error.type, msg.error.message));
    } else if (msg.type === "reply") {
      const call = this.pending.get(msg.id);
      if (!call) return;
      this.pending.delete(msg.id);
      if (msg.ok) call.resolve(msg.result);
      else call.reject(new PythonError(msg.error?.type ?? "Error", msg.error?.message ?? "unknown error"));
    }
  }

  fail(worker, error) {
    if (worker !== this.worker) return;
    this.error = error;
    this.rejectReady(error);
    this.rejectAll(error);
  }

  rejectAll(error) {
    const calls = [...this.pending.values()];
    this.pending.clear();
    for (const call of calls) call.reject(error);
  }

  /** Send {op, ...args} to iqpuzzles.api.handle; resolves with its result. `ahead`: a
   *  guess at what the player does next, not an action of theirs (the message says so). */
  call(op, args = {}, { ahead = false } = {}) {
    if (this.error) return Promise.reject(this.error);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type: "call", id, op, args, ...(ahead ? { ahead } : {}) });
    });
  }

  /** Whether a call is waiting for its answer. */
  get busy() {
    return this.pending.size > 0;
  }

  /** Stop whatever Python is doing: pending calls reject with a "cancelled" error and a
   *  fresh worker starts (this.ready is a new promise). */
  cancel() {
    this.worker.terminate();
    this.rejectReady(new PythonError("cancelled", "cancelled"));
    this.rejectAll(new PythonError("cancelled", "cancelled"));
    this.start();
  }

  terminate() {
    this.worker.terminate();
    this.rejectAll(new PythonError("cancelled", "terminated"));
  }
}
