// What the page has built of the parts a player does not see at first (the dialogs, the
// Today page, the calendar, the picker's pictures, the how-well marks and the medians
// they compare with), counted as each is built: the first board needs none of them, and
// a phone's main thread has none of their work to do before it (issue 41). The counts as
// they stood when the page became playable ride on the performance mark "ready"
// (detail.built), so a test reads them after the fact, whatever the timing; the first
// build of each is a mark of its own too ("built:<name>": a trace shows when it came; a
// mark costs more than a count, and the picker builds a how-well mark per challenge).

const counts = {};

/** One build of `name` ("dialog:picker", "calendar", "pictures", ...). */
export function built(name) {
  counts[name] = (counts[name] ?? 0) + 1;
  if (counts[name] === 1) mark(`built:${name}`);
}

/** The page is playable: the mark "ready" in its clock, with what was built before it. */
export function markReady() {
  mark("ready", { built: { ...counts } });
}

/** A performance mark `name` (with `detail`), where the engine has User Timing marks. */
export function mark(name, detail = null) {
  try {
    performance.mark(name, detail ? { detail } : undefined);
  } catch { /* an engine without User Timing marks: nothing to note */ }
}
