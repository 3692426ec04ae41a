// The hint ladder: each press of Hint tells a little more about the same position.
// Rung 1 names the piece to look at and why (marking the one spot its reason names, if
// any), rung 2 marks the spots it covers (not how it lies), rung 3 shows it as a ghost;
// the next press places it. Any move starts the ladder again. This module keeps only
// where the player is on the ladder; Python writes every hint (the `hint` op, `level` 1
// to 3), play.js shows them.

export const TOP_RUNG = 3;

export class HintLadder {
  constructor() {
    this.reset(null);
  }

  /** Start again at a position (a placement string). */
  reset(placement) {
    this.placement = placement;
    this.rung = 0;       // the last rung shown at this position (0: none yet)
    this.hint = null;    // Python's answer on that rung
  }

  /** The rung the next press asks for at `placement` (a new position starts at 1). */
  next(placement) {
    if (placement !== this.placement) this.reset(placement);
    return Math.min(this.rung + 1, TOP_RUNG);
  }

  /** Python answered `hint` on `rung` at the position the ladder is at. */
  took(rung, hint) {
    this.rung = rung;
    this.hint = hint;
  }

  /** The hint shown as a ghost at `placement` (the top rung of a piece to place, with
   *  the position after it), or null. */
  ghost(placement) {
    const hint = this.hint;
    return placement === this.placement && this.rung === TOP_RUNG && hint?.kind === "place" && hint.after ? hint : null;
  }
}

/** The shapes of one piece in a view (the hinted piece in the position after the hint),
 *  drawn as a ghost: the same shapes, role "ghost", so the board styles them as one. */
export function ghostOf(view, piece) {
  return (view?.shapes || []).filter((shape) => shape && shape.piece === piece && shape.role === "piece")
    .map((shape) => ({ ...shape, role: "ghost" }));
}
