// The held item's ghost on the board: Python's drawing of it where it is pointed, ringed
// green where it fits and red where it does not. A legal ghost clicked or tapped is set
// down at once (hand.js `activate`): drawn as the piece placed, popping in, in the
// input's own task, while the engine plays the move and draws the position with it, which
// on a phone comes 60-80 ms later (a reply from the worker, the page drawn again). The
// position drawn takes its place (the ghost cleared); a move not played after all brings
// the ghost back.

import { clear, restartAnimation } from "../lib/dom.js";
import { drawShapes } from "./render.js";

export class Ghost {
  /** `layer`: the board's <g> for it; `describe(data)`: the board's data attributes
   *  (data-ghost, data-ghost-legal, data-ghost-at, data-landing: what tests and CSS read). @param {SVGGElement} layer @param {(data: Record<string, string | null>) => void} describe */
  constructor(layer, describe) {
    this.layer = layer;
    this.describe = describe;
    this.shown = null;   // the preview drawn
    this.shownAt = null; // where it was pointed at
    this.landing = null; // {piece, at: when}: set down, the engine's answer awaited
  }

  /** `at`: the location pointed at (the ghost's anchor may be another). @param {import("../python/view.js").Preview} preview @param {string | null} [at] */
  draw(preview, at = null) {
    this.landing = null;
    drawShapes(this.layer, preview.shapes);
    this.shown = preview;
    this.shownAt = at;
    this.layer.setAttribute("class", `layer-ghost ${preview.legal ? "legal" : "illegal"}`);
    this.describe({ ghost: preview.placement || "", ghostLegal: String(Boolean(preview.legal)), ghostAt: at, landing: null });
  }

  clear() {
    clear(this.layer);
    this.shown = null;
    this.describe({ ghost: null, ghostLegal: null, ghostAt: null, landing: null });
  }

  /** A move refused: the ghost (back, if it was set down) shakes. */
  shake() {
    this.putBack();
    restartAnimation([this.layer], "shake", ["shake"]);
  }

  /** The legal ghost drawn, set down as the piece placed (it pops in as one does). */
  setDown() {
    const shapes = [...this.layer.querySelectorAll(".shape")];
    if (!this.shown?.legal || !shapes.length) return;
    this.landing = { piece: shapes[0].getAttribute("data-piece"), at: performance.now() };
    this.layer.setAttribute("class", "layer-ghost landing");
    restartAnimation(shapes, "flash-placed", ["flash-placed"]);
    this.describe({ ghost: null, ghostLegal: null, ghostAt: null, landing: this.shown.placement || "" });
  }

  /** The ghost set down and still drawn (the move not played after all): a ghost again. */
  putBack() {
    if (!this.landing || !this.shown) return;
    this.landing = null;
    this.draw(this.shown, this.shownAt);
  }

  /** How long ago (ms) `piece` was set down, its pop still playing: the position drawn
   *  goes on with that pop rather than starting it again (board.js flash); 0 if it was
   *  not. Told once. @param {string} piece */
  landedAgo(piece) {
    const landing = this.landing;
    this.landing = null;
    return landing?.piece === piece ? performance.now() - landing.at : 0;
  }
}
