// bench-web's hand (hand.py), run in every page before its own scripts. Three notes for
// hand.py to read, none of which changes what the page does:
// - window.__interactions(since): the Event Timing API's interactions that began at or
//   after `since` (the page's clock, ms), each its longest event's duration (16 ms or
//   more: shorter ones are not reported);
// - window.__input: the timeStamp of the latest pointerdown, pointermove and pointerup
//   (the input's own time, as sent, before the page could handle it), and
//   window.__received: when the page's main thread began to handle it (the input
//   reached the page: DevTools holds a touch it sends until the page has drawn a frame,
//   which a real finger's touch never waits for; hand.py prints both);
// - window.__arm(selector, attributes, kind): window.__drawn becomes a promise of
//   [the input's time, when the page received it, {attribute: [when it changed, after
//   the next paint]}] for each of the element's `attributes` that changed before the
//   last of them did (or 5 s passed; null when none changed), the input being the latest
//   of `kind`.
(() => {
  const longest = new Map(); // interaction id -> [its start, its longest duration]
  const keep = (entries) => {
    for (const e of entries) {
      if (!e.interactionId) continue; // a move, a hover: no interaction
      const [start, duration] = longest.get(e.interactionId) ?? [e.startTime, 0];
      longest.set(e.interactionId, [Math.min(start, e.startTime), Math.max(duration, e.duration)]);
    }
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: "event", durationThreshold: 16, buffered: true });
  window.__interactions = (since) => {
    keep(observer.takeRecords()); // those the observer has not told yet
    return [...longest.values()].filter(([start]) => start >= since).map(([, d]) => d);
  };

  const input = (window.__input = {});
  const received = (window.__received = {});
  for (const type of ["pointerdown", "pointermove", "pointerup"]) {
    addEventListener(type, (e) => {
      input[type] = e.timeStamp;
      received[type] = performance.now();
    }, { capture: true, passive: true });
  }

  // after the next paint: the frame's callbacks, its paint, then a task. A task of the
  // scheduler's highest priority (Chromium's scheduler.postTask), so that it runs as the
  // frame ends, not after whatever else was queued meanwhile (the worker's reply and the
  // frame that draws it: a timer waited for those, which counted them as this paint's)
  const next = globalThis.scheduler?.postTask
    ? (done) => globalThis.scheduler.postTask(done, { priority: "user-blocking" })
    : (done) => setTimeout(done, 0);
  const painted = () => new Promise((done) => requestAnimationFrame(() => next(done)));
  window.__arm = (selector, attributes, kind) => {
    const value = (name) => document.querySelector(selector)?.getAttribute(name);
    const before = new Map(attributes.map((name) => [name, value(name)]));
    const changes = {};
    const last = attributes[attributes.length - 1];
    window.__drawn = new Promise((done) => {
      const finish = () => {
        watch.disconnect();
        clearTimeout(late);
        Promise.all(Object.values(changes)).then((times) => done(times.length
          ? [input[kind], received[kind], Object.fromEntries(Object.keys(changes).map((name, i) => [name, times[i]]))]
          : null));
      };
      const late = setTimeout(finish, 5000);
      const watch = new MutationObserver(() => {
        for (const name of attributes) {
          if (name in changes || value(name) === before.get(name)) continue;
          const changed = performance.now();
          changes[name] = painted().then(() => [changed, performance.now()]);
        }
        if (last in changes) finish();
      });
      watch.observe(document.body, { attributes: true, attributeFilter: attributes, subtree: true, childList: true });
    });
  };
})();
