// A seeded random walk over idle.js's Slices, as the page uses it (the picker's pictures,
// added as an observer sees cells: one by one in one task, or many at once; forgotten when
// the booklet is drawn again). argv: seed, steps. After the walk, prints what broke:
// {checked, workedEarly, slicesTooLong, workedTwice, lost, workedAfterClear, ...}.
// A third argument "timer": slices wait for a timer between them (as for afterFrame, which
// Node has no frames for), not for the next task.
import { Slices, SLICE_MS } from "../web/lib/idle.js";

const [seed, steps] = process.argv.slice(2, 4).map(Number);
const pace = process.argv[4] === "timer" ? { between: () => new Promise((resolve) => setTimeout(resolve, 1)) } : {};
let state = seed >>> 0;
const random = () => { // mulberry32
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const busy = (ms) => { const until = performance.now() + ms; while (performance.now() < until); };

const costs = new Map(); // item -> ms of work
const worked = new Map(); // item -> times worked
let adding = false; // the walk's own task is adding items
// the work of one task ({first: when its first item began, end: when the last one so far
// ended, tooLong}), closed by a microtask after it
let slice = null;
const slices = [];
const early = [];
const queue = new Slices((item) => {
  if (adding) early.push(item);
  const now = performance.now();
  if (!slice) {
    slice = { first: now, end: now, tooLong: false };
    queueMicrotask(() => { slices.push(slice); slice = null; });
  } else if (slice.end - slice.first > SLICE_MS) {
    // begun after the item before ended past the slice's time: Slices looked at its clock
    // after that end, and began its slice before this one's first (exact, however busy
    // the machine: no slack)
    slice.tooLong = true;
  }
  busy(costs.get(item));
  slice.end = performance.now();
  worked.set(item, (worked.get(item) ?? 0) + 1);
}, pace);

let next = 0;
const kept = new Set(); // added and not forgotten since
const forgotten = new Set(); // pending when clear() was called, never added again
const task = () => new Promise((resolve) => setTimeout(resolve, 0));
for (let step = 0; step < steps; step++) {
  const kind = random();
  adding = true;
  if (kind < 0.1) {
    // the booklet drawn again: what waits is forgotten
    for (const item of kept) if (!worked.has(item)) { forgotten.add(item); kept.delete(item); }
    queue.clear();
  } else {
    const fresh = Array.from({ length: 1 + Math.floor(random() * 12) }, () => {
      const item = next++;
      costs.set(item, random() < 0.2 ? 1 + random() * 3 : random() * 0.5);
      kept.add(item);
      return item;
    });
    if (kind < 0.55) for (const item of fresh) queue.add([item]); // one by one
    else queue.add(fresh);
  }
  adding = false;
  if (random() < 0.6) await task(); // or more in the same task
}
while (queue.running || queue.pending.size) await task();
await task();

console.log(JSON.stringify({
  checked: next,
  workedEarly: early.length,
  // an item is begun only while the slice's SLICE_MS lasts
  slicesTooLong: slices.filter((s) => s.tooLong).length,
  workedTwice: [...worked.values()].filter((n) => n > 1).length,
  lost: [...kept].filter((item) => !worked.has(item)).length,
  workedAfterClear: [...forgotten].filter((item) => worked.has(item)).length,
  slices: slices.length,
}));
process.exit(0); // (the module's MessageChannel would keep Node running)
