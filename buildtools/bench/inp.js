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
// - window.__arm(selector, attribute): window.__drawn becomes a promise of [the input's
//   time, when the attribute of the element `selector` changed, after the next paint]
//   (null when it did not change in 5 s), the input being the latest of `kind`, and when
//   the page received that input.
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

  // after the next paint: the frame's callbacks, its paint, then a task
  const painted = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  window.__arm = (selector, attribute, kind) => {
    const value = () => document.querySelector(selector)?.getAttribute(attribute);
    const before = value();
    window.__drawn = new Promise((done) => {
      const late = setTimeout(() => { watch.disconnect(); done(null); }, 5000);
      const watch = new MutationObserver(() => {
        if (value() === before) return;
        watch.disconnect();
        clearTimeout(late);
        const changed = performance.now();
        painted().then(() => done([input[kind], changed, performance.now(), received[kind]]));
      });
      watch.observe(document.body, { attributes: true, attributeFilter: [attribute], subtree: true, childList: true });
    });
  };
})();
