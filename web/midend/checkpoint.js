// The mark, a checkpoint (midend.js): the position shown marked (M, the toolbar's Mark),
// and back to it (B, Back to mark). A mode that keeps one (\`mode.marks\`) has a position
// marked in its history (history.js), or none; marking costs nothing (no step), going back
// to it is a step like any other (Undo takes it back), and it is saved with the history.

import { t } from "../words/i18n.js";

/** Mark the position shown, after the actions before it. @param {import("./midend.js").Midend} midend */
export function markHere(midend) {
  const mode = midend.current;
  midend.run(async () => {
    if (!mode.marks || !mode.active || mode.busy || midend.markOf(mode) === mode.here) return;
    midend.historyOf(mode).mark = mode.here;
    midend.feedback.say(t("Position marked. Back to mark (B) brings you back here."), "info");
    midend.save(mode);
    midend.refresh();
  });
}

/** Back to the position marked, after the actions before it: a new step. @param {import("./midend.js").Midend} midend */
export function backToMark(midend) {
  const mode = midend.current;
  midend.run(async () => {
    if (!mode.active || mode.busy || !midend.awayFromMark(mode)) return;
    mode.restarting(); // what is in hand goes
    const view = await midend.viewOf(mode, midend.markOf(mode));
    if (!view) {
      midend.historyOf(mode).mark = null; // a mark that cannot be shown (a broken save) goes
      midend.refresh();
      return;
    }
    midend.step(mode, view, { kind: "mark" });
    mode.stepped(t("Back at your mark. Undo goes back to where you were."));
  });
}
