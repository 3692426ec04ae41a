// Progress records of one game: best times of the booklet's and of new challenges, and
// the game in progress (saved to localStorage by store.js).

const GENERATED_KEEP = 200; // records of generated/custom challenges kept per game

/** Where solved times of an entry are kept: the booklet's or the new ones'. */
export function recordsOf(record, entry) {
  return entry?.kind === "booklet" ? record.solved : record.generated;
}

/** Note a win of `entry` in `elapsed` ms; true if it is a new best time. */
export function recordWin(record, entry, elapsed, hints) {
  const records = recordsOf(record, entry);
  const old = records[entry.key];
  const best = !old || old.best === null || elapsed < old.best;
  records[entry.key] = {
    best: old && old.best !== null && !best ? old.best : Math.round(elapsed),
    hints, at: new Date().toISOString(),
  };
  return best;
}

/** Keep the game in progress in the record, and only the latest records of new challenges. */
export function keepCurrent(record, entry, { placement, history, elapsed, hints, helped }) {
  const c = entry;
  record.current = {
    challenge: c.id, placement, history: history.history,
    index: history.index, elapsed: Math.round(elapsed), hints, helped,
    kind: c.kind, seed: c.seed ?? null, level: c.kind === "booklet" ? null : c.level, puzzle: c.kind === "booklet" ? null : c.challenge,
  };
  const kept = Object.entries(record.generated);
  if (kept.length > GENERATED_KEEP) {
    kept.sort((a, b) => String(b[1].at).localeCompare(String(a[1].at)));
    record.generated = Object.fromEntries(kept.slice(0, GENERATED_KEEP));
  }
}
