// A game's win, as it was recorded, and the words that say it (the win card, the status
// line, a daily's result to share). A game is won once: its win is kept with the game
// (saved.js), so a return to its solved position (Undo, Redo) is no second win, and what
// is said of it later is what was recorded then.
//
// A win is {elapsed (ms on the clock), hints, solve (Solve was used), byHints (every piece
// the player put down was shown by a hint), fromStart (played from the challenge's start
// in this browser: only then is its time the player's own)}.

import { t } from "../words/i18n.js";

/** @typedef {import("./winrules.js").Win} Win */

/** Why a win's time is not a best time, in a sentence ("" when it may be one). @param {Win} win */
export function whyNoBest(win) {
  if (win.solve) return t("Solve was used, so no best time.");
  if (win.byHints) return t("Every piece came from a hint, so no best time.");
  if (!win.fromStart) return t("Started from a shared position, so no best time.");
  if (win.hints) return t("Hints were used, so no best time.");
  return "";
}

/** The help a win took, in English words ("2 hints and Solve's help", "every piece from
 *  a hint"), or "" for none: the daily's shared result (share.js) says it so. The page's
 *  own sentences of a win say it whole in the page's language (winning.js). @param {Win} win */
export function helpWords(win) {
  if (win.byHints) return "every piece from a hint";
  const hints = win.hints ? `${win.hints} hint${win.hints > 1 ? "s" : ""}` : "";
  return [hints, win.solve && "Solve's help"].filter(Boolean).join(" and ");
}
