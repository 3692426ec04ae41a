// Play mode's toolbar buttons (toolbar.js draws them; the mid-end does what they say):
// Undo, Redo, Restart (which says "Back to mark" while a mark waits: midend.js), Mark,
// then Hint and Solve.

import { UNDO, REDO } from "../midend/mode.js";
import { t } from "../words/i18n.js";

/** The groups of buttons of play; `away()`: whether a mark waits and another position is
 *  shown (the mid-end keeps the mark). @param {() => boolean} away */
export function playButtons(away) {
  return [
    [UNDO, REDO, {
      // back to the mark while one waits (the position marked), else to the start
      action: "restart", changes: true,
      get label() { return away() ? t("Back to mark") : t("Restart"); },
      get title() { return away() ? t("Back to the position you marked (B); press again to restart") : t("Restart the challenge"); },
    }, {
      // a flag only (its name for screen readers): beside Restart, which says "Back to mark"
      action: "mark", label: "", get name() { return t("Mark"); }, get title() { return t("Mark this position, to come back to it (M)"); },
    }],
    [{ action: "hint", get label() { return t("Hint"); }, get title() { return t("A hint: which piece, then where, then the piece itself"); } },
      { action: "solve", get label() { return t("Solve"); }, get title() { return t("Show the whole solution"); } }],
  ];
}
