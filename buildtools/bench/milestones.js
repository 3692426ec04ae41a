// bench-web's visits (visits.py), run in every page before its own scripts: notes when
// the page marks its milestones (<html data-drawn>, data-ready, data-offline) in its own
// clock (ms since navigation), and the page's long tasks (its main thread busy 50 ms or
// more at a stretch), for visits.py to read as window.__marks and window.__tasks
// (window.__takeTasks() first: the tasks the observer has not told yet), and the load's
// layout shift (window.__shift).
(() => {
  const marks = (window.__marks = {});
  const tasks = (window.__tasks = []);
  const keep = (entries) => { for (const task of entries) tasks.push([task.startTime, task.duration]); };
  try {
    const observer = new PerformanceObserver((list) => keep(list.getEntries()));
    observer.observe({ type: "longtask", buffered: true });
    window.__takeTasks = () => keep(observer.takeRecords()); // those not told yet
  } catch { /* no long task timing here */ }
  // the layout shift of the load (what moved without the player's doing, the browser's own
  // measure: Cumulative Layout Shift), as window.__shift
  window.__shift = 0;
  try {
    new PerformanceObserver((list) => {
      for (const shift of list.getEntries()) if (!shift.hadRecentInput) window.__shift += shift.value;
    }).observe({ type: "layout-shift", buffered: true });
  } catch { /* no layout shift here */ }
  const note = () => {
    const root = document.documentElement; // the parser's <html>, made after this runs
    for (const name of ["drawn", "ready", "offline"]) {
      const set = root?.dataset[name] !== undefined;
      if (set && marks[name] === undefined) marks[name] = performance.now();
    }
  };
  new MutationObserver(note).observe(document, {
    attributes: true, subtree: true, attributeFilter: ["data-drawn", "data-ready", "data-offline"],
  });
})();
