// A day's dailies across the games, read from the stored records (record.js) in one place:
// the level of a day, each game's state of that day's daily (not played, in progress with
// the time so far, won with its time and hints, won with help), the days on which every
// game's daily was won, and the streak over all games. The Today page, the calendar and
// the result to share all say what these say. Pure functions over Records.

import { isWon, winTime } from "./winrules.js";
import { streaks } from "./tally.js";

// Monday first, as Python's daily.py grades the week (a test checks they agree)
export const RHYTHM = ["Starter", "Junior", "Expert", "Expert", "Master", "Wizard", "Wizard"];

/** The level of the daily challenges of a YYYY-MM-DD date (every game's the same). @param {string} date @returns {string} */
export function levelOn(date) {
  const [y, m, d] = date.split("-").map(Number);
  return RHYTHM[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7];
}

/** One game's daily of `date` as its Record holds it: {state, time, hints, elapsed}.
 *  state: "won" (the player's own), "helped" (won with Solve or every piece from a hint),
 *  "started" (a game in progress), "open" (not played). `time`: the won game's time only
 *  where it counts (played from the start without help), else null; `elapsed`: the time
 *  so far of a game in progress. @param {import("./record.js").Record} record @param {string} date */
export function dailyOf(record, date) {
  const win = record.data.daily[date];
  if (win) return { state: isWon(win) ? "won" : "helped", time: winTime(win), hints: win.hints, elapsed: null };
  const game = record.find(`daily:${date}`);
  if (game && !game.solved) return { state: "started", time: null, hints: game.hints, elapsed: game.elapsed };
  return { state: "open", time: null, hints: 0, elapsed: null };
}

/** Every game's daily of `date`: {date, level, games: [{name, title, ...dailyOf}],
 *  allWon}. `games`: [{name, title}]; `records`: {name: Record}. */
export function dayOf(games, records, date) {
  const rows = games.map((g) => ({ name: g.name, title: g.title, ...dailyOf(records[g.name], date) }));
  return { date, level: levelOn(date), games: rows, allWon: rows.length > 0 && rows.every((r) => r.state === "won") };
}

/** The dates on which every game's daily was won by the player ({date: {helped: false}}:
 *  the shape tally.js's streaks reads). */
export function allWonDays(games, records) {
  const [first, ...rest] = games.map((g) => records[g.name]);
  if (!first) return {};
  const dates = Object.keys(first.data.daily).filter((date) => first.dailyWon(date) && rest.every((r) => r.dailyWon(date)));
  return Object.fromEntries(dates.map((date) => [date, { helped: false }]));
}

/** The streaks as of `today`: {all: {current, longest} over every game, each: {name:
 *  {current, longest}}} (each game's as its Record counts it). */
export function streaksOf(games, records, today) {
  const each = Object.fromEntries(games.map((g) => [g.name, records[g.name].dailies(today).streak]));
  return { all: streaks(allWonDays(games, records), today), each };
}
