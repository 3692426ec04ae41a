// The last board, kept for the next visit (iqpuzzles.v1.snapshot): a return visit draws it
// at once, header, board and tray, while Python starts, if it shows what the address asks
// for. It is a picture only: nothing can be played on it, and a bad one is ignored.

import * as store from "../progress/store.js";
import { afterFrame, nextTask } from "../lib/idle.js";
import { makeAhead } from "./render.js";
import { boxOf } from "../python/view.js";

/** The kept snapshot to draw at once, if it shows what the URL hash asks for. */
export function snapshotToDraw() {
  const hash = store.readHash();
  const snap = store.loadSnapshot();
  const asked = hash.daily !== null ? { kind: "daily", date: hash.daily }
    : hash.seed !== null ? { kind: "generated", seed: hash.seed, level: hash.level }
      : hash.custom !== null ? { kind: "custom", challenge: hash.custom } : null;
  const sameKind = () => (asked === null ? (hash.challenge ?? snap.challenge) === snap.challenge
    : snap.hash === store.hashFor(hash.game, asked, snap.placement));
  if (snap && (hash.empty || (hash.game === snap.game && sameKind()
      && (hash.placed === null || hash.placed === snap.placement)))) return snap;
  return null;
}

export class Snapshot {
  constructor({ stage, board, tray, shell }) {
    this.stage = stage;
    this.board = board;
    this.tray = tray;
    this.shell = shell;
    this.shown = null; // {game, games, box}: the game shown, the games there are, its board's viewBox
  }

  /** Draw a kept snapshot (saved.js's snapshot: checked as it was read): the board, then
   *  the tray in a task of its own, the elements of each made ahead in slices (a full
   *  board's elements were one task of 61-120 ms at 4x after a win). */
  async draw(snap) {
    try {
      this.shell.describe({ level: snap.level || "", name: snap.name || "" });
      await makeAhead(snap.view.shapes);
      this.board.drawPicture(snap.view.frame.viewBox, snap.view.shapes);
      this.shell.shape(snap.view.frame.viewBox);
      this.shell.state("snapshot");
      if (Array.isArray(snap.games) && snap.games.every((g) => g && typeof g.name === "string" && typeof g.title === "string")) {
        this.shell.games(snap.games, snap.game);
      }
      await nextTask();
      if (!Array.isArray(snap.tray)) return;
      await makeAhead(snap.tray.flatMap((picture) => picture?.view?.shapes ?? []));
      this.tray.drawPictures(snap.tray, snap.side);
    } catch {
      /* a snapshot is a nicety: ignore a bad one */
    }
  }

  /** A game loaded (loader.js): its name, the games there are ({name, title}), its
   *  info (its board's viewBox is kept). */
  load({ game, games, info }) {
    this.shown = { game, games, box: boxOf(info) };
  }

  /** Keep the board shown once it is on the screen (after a state drawn: the heaviest
   *  write of a move, the board's shapes and the tray's pictures, and only a picture, so
   *  the move is seen first); the latest asked wins, and `keep` now forgets it. */
  keepSoon(saved) {
    this.toKeep = saved;
    this.keeping ??= afterFrame().then(() => {
      const kept = this.toKeep;
      this.keeping = this.toKeep = null;
      if (kept) this.keep(kept);
    });
  }

  /** Keep the board shown, with what play mode saved of its game ({challenge, level,
   *  name, hash, placement}); nothing when nothing was saved. */
  keep(saved) {
    this.toKeep = null; // (kept now: none later)
    const view = this.stage.shown;
    if (!saved || !view || !this.shown) return;
    const { pictures, side } = this.stage.trayPictures();
    store.saveSnapshot({
      game: this.shown.game, games: this.shown.games, ...saved,
      view: { frame: { viewBox: this.shown.box }, shapes: view.shapes },
      side, tray: pictures,
    });
  }
}
