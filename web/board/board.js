// The board on the page: Python's drawing of the position, the held piece's ghost, and a
// focusable button per location on top (the keyboard cursor). It draws what it is given
// and says which location is where; it holds no position and knows no game.

import { s, clear, restartAnimation } from "../lib/dom.js";
import { Ghost } from "./ghost.js";
import { slicer } from "../lib/idle.js";
import { breathe } from "./breath.js";
import { drawShapes, viewBoxText } from "./render.js";
import { t, lang, PSEUDO, onChange } from "../words/i18n.js";
import { STRAIGHT, ROW_SLACK, cellOf, nearestLocation, neighbourOf, centre, around } from "./locations.js";

const REACH = 1.7; // how far from a location (in its radii) a point still snaps to it

export class Board {
  constructor() {
    // tabindex -1: Chromium makes an <svg> of focusable parts a Tab stop of its own
    this.svg = s("svg", { id: "board", class: "board", role: "group", tabindex: "-1", "data-placement": "", "data-challenge": "" });
    this.svg.append(s("defs", {}, halo("halo-ok", "#1f9d55"), halo("halo-bad", "#d64545"), outline("halo-selected", "#ffffff")));
    // The drawing is hidden from screen readers: the locations' names say what is where.
    // The locations are a grid (rows by height on the board), one of them in the tab
    // order (roving tabindex), arrow keys move between them (input.js).
    this.layers = {
      view: s("g", { class: "layer-view", "aria-hidden": "true" }),
      overlay: s("g", { class: "layer-overlay", "aria-hidden": "true" }), // a game's explanation (explain.js)
      hint: s("g", { class: "layer-hint", "aria-hidden": "true" }),       // the hint ladder's spots and ghost
      ghost: s("g", { class: "layer-ghost", "aria-hidden": "true" }),
      locations: s("g", { class: "layer-locations", role: "grid", "aria-label": t("Board") }),
    };
    // the keyboard cursor: a dark ring round a white one, 3:1 on a light or a dark board
    this.ring = s("g", { class: "focus-ring", "aria-hidden": "true" },
      s("circle", { class: "focus-ring-outer", r: 0.46 }), s("circle", { class: "focus-ring-inner", r: 0.46 }));
    this.svg.append(this.layers.view, this.layers.overlay, this.layers.hint, this.layers.ghost, this.layers.locations, this.ring);
    this.ghost = new Ghost(this.layers.ghost, (data) => this.describe(data));
    this.spots = {};
    this.marks = {}; // kind ("hint", "rule") -> {location code: what is drawn there, in words}
    this.locations = [];
    this.cell = 1; // a cell's side: the usual distance between neighbouring locations
    this.byCode = new Map();
    this.nodes = new Map();
    this.cursor = null;
    this.removable = {}; // location code -> the piece a click there takes back (view.pieceAt)
    this.selected = null; // the placed piece Rotate and Flip turn where it lies (hand.js)
    this.cursorMoved = () => {}; // told when the cursor moves (watchCursor)
    this.shapes = null; // the list of shapes drawn last
    this.naming = false; // the spots are to be named again (nameSpotsSoon)
    onChange(() => this.nameSpots()); // the board's name and its spots' words
  }

  /** `moved()` is called whenever the keyboard cursor moves. */
  watchCursor(moved) {
    this.cursorMoved = moved;
  }

  /** The rows' names from `frame` (the same board in the page's language now).
   *  @param {import("../python/view.js").Frame} frame */
  renameRows(frame) {
    const rowOf = new Map((frame.locations || []).map((l) => [l.code, l.row]));
    for (const row of this.layers.locations.children) {
      const name = rowOf.get(row.firstElementChild?.getAttribute("data-code"));
      if (typeof name === "string" && name) row.setAttribute("aria-label", name);
    }
  }

  /** The board's outline and locations (info's board frame): the locations' elements
   *  made in slices (a task each, under SLICE_MS), then put on the board at once. @param {import("../python/view.js").Frame} frame */
  async setFrame(frame) {
    const locations = (frame.locations || []).map((l) => ({ ...l, r: l.r || 0.5 }));
    // the locations at one height on the board are a row, named in the board's words
    // ("Row A"), not by its cells' names run together
    const rows = new Map();
    const nodes = new Map();
    const slice = slicer();
    for (const loc of locations) {
      await slice();
      const y = loc.y.toFixed(2);
      if (!rows.has(y)) rows.set(y, s("g", { role: "row", "aria-label": typeof loc.row === "string" && loc.row ? loc.row : null }));
      const node = s("circle", {
        class: "loc", cx: loc.x, cy: loc.y, r: loc.r * 0.92, role: "gridcell", "aria-label": loc.code, tabindex: "-1", "data-code": loc.code,
      });
      nodes.set(loc.code, node);
      rows.get(y).append(node);
    }
    this.locations = locations;
    this.byCode = new Map(locations.map((l) => [l.code, l]));
    this.cell = cellOf(locations);
    this.svg.dataset.cell = String(this.cell); // (how far a finger's piece is lifted, for tests)
    this.svg.setAttribute("viewBox", viewBoxText(frame.viewBox));
    this.nodes = nodes;
    this.spots = {}; // another board's words must not name these locations
    this.marks = {};
    this.layers.locations.replaceChildren(...[...rows].sort((a, b) => a[0] - b[0]).map(([, row]) => row));
    this.cursor = null;
    const middle = locations.length ? nearestLocation(locations, ...centre(frame.viewBox)) : null;
    this.setCursor(middle?.code, false);
  }

  /** Draw a view of Python's: its shapes (built again only if they are not the ones
   *  drawn last), and which piece each location gives back. @param {import("../python/view.js").View} view */
  draw(view) {
    this.drawShapes(view.shapes);
    this.markSelected();
    this.removable = view.pieceAt && typeof view.pieceAt === "object" ? view.pieceAt : {};
    this.spots = view.spots && typeof view.spots === "object" ? view.spots : {};
    this.nameSpotsSoon();
    this.svg.dataset.placement = view.placement ?? "";
  }

  /** The placement drawn (the view's). */
  get placement() {
    return this.svg.dataset.placement ?? "";
  }

  /** A saved picture of a board (a snapshot), drawn before Python answers. @param {import("../python/view.js").ViewBox} viewBox @param {import("../python/view.js").Shape[]} shapes */
  drawPicture(viewBox, shapes) {
    this.svg.setAttribute("viewBox", viewBoxText(viewBox));
    this.drawShapes(shapes);
  }

  /** The view's shapes on the board; the same list as last time is drawn already (a
   *  board shown first on its own, then with the rest of its view: stage.js). @param {import("../python/view.js").Shape[]} shapes */
  drawShapes(shapes) {
    if (shapes === this.shapes) return;
    drawShapes(this.layers.view, shapes);
    this.shapes = shapes;
  }

  /** A location's name for screen readers: its code, what is on it and what is drawn
   *  round it ("4B: red peg; ringed", "1C: empty; marked with a gold ring"). @param {string} code */
  spotName(code) {
    const words = Object.hasOwn(this.spots, code) && typeof this.spots[code] === "string" ? [this.spots[code]] : [];
    for (const marks of Object.values(this.marks)) if (Object.hasOwn(marks, code)) words.push(typeof marks[code] === "function" ? marks[code]() : marks[code]);
    const parts = words.filter(Boolean);
    // TRANSLATORS: what lies on a spot, then what marks it ("red peg; ringed")
    const said = parts.length ? parts.reduce((list, item) => t("{list}; {item}", { list, item })) : "";
    return said ? t("{spot}: {said}", { spot: code, said }) : code;
  }

  nameSpots() {
    this.layers.locations.setAttribute("aria-label", t("Board"));
    for (const [code, node] of this.nodes) {
      const name = this.spotName(code);
      if (node.getAttribute("aria-label") !== name) node.setAttribute("aria-label", name);
    }
  }

  /** Say what a layer draws round `spots` in their names (`words`: a text, or a function
   *  of the page's language's words, said again on a change of language), or nothing ([]). */
  markSpots(kind, spots, words) {
    this.marks[kind] = Object.fromEntries(spots.filter((code) => this.nodes.has(code)).map((code) => [code, words]));
    this.nameSpotsSoon();
  }

  /** The spots named again once this task's drawing is done (a move draws the view and
   *  marks several kinds of spots: every location named once, not once for each). */
  nameSpotsSoon() {
    if (this.naming) return;
    this.naming = true;
    queueMicrotask(() => {
      this.naming = false;
      this.nameSpots();
    });
  }

  /** The piece a click on a location takes back, or null. @param {string} code */
  pieceAt(code) {
    return Object.hasOwn(this.removable, code) ? this.removable[code] : null;
  }

  /** Data attributes for CSS and tests (challenge, kind, puzzle, draft...); null removes. @param {Record<string, string | null>} data */
  describe(data) {
    for (const [key, value] of Object.entries(data)) {
      if (value === null || value === undefined) delete this.svg.dataset[key];
      else this.svg.dataset[key] = value;
    }
  }

  /** Mark the placed piece Rotate and Flip turn where it lies (null: none), its spots'
   *  names saying so in `words` ("selected: R and F turn it where it lies"). @param {string | null} piece @param {string} [words] */
  select(piece, words = "") {
    const spots = piece ? Object.keys(this.removable).filter((code) => this.removable[code] === piece) : [];
    this.markSpots("selected", spots, words);
    if (piece === this.selected) return;
    this.selected = piece;
    this.markSelected();
    this.describe({ selected: piece });
  }

  /** The selected piece ringed in white, whole: one ring round all its shapes (copies of
   *  them, grown and drawn white just under it), not one round each shape, which would cut
   *  the piece at its joints (and none round a straight bar, whose box has no height). */
  markSelected() {
    for (const node of this.layers.view.querySelectorAll(".selected")) node.classList.remove("selected");
    this.layers.view.querySelector(".selected-halo")?.remove();
    if (!this.selected) return;
    const nodes = [...this.layers.view.querySelectorAll(`[data-piece="${CSS.escape(this.selected)}"]`)];
    if (!nodes.length) return;
    const copies = nodes.map((node) => {
      const copy = /** @type {Element} */ (node.cloneNode(true));
      copy.removeAttribute("class"); // no piece's shape: not found, flashed or shaken as one
      copy.removeAttribute("data-piece");
      return copy;
    });
    nodes[0].before(s("g", { class: "selected-halo", filter: "url(#halo-selected)", "data-halo-of": this.selected }, copies));
    for (const node of nodes) node.classList.add("selected");
  }

  /** A placed piece shakes (a turn refused). @param {string} piece */
  shakePiece(piece) {
    restartAnimation(this.layers.view.querySelectorAll(`[data-piece="${CSS.escape(piece)}"]`), "shake", ["shake"]);
  }

  /** Make a piece's shapes pop, glow or blink ("placed", "hinted", "blocker", "removed"). @param {string} piece @param {string} kind */
  flash(piece, kind) {
    if (!piece) return;
    const nodes = this.layers.view.querySelectorAll(`[data-piece="${CSS.escape(piece)}"]`);
    // a piece set down at the click (ghost.js) pops on from where it got to, not again
    if (kind === "placed") {
      const ago = this.ghost.landedAgo(piece); // (0: it was not)
      for (const node of nodes) /** @type {SVGElement} */ (node).style.setProperty("--landed-ago", `${-ago}ms`);
    }
    restartAnimation(nodes, `flash-${kind}`, FLASHES);
  }

  // ------------------------------------------------------------------ hints and overlays

  /** A hint drawn over the board: rings around `spots` (location codes) and, if given,
   *  the hinted piece's shapes as a ghost to place (`ghost`). Generic: it knows spots
   *  and shapes, not what they mean in a game. */
  drawHint({ spots = [], ghost = null, kind = "place" } = {}) {
    const marks = spots.map((code) => this.byCode.get(code)).filter(Boolean).map((loc) => s("circle", {
      class: `hint-spot hint-${kind}`, cx: loc.x, cy: loc.y, r: loc.r * 0.8, "data-code": loc.code,
    }));
    const ghostGroup = ghost ? s("g", { class: "hint-ghost" }) : null;
    if (ghostGroup) drawShapes(ghostGroup, ghost);
    this.layers.hint.replaceChildren(...marks, ...(ghostGroup ? [ghostGroup] : [])); // the ghost on top
    if (marks.length) breathe(this.layers.hint);
    this.describe({ hintSpots: spots.length ? spots.join(" ") : null, hintGhost: ghost ? "true" : null });
    this.markSpots("hint", spots, HINT_WORDS[kind] ?? HINT_WORDS.place);
  }

  clearHint() {
    clear(this.layers.hint);
    this.describe({ hintSpots: null, hintGhost: null });
    this.markSpots("hint", [], "");
  }

  /** Rings around locations over the board (a lesson's "the rule bites here"), in the
   *  overlay layer; [] clears them. */
  drawSpots(spots, kind) {
    const marks = spots.map((code) => this.byCode.get(code)).filter(Boolean).map((loc) => s("g", { "data-code": loc.code },
      s("circle", { class: "mark-halo", cx: loc.x, cy: loc.y, r: loc.r * 0.86 }),
      s("circle", { class: `mark-spot mark-${kind}`, cx: loc.x, cy: loc.y, r: loc.r * 0.86 })));
    this.layers.overlay.replaceChildren(...marks);
    if (marks.length) breathe(this.layers.overlay);
    this.describe({ [`${kind}Spots`]: spots.length ? spots.join(" ") : null });
    this.markSpots(kind, spots, () => t("ringed"));
  }

  /** A game's explanation of the position (shapes over the pieces); [] clears it. @param {import("../python/view.js").Shape[]} shapes */
  drawOverlay(shapes) {
    drawShapes(this.layers.overlay, shapes);
    this.describe({ overlay: shapes.length ? "true" : null });
  }

  // ------------------------------------------------------------------ locations

  /** The location under a point of the page (within reach), or null. @param {number} x @param {number} y */
  locationAtClient(x, y) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(x, y).matrixTransform(ctm.inverse());
    return nearestLocation(this.locations, p.x, p.y, REACH);
  }

  /** Where a finger holding a piece points it: the location a cell above the finger (the
   *  piece is held up, clear of the finger, as one lifts a plastic piece to see it), or,
   *  above the top row, the nearest location of that row while the finger is on the
   *  board; null when the finger is off the board. @param {number} x @param {number} y */
  locationAboveClient(x, y) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(x, y).matrixTransform(ctm.inverse());
    const above = nearestLocation(this.locations, p.x, p.y - this.cell, REACH);
    if (above || !nearestLocation(this.locations, p.x, p.y, REACH)) return above;
    return nearestLocation(this.locations, p.x, p.y - this.cell);
  }

  /** A cell's side on the screen, in CSS pixels (how far a finger's piece is lifted). */
  get cellOnScreen() {
    return this.cell * (this.svg.getScreenCTM()?.a ?? 0);
  }

  /** The location next to `code` in a screen direction (arrow keys), or null. @param {string} code @param {number} dx @param {number} dy */
  neighbour(code, dx, dy) {
    const from = this.byCode.get(code);
    return from ? neighbourOf(this.locations, from, dx, dy)?.code ?? null : null;
  }

  /** The locations round `code`, nearest first, or those ahead first of a finger that
   *  came from `before` (where it points next). @param {string} code @param {string | null} [before] @returns {string[]} */
  around(code, before = null) {
    const here = this.byCode.get(code);
    return here ? around(this.locations, here, this.cell, this.byCode.get(before) ?? null).map((l) => l.code) : [];
  }

  /** The last location in a screen direction from `code`, keeping to its row or column
   *  (Home, End, Page Up, Page Down), or null. @param {string} code @param {number} dx @param {number} dy */
  edge(code, dx, dy) {
    let at = this.byCode.get(code);
    if (!at) return null;
    for (let next; (next = neighbourOf(this.locations, at, dx, dy, STRAIGHT)); ) at = next;
    return at.code;
  }

  /** The first (or last) location in reading order: top row first, left to right. */
  corner(last = false) {
    const order = [...this.locations].sort((a, b) => (Math.abs(a.y - b.y) > ROW_SLACK ? a.y - b.y : a.x - b.x));
    return (last ? order.at(-1) : order[0])?.code ?? null;
  }

  /** Move the keyboard cursor (the one location in the tab order). @param {string | null} code @param {boolean} [focus] */
  setCursor(code, focus = true) {
    if (!code || !this.nodes.has(code)) return;
    this.nodes.get(this.cursor)?.setAttribute("tabindex", "-1");
    this.cursor = code;
    const node = this.nodes.get(code);
    node.setAttribute("tabindex", "0");
    const loc = this.byCode.get(code);
    this.ring.setAttribute("transform", `translate(${loc.x} ${loc.y}) scale(${(loc.r || 0.5) / 0.5})`);
    if (focus) node.focus({ preventScroll: true });
    this.cursorMoved();
  }

  /** Focus the cursor's location; its code. */
  focus() {
    this.setCursor(this.cursor || this.locations[0]?.code, true);
    return this.cursor;
  }
}

// a hint's rings, as a screen reader says them on each spot ringed (the hints say "the
// marked spots", the lesson "the gold ring")
const HINT_WORDS = { place: () => t("marked with a gold ring"), remove: () => t("marked with a red ring") };

/** Location codes as a list in words: "1A, 2A and 2B" (the page's language's list;
 *  English's as the page has always written it, with no comma before "and"). */
export function spotList(codes) {
  return new Intl.ListFormat(["en", PSEUDO].includes(lang()) ? "en-GB" : lang(), { type: "conjunction" }).format(codes);
}

const FLASHES = ["flash-placed", "flash-hinted", "flash-blocker", "flash-removed"];

/** A filter that rings a shape in `colour`, the shape itself drawn faded (a ghost). */
function halo(id, colour, opacity = 0.8) {
  return s("filter", { id, x: "-20%", y: "-20%", width: "140%", height: "140%" },
    s("feMorphology", { in: "SourceAlpha", operator: "dilate", radius: "0.07", result: "grown" }),
    s("feFlood", { "flood-color": colour, "flood-opacity": "0.95" }),
    s("feComposite", { in2: "grown", operator: "in", result: "flooded" }),
    s("feComposite", { in: "flooded", in2: "SourceAlpha", operator: "out", result: "halo" }),
    s("feComponentTransfer", { in: "SourceGraphic", result: "faded" }, s("feFuncA", { type: "linear", slope: String(opacity) })),
    s("feMerge", {}, s("feMergeNode", { in: "halo" }), s("feMergeNode", { in: "faded" })));
}

/** A filter that draws a shape grown a little, in `colour` only (the ring round a
 *  selected piece, drawn under it). */
function outline(id, colour) {
  return s("filter", { id, x: "-20%", y: "-20%", width: "140%", height: "140%" },
    s("feMorphology", { in: "SourceAlpha", operator: "dilate", radius: "0.07", result: "grown" }),
    s("feFlood", { "flood-color": colour, "flood-opacity": "0.95" }),
    s("feComposite", { in2: "grown", operator: "in" }));
}
