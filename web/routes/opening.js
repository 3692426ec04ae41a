// Opening a challenge to play: which game goes on (resume.js's plan: its saved game, a
// link's position, or a fresh start), once Python has said which of their positions it can
// show; what could not be shown is said and (a saved game) set aside, never lost. Its
// questions to Python come in a row (a generator: the mid-end answers, questions.js).

import { planGame } from "./resume.js";
import { isParserError } from "../words/message.js";
import { t } from "../words/i18n.js";


/** Python's view of a position, or null if it is not a position of the challenge. */
function* viewOrNull(challenge, placement) {
  try {
    return yield { op: "view", args: { challenge, placement } };
  } catch (e) {
    if (unplayable(e)) return null;
    throw e;
  }
}

/** Whether Python's error says a placement cannot be played (unreadable, or illegal). */
export const unplayable = (e) => isParserError(e) || e?.type === "IllegalPlacementError";

/** The game to play on `given` (an entry; with `opened`: the start and the views Python
 *  answered with it, source.openedOf's, kept out of the entry played), from its saved
 *  game `saved` and a link's position `placed` (either null); `notes` gets what could
 *  not be shown, `record` the saved game set aside. Its questions to Python yielded, it
 *  returns {entry, start, view, plan}: the plan's history holds the view's own placement
 *  string where it is. */
export function* openGame(record, given, { saved, placed, notes }) {
  const { opened = null, ...fields } = given;
  const entry = opened ? fields : given;
  const known = opened?.views ?? new Map();
  const viewAt = function* (placement) {
    return known.has(placement) ? known.get(placement) : yield* viewOrNull(entry.challenge, placement);
  };
  const start = opened ? opened.start : yield { op: "start", args: { challenge: entry.challenge } };
  const now = Date.now(); // (the stamp of a game begun now)
  let plan = planGame({ saved, placed, start, now });
  let view = yield* viewAt(plan.history[plan.index]);
  if (!view && placed !== null) {
    notes.push(t("That link does not hold a position of this challenge, so it starts fresh."));
    plan = planGame({ saved, start, now });
    view = yield* viewAt(plan.history[plan.index]);
  }
  if (!view && saved) {
    notes.push(t("Your saved game of this challenge could not be loaded, so it was set aside and you start afresh."));
    record.setAside(saved);
    plan = planGame({ start, now });
  }
  view ??= known.get(start) ?? (yield { op: "view", args: { challenge: entry.challenge, placement: start } });
  const history = [...plan.history];
  history[plan.index] = view.placement;
  return { entry, start, view, plan: { ...plan, history } };
}

/** What the player reads first of a game opened as `plan` says (after the challenge's
 *  name): the position asked for was an earlier game's; a saved game goes on from a
 *  position it never held (its time no longer the player's own: said now, not at the
 *  win, solved board or not); nothing more on a solved board; a saved game the player had
 *  moved goes on; else a fresh start. @param {import("./resume.js").Plan} plan @param {boolean} solved */
export function openingWords(plan, solved) {
  if (plan.earlier) return t("That position is from an earlier game of yours, so this one goes on where you left it.");
  if (plan.foreign) return t("Your game goes on from the link's position, which it never reached, so it has no best time.");
  if (solved) return "";
  // a saved game goes on only if the player had moved (an untouched one is a fresh start)
  const moved = plan.resumed && (plan.history.length > 1 || plan.hints > 0);
  return moved ? t("Your game goes on where you left it.") : t("Pick a piece to start.");
}
