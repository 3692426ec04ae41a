// What Undo says of the step it takes back, by the step's kind (history.js): the
// player's own move is "Undone."; a hint's step, Solve's solution, a restart and a jump
// back to the mark are named, so a player knows what came back.

import { t } from "../words/i18n.js";

/** @param {import("./history.js").StepKind} kind @returns {string} */
export function undoneWords(kind) {
  switch (kind) {
    case "hint": return t("Undone: the hint's step taken back.");
    case "solve": return t("Undone: Solve's solution taken back.");
    case "restart": return t("Undone: back to where you were before Restart.");
    case "mark": return t("Undone: back to where you were before going to your mark.");
    default: return t("Undone.");
  }
}
