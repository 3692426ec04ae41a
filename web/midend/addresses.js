// The address the mid-end writes for the state shown (a position is a link), kept apart
// from midend.js: what it wrote last (so the page tells its own address from one typed or
// followed) and whether the next one gets its own entry in the browser's history.

import * as store from "../progress/store.js";

export class Addresses {
  constructor() {
    this.written = null;   // the address this page wrote last
    this.newEntry = false; // the next address written gets its own entry in the browser's history
  }

  /** The next address written gets its own entry in the browser's history (`push`), or
   *  replaces the one shown. @param {boolean} push */
  next(push) {
    this.newEntry = push;
  }

  /** Write the address of what is shown. @param {string} hash */
  write(hash) {
    this.written = hash;
    store.writeHash(hash, this.newEntry);
    this.newEntry = false;
  }

  /** A lesson of `game` comes first, over the challenge opened: an address naming another
   *  game (the one left) says this game instead, so that a reload comes back to it; the
   *  challenge's own address replaces it once it is shown. @param {string} game */
  forLesson(game) {
    const named = store.readHash();
    if (!named.empty && named.game !== game) this.write(store.hashFor(game, null, null));
  }

  /** Put the address of the state shown back (after one the page did not follow). */
  rewrite() {
    if (this.written) store.writeHash(this.written);
  }

  /** Whether `hash` is the address the page wrote (so there is nothing to follow). @param {string} hash */
  wrote(hash) {
    return hash === this.written;
  }
}
