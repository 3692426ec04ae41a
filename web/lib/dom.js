// Tiny DOM helpers: elements are built with createElement(NS) and textContent only.
//
//   h("button", {class: "tool", "aria-label": "Undo", onclick: f}, "Undo")
//   s("circle", {cx: 1, cy: 2, r: 0.5})
//
// attrs: `class`, `text` (textContent), `on<event>` (listener), `hidden`/`disabled`
// (properties), `style` ({property: value}, set one by one: the page's
// Content-Security-Policy refuses a style attribute, not the element's own style), anything
// else is an attribute (null/undefined/false skip it).

import { nextTask } from "./idle.js";

export const SVG_NS = "http://www.w3.org/2000/svg";

/** @template {HTMLElement | SVGElement} E @param {E} node @param {Attrs} attrs @param {any[]} children @returns {E} */
function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "hidden" || key === "disabled") node[key] = Boolean(value);
    else if (key === "style") for (const [name, v] of Object.entries(value)) node.style.setProperty(name, v);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** @typedef {Record<string, any>} Attrs an element's attributes, as above */

/** An HTML element. @template {keyof HTMLElementTagNameMap} K @param {K} tag @param {Attrs} [attrs]
 *  @param {...any} children @returns {HTMLElementTagNameMap[K]} */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** The element index.html holds at `selector` (drawn at the first paint, so nothing moves
 *  when the page's code comes), filled as h() would make it; else a new one.
 *  @template {keyof HTMLElementTagNameMap} K @param {string} selector @param {K} tag
 *  @param {Attrs} [attrs] @param {...any} children @returns {HTMLElementTagNameMap[K]} */
export function adopt(selector, tag, attrs = {}, ...children) {
  const drawn = /** @type {HTMLElementTagNameMap[K] | null} */ (document.querySelector(selector));
  drawn?.removeAttribute("disabled"); // (index.html's, until its action is here)
  if (!drawn) return h(tag, attrs, ...children);
  fill(drawn, attrs, children);
  return drawn;
}

/** An SVG element. @template {keyof SVGElementTagNameMap} K @param {K} tag @param {Attrs} [attrs]
 *  @param {...any} children @returns {SVGElementTagNameMap[K]} */
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Show a <dialog> as a modal (focus kept inside, Escape closes it), or merely open where
 *  the engine has no showModal. */
export function showDialog(dialog) {
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
}

const toShow = new WeakMap(); // dialog -> the latest showSoon's ticket, until it is shown

/** Show `dialog` (as showDialog) in the task after this one, then `then()`: a modal lays
 *  the page out again, and in its own task that is two shorter tasks of a phone's main
 *  thread, not one long one with what filled the dialog. Not shown if showSoon is asked
 *  again meanwhile (the later one shows it), after closeDialog(dialog), or after an
 *  Escape pressed before it shows: the browser runs a key before a queued task, and the
 *  player who pressed it meant to close this dialog (and only that: the key is spent). */
export function showSoon(dialog, then = () => {}) {
  const ticket = {};
  toShow.set(dialog, ticket);
  const waiting = new AbortController();
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || toShow.get(dialog) !== ticket) return;
    closeDialog(dialog); // (as the key would have, were it shown)
    event.preventDefault();
  }, { capture: true, signal: waiting.signal });
  return nextTask().then(() => {
    waiting.abort();
    if (toShow.get(dialog) !== ticket) return;
    toShow.delete(dialog);
    showDialog(dialog);
    then();
  });
}

/** Close `dialog` (shown by showDialog or showSoon, or about to be); whether it was open
 *  without the browser's dialog, which then says nothing: no close event. */
export function closeDialog(dialog) {
  toShow.delete(dialog); // not shown by a showSoon still waiting
  if (dialog.open) dialog.close?.();
  if (!dialog.hasAttribute("open")) return false;
  dialog.removeAttribute("open");
  return true;
}

// What names a control across a redraw (keepFocus): these of its attributes.
const NAMES = ["data-game", "data-view", "data-date", "data-id", "data-level", "data-action", "data-setting", "data-slot"];

/** Draw `root` again (`draw()`, e.g. with another tab's progress), the focus kept on the
 *  control of the same name as the one that had it (a redraw made a new one). */
export function keepFocus(root, draw) {
  const had = document.activeElement;
  const named = had && had !== root && root.contains(had)
    ? `${had.tagName}${NAMES.filter((n) => had.hasAttribute(n)).map((n) => `[${n}="${CSS.escape(had.getAttribute(n))}"]`).join("")}` : null;
  draw();
  if (named && !root.contains(had)) root.querySelector(named)?.focus({ preventScroll: true });
}

/** Make `nodes` the children of `parent`, in this order, moving only what must move (a
 *  node left in place is not restyled or laid out again by the browser). */
export function placeChildren(parent, nodes) {
  const keep = new Set(nodes);
  for (const node of [...parent.children]) if (!keep.has(node)) node.remove();
  let at = parent.firstChild;
  for (const node of nodes) {
    if (node === at) at = at.nextSibling;
    else parent.insertBefore(node, at);
  }
}

/** Remove every child of a node. */
export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
  return node;
}

/** Icons for the toolbar and the header: 24x24 stroke paths, drawn with currentColor. */
const ICONS = {
  undo: ["M9 14 4 9l5-5", "M4 9h10.5a5.5 5.5 0 0 1 0 11H11"],
  redo: ["m15 14 5-5-5-5", "M20 9H9.5a5.5 5.5 0 0 0 0 11H13"],
  restart: ["M3 12a9 9 0 1 0 3-6.7L3 8", "M3 3v5h5"],
  rotate: ["M21 12a9 9 0 1 1-3-6.7L21 8", "M21 3v5h-5", "M10 10h4v4h-4z"],
  "rotate-back": ["M3 12a9 9 0 1 0 3-6.7L3 8", "M3 3v5h5", "M10 10h4v4h-4z"],
  flip: ["M12 3v18", "M8 7 3 12l5 5V7z", "M16 7l5 5-5 5V7z"],
  hint: ["M9 18h6", "M10 22h4", "M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.2 1 2V17h6v-.3c0-.8.4-1.5 1-2A7 7 0 0 0 12 2z"],
  solve: ["M12 3l2.2 5.4 5.8.5-4.4 3.8 1.3 5.7L12 15.4 7.1 18.4l1.3-5.7L4 8.9l5.8-.5z"],
  grid: ["M4 4h6v6H4z", "M14 4h6v6h-6z", "M4 14h6v6H4z", "M14 14h6v6h-6z"],
  clock: ["M12 7v5l3 2", "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z"],
  close: ["M6 6l12 12", "M18 6 6 18"],
  check: ["M5 12.5 10 17 19 7"],
  chevron: ["m6 9 6 6 6-6"],
  next: ["M5 12h14", "m13 6 6 6-6 6"],
  spark: ["M12 3v4", "M12 17v4", "M3 12h4", "M17 12h4", "m6 6 2.5 2.5", "m15.5 15.5 2.5 2.5", "m6 18 2.5-2.5", "m15.5 8.5 2.5-2.5"],
  pencil: ["M4 20h4L19 9l-4-4L4 16v4z", "m13.5 6.5 4 4"],
  play: ["M7 4v16l13-8z"],
  link: ["M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1", "M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"],
  clear: ["M4 7h16", "M9 7V4h6v3", "M6 7l1 13h10l1-13"],
  print: ["M7 9V3h10v6", "M7 17H5a2 2 0 0 1-2-2v-4a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2h-2", "M7 14h10v7H7z"],
  copy: ["M9 9h11v11H9z", "M5 15H4V4h11v1"],
  stats: ["M4 20h16", "M7 16v-5", "M12 16V6", "M17 16v-8"],
  pause: ["M9 5v14", "M15 5v14"],
  mark: ["M6 21V4", "M6 4h11l-2.5 4 2.5 4H6"],
  today: ["M4 6h16v14H4z", "M4 10h16", "M8 3v4", "M16 3v4", "M8 14h3v3H8z"],
  share: ["M12 3v12", "m7 8 5-5 5 5", "M5 13v7h14v-7"],
  seen: ["M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z", "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z"],
  help: ["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z", "M9.5 9.2a2.6 2.6 0 0 1 5 .9c0 1.7-2.5 2.3-2.5 3.9", "M12 17h.01"],
};

export function icon(name, extraClass = "") {
  return s(
    "svg",
    { class: `icon ${extraClass}`.trim(), viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
    (ICONS[name] || []).map((d) => s("path", { d })),
  );
}

/** m:ss or h:mm:ss for a duration in milliseconds. */
export function formatTime(ms) {
  // a number from storage is validated (saved.js); this only keeps the text sane
  const total = Number.isFinite(ms) ? Math.min(359_999, Math.max(0, Math.floor(ms / 1000))) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** Scroll `scroller` (and nothing else: not the dialog, not the page) so that `node`
 *  is in the middle of its view. */
export function centreIn(scroller, node) {
  const view = scroller.getBoundingClientRect();
  const box = node.getBoundingClientRect();
  scroller.scrollTop += box.top - view.top - (view.height - box.height) / 2;
}

/** Play the animation of `className` on `nodes`, from its start: their classes of
 *  `others` taken off first. Shapes just drawn have none, and simply get it; only if one
 *  had, the page is laid out once (so the browser sees it go and come back), not once
 *  per shape (each a forced layout of the page: a long task on a phone). */
export function restartAnimation(nodes, className, others) {
  let had = false;
  for (const node of nodes) {
    had ||= others.some((name) => node.classList.contains(name));
    node.classList.remove(...others);
  }
  if (had) void nodes[0].getBoundingClientRect(); // a reflow, so the same animation plays again
  for (const node of nodes) node.classList.add(className);
}
