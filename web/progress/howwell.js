// How well a challenge was solved, as the picker shows it (issue 33): without help (from
// the start, no hint, no Solve), with hints, or with help (Solve, or every piece from a
// hint: seen, not solved), and its best time against the player's median for its level
// ("1:42 · your Expert median 2:10"). From the stored win (record.js) and the level's
// median (tally.js); no time at all with the clock hidden. A pure function: picker.js
// draws what it says.

import { formatTime } from "../lib/dom.js";
import { howWon } from "./winrules.js";
import { built } from "../lib/built.js";
import { t, nt } from "../words/i18n.js";

const NONE = { how: null, words: "", time: null, median: null, delta: null, note: "" };

/** A win of a challenge (record.js: {best, hints, helped, solve?}) of `level`, the
 *  player's median time for that level (ms, or null: record.js gives one only of at
 *  least 3 fair wins), and whether times are hidden:
 *  {how: "clean" | "hints" | "solved" | "help" | null, words: for the cell's name,
 *   time: "1:42" | null, median: "2:10" | null, delta: "−0:28" | "+0:15" | null,
 *   note: the cell's tooltip}. A delta is said only when the two times differ as shown
 *  (whole seconds): a "±0:00" says nothing. */
export function howWell(win, level, median, hideClock) {
  built("how-well");
  if (!win) return NONE;
  const how = howWon(win);
  if (how === "help") {
    return win.solve ? { ...NONE, how: "help", words: t("solved with Solve"), note: t("Seen, solved with Solve: not counted as solved by you") }
      : { ...NONE, how: "help", words: t("solved with help"), note: t("Seen, solved with help: not counted as solved by you") };
  }
  const hints = Number.isInteger(win.hints) ? win.hints : 0;
  if (how !== "clean") {
    // an own win, but not a fair one: hints taken, or not played from the start
    const words = how === "hints" ? nt("solved with {n} hint", "solved with {n} hints", hints) : t("solved");
    return { ...NONE, how, words };
  }
  if (hideClock) return { ...NONE, how: "clean", words: t("solved without help") };
  const time = formatTime(win.best);
  if (median == null) return { ...NONE, how: "clean", words: t("solved without help, best {time}", { time }), time };
  const shown = formatTime(median);
  // the difference of the times as shown (whole seconds), so that it adds up on screen
  const seconds = Math.floor(win.best / 1000) - Math.floor(median / 1000);
  return {
    how: "clean", words: t("solved without help, best {time}, your {level} median {median}", { time, level, median: shown }),
    time, median: shown, delta: seconds ? `${seconds < 0 ? "−" : "+"}${formatTime(Math.abs(seconds) * 1000)}` : null,
    note: t("Best {time} · your {level} median {median}", { time, level, median: shown }),
  };
}
