// The player's walk through each level's pool of new challenges: Python gives the
// challenge at place `start + step` of a seeded order of the pool (the `new_challenge`
// op), so a player who walks on one step at a time sees every challenge of the level once
// before any comes again (and Python says when that happens). Per game and level:
// {start, step}, `start` drawn at random once, `step` the challenges made so far (what
// may be stored: saved.walks).

import { LIMITS } from "./saved.js";
import * as store from "./store.js";

/** The next new challenge of `level` of `game` on the player's walk through its pool:
 *  the walk stepped on (read and written in one step, before Python is asked: two tabs
 *  never take one place), then the challenge made by Python (`call("new_challenge", ...)`:
 *  {challenge, seed, level, note?}). */
export async function walkOn(call, game, level) {
  const walks = store.loadWalks();
  const place = nextPlace(walks, game, level);
  store.saveWalks(taken(walks, game, level, place));
  return call("new_challenge", { level, ...place });
}

/** The next place of the game's walk at `level`: {start, step} (a new walk starts at a
 *  random place). */
export function nextPlace(walks, game, level) {
  const walk = Object.hasOwn(walks, game) && Object.hasOwn(walks[game], level) ? walks[game][level] : null;
  if (walk) return { start: walk.start, step: walk.step };
  return { start: randomStart(), step: 0 };
}

/** Where a new walk starts: a place from 1 to LIMITS.walkStart, at random. */
function randomStart() {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return 1 + (word[0] % LIMITS.walkStart);
}

/** The walks once `place` was taken (the next one is a step further). */
export function taken(walks, game, level, place) {
  return { ...walks, [game]: { ...walks[game], [level]: { start: place.start, step: place.step + 1 } } };
}
