// The numbers of the stats page, from a game's record (saved.js's gameRecord): per level
// the wins, the best and median time and the hints taken; the daily streaks. Pure
// functions: stats.js draws them, share.js says them.

import { isWon } from "./winrules.js";

/** Today's date in the player's own time zone, YYYY-MM-DD: the daily challenge's day. @param {Date} [now] @returns {string} */
export function today(now = new Date()) {
  const two = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** The median of numbers (null for none). @param {number[]} values @returns {number | null} */
export function median(values) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Per level, in `levels`' order (then any other level logged): {level, wins, fair,
 *  best, median, hints}. Best and median count only fair wins (`fair` of them): from the
 *  start, without a hint or Solve (null when there is none). */
export function byLevel(log, levels) {
  const names = [...levels, ...new Set(log.map((w) => w.level).filter((l) => !levels.includes(l)))];
  return names.map((level) => {
    const wins = log.filter((w) => w.level === level);
    const fair = wins.filter((w) => w.fair).map((w) => w.time);
    return {
      level, wins: wins.length, fair: fair.length, hints: wins.reduce((sum, w) => sum + w.hints, 0),
      best: fair.length ? Math.min(...fair) : null, median: median(fair),
    };
  });
}

/** The day after / before a YYYY-MM-DD date. */
function shift(date, days) {
  const [y, m, d] = date.split("-").map(Number);
  const day = new Date(Date.UTC(y, m - 1, d + days));
  return day.toISOString().slice(0, 10);
}

/** Daily streaks from the dates of daily wins won without Solve ({date: win}):
 *  `current` counts back from today (or from yesterday while today's is not won yet; or
 *  from a day to come already won, in a time zone further east),
 *  `longest` is the longest run of consecutive days ever. */
export function streaks(daily, today) {
  const won = new Set(Object.entries(daily).filter(([, w]) => isWon(w)).map(([date]) => date));
  const runTo = (last) => {
    let run = 0;
    for (let d = last; won.has(d); d = shift(d, -1)) run++;
    return run;
  };
  // (a day or two to come, won in a time zone further east before flying west, counts:
  // the longer of the runs)
  let ahead = today;
  while (ahead < shift(today, 2) && won.has(shift(ahead, 1))) ahead = shift(ahead, 1);
  const current = Math.max(runTo(won.has(today) ? today : shift(today, -1)), runTo(ahead));
  let longest = 0;
  for (const date of won) {
    if (won.has(shift(date, -1))) continue; // not the first day of a run
    let run = 0;
    for (let d = date; won.has(d); d = shift(d, 1)) run++;
    longest = Math.max(longest, run);
  }
  return { current, longest };
}
