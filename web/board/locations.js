// The board's locations as points: a cell's size, the location nearest a point, the
// neighbour in a direction (arrow keys). Plain geometry of Python's drawing: no game,
// no page.

const dist2 = (ax, ay, bx, by) => (ax - bx) ** 2 + (ay - by) ** 2;
// Home/End keep to the row: a step at most ~25 degrees off it (a hexagonal board's rows
// are straight, its diagonals 60 degrees off); rows differ by more than ROW_SLACK.
export const STRAIGHT = 0.9;
export const ROW_SLACK = 0.01;

/** A cell's side: the median distance from a location to its nearest neighbour (1 when
 *  there are fewer than two locations). @param {import("../python/view.js").Location[]} locations */
export function cellOf(locations) {
  if (locations.length < 2) return 1;
  // each location's nearest neighbour, looked for along the locations sorted by x, out
  // from it both ways until the x distance alone is more than the nearest found
  const byX = [...locations].sort((a, b) => a.x - b.x);
  const nearest = byX.map((a, i) => {
    let d2 = Infinity;
    for (let j = i - 1; j >= 0 && (a.x - byX[j].x) ** 2 < d2; j--) d2 = Math.min(d2, dist2(a.x, a.y, byX[j].x, byX[j].y));
    for (let j = i + 1; j < byX.length && (byX[j].x - a.x) ** 2 < d2; j++) d2 = Math.min(d2, dist2(a.x, a.y, byX[j].x, byX[j].y));
    return Math.sqrt(d2);
  });
  nearest.sort((a, b) => a - b);
  return nearest[Math.floor(nearest.length / 2)] || 1;
}

/** The location nearest a board point (within `reach` location radii), or null. @param {import("../python/view.js").Location[]} locations @param {number} x @param {number} y @param {number} [reach] */
export function nearestLocation(locations, x, y, reach = Infinity) {
  let best = null, bestD = Infinity;
  for (const loc of locations) {
    const d = dist2(x, y, loc.x, loc.y);
    if (d < bestD) { best = loc; bestD = d; }
  }
  if (!best) return null;
  return Math.sqrt(bestD) <= reach * (best.r || 0.5) ? best : null;
}

/** The neighbouring location in a screen direction (dx, dy), for arrow keys: the
 *  nearest location within 60 degrees of that direction (or within `minCos` of it), or null. @param {import("../python/view.js").Location[]} locations @param {import("../python/view.js").Location} from @param {number} dx @param {number} dy @param {number} [minCos] */
export function neighbourOf(locations, from, dx, dy, minCos = 0.49) {
  let best = null, bestScore = Infinity;
  for (const loc of locations) {
    if (loc === from) continue;
    const vx = loc.x - from.x, vy = loc.y - from.y;
    const d = Math.hypot(vx, vy);
    if (!d) continue;
    const cos = (vx * dx + vy * dy) / d;
    if (cos < minCos) continue;
    const score = d * (2 - cos);
    if (score < bestScore) { best = loc; bestScore = score; }
  }
  return best;
}

/** The locations within 1.6 cells of `here` (itself left out): where a finger there is
 *  likely to point next. Nearest first; for a finger that came from `before`, the ones
 *  ahead of it first (the distance weighed by the angle off its way, as neighbourOf does).
 *  @param {import("../python/view.js").Location[]} locations @param {import("../python/view.js").Location} here @param {number} cell @param {import("../python/view.js").Location | null} [before] */
export function around(locations, here, cell, before = null) {
  const limit = (1.6 * cell) ** 2;
  const [wx, wy] = before ? [here.x - before.x, here.y - before.y] : [0, 0];
  const way = Math.hypot(wx, wy);
  const score = (loc) => {
    const d = Math.sqrt(dist2(loc.x, loc.y, here.x, here.y));
    const cos = way ? ((loc.x - here.x) * wx + (loc.y - here.y) * wy) / (d * way) : 1;
    return d * (2 - cos);
  };
  return locations.filter((loc) => loc !== here && dist2(loc.x, loc.y, here.x, here.y) <= limit)
    .sort((a, b) => score(a) - score(b));
}

/** The middle of a viewBox [x, y, width, height]. @param {import("../python/view.js").ViewBox} box @returns {[number, number]} */
export function centre(box) {
  const [x, y, w, hgt] = Array.isArray(box) ? box : [0, 0, 1, 1];
  return [x + w / 2, y + hgt / 2];
}
