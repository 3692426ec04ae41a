// The hint ladder: each press of Hint tells a little more about the same position.
// Rung 1 names the piece to look at and why (marking the one spot its reason names, if
// any), rung 2 marks the spots it covers (not how it lies), rung 3 shows it as a ghost;
// the next press places it. On a position no solution goes on from, rung 1 names the
// piece to take back and why, rung 2 where the solution goes on without it, and the next
// press takes it back. Any move starts the ladder again. Python writes every hint
// (the `hint` op, `level` 1 to 3); HintLadder keeps where the player is on the ladder,
// Hints climbs it as Hint is pressed and shows each rung.

import { touchFirst } from "../input/touch.js";
import { t } from "../words/i18n.js";

export const TOP_RUNG = 3;

/** What the next press of Hint gives on a position no solution goes on from. */
function nextBack(rung) {
  return rung === 1 ? t("Press Hint again to see where the solution goes on.") : t("Press Hint again to take it back.");
}

/** What the next press of Hint gives, after each rung of the ladder. */
function nextRung(rung) {
  if (rung === 1) return t("Press Hint again to see where it goes.");
  if (rung === 2) return t("Press Hint again to see how it lies.");
  return touchFirst() ? t("Tap it, or press Hint again, to place it.") : t("Click it, or press Hint again, to place it.");
}

/** A hint's sentence (Python's, in the page's language) as the status line says it. */
const hinted = (sentence) => t("Hint: {sentence}", { sentence });

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

export class Hints {
  /** `play`: the game shown (read: entry, solved, busy, placement, position(extra),
   *  pieceWords(id)); a hint taken and a piece given are noted in its `played`, then the
   *  game is saved (`save()`: the mid-end's). `stage`: the hint's marks; `stuckFound()`: a
   *  rung found the board stuck. Every press is a request for the mid-end's one path
   *  (`pressing`). */
  constructor({ play, stage, feedback, save, stuckFound = () => {} }) {
    Object.assign(this, { play, stage, feedback, save, stuckFound });
    this.ladder = new HintLadder();
  }

  /** Off the ladder (a challenge opened). */
  reset() {
    this.ladder.reset(null);
  }

  /** Off the ladder, its marks gone (Solve, leaving play). */
  clear() {
    this.ladder.reset(null);
    this.stage.clearHint();
  }

  /** A position drawn: a move starts the ladder again. */
  moved(placement) {
    if (placement === this.ladder.placement) return;
    this.ladder.reset(placement);
    this.stage.clearHint();
  }

  /** The top rung's hint shown as a ghost on the position shown, or null. */
  ghost() {
    return this.ladder.ghost(this.play.placement);
  }

  /** One press of Hint, as a request for the mid-end's one path (midend.act): with the
   *  top rung's ghost shown, the piece placed (no call: the hint carried the position
   *  after it); else the next rung of the ladder at this position (one call), shown, not
   *  played, but on a stuck position's top rung, where the piece it names is taken back
   *  (a move like any other: Undo puts it back). A hint is counted once per position,
   *  when its first rung is taken. */
  pressing() {
    return () => {
      const { play } = this;
      if (play.busy || play.solved || !play.entry) return null;
      const ghost = this.ghost();
      if (ghost) return this.placing(ghost)();
      const rung = this.ladder.next(play.placement);
      let taken = null; // (the take-back's hint: the ladder starts again at the position after it)
      return {
        op: "hint", args: play.position({ level: rung }), kind: "hint", drops: "step",
        accepted: (hint) => this.took(rung, (taken = hint)),
        answerOf: (hint) => hint.after,
        after: () => this.feedback.say(t("{piece} taken back from the hint.", { piece: play.pieceWords(taken.piece) }), "info", taken.notation),
      };
    };
  }

  /** A rung's answer: whether it is a move (the take-back of a stuck position's top rung,
   *  its two rungs having said why and where the solution goes on), else shown. */
  took(rung, hint) {
    this.ladder.took(rung, hint);
    if (hint.kind === "remove" && rung === TOP_RUNG && hint.after) return true;
    if (rung === 1 && (hint.kind === "place" || hint.kind === "remove")) {
      this.play.played.hinted();
      this.save();
    }
    this.show(hint, rung);
    if (hint.kind === "remove" && rung === 1) this.stuckFound(); // (Say when stuck offered)
    return false;
  }

  show(hint, rung) {
    if (hint.kind === "place") {
      const ghost = rung >= TOP_RUNG && hint.after ? ghostOf(hint.after.view, hint.piece) : null;
      if (ghost && this.play.played.gave(hint.piece)) this.save(); // shown as it lies: the hint's piece
      // rung 1 marks the spot its reason names (if any), rung 2 the spots the piece covers
      this.stage.showHint({ piece: hint.piece, spots: hint.locations, ghost, kind: "place" });
      this.feedback.say(t("{first} {then}", { first: hinted(hint.message), then: nextRung(Math.min(rung, TOP_RUNG)) }), "hint", hint.notation);
    } else if (hint.kind === "remove") {
      // rung 1 marks where the piece is, rung 2 where the solution goes on without it
      this.stage.flash(hint.piece, "blocker");
      this.stage.showHint({ piece: null, spots: hint.locations, kind: rung === 1 ? "remove" : "place" });
      this.feedback.say(t("{first} {then}", { first: hinted(hint.message), then: nextBack(rung) }), "hint", hint.notation);
    } else {
      this.feedback.say(hint.message, hint.kind === "impossible" ? "error" : "info", hint.notation);
    }
  }

  /** Placing the piece the top rung shows (its ghost clicked, or Hint pressed again): the
   *  request, for the mid-end's one path; the hint carried the position after it. */
  placing(hint) {
    return () => (this.play.busy || this.ghost() !== hint ? null : {
      answer: { ...hint.after, solvable: true }, kind: "hint", drops: "step",
      flash: { piece: hint.piece, kind: "hinted" },
      after: (answer) => {
        if (!answer.solved) this.feedback.say(t("{piece} placed from the hint.", { piece: this.play.pieceWords(hint.piece) }), "info", hint.notation);
      },
    });
  }
}
