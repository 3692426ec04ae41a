// The picker's small pictures of challenges, drawn by the one renderer from shapes Python
// gave (py/iqpuzzles/core/pictures.py): a booklet start from the game's pictures file,
// built with the site and fetched the first time the picker opens (never before: a first
// visit does not need it to play); the player's solved position from one `pictures` call
// for all the solved challenges not drawn yet. Knows no game.

import { s } from "../lib/dom.js";
import { built } from "../lib/built.js";
import { drawShapes, viewBoxText } from "./render.js";

// (the page's address: a module's own would name its folder, and the bundle's another)
const early = () => new URL("early/", document.baseURI);
const GAME = /^[a-z][a-z0-9_-]{0,31}$/;

export class Pictures {
  /** `call(op, args)`: Python, for the game shown (App.host.call). */
  constructor(call) {
    this.call = call;
    this.files = new Map();  // game -> promise of its booklet pictures (null if not had)
    this.solved = new Map(); // "game|challenge|placement" -> shapes (null: not a position)
  }

  /** The booklet pictures of a game: {box, shapes, base, starts} or null. */
  booklet(game) {
    built("pictures");
    if (!GAME.test(game)) return Promise.resolve(null);
    if (!this.files.has(game)) {
      const file = fetch(new URL(`${game}.pictures.json`, early()))
        .then((r) => (r.ok ? r.json() : null))
        .then((data) => (isPacked(data) ? data : null))
        .catch(() => null);
      file.then((data) => { if (!data) this.files.delete(game); }); // asked again next time
      this.files.set(game, file);
    }
    return this.files.get(game);
  }

  /** The shapes of a booklet challenge's start, from its game's file (or null). */
  static start(packed, id) {
    const own = packed && Object.hasOwn(packed.starts, id) ? packed.starts[id] : null;
    return own ? [...packed.base, ...own].map((i) => packed.shapes[i]).filter(Boolean) : null;
  }

  /** The solved positions [{challenge, placement}] of `game` drawn: one call for those not
   *  drawn before. Resolves to a function (challenge, placement) -> shapes or null. */
  async solutions(game, positions) {
    const key = (p) => `${game}|${p.challenge}|${p.placement}`;
    const wanted = positions.filter((p) => !this.solved.has(key(p)));
    if (wanted.length) {
      const drawn = await this.call("pictures", {
        challenges: wanted.map((p) => p.challenge), placements: wanted.map((p) => p.placement),
      });
      wanted.forEach((p, i) => this.solved.set(key(p), Array.isArray(drawn?.[i]) ? drawn[i] : null));
    }
    return (challenge, placement) => this.solved.get(key({ challenge, placement })) ?? null;
  }
}

/** An empty picture of a board (`box`: its viewBox), hidden from screen readers: the
 *  button it is in says what it shows. */
export function pictureSvg(box) {
  const svg = s("svg", { class: "picture", viewBox: viewBoxText(box), "aria-hidden": "true", focusable: "false" });
  svg.append(s("g"));
  return svg;
}

/** Draw shapes into a picture made by pictureSvg. */
export function drawPicture(svg, shapes) {
  built("pictures");
  drawShapes(svg.firstChild, shapes);
  svg.dataset.drawn = "true";
}

function isPacked(data) {
  return Boolean(data) && Array.isArray(data.shapes) && Array.isArray(data.base)
    && data.starts !== null && typeof data.starts === "object" && Array.isArray(data.box);
}
