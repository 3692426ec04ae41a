// The tray and the hand: a button per item a mode offers (the game's pieces, or the
// editor's tools) that is not on the board, the item held, and the orientation each item
// is held in. Items are drawn by the mode's itemView(id, orientation) (Python's drawing).

import { h, clear, placeChildren } from "../lib/dom.js";
import { pieceSvg } from "./render.js";
import { keyOfIndex } from "../input/piecekeys.js";
import { t, onChange } from "../words/i18n.js";
import { turnedOrientation } from "../python/view.js";

export class Tray {
  /** `node`: the #tray element; `pick(id, fromKeyboard)`: a tray button was pressed. */
  constructor(node, pick) {
    this.node = node;
    this.pick = pick;
    this.items = [];
    this.itemView = null;
    this.views = new Map();   // "id/orientation" -> promise of the item's drawing
    this.orientations = {};   // id -> orientation held in
    this.holding = null;      // the id of the item in hand
    this.side = 1;            // every piece is drawn in a square of this side
    this.ignoring = false;    // a drag just ended: its click must not toggle the piece
    this.hinted = null;       // the id of the item a hint names (marked until the next move)
    this.slotted = new Set(); // the items with a slot: in the tray since the board was opened
    this.forgetButtons();
    onChange(() => this.words());
  }

  /** The same items in other words (the page's language changed): their names follow. */
  rename(items) {
    const now = new Map(items.map((item) => [item.id, item]));
    this.items = this.items.map((item) => now.get(item.id) ?? item);
    this.words();
  }

  /** The buttons' names and the empty tray's words again, in the page's language. */
  words() {
    // (every button drawn is kept, a piece's now on the board too: it comes back)
    for (const { button } of this.buttons.values()) {
      Object.assign(button.dataset, markWords(true));
      const item = this.item(button.dataset.piece);
      if (!item) continue;
      const name = this.buttonName(item);
      button.setAttribute("aria-label", name);
      button.setAttribute("title", name);
    }
    const empty = this.node.querySelector(".tray-empty");
    if (empty) empty.textContent = t("Every piece is on the board.");
  }

  /** The id of the item in hand, or null. */
  get held() {
    return this.holding;
  }

  /** A mode's items and how to draw them; every item starts in its first orientation
   *  (a game's), or keeps the one it had (the same game's other mode). */
  async load(items, itemView, { fresh = false } = {}) {
    this.holding = null;
    this.forgetSlots();
    this.items = items;
    this.itemView = itemView;
    this.views.clear();
    this.forgetButtons(); // another mode's items: its buttons are not these
    if (fresh) this.orientations = {};
    for (const item of items) if (!item.orientations.includes(this.orientations[item.id])) this.orientations[item.id] = item.orientations[0];
    const views = await Promise.all(items.map((item) => this.view(item.id)));
    const pieces = views.filter((v, i) => items[i].kind !== "marker");
    this.side = Math.max(1, ...(pieces.length ? pieces : views).map((v) => Math.max(v.viewBox[2], v.viewBox[3]))) + 0.35;
    this.drawn = Object.fromEntries(items.map((item, i) => [item.id, views[i]]));
  }

  view(id) {
    const key = `${id}/${this.orientations[id]}`;
    if (!this.views.has(key)) {
      const promise = this.itemView(id, this.orientations[id]);
      this.views.set(key, promise);
      promise.catch(() => this.views.delete(key));
    }
    return this.views.get(key);
  }

  item(id) {
    return this.items.find((item) => item.id === id) ?? null;
  }

  orientation(id) {
    return this.orientations[id];
  }

  /** The buttons of the items not in `onBoard` (markers stay: there are several). A
   *  piece that was in the tray since the board was opened keeps its slot when it goes on
   *  the board, empty, so the pieces left do not move (as in the game's box). A button
   *  already drawn is kept (a move changes one or two of the tray's items: the browser then
   *  builds, styles and lays out only those, and a focused button keeps the focus). */
  render(onBoard) {
    if (this.held && onBoard.has(this.held) && this.item(this.held)?.kind !== "marker") this.holding = null;
    const wanted = [];
    this.items.forEach((item, i) => {
      if (onBoard.has(item.id) && item.kind !== "marker") {
        if (this.slotted.has(item.id)) wanted.push(this.gap(item.id));
        return;
      }
      this.slotted.add(item.id);
      wanted.push(this.button(item, i));
    });
    if (!wanted.some((node) => node.classList.contains("tray-piece"))) {
      this.empty ??= h("p", { class: "tray-empty" });
      this.empty.textContent = t("Every piece is on the board.");
      wanted.push(this.empty);
    }
    placeChildren(this.node, wanted);
  }

  /** A piece goes on the board: the focus a tap or a click left on its button goes now,
   *  while the page's styles are up to date. (The button goes with the piece's move: a
   *  focused element removed makes the browser bring every style up to date at once, in
   *  the middle of drawing the move, a tenth of a phone's time for it.) */
  letFocusGo() {
    const focused = /** @type {HTMLElement | null} */ (document.activeElement);
    if (focused && focused !== this.node && this.node.contains(focused)) focused.blur();
  }

  /** The shapes of the drawings a render(onBoard) would make afresh (stage.js makes
   *  their elements ahead). */
  shapesToDraw(onBoard) {
    return this.items.filter((item) => !onBoard.has(item.id) || item.kind === "marker")
      .filter((item) => this.buttons.get(item.id)?.view !== this.drawn?.[item.id])
      .flatMap((item) => this.drawn?.[item.id]?.shapes ?? []);
  }

  /** An item's button, as it is now: the one drawn before, brought up to date (its
   *  drawing made again only if the item's drawing changed), or a new one. */
  button(item, index) {
    const view = this.drawn?.[item.id];
    const side = view ? this.sideOf(item, view) : 0;
    let kept = this.buttons.get(item.id);
    if (!kept) {
      const key = keyOfIndex(index);
      const button = h("button", {
        type: "button", class: `tray-piece${item.kind === "marker" ? " tray-marker" : ""}`, "data-piece": item.id, ...markWords(),
        style: { "--piece": item.colour },
        onclick: (event) => { if (!this.ignoring) this.pick(item.id, event.detail === 0); },
      }, key ? h("span", { class: "key", "aria-hidden": "true", text: key }) : null);
      kept = { button, view: null, side: 0 };
      this.buttons.set(item.id, kept);
    }
    const { button } = kept;
    if (kept.view !== view || kept.side !== side) {
      button.querySelector(".piece-svg")?.remove();
      if (view) button.prepend(pieceSvg(view, side));
      Object.assign(kept, { view, side });
    }
    const label = this.buttonName(item, index);
    setAttr(button, "aria-label", label);
    setAttr(button, "title", label);
    setAttr(button, "aria-pressed", String(this.held === item.id));
    setAttr(button, "data-orientation", this.orientations[item.id]);
    setAttr(button, "data-hinted", this.hinted === item.id ? "true" : null);
    return button;
  }

  /** The empty slot a piece on the board leaves (the same element each time). */
  gap(id) {
    if (!this.gaps.has(id)) this.gaps.set(id, h("div", { class: "tray-gap", "aria-hidden": "true", "data-piece": id }));
    return this.gaps.get(id);
  }

  /** A tray button's name: the item in words, how it lies now (a screen reader cannot
   *  see it turn) and its key ("Piece a, red, 4 loops, 2 with holes, turned 90 degrees
   *  clockwise, key 1"): what is written on a button is part of its name. */
  buttonName(item, index = this.items.indexOf(item)) {
    const key = keyOfIndex(index);
    const lies = this.lies(item);
    const words = { item: labelOf(item), lies, key };
    if (key) return lies ? t("{item}, {lies}, key {key}", words) : t("{item}, key {key}", words);
    return lies ? t("{item}, {lies}", words) : words.item;
  }

  /** How an item lies now, in Python's words ("flipped top to bottom"), or "". */
  lies(item) {
    const words = item?.orientationNames?.[this.orientations[item.id]];
    return item?.kind !== "marker" && typeof words === "string" ? words : "";
  }

  /** The square a piece is drawn in: its own size, so it fills its slot, but never
   *  under 60% of the largest piece's, so a small piece does not look like a big one. */
  sideOf(item, view) {
    if (item.kind === "marker") return 0;
    const own = Math.max(view.viewBox?.[2] ?? 0, view.viewBox?.[3] ?? 0) + 0.35;
    return Math.max(own, this.side * 0.6);
  }

  /** The buttons and gaps drawn are made afresh from now on. */
  forgetButtons() {
    this.buttons = new Map(); // item id -> {button, view, side}: its button, as drawn
    this.gaps = new Map();    // item id -> its empty slot
    this.empty = null;        // the words of an empty tray
  }

  /** Grey boxes while the first items load. */
  skeleton(count = 8) {
    clear(this.node);
    for (let i = 0; i < count; i++) this.node.append(h("div", { class: "tray-slot skeleton", "aria-hidden": "true" }));
  }

  /** Another board is opened (a challenge, a lesson, the editor): the next tray drawn
   *  has a slot for each item not on its board, and no more. */
  forgetSlots() {
    this.slotted.clear();
  }

  /** A picture of the items drawn (a snapshot's tray, before Python answers). */
  drawPictures(pictures, side) {
    clear(this.node);
    for (const p of pictures) this.node.append(h("div", { class: "tray-slot", "aria-hidden": "true" }, pieceSvg(p.view, side)));
  }

  /** What a snapshot keeps of the tray (as the next visit draws it: no empty slots) and
   *  a printed sheet shows: the drawings of the items not on the board. */
  pictures(onBoard) {
    return this.items.filter((item) => !onBoard.has(item.id) && this.drawn?.[item.id])
      .map((item) => ({ id: item.id, view: this.drawn[item.id] }));
  }

  /** Ignore the click the browser sends right after a drag from the tray. */
  ignoreClick() {
    this.ignoring = true;
    setTimeout(() => { this.ignoring = false; }, 0);
  }

  /** Mark the item a hint names (null: none), without moving it. */
  markHinted(id) {
    this.hinted = id;
    for (const b of this.node.querySelectorAll(".tray-piece")) {
      if (b.dataset.piece === id) b.dataset.hinted = "true";
      else delete b.dataset.hinted;
    }
  }

  hold(id) {
    this.holding = id;
    this.markHeld();
  }

  release() {
    this.holding = null;
    this.markHeld();
  }

  markHeld() {
    for (const b of this.node.querySelectorAll(".tray-piece")) b.setAttribute("aria-pressed", String(b.dataset.piece === this.held));
  }

  /** Turn the held item ("rotate", "rotate-back" or "flip"); false if it does not turn. */
  async turn(how) {
    const item = this.item(this.held);
    const next = item && turnedOrientation(item, how, this.orientations[item.id]);
    if (next === undefined || next === this.orientations[item.id]) return false;
    this.orientations[item.id] = next;
    const view = await this.view(item.id);
    this.drawn[item.id] = view;
    const button = this.node.querySelector(`[data-piece="${CSS.escape(item.id)}"]`);
    if (button) {
      button.dataset.orientation = next;
      const name = this.buttonName(item);
      button.setAttribute("aria-label", name);
      button.setAttribute("title", name);
      const side = this.sideOf(item, view);
      const svg = pieceSvg(view, side);
      svg.classList.add("turned");
      const kept = this.buttons.get(item.id);
      if (kept?.button === button) Object.assign(kept, { view, side });
      const old = button.querySelector(".piece-svg");
      if (old) old.replaceWith(svg);
      else button.prepend(svg);
    }
    return true;
  }
}

/** Set an attribute only if it changes (null: remove it): an unchanged button is left
 *  as it was, for the browser too. */
function setAttr(node, name, value) {
  if (value === null) node.removeAttribute(name);
  else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** The words the mark of a hinted item shows (CSS draws them): "Hint", and in a lesson
 *  "This one"; as data attributes (`asDataset`: dataset's names). */
function markWords(asDataset = false) {
  const hint = t("Hint");
  // TRANSLATORS: over the piece of the tray a lesson asks for
  const one = t("This one");
  return asDataset ? { hintWord: hint, thisWord: one } : { "data-hint-word": hint, "data-this-word": one };
}

/** An item as the status line says it: Python's name of a piece ("The red piece"), or the
 *  label of an editor's marker ("Red peg"). */
export function nameOf(item) {
  const words = typeof item?.name === "string" && item.name ? item.name : item?.label ?? "";
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An item in words: "Piece a, red, 4 loops, 2 with holes" (colour and size in words,
 *  for those who cannot see them). */
export function labelOf(item) {
  if (item.kind === "marker") return item.label;
  const said = (words) => typeof words === "string" && words;
  if (said(item.label) && said(item.colourName) && said(item.sizeName)) {
    return t("{piece}, {colour}, {size}", { piece: item.label, colour: item.colourName, size: item.sizeName });
  }
  return [item.label, item.colourName, item.sizeName].filter(said).join(", ");
}
