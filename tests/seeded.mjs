// A small seeded random generator (mulberry32) for the tests that run the page's modules
// under Node: random(seed) -> a function of numbers in [0, 1), the same for the same seed.

export function seeded(seed) {
  let state = Number(seed) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
