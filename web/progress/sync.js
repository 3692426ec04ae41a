// The site's other tabs: what they store is heard here, and the page follows it. The
// `storage` event comes to every other page of the origin whenever localStorage changes
// (a win, a move, settings, an import; `key` null: storage cleared); changes that come
// together are followed once, in the next task, so what a tab shows follows another's
// within a moment, without a reload. App says how to follow (`follow(keys)`).

import { ours } from "./store.js";

/** Call `follow(keys)` (a Set of the page's keys changed in another tab; null in it: all
 *  of them) after each change another tab makes. */
export function listen(follow) {
  let keys = null;
  window.addEventListener("storage", (event) => {
    if (event.key !== null && !ours(event.key)) return;
    if (keys === null) {
      keys = new Set();
      setTimeout(() => {
        const changed = keys;
        keys = null;
        follow(changed);
      });
    }
    keys.add(event.key);
  });
}
