// The laws of web/progress/progress.js's merge, checked on seeded random records (run by
// tests/test_progress.py under Node; argv: seed, rounds). Records are made as the page
// makes them (saved.js validates each one), from a few keys so that they overlap. Prints
// one JSON line: {"checked": n} or {"failed": why, "a": ..., "b": ..., "c": ...}.

import { mergeRecords, withGame, gamesOf, GENERATED_KEEP, logId } from "../web/progress/progress.js";
import { gameRecord, gameKey, LOG_MAX, LIMITS } from "../web/progress/saved.js";
import { markOf } from "../web/progress/reached.js";
import { seeded } from "./seeded.mjs";

const [seed = "1", rounds = "400"] = process.argv.slice(2);

const random = seeded(seed);
const pick = (list) => list[Math.floor(random() * list.length)];
const some = (n, make) => Array.from({ length: Math.floor(random() * (n + 1)) }, make);
const maybe = (value) => (random() < 0.5 ? value : null);

const AT = ["2026-03-01T10:00:00.000Z", "2026-03-02T10:00:00.000Z", "2026-03-02T11:00:00.000Z", null];
const win = () => ({
  best: maybe(pick([30_000, 45_000, 60_000, 61_000])), hints: pick([0, 1, 3]), at: pick(AT),
  helped: random() < 0.3, ...(random() < 0.5 ? { time: pick([30_000, 70_000]) } : { untimed: true }),
});
const table = (keys) => Object.fromEntries(some(4, () => [pick(keys), win()]));
const logged = () => ({ level: pick(["Starter", "Expert"]), time: pick([30_000, 50_000]), hints: pick([0, 2]), fair: random() < 0.5, at: pick(AT.slice(0, 3)) });
const game = () => {
  const history = some(3, () => pick(["a", "b", "c"])).concat(["s"]);
  return {
    kind: "booklet", challenge: pick(["1", "2", "3", "4"]), history, index: Math.floor(random() * history.length),
    elapsed: pick([0, 1000, 5000]), hints: pick([0, 1]), helped: false, fromStart: true, solved: false,
    movedAt: pick([0, 100, 200, 300]), begun: pick([0, 7, 9]), reached: some(3, () => markOf(pick([0, 7, 9]), pick(["a", "b", "c", "d"]))),
  };
};
function record() {
  const games = some(4, game);
  const raw = {
    solved: table(["1", "2", "3", "4"]), generated: table(["seed:Expert:1", "seed:Expert:2"]),
    daily: table(["2026-03-01", "2026-03-02"]), log: some(5, logged).sort((x, y) => x.at.localeCompare(y.at)),
    current: games[0] ?? null, others: games.slice(1), draft: maybe("c1A3"),
  };
  const { value, problems } = gameRecord(JSON.parse(JSON.stringify(raw)));
  if (problems.length) throw new Error(`made an unsound record: ${problems}`);
  return value;
}

const same = (x, y) => JSON.stringify(x) === JSON.stringify(y);
const PARTS = ["solved", "generated", "daily", "log"];
const byKey = (r) => Object.fromEntries(gamesOf(r).map((g) => [gameKey(g), g]).sort(([x], [y]) => x.localeCompare(y)));
/** What must not depend on the order of merging: the earned parts and the game kept per challenge. */
const earned = (r) => ({ ...Object.fromEntries(PARTS.map((p) => [p, r[p]])), games: byKey(r) });
const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([x], [y]) => x.localeCompare(y)));
const sameEarned = (x, y) => same({ ...earned(x), solved: sorted(x.solved), generated: sorted(x.generated), daily: sorted(x.daily) },
  { ...earned(y), solved: sorted(y.solved), generated: sorted(y.generated), daily: sorted(y.daily) });

function check(a, b, c) {
  const ab = mergeRecords(a, b);
  if (!sameEarned(ab, mergeRecords(b, a))) return "not commutative";
  if (!sameEarned(mergeRecords(ab, c), mergeRecords(a, mergeRecords(b, c)))) return "not associative";
  if (!sameEarned(mergeRecords(a, a), mergeRecords(mergeRecords(a, a), a)) || !sameEarned(mergeRecords(ab, ab), ab)) return "not idempotent";
  const { problems } = gameRecord(JSON.parse(JSON.stringify(ab)));
  if (problems.length) return `the merge is not a sound record: ${problems}`;
  for (const part of ["solved", "generated", "daily"]) {
    for (const [key, w] of [...Object.entries(a[part]), ...Object.entries(b[part])]) {
      const m = ab[part][key];
      if (!m) return `${part} ${key}: a win lost`;
      if (!w.helped && m.helped) return `${part} ${key}: the player's own win became one with help`;
      if (w.best !== null && !(m.best <= w.best)) return `${part} ${key}: a best time grew`;
    }
    for (const [key, m] of Object.entries(ab[part])) {
      const bests = [a[part][key]?.best, b[part][key]?.best].filter((t) => t != null);
      if (m.best !== (bests.length ? Math.min(...bests) : null)) return `${part} ${key}: the best is not the smaller`;
    }
  }
  if (Object.keys(ab.generated).length > GENERATED_KEEP) return "too many generated wins kept";
  const ids = new Set(ab.log.map(logId));
  if (a.log.length + b.log.length <= LOG_MAX && ![...a.log, ...b.log].every((w) => ids.has(logId(w)))) return "a logged win lost";
  if (ids.size !== ab.log.length) return "a logged win twice";
  if (ab.log.some((w, i) => i && String(ab.log[i - 1].at) > String(w.at))) return "the log is out of order";
  const games = byKey(ab);
  for (const g of [...gamesOf(a), ...gamesOf(b)]) {
    const kept = games[gameKey(g)];
    if (!kept || kept.movedAt < g.movedAt) return `game ${gameKey(g)}: not the one moved last`;
  }
  if (ab.current && gamesOf(ab).some((g) => g.movedAt > ab.current.movedAt)) return "current is not the game moved last";
  // the positions either game of a challenge held (reached.js) are the kept one's
  for (const g of [...gamesOf(a), ...gamesOf(b)]) {
    const kept = games[gameKey(g)];
    if (!g.reached.every((m) => kept.reached.includes(m)) && kept.reached.length < LIMITS.reached) return `game ${gameKey(g)}: a position it held lost`;
  }
  // a game kept: moved just now it wins, with a stamp above the stored one's; an older one
  // never replaces a newer
  const mine = game();
  const there = gamesOf(ab).find((g) => gameKey(g) === gameKey(mine));
  const now = pick([50, 250, 1000]);
  const moved = byKey(withGame(ab, { ...mine, movedAt: null }, now))[gameKey(mine)];
  if (moved.movedAt <= (there?.movedAt ?? -1) || moved.movedAt < now || !same(moved.history, mine.history)) return "a game moved now was not kept, stamped above the stored one";
  const idle = byKey(withGame(ab, mine, now))[gameKey(mine)];
  // (the newer one kept, with the positions the older one held too)
  const but = (g) => ({ ...g, reached: null });
  if (there && there.movedAt > mine.movedAt && !same(but(idle), but(there))) return "an older game replaced a newer one";
  if (!same(PARTS.map((p) => withGame(ab, mine, now)[p]), PARTS.map((p) => ab[p]))) return "keeping a game changed a win";
  return null;
}

let checked = 0;
for (let i = 0; i < Number(rounds); i++) {
  const [a, b, c] = [record(), record(), record()];
  const failed = check(a, b, c);
  if (failed) {
    console.log(JSON.stringify({ failed, a, b, c }));
    process.exit(1);
  }
  checked++;
}
console.log(JSON.stringify({ checked }));
