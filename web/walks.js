// The player's walk through each level's pool of new challenges: Python gives the
// challenge at place `start + step` of a seeded order of the pool (the `new_challenge`
// op), so a player who walks on one step at a time sees every challenge of the level once
// before any comes again (and Python says when that happens). Per game and level:
// {start, step}, `start` drawn at random once, `step` the challenges made so far.

const MAX_START = 999_999;

/** The stored walks with anything unusable dropped (a walk is only a place to go on
 *  from: losing one costs at worst a challenge seen again, never progress). */
export function checkWalks(value) {
  const clean = {};
  if (!value || typeof value !== "object" || Array.isArray(value)) return clean;
  for (const [game, levels] of Object.entries(value)) {
    if (!/^[a-z]{1,20}$/.test(game) || !levels || typeof levels !== "object" || Array.isArray(levels)) continue;
    for (const [level, walk] of Object.entries(levels)) {
      const { start, step } = walk || {};
      if (!/^[A-Za-z]{1,20}$/.test(level) || !Number.isSafeInteger(start) || !Number.isSafeInteger(step)) continue;
      if (start < 1 || start > MAX_START || step < 0 || step > 1e9) continue;
      if (!Object.hasOwn(clean, game)) clean[game] = {};
      clean[game][level] = { start, step };
    }
  }
  return clean;
}

/** The next place of the game's walk at `level`: {start, step} (a new walk starts at a
 *  random place). */
export function nextPlace(walks, game, level) {
  const walk = Object.hasOwn(walks, game) && Object.hasOwn(walks[game], level) ? walks[game][level] : null;
  if (walk) return { start: walk.start, step: walk.step };
  return { start: randomStart(), step: 0 };
}

/** Where a new walk starts: a place from 1 to MAX_START, at random. */
function randomStart() {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return 1 + (word[0] % MAX_START);
}

/** The walks once `place` was taken (the next one is a step further). */
export function taken(walks, game, level, place) {
  return { ...walks, [game]: { ...walks[game], [level]: { start: place.start, step: place.step + 1 } } };
}
