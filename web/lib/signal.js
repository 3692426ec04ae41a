// One kind of event and who hears it: a part that only needs to be told that something
// happened (a game loaded, a challenge shown) listens, and the part where it happens
// knows none of them (as a mid-end tells its front end, not each of its parts).

/** @template T */
export class Signal {
  constructor() {
    /** @type {((value: T) => void)[]} */
    this.listeners = [];
  }

  /** Hear every event from now on, after those who listened before. @param {(value: T) => void} listener */
  listen(listener) {
    this.listeners.push(listener);
  }

  /** Tell every listener, in order, now. @param {T} [value] */
  tell(value) {
    for (const listener of this.listeners) listener(value);
  }
}
