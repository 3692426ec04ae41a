// Which game goes on, and whether its time is still the player's own (web/routes/resume.js's
// planGame, with web/progress/reached.js's record of the positions a fair game held, saved.js's
// validator and progress.js's merge of two tabs' games): run by tests/test_resume.py under
// Node. The routes back to a game are said as the page plays them: a game saved after each
// position shown (played.js), an address naming a position (a link, Back, a reload...).
// Prints one JSON line: {"checked": [names]} or {"failed": name, "why": ...}.

import { planGame } from "../web/routes/resume.js";
import { markOf, joinReached, withPositions, held, heldBefore } from "../web/progress/reached.js";
import { savedGame, gameRecord, LIMITS, MARK_PATTERN } from "../web/progress/saved.js";
import { mergeRecords } from "../web/progress/progress.js";

const S = "";       // the challenge's start
const A = "a1A1";   // three positions of it (placement strings: only their text matters here)
const B = "b2B2";
const C = "a1A1c3C3";
const LINK = "d4D4"; // a position someone shared
const T0 = 1_770_000_000_000; // when the game was begun (ms)

/** A game as play mode saves it (played.js): its history, the positions it held while fair. */
class Game {
  constructor(plan) {
    Object.assign(this, { plan, history: [...plan.history], index: plan.index, reached: plan.reached });
    this.save();
  }
  get at() { return this.history[this.index]; }
  save() {
    const p = this.plan;
    if (p.fromStart) this.reached = withPositions(this.reached, p.begun, this.history);
    const raw = {
      kind: "booklet", challenge: "1", history: this.history, index: this.index, elapsed: 60_000, hints: 0,
      helped: false, given: [], fromStart: p.fromStart, solved: false, movedAt: 1, won: null, begun: p.begun,
      reached: this.reached,
    };
    const { value, problems } = savedGame(JSON.parse(JSON.stringify(raw)));
    if (problems.length) throw new Error(`an unsound saved game: ${problems}`);
    this.saved = value;
    return value;
  }
  move(placement) {
    this.history = [...this.history.slice(0, this.index + 1), placement];
    this.index = this.history.length - 1;
    return this.save();
  }
  undo() {
    this.index--;
    return this.save();
  }
}

const checks = {
  "a fresh game is fair, begun now, holding nothing yet"() {
    for (const placed of [null, S]) {
      const plan = planGame({ placed, start: S, now: T0 });
      expect(plan.fromStart && !plan.foreign && !plan.resumed && plan.begun === T0, plan);
      expect(same(plan.history, [S]) && plan.index === 0 && same(plan.reached, []), plan);
    }
  },
  "a link with a position and no saved game is a shared start, untimed"() {
    const plan = planGame({ placed: LINK, start: S, now: T0 });
    expect(!plan.fromStart && !plan.foreign && same(plan.history, [S, LINK]) && plan.index === 1, plan);
  },
  "a step of the saved game's history goes on there, fair"() {
    const game = new Game(planGame({ start: S, now: T0 }));
    game.move(A);
    game.move(C);
    const plan = planGame({ saved: game.saved, placed: A, start: S, now: T0 + 5 });
    expect(plan.fromStart && plan.resumed && plan.index === 1 && same(plan.history, [S, A, C]), plan);
    expect(plan.begun === T0, "the game keeps its stamp");
  },
  "the issue's route: a position left by Undo and another move, come back to, stays fair"() {
    // place A; (challenge 19 and back); Undo; place B; Back twice: the address says A
    const game = new Game(planGame({ start: S, now: T0 }));
    game.move(A);
    game.undo();
    game.move(B);
    expect(same(game.saved.history, [S, B]), game.saved.history);
    const plan = planGame({ saved: game.saved, placed: A, start: S, now: T0 + 5 });
    expect(plan.fromStart && !plan.foreign && plan.resumed, plan);
    expect(same(plan.history, [S, B, A]) && plan.index === 2 && plan.elapsed === 60_000, plan);
    // and so on: Forward to B (in the history), then back to A (held)
    const again = new Game(plan);
    expect(planGame({ saved: again.saved, placed: B, start: S }).fromStart, "Forward to B");
    expect(planGame({ saved: again.saved, placed: A, start: S }).fromStart, "Back to A");
  },
  "a position the game never held is someone's link: untimed from there, and said"() {
    const game = new Game(planGame({ start: S, now: T0 }));
    game.move(A);
    const plan = planGame({ saved: game.saved, placed: LINK, start: S, now: T0 + 5 });
    expect(!plan.fromStart && plan.foreign && plan.resumed && !plan.earlier, plan);
    expect(same(plan.history, [S, A, LINK]) && plan.index === 2, plan);
    // from then on no position makes it fair again: not its own earlier ones either
    const shared = new Game(plan);
    shared.move(C);
    const back = planGame({ saved: shared.saved, placed: B, start: S });
    expect(!back.fromStart && !back.foreign, "a shared game stays shared, and is not said again");
    expect(!held(shared.saved.reached, T0, LINK) && !held(shared.saved.reached, T0, C),
      "a shared game's positions are not recorded as held fairly");
  },
  "an earlier game's position (won, then begun afresh) leaves the game as it is, fair"() {
    const first = new Game(planGame({ start: S, now: T0 }));
    first.move(A);
    // the same challenge begun again later: the record holds both, the new game knows its own
    const second = new Game({ ...planGame({ start: S, now: T0 + 1000 }), reached: first.saved.reached });
    second.move(B);
    expect(held(second.saved.reached, T0, A) && !held(second.saved.reached, T0 + 1000, A), second.saved.reached);
    expect(heldBefore(second.saved.reached, T0 + 1000, A) && !heldBefore(second.saved.reached, T0 + 1000, B), "A is the first game's");
    // (not a step of the second game: its clock did not play it; nor someone's link)
    const plan = planGame({ saved: second.saved, placed: A, start: S });
    expect(plan.earlier && plan.fromStart && !plan.foreign, plan);
    expect(same(plan.history, [S, B]) && plan.index === 1 && plan.begun === T0 + 1000, plan);
    expect(planGame({ saved: second.saved, placed: B, start: S }).fromStart, "its own position is");
    const link = planGame({ saved: second.saved, placed: LINK, start: S });
    expect(!link.fromStart && link.foreign && !link.earlier, "no game's position is someone's");
  },
  "a tab behind, reloaded at its own position, goes on fairly (two tabs' games merged)"() {
    // tab 1 and tab 2 go on with one saved game; tab 1 places A; tab 2 (behind) places B anyway
    const one = new Game(planGame({ start: S, now: T0 }));
    const two = new Game(planGame({ saved: one.saved, start: S }));
    const first = { ...one.move(A), movedAt: 10 };
    const second = { ...two.move(B), movedAt: 20 };
    const stored = mergeRecords(record(first), record(second)).current;
    expect(same(stored.history, [S, B]), "the game moved last is kept");
    // tab 1 reloaded: its address says A
    const plan = planGame({ saved: stored, placed: A, start: S });
    expect(plan.fromStart && !plan.foreign, plan);
    // whichever way round the two were merged
    const other = mergeRecords(record(second), record(first)).current;
    expect(same(other, stored), [other, stored]);
  },
  "the record of positions is bounded, a join, the newest game's first"() {
    const old = Array.from({ length: LIMITS.reached }, (_, i) => markOf(T0, `old${i}`));
    const mine = Array.from({ length: 40 }, (_, i) => markOf(T0 + 1, `new${i}`));
    const joined = joinReached(old, mine);
    expect(joined.length === LIMITS.reached, joined.length);
    expect(mine.every((m) => joined.includes(m)), "the newer game's marks are kept first");
    const x = old.slice(0, 50), y = mine.slice(0, 30), z = [...old.slice(40, 90), mine[3]];
    expect(same(joinReached(x, y), joinReached(y, x)), "commutative");
    expect(same(joinReached(joinReached(x, y), z), joinReached(x, joinReached(y, z))), "associative");
    expect(same(joinReached(x, x), joinReached(x)), "idempotent");
    expect(same(joinReached(["not a mark"], y), joinReached(y)), "only marks");
  },
  "a mark is fixed: 20 letters and digits, the game's stamp first, the same in every release"() {
    const mark = markOf(T0, "a1A1b2B3");
    expect(MARK_PATTERN.test(mark) && mark.startsWith(T0.toString(36).padStart(9, "0")), mark);
    expect(mark === markOf(T0, "a1A1b2B3") && mark !== markOf(T0, "a1A1b2B4") && mark !== markOf(T0 + 1, "a1A1b2B3"), mark);
    // (stored records hold marks: a change of the hash would forget every game's positions)
    expect(markOf(0, "") === "0000000000wvjl67o803", markOf(0, ""));
    expect(mark === "0ml4kasqo098z7hhs9u6", mark);
  },
  "the validator keeps the stamp and the marks, and a game saved before them holds none"() {
    const base = { kind: "booklet", challenge: "1", history: [S, A], index: 1, fromStart: true };
    const legacy = savedGame(base);
    expect(legacy.problems.length === 0 && legacy.value.begun === 0 && same(legacy.value.reached, []), legacy);
    const marks = [markOf(T0, A), markOf(T0, S), markOf(T0, A)];
    const sound = savedGame({ ...base, begun: T0, reached: marks });
    expect(sound.problems.length === 0 && sound.value.begun === T0, sound);
    expect(same(sound.value.reached, joinReached(marks)), "each mark once, in order");
    for (const bad of [{ begun: -1 }, { begun: 1.5 }, { begun: LIMITS.begun }, { reached: "x" },
      { reached: ["short"] }, { reached: Array(LIMITS.reached + 1).fill(markOf(0, "")) }]) {
      const { value, problems } = savedGame({ ...base, ...bad });
      expect(value === null && problems.length > 0, [bad, problems]);
    }
  },
  "the kind of each step is saved, carried by the plan, a new step a move; broken kinds are moves"() {
    const base = { kind: "booklet", challenge: "1", history: [S, A, C], index: 2 };
    const kept = savedGame({ ...base, steps: "mhs" }).value;
    expect(kept.steps === "mhs", kept);
    const plan = planGame({ saved: kept, start: S, now: T0 });
    expect(plan.steps === "mhs", plan);
    // an earlier step goes on there, its kinds all kept (Redo still names them)
    expect(planGame({ saved: kept, placed: A, start: S, now: T0 }).steps === "mhs", "at A");
    // another position: one more step, a move, after the one shown (the redo branch goes)
    const back = savedGame({ ...base, index: 1, steps: "mhs" }).value;
    const moved = planGame({ saved: back, placed: B, start: S, now: T0 });
    expect(same(moved.history, [S, A, B]) && moved.steps === "mhm", moved);
    // a game saved before the kinds were, or with broken ones: all moves, the game kept
    for (const steps of [undefined, "", "mh", "mhsm", "mxs", 7, ["m", "h", "s"]]) {
      const { value, problems } = savedGame({ ...base, steps });
      expect(value?.steps === "mmm" && problems.length === 0, [steps, value, problems]);
    }
  },
};

function record(game) {
  const { value, problems } = gameRecord({ current: game });
  if (problems.length) throw new Error(`an unsound record: ${problems}`);
  return value;
}

const same = (x, y) => JSON.stringify(x) === JSON.stringify(y);
function expect(ok, why) {
  if (!ok) throw new Error(typeof why === "string" ? why : JSON.stringify(why));
}

const checked = [];
for (const [name, check] of Object.entries(checks)) {
  try {
    check();
  } catch (e) {
    console.log(JSON.stringify({ failed: name, why: String(e?.stack ?? e) }));
    process.exit(1);
  }
  checked.push(name);
}
console.log(JSON.stringify({ checked }));
