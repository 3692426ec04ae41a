// The keys that pick a tray item: 1-9, 0, then - and = (the keys right of 0), so a game
// of twelve pieces (IQ-Link) has a key for every one. One table for the tray's labels,
// the footer and the keyboard handler. The footer's words are footerkeys.js's, built as
// this module (the shell's) is loaded.

import { footerKeys } from "./footerkeys.js";

footerKeys();

export const PIECE_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="];

/** The key of the item at `index` in the tray's order, or null. */
export function keyOfIndex(index) {
  return PIECE_KEYS[index] ?? null;
}

/** The tray index a key picks, or -1 ("+" is "=" with Shift held, "_" is "-"). */
export function indexOfKey(key) {
  const plain = key === "+" ? "=" : key === "_" ? "-" : key;
  return PIECE_KEYS.indexOf(plain);
}

/** Fill the footer's `.piece-keys` with the keys of `count` items: "1–8", "1–9, 0, -, =". */
export function showPieceKeys(node, count) {
  if (!node || count < 1) return;
  const kbd = (key) => Object.assign(document.createElement("kbd"), { textContent: key });
  /** @type {(Node | string)[]} */
  const parts = [kbd("1")];
  if (count > 1) parts.push("–", kbd(PIECE_KEYS[Math.min(count, 9) - 1]));
  for (const key of PIECE_KEYS.slice(9, count)) parts.push(", ", kbd(key));
  node.replaceChildren(...parts);
}
