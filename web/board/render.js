// The one generic SVG renderer: draws the primitives a game's view() describes
// (py/iqpuzzles/core/draw.py) and knows nothing about any game.
//
// Kinds: rect, circle, ring (with openings), bar, polygon, text, mark (a colour's symbol). Every shape has
// `layer` (drawn in increasing order), `role`, `piece` and `tags` (words a game gives,
// such as "upper" or "blocked"); each element gets class "shape role-<role>" and
// data-role / data-piece / data-tags, so CSS and tests can use them.

import { s, placeChildren } from "../lib/dom.js";
import { slicer } from "../lib/idle.js";

const num = (v, d = 0) => (typeof v === "number" && Number.isFinite(v) ? v : d);
const paint = (v, d = "none") => (typeof v === "string" && v ? v : d);

/** One shape as an SVG element (null for an unknown kind: skipped, never a crash). @param {import("../python/view.js").Shape} shape */
export function shapeElement(shape) {
  const common = {
    class: `shape role-${shape.role || "board"}`,
    "data-role": shape.role || "board",
    "data-piece": shape.piece ?? null,
    "data-tags": tagsText(shape.tags),
    opacity: typeof shape.opacity === "number" ? shape.opacity : null,
  };
  const stroke = (shape) =>
    shape.stroke ? { stroke: shape.stroke, "stroke-width": num(shape.strokeWidth) } : {};
  switch (shape.kind) {
    case "rect":
      return s("rect", {
        ...common, x: num(shape.x), y: num(shape.y), width: Math.max(0, num(shape.w)), height: Math.max(0, num(shape.h)),
        rx: num(shape.rx), fill: paint(shape.fill), ...stroke(shape),
      });
    case "circle": {
      const cx = num(shape.cx), cy = num(shape.cy), r = num(shape.r);
      if (shape.shine !== true) return s("circle", { ...common, cx, cy, r, fill: paint(shape.fill), ...stroke(shape) });
      // shine: a highlight up and to the left, so the disc reads as a ball
      return s("g", common,
        s("circle", { cx, cy, r, fill: paint(shape.fill), ...stroke(shape) }),
        s("circle", { cx: cx - 0.3 * r, cy: cy - 0.3 * r, r: 0.3 * r, fill: "rgba(255,255,255,0.45)" }));
    }
    case "ring":
      return ringElement(shape, common);
    case "bar":
      return s("line", {
        ...common, x1: num(shape.x1), y1: num(shape.y1), x2: num(shape.x2), y2: num(shape.y2),
        stroke: paint(shape.colour, "#000"), "stroke-width": num(shape.width, 0.1),
        "stroke-linecap": shape.cap || "round",
      });
    case "polygon":
      return s("polygon", {
        ...common,
        points: (Array.isArray(shape.points) ? shape.points : []).map((p) => `${num(p[0])},${num(p[1])}`).join(" "),
        fill: paint(shape.fill), "stroke-linejoin": "round", ...stroke(shape),
      });
    case "mark":
      return markElement(shape, common);
    case "text": // a stroke is a halo: drawn under the letters, so they read over anything
      return s("text", {
        ...common, x: num(shape.x), y: num(shape.y), "font-size": num(shape.size, 0.3),
        fill: paint(shape.fill, "#333"), "text-anchor": shape.anchor || "middle",
        "font-weight": shape.weight || null, ...stroke(shape),
        "paint-order": shape.stroke ? "stroke" : null, "stroke-linejoin": shape.stroke ? "round" : null,
        text: String(shape.text ?? ""),
      });
    default:
      return null;
  }
}

// A colour's symbol (core/draw.py SYMBOLS) as a path in a box from -1 to 1, so that
// colours are told apart by shape too (colour blindness).
const polygonPath = (points) => `M${points.map(([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`).join("L")}Z`;
const around = (n, radius, start) => Array.from({ length: n }, (_, i) => {
  const t = start + (i * 2 * Math.PI) / n;
  return [radius(i) * Math.cos(t), radius(i) * Math.sin(t)];
});
const PLUS = [[-0.3, -1], [0.3, -1], [0.3, -0.3], [1, -0.3], [1, 0.3], [0.3, 0.3], [0.3, 1], [-0.3, 1], [-0.3, 0.3], [-1, 0.3], [-1, -0.3], [-0.3, -0.3]];
const turn45 = ([x, y]) => [(x - y) * Math.SQRT1_2, (x + y) * Math.SQRT1_2];
const circlePath = (r) => `M${-r},0a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
const SYMBOLS = {
  triangle: "M0,-1L0.95,0.75L-0.95,0.75Z",
  plus: polygonPath(PLUS),
  diamond: "M0,-1L0.85,0L0,1L-0.85,0Z",
  star: polygonPath(around(10, (i) => (i % 2 ? 0.42 : 1), -Math.PI / 2)),
  square: "M-0.75,-0.75H0.75V0.75H-0.75Z",
  cross: polygonPath(PLUS.map(([x, y]) => turn45([x * 1.1, y * 1.1]))),
  bar: "M-1,-0.32H1V0.32H-1Z",
  dot: circlePath(0.6),
  chevron: "M-1,-0.75L0,0.15L1,-0.75L1,0L0,0.9L-1,0Z",
  hexagon: polygonPath(around(6, () => 0.9, Math.PI / 6)),
  ring: `${circlePath(0.9)}${circlePath(0.45)}`,
  heart: "M0,0.9C-1.4,0 -0.9,-1.2 0,-0.45C0.9,-1.2 1.4,0 0,0.9Z",
  arrow: "M0,-1L0.95,0.05H0.38V1H-0.38V0.05H-0.95Z",
};

function markElement(shape, common) {
  const d = SYMBOLS[shape.symbol];
  if (!d) return null;
  const size = num(shape.size, 0.1);
  return s("path", {
    ...common, d, fill: paint(shape.ink, "rgba(0,0,0,0.5)"), "fill-rule": "evenodd",
    "data-symbol": shape.symbol, "pointer-events": "none",
    transform: `translate(${num(shape.x)} ${num(shape.y)}) scale(${size})`,
  });
}

/** data-tags: the shape's tags, space-separated (CSS matches one with [data-tags~=word]). */
function tagsText(tags) {
  const words = Array.isArray(tags) ? tags.filter((t) => typeof t === "string" && /^[\w-]+$/.test(t)) : [];
  return words.length ? words.join(" ") : null;
}

/** A ring: a stroked circle, or arcs between its openings (0 = east, 90 = north).
 *  With `stroke` the ring gets an outline of that colour (drawn as a wider ring under
 *  it, with the same openings), so a ring reads as a solid band over what is beneath. */
function ringElement(shape, common) {
  const cx = num(shape.cx), cy = num(shape.cy), r = num(shape.r, 0.3);
  const width = num(shape.width, 0.1);
  const openings = (Array.isArray(shape.openings) ? shape.openings : []).map((a) => num(a));
  const gap = num(shape.gap, 56);
  const d = openings.length ? ringArcs(cx, cy, r, openings, gap) : null;
  const band = (colour, w, path = d) => {
    const attrs = { fill: "none", stroke: colour, "stroke-width": w, "stroke-linecap": "butt" };
    return path === null ? s("circle", { ...attrs, cx, cy, r }) : s("path", { ...attrs, d: path });
  };
  if (typeof shape.stroke !== "string" || !shape.stroke) {
    return d === null ? s("circle", { ...common, fill: "none", stroke: paint(shape.colour, "#000"), "stroke-width": width, cx, cy, r })
      : s("path", { ...common, fill: "none", stroke: paint(shape.colour, "#000"), "stroke-width": width, "stroke-linecap": "butt", d });
  }
  const edge = Math.max(0.01, Math.min(num(shape.strokeWidth, width * 0.18), width / 3));
  // the outline's arcs reach `edge` further into each opening, so the cut ends are edged too
  const outline = d === null ? null : ringArcs(cx, cy, r, openings, Math.max(0, gap - (2 * edge / r) * (180 / Math.PI)));
  return s("g", common, band(shape.stroke, width + 2 * edge, outline), band(paint(shape.colour, "#000"), width));
}

/** The SVG path of a ring's arcs between its openings; arcs too short to read as part
 *  of the ring (two openings almost meeting) are left out, so the gaps merge. */
function ringArcs(cx, cy, r, openings, gapDegrees) {
  const gap = Math.min(gapDegrees, 359 / openings.length);
  const gaps = openings.map((a) => ((a % 360) + 360) % 360).sort((a, b) => a - b);
  const at = (deg) => {
    const t = (deg * Math.PI) / 180;
    return `${(cx + r * Math.cos(t)).toFixed(4)} ${(cy - r * Math.sin(t)).toFixed(4)}`;
  };
  let d = "";
  gaps.forEach((g, i) => {
    const from = g + gap / 2;
    const to = (i + 1 < gaps.length ? gaps[i + 1] : gaps[0] + 360) - gap / 2;
    if (to - from < 30) return; // openings (nearly) meet: one wide gap, no sliver
    const large = to - from > 180 ? 1 : 0;
    // Increasing angle is counter-clockwise on screen: sweep-flag 0.
    d += `M ${at(from)} A ${r} ${r} 0 ${large} 0 ${at(to)} `;
  });
  return d.trim() || "M 0 0";
}

// the shape each element drawn shows (its JSON), and the class it was made with
const drawnAs = new WeakMap();

/** Draw shapes into a group, in layer order (stable for equal layers). An element
 *  already in the group that shows the same shape, as it was made (no class added since:
 *  a flash, a shake), is kept, in its place if it can be: a move changes a few shapes of
 *  the board, and the browser then builds, styles and lays out only those. @param {Element} group @param {import("../python/view.js").Shape[]} shapes */
export function drawShapes(group, shapes) {
  const list = (Array.isArray(shapes) ? shapes : [])
    .map((shape, i) => ({ shape, i }))
    .filter(({ shape }) => shape && typeof shape === "object")
    .sort((a, b) => num(a.shape.layer) - num(b.shape.layer) || a.i - b.i);
  const old = new Map(); // JSON -> the elements drawn for it, in order
  for (const node of group.children) {
    const was = drawnAs.get(node);
    if (was && node.getAttribute("class") === was.class) {
      if (!old.has(was.key)) old.set(was.key, []);
      old.get(was.key).push(node);
    }
  }
  const wanted = [];
  for (const { shape } of list) {
    const key = JSON.stringify(shape);
    const node = old.get(key)?.shift() ?? ahead.get(key)?.shift() ?? made(shape, key);
    if (node) wanted.push(node);
  }
  placeChildren(group, wanted);
}

/** A new element for `shape` (its JSON `key`), noted as made so (or null). */
function made(shape, key) {
  const node = shapeElement(shape);
  if (node) drawnAs.set(node, { key, class: node.getAttribute("class") });
  return node;
}

// elements made ahead of their drawing (makeAhead): JSON -> elements not drawn yet
const ahead = new Map();

/** Make the elements of `shapes` ahead of drawing them, a slice at a time (a task each,
 *  under SLICE_MS), for drawShapes to take: a first board's or tray's hundreds of elements
 *  are then not one long task. What an earlier call made and no drawing took is let go. @param {import("../python/view.js").Shape[]} shapes */
export async function makeAhead(shapes) {
  ahead.clear();
  const slice = slicer();
  for (const shape of Array.isArray(shapes) ? shapes : []) {
    if (!shape || typeof shape !== "object") continue;
    await slice();
    const key = JSON.stringify(shape);
    const node = made(shape, key);
    if (!node) continue;
    if (!ahead.has(key)) ahead.set(key, []);
    ahead.get(key).push(node);
  }
}

/** viewBox attribute text from [x, y, w, h]. @param {number[]} box @returns {string} */
export function viewBoxText(box) {
  const [x, y, w, h] = (Array.isArray(box) ? box : [0, 0, 1, 1]).map((v) => num(v));
  return `${x} ${y} ${w || 1} ${h || 1}`;
}

/** A whole piece (op piece) as a standalone SVG, centred in a square of side `side`
 *  units so that every piece of a tray is drawn at the same scale. @param {import("../python/view.js").PieceView} view @param {number} side */
export function pieceSvg(view, side) {
  const [x, y, w, h] = (view && Array.isArray(view.viewBox) ? view.viewBox : [0, 0, 1, 1]).map((v) => num(v));
  const m = Math.max(side || 0, w, h);
  const box = [x + w / 2 - m / 2, y + h / 2 - m / 2, m, m];
  const svg = s("svg", { viewBox: viewBoxText(box), "aria-hidden": "true", focusable: "false", class: "piece-svg" });
  const g = s("g");
  drawShapes(g, view && view.shapes);
  svg.append(g);
  return svg;
}
