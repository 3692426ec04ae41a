// Which game to play on a challenge: the saved one resumed, a link's position, or a fresh
// start. Pure: App asks Python whether the position can be shown, then plays the plan.
//
// A plan is {history, index, elapsed, hints, helped, given, fromStart, won, resumed}: the
// undo list of placement strings and where we are in it, the clock (ms), the hints taken,
// whether Solve was used, the pieces a hint showed as they lie, whether the game was played
// from the challenge's start in this browser (only then does its time count), the game's
// win once it is won (win.js: a game is won once), and whether a saved game goes on.

import { LIMITS } from "./saved.js";

/** The plan for a challenge whose start placement is `start`, given its saved game (or
 *  null) and the position a link asks for (or null). */
export function planGame({ saved = null, placed = null, start }) {
  if (!saved) {
    if (placed === null || placed === start) {
      return { history: [start], index: 0, elapsed: 0, hints: 0, helped: false, given: [], fromStart: true, won: null, resumed: false };
    }
    // a shared position: playable, but its time is not the player's own
    return { history: [start, placed], index: 1, elapsed: 0, hints: 0, helped: false, given: [], fromStart: false, won: null, resumed: false };
  }
  const game = {
    history: [...saved.history], index: saved.index, elapsed: saved.elapsed, hints: saved.hints,
    helped: saved.helped, given: saved.given ?? [], fromStart: saved.fromStart, won: saved.won ?? null, resumed: true,
  };
  if (placed === null || placed === game.history[game.index]) return game;
  const at = game.history.lastIndexOf(placed);
  if (at >= 0) return { ...game, index: at }; // a step of this game: undo/redo keep the rest
  // another position of the game in progress: a new step (Undo goes back), no fair time
  const history = [...game.history.slice(0, game.index + 1), placed].slice(-LIMITS.history);
  return { ...game, history, index: history.length - 1, fromStart: false };
}
