// Work that waits its turn, so that the main thread answers the player in between (issue
// 41: no task of the page over 50 ms before a piece can be placed on a phone's CPU, none
// over 100 ms for an action after): the next task, the task after the next frame, and
// work in slices.

// a message to itself is a task of its own, without the delay of a timer nested in timers
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();

/** Resolves in a task of its own (the browser may draw and take input before it). */
export function nextTask() {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

/** Resolves in a task after the browser's next frame (what changed is drawn by then), or
 *  after 100 ms at the latest (a page not shown draws no frames). */
export function afterFrame() {
  return new Promise((resolve) => {
    let done = false;
    const go = () => { if (!done) { done = true; resolve(); } };
    requestAnimationFrame(() => setTimeout(go, 0));
    setTimeout(go, 100);
  });
}

// How long a slice of work may hold the main thread (ms of the page's clock: a phone's
// slowness included): well under the 50 ms a task may take before the page answers late
// (a phone four times slower than the machine measuring stays under it too).
export const SLICE_MS = 10;

/** A checkpoint for a loop of work (awaited before each item): once the work has held the
 *  main thread SLICE_MS, the rest goes on in the next task. */
export function slicer() {
  let until = performance.now() + SLICE_MS;
  return async () => {
    if (performance.now() <= until) return;
    await nextTask();
    until = performance.now() + SLICE_MS;
  };
}

/** Work on items as they are added, in slices: as many as fit in SLICE_MS, then the rest
 *  in a later task (the player's input and the browser's drawing come in between). */
export class Slices {
  /** `work(item)`: one item's work; `between`: what a slice waits for after the last
   *  (afterFrame: work that adds to the page, whose frame costs more than the work, is
   *  drawn a slice a frame, not as many slices as run between two frames). */
  constructor(work, { between = nextTask } = {}) {
    this.work = work;
    this.between = between;
    this.pending = new Set();
    this.running = false;
  }

  /** Items to work on, after `between` (never in the caller's task: a caller that adds
   *  items one by one, as an observer's callback does for each entry, would otherwise run
   *  each at once, all of them in its own task). */
  add(items) {
    for (const item of items) this.pending.add(item);
    if (!this.running && this.pending.size) this.run();
  }

  /** Forget the items not worked on yet. */
  clear() {
    this.pending.clear();
  }

  async run() {
    this.running = true;
    try {
      await this.between();
      while (this.pending.size) {
        const until = performance.now() + SLICE_MS;
        for (const item of this.pending) {
          this.pending.delete(item);
          this.work(item);
          if (performance.now() > until) break;
        }
        if (this.pending.size) await this.between();
      }
    } finally {
      this.running = false;
    }
  }
}

// What a player does on the page: a press, a key, the wheel (a hover is not play)
const PLAY = ["pointerdown", "pointerup", "keydown", "wheel"];

/** Resolves once the player pauses: `quietMs` with no press, key or wheel on the page (from
 *  now), the page hidden, or `atMostMs` from now, whichever comes first. For background
 *  work a player's first moves should not wait behind (a first visit's offline copy). */
export function aPause(quietMs, atMostMs) {
  return new Promise((resolve) => {
    const listening = new AbortController(); // (one abort removes every listener below)
    const on = { capture: true, passive: true, signal: listening.signal };
    let quiet = 0;
    const latest = setTimeout(done, atMostMs);
    function done() {
      clearTimeout(quiet);
      clearTimeout(latest);
      listening.abort();
      resolve();
    }
    const calm = () => {
      clearTimeout(quiet);
      quiet = setTimeout(done, quietMs);
    };
    for (const type of PLAY) document.addEventListener(type, calm, on);
    document.addEventListener("visibilitychange", () => { if (document.hidden) done(); }, on);
    if (document.hidden) done();
    else calm();
  });
}
