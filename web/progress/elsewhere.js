// One challenge played in two tabs: each tab's game is kept as moved last (its `movedAt`
// stamp, progress.js), so a tab that only let its clock run never writes over the other's
// moves. This is the tab's side of it for the game it shows: the stamp of the game as this
// tab last kept or took it, a new stamp only when the player acted here (a move, an undo, a
// hint, the opening itself), and the tab that is behind saying so, with the newer position
// a press away. A move made here anyway is the player's say: it is kept from then on (and
// the other tab is the one behind).

import { substance } from "./progress.js";

export class Elsewhere {
  /** `behind(newer)`: this tab's game is behind the stored one (newer: that game); null:
   *  it is not (any more). */
  constructor(behind) {
    this.behind = behind;
    this.movedAt = 0;  // the stamp of this tab's game as last kept or taken
    this.was = null;   // its substance then (null: not kept yet, so the next keep is an act)
    this.newer = null; // the stored game this tab is behind, or null
  }

  /** A challenge opened here: from its saved game (or null: fresh). */
  opened(saved) {
    this.movedAt = saved?.movedAt ?? 0;
    this.was = null;
    this.tell(null);
  }

  /** The stamp to keep `game` with: null (stamp it now) when it moved here since it was
   *  last kept, else the stamp it had. */
  stampOf(game) {
    return substance(game) === this.was ? this.movedAt : null;
  }

  /** `mine` was kept; `stored`: that challenge's game as storage now holds it. */
  kept(mine, stored) {
    if (!stored) return;
    this.was = substance(mine);
    this.take(stored, substance(stored) === this.was);
  }

  /** The stored game of this challenge now (another tab stored it), or null. */
  follow(stored) {
    if (stored && stored.movedAt > this.movedAt) this.take(stored, substance(stored) === this.was);
  }

  /** The stored game is the same as this tab's (its stamp taken), or a newer one. */
  take(stored, same) {
    if (same) {
      this.movedAt = stored.movedAt;
      this.tell(null);
    } else if (stored.movedAt > this.movedAt) this.tell(stored);
  }

  /** Say that this tab is behind `newer` (null: it is not): once per newer game (a line
   *  the player closed stays closed until the other tab moves on again). */
  tell(newer) {
    const was = this.newer;
    this.newer = newer;
    if (newer?.movedAt !== was?.movedAt) this.behind(newer);
  }
}
