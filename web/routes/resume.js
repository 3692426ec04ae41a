// Which game to play on a challenge: the saved one resumed, a link's position, or a fresh
// start. Pure: App asks Python whether the position can be shown, then plays the plan.
//
// A plan is {history, index, steps, elapsed, hints, helped, given, fromStart, won, resumed, begun,
// reached, foreign, earlier, mark}: the undo list of placement strings, where we are in it and
// the kind of step that made each (a letter each: saved.js's STEP_LETTERS), the clock
// (ms), the hints taken, whether Solve was used, the pieces a hint showed as they lie,
// whether the game was played from the challenge's start in this browser (only then does
// its time count), the game's win once it is won (win.js: a game is won once), whether a
// saved game goes on, when the game was begun and the positions it held while fair
// (reached.js), whether a fair saved game goes on from a position it never held (a link
// someone shared: its time is no longer the player's own), and whether the position asked
// for was an earlier game's of the challenge (the saved game goes on as it was instead), and
// the position the player marked (midend.js), or null.

/** @typedef {{history: string[], index: number, steps: string, elapsed: number, hints: number, helped: boolean,
 *    given: string[], fromStart: boolean, won: import("../progress/win.js").Win | null, resumed: boolean,
 *    begun: number, reached: string[], foreign: boolean, earlier: boolean,
 *    mark: string | null}} Plan */

import { LIMITS } from "../progress/saved.js";
import { held, heldBefore } from "../progress/reached.js";

/** The plan for a challenge whose start placement is `start`, given its saved game (or
 *  null) and the position a link asks for (or null); `now`: the time (ms since 1970), the
 *  stamp of a game begun now. @param {{saved?: import("../progress/saved.js").SavedGame | null, placed?: string | null, start: string, now?: number}} asked @returns {Plan} */
export function planGame({ saved = null, placed = null, start, now = 0 }) {
  const anew = { resumed: false, begun: now, reached: [], foreign: false, earlier: false, mark: null };
  if (!saved) {
    if (placed === null || placed === start) {
      return { history: [start], index: 0, steps: "m", elapsed: 0, hints: 0, helped: false, given: [], fromStart: true, won: null, ...anew };
    }
    // a shared position: playable, but its time is not the player's own
    return { history: [start, placed], index: 1, steps: "mm", elapsed: 0, hints: 0, helped: false, given: [], fromStart: false, won: null, ...anew };
  }
  const game = {
    history: [...saved.history], index: saved.index, steps: saved.steps, elapsed: saved.elapsed, hints: saved.hints,
    helped: saved.helped, given: saved.given ?? [], fromStart: saved.fromStart, won: saved.won ?? null, resumed: true,
    begun: saved.begun ?? 0, reached: saved.reached ?? [], foreign: false, earlier: false, mark: saved.mark ?? null,
  };
  if (placed === null || placed === game.history[game.index]) return game;
  const at = game.history.lastIndexOf(placed);
  if (at >= 0) return { ...game, index: at }; // a step of this game: undo/redo keep the rest
  // another position of the game in progress: a new step (Undo goes back)
  const history = [...game.history.slice(0, game.index + 1), placed].slice(-LIMITS.history);
  const steps = `${game.steps.slice(0, game.index + 1)}m`.slice(-LIMITS.history);
  const step = { ...game, history, steps, index: history.length - 1 };
  // one this game held (its own address, whichever way the player came back to it) goes
  // on as it was; one an earlier game held (the player's, its clock gone with it: not a
  // step of this one) leaves this game as it is; one no game held is someone else's: no
  // fair time from here
  if (held(game.reached, game.begun, placed)) return step;
  if (heldBefore(game.reached, game.begun, placed)) return { ...game, earlier: true };
  return { ...step, fromStart: false, foreign: game.fromStart };
}
