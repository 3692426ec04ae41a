// The game played, beyond its position: the help it took (the hints, Solve, the pieces a
// hint's top rung showed as they lie), whether it was played from the challenge's start in
// this browser and the positions it held so (reached.js), its win once won (win.js: a game
// is won once), and what is saved of it
// (record.js's gameOf) with its stamp for two tabs (elsewhere.js). Play mode's parts note
// the help here through its methods; the plan of resume.js starts it.

import { gameOf } from "../progress/record.js";
import { Elsewhere } from "../progress/elsewhere.js";
import { LIMITS } from "../progress/saved.js";
import { withPositions } from "../progress/reached.js";
import { placedIn } from "../python/view.js";
import { winNow } from "../progress/winrules.js";

export class Played {
  /** `behind(newer)`: the game shown moved on in another tab (newer: its stored game;
   *  null: no longer). */
  constructor(behind) {
    this.elsewhere = new Elsewhere(behind); // the game shown, played in another tab too
    this.hints = 0;
    this.helped = false;     // Solve was used
    this.given = new Set();  // the pieces a hint's top rung showed as they lie, in this game
    this.fromStart = true;
    this.won = null;         // this game's win as it was recorded, once it is won
    this.begun = 0;          // when the game was begun (which game of the challenge it is)
    this.reached = [];       // the positions it held while fair (reached.js)
    this.unnoted = null;     // a win just won, noted with the game at its next save
  }

  /** A game opened as `plan` (resume.js) says; `saved`: the saved game it goes on with. */
  begin(plan, saved) {
    this.hints = plan.hints;
    this.helped = plan.helped;
    this.given = new Set(plan.given);
    this.fromStart = plan.fromStart;
    this.won = plan.won;
    this.begun = plan.begun;
    this.reached = plan.reached;
    this.unnoted = null;
    this.elsewhere.opened(saved);
  }

  /** A hint's first rung taken at a position. */
  hinted() {
    this.hints++;
  }

  /** A hint's top rung showed `piece` as it lies (that piece is the hint's, not the
   *  player's); whether it had not yet. */
  gave(piece) {
    if (this.given.has(piece)) return false;
    this.given.add(piece);
    return true;
  }

  /** Solve showed the solution. */
  solvedByComputer() {
    this.helped = true;
  }

  /** The game's win if it were won now, after `elapsed` ms, on the board `view` (win.js).
   *  Every piece the player put down shown by a hint's top rung is a win by hints (the
   *  pieces of the challenge itself are not the player's). */
  winNow(elapsed, view) {
    return winNow({
      elapsed: Math.min(Math.round(elapsed), LIMITS.time), hints: this.hints, solve: this.helped,
      fromStart: this.fromStart, mine: placedIn(view), given: this.given,
    });
  }

  /** The game of `entry` was won first now (at `placement`): `win` is kept with it, and
   *  noted in the record with the game's next save, which follows the board drawn (one
   *  write). The note ({entry, win, placement, recorded}): its `recorded` says what came
   *  of it once saved. */
  keepWin(entry, win, placement) {
    this.won = win;
    this.unnoted = { entry, win, placement, recorded: null };
    return this.unnoted;
  }

  /** The win just won, noted in a write of its own in `record` if no save took it (a board
   *  drawn with no save after it). */
  noteUnsaved(record) {
    const note = this.unnoted;
    if (!note) return;
    this.unnoted = null;
    note.recorded = record.recordWin(note.entry, note.win, note.placement);
  }

  /** Keep the game of `entry` in `record`: its history ({history, index}), its clock and
   *  whether it is solved, stamped as moved now if it moved here since it was kept; a fair
   *  game with every position it held (its addresses stay its own: reached.js). */
  save(record, entry, { history, index, steps, elapsed, solved, mark = null }) {
    if (this.fromStart) this.reached = withPositions(this.reached, this.begun, history);
    const game = gameOf(entry, {
      history, index, steps, elapsed, hints: this.hints, helped: this.helped,
      fromStart: this.fromStart, solved, given: [...this.given], won: this.won, begun: this.begun, reached: this.reached, mark,
    });
    const stamped = { ...game, movedAt: this.elsewhere.stampOf(game) };
    const won = this.unnoted;
    this.unnoted = null;
    this.elsewhere.kept(stamped, record.keep(stamped, won));
  }

  /** The game's record changed in another tab: `stored` is its game there now. */
  follow(stored) {
    this.elsewhere.follow(stored);
  }
}
