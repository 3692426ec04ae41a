// What a mode shows: its view of the board (board.js draws Python's view), the tray of the
// items not on it (tray.js), the explanation a game draws over a play position
// (explain.js), the header's words and the board's data attributes. Every view a mode
// shows is drawn here, once; the hand follows (`drawn`).

import { boxOf, frameOf, piecesOn } from "../python/view.js";
import { nextTask } from "../lib/idle.js";
import { makeAhead } from "../board/render.js";

export class Stage {
  /** `drawn(held)`: a view was just drawn (`held`: the item in hand before it); the hand
   *  and the buttons follow it. */
  constructor({ board, tray, shell, explainer, drawn }) {
    this.board = board;
    this.tray = tray;
    this.shell = shell;
    this.explainer = explainer;
    this.drawn = drawn;
    this.shown = null;  // the view drawn last
    this.live = false;  // a challenge is shown that the player acts on (goLive)
    this.opened = null; // the board opened last (kind, challenge, puzzle)
  }

  /** A challenge is opened: from now on the board is the player's to act on (and the
   *  header's button opens the picker). */
  goLive() {
    this.live = true;
    this.shell.ready();
  }

  /** A game loaded (`info`): the board's frame, and its box takes the board's shape. @param {import("../python/view.js").Info} info */
  async frame(info) {
    await this.board.setFrame(frameOf(info));
    this.shell.shape(boxOf(info));
  }

  /** The tray of `items` (`fresh`: in their first orientations); their pictures asked of
   *  Python in order (`itemView`). @param {any[]} items @param {(id: string, orientation: string) => Promise<any>} itemView @param {{fresh?: boolean}} [options] */
  layTray(items, itemView, { fresh = false } = {}) {
    return this.tray.load(items, itemView, { fresh });
  }

  /** The footer's line on how to play. @param {string} text */
  help(text) {
    this.shell.help(text);
  }

  /** The footer's keys for a game's turns ({rotate, flip}; `shown`: the hand buttons
   *  shown, and whether the mode keeps a mark) and its `count` tray items. */
  keys(turns, shown, count) {
    this.shell.keys(turns, shown, count);
  }

  /** The game's words in the page's language now (`info`, in them): the board's rows,
   *  the explanation's option and, when the tray holds the game's pieces (`pieces`: play
   *  is shown), their names. @param {import("../python/view.js").Info} info */
  relabel(info, { pieces = false } = {}) {
    if (pieces) this.tray.rename(info.pieces);
    this.board.renameRows(frameOf(info));
    this.explainer.rename(info);
  }

  /** Draw a mode's view: the board (`flash`: a piece that just moved), the tray of what
   *  is not on it; `explain`: the play position a game's explanation is of (else none). @param {import("../python/view.js").View} view @param {{flash?: any, explain?: any}} [how] */
  show(view, { flash = null, explain = null } = {}) {
    this.shown = view;
    // the tray first: a button it removes may have the focus (a piece a hint or Solve put
    // down), and a focused element removed makes the browser bring every style up to date
    // at once: cheap before the board is drawn again, not after
    const held = this.tray.held;
    this.tray.render(piecesOn(view)); // (a held piece now on the board is let go)
    this.board.draw(view);
    if (flash) this.board.flash(flash.piece, flash.kind);
    this.shell.drawn();
    this.explainer.show(explain);
    this.drawn(held);
  }

  /** The first view of a challenge or a lesson, in parts: its board in this task, its
   *  tray in the next, the rest (`show`, which finds both drawn already) in a third (each
   *  part is a task of the main thread, and the browser may draw the board in between). */
  async showInParts(view, show) {
    await makeAhead(view.shapes); // (its elements made in slices, then drawn at once)
    this.board.draw(view);
    await nextTask();
    // (with an item in hand, the tray is drawn with the rest: the hand follows the tray)
    if (this.tray.held === null) {
      const onBoard = piecesOn(view);
      await makeAhead(this.tray.shapesToDraw(onBoard));
      this.tray.render(onBoard);
      await nextTask();
    }
    show();
  }

  /** Whether a piece is drawn on the board shown. @param {string} id @returns {boolean} */
  onBoard(id) {
    return piecesOn(this.shown).has(id);
  }

  /** The header (level, name: either may be left out) and the board's data attributes;
   *  a board opened (data names its challenge) gives the tray its slots afresh. */
  /** @param {import("../chrome/shell.js").Header} header @param {Record<string, any>} [data] */
  describe(header, data = {}) {
    this.shell.describe(header);
    this.board.describe(data);
    if (!("puzzle" in data)) return;
    const opened = `${data.kind}|${data.challenge}|${data.puzzle}`;
    if (opened !== this.opened) this.tray.forgetSlots();
    this.opened = opened;
  }

  /** The piece a click on a location takes back, or null. @param {string} code */
  pieceAt(code) {
    return this.board.pieceAt(code);
  }

  /** @param {string} piece @param {string} kind */
  flash(piece, kind) {
    this.board.flash(piece, kind);
  }

  /** A placed piece shakes (a turn refused). @param {string} piece */
  shake(piece) {
    this.board.shakePiece(piece);
  }

  /** The keyboard cursor goes onto one of `spots` unless it is on one already (focused
   *  if the board's cursor had the focus). @param {string[]} spots */
  keepCursorOn(spots) {
    const board = this.board;
    if (!spots.length || spots.includes(board.cursor)) return;
    board.setCursor(spots[0], /** @type {HTMLElement} */ (document.activeElement)?.dataset?.code === board.cursor);
  }

  /** A hint drawn: rings round `spots`, a ghost to place, the tray's piece marked. */
  showHint({ piece = null, ...drawn }) {
    this.board.drawHint(drawn);
    this.tray.markHinted(piece);
  }

  clearHint() {
    this.board.clearHint();
    this.tray.markHinted(null);
  }

  /** Rings round locations (a lesson's "the rule bites here"); [] clears them. */
  spots(spots, kind) {
    this.board.drawSpots(spots, kind);
  }

  /** The pictures of the tray's items not on a board (a snapshot's, a printed sheet's). */
  trayPictures(view = this.shown) {
    return { pictures: this.tray.pictures(piecesOn(view)), side: this.tray.side };
  }
}
