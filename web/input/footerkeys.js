// The footer's keys ("Keys: 1–9 pick · R or wheel rotate · ..."), in the page's language:
// each part a whole message whose {names} are keys drawn as <kbd> (never HTML from a
// message: its text is split at the names). Built as the page opens, once its language is
// known, and again on each change. The parts a game may hide (rotate, flip, turning a
// placed piece) and the tray's keys (piecekeys.js fills them) are the same nodes from one
// build to the next, so what the shell set on them stays.

import { t, pt, ready, onChange } from "../words/i18n.js";
import { detailsSeparator } from "../words/lists.js";

const kbd = (key) => Object.assign(document.createElement("kbd"), { textContent: key });
const span = (className) => Object.assign(document.createElement("span"), { className });

/** `text`'s words with each {name} replaced by `parts[name]` (a node, or a function making
 *  one: a name said twice gets a node each time). */
function filled(text, parts) {
  return text.split(/\{([a-z_]+)\}/).map((piece, i) => {
    if (i % 2 === 0) return piece;
    const part = parts[piece];
    return typeof part === "function" ? part() : part ?? `{${piece}}`;
  }).filter((piece) => piece !== "");
}


/** Fill the footer's `.keys` (and keep its parts: `pieceKeys`, `rotate`, `flip`, `turn`,
 *  `mark`: shown only where the mode keeps a mark). */
function build(node, parts) {
  const { pieceKeys, rotate, flip, turn, mark } = parts;
  const SEP = detailsSeparator();
  // R clockwise, Shift+R anticlockwise; the wheel both ways
  rotate.replaceChildren(...filled(t("{r}/{back} or wheel rotate"), { r: () => kbd("R"), back: () => kbd("Shift+R") }), SEP);
  flip.replaceChildren(...filled(t("{f} or right-click flip"), { f: () => kbd("F") }), SEP);
  turn.replaceChildren(t("the same keys on your placed piece turn it where it lies"), SEP);
  node.replaceChildren(
    t("Keys:"), " ", ...filled(t("{keys} pick"), { keys: pieceKeys }), SEP, rotate, flip,
    t("arrows move"), SEP, ...filled(t("{enter} place"), { enter: () => kbd(pt("key", "Enter")) }), SEP, turn,
    ...filled(t("{esc} drop"), { esc: () => kbd(pt("key", "Esc")) }), SEP,
    ...filled(t("{ctrl}+{z}/{y} undo/redo"), { ctrl: () => kbd(pt("key", "Ctrl")), z: () => kbd("Z"), y: () => kbd("Y") }), mark);
  mark.replaceChildren(SEP, ...filled(t("{m} mark the position, {b} back to it"), { m: () => kbd("M"), b: () => kbd("B") }));
}

/** Build the footer's keys now, once the language is known, and on each change. */
export function footerKeys(node = globalThis.document?.querySelector(".footer .keys")) {
  if (!node) return;
  const parts = {
    pieceKeys: node.querySelector(".piece-keys") ?? span("piece-keys"),
    rotate: node.querySelector(".key-rotate") ?? span("key-rotate"),
    flip: node.querySelector(".key-flip") ?? span("key-flip"),
    turn: node.querySelector(".key-turn") ?? span("key-turn"),
    mark: node.querySelector(".key-mark") ?? span("key-mark"),
  };
  if (!parts.pieceKeys.firstChild) parts.pieceKeys.replaceChildren(kbd("1"), "–", kbd("9"));
  build(node, parts);
  ready.then(() => build(node, parts));
  onChange(() => build(node, parts));
}
