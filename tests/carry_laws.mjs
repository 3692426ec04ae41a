// The laws of web/progress/carry.js, progress carried to another device as a link (run by
// tests/test_carry.py under Node; argv: what, seed, rounds). Prints one JSON line.
//   laws    decode(encode(p)) is carried(p) for seeded random progress (edge values
//           included), carried() keeps its own shape, every decoded record is one saved.js
//           keeps as it is, and merging a link (progress.js) keeps all a device held and
//           adds nothing the second time: {"checked": n} or {"failed": why, ...}
//   hostile links (damaged, cut short, other versions, huge numbers, unknown games and
//           challenges, markup, bombs, random bytes and text), each refused with the
//           CarryError of its kind: {"checked": n, "kinds": {kind: n}} or {"failed": ...}
//   sizes   a synthetic player with 500 wins: {raw, deflated, link}

import { encode, decode, carried, progressOf, pack, unpack, seal, linkTo, carryParam, CarryError, VERSION } from "../web/progress/carry.js";
import { gameRecord, emptyRecord, LIMITS } from "../web/progress/saved.js";
import { mergeRecords, holdsAll } from "../web/progress/progress.js";
import { seeded } from "./seeded.mjs";

const [what = "laws", seed = "1", rounds = "200"] = process.argv.slice(2);

const random = seeded(seed);
const int = (n) => Math.floor(random() * n);
const pick = (list) => list[int(list.length)];
const some = (n, make) => Array.from({ length: int(n + 1) }, make);
const same = (x, y) => JSON.stringify(x) === JSON.stringify(y);
const say = (value) => console.log(JSON.stringify(value));

const GAMES = ["focus", "link", "steps", "twist"];
const IDS = Array.from({ length: 120 }, (_, i) => String(i + 1)).concat(["T01", "G118"]);
const KNOWN = Object.fromEntries(GAMES.map((g) => [g, new Set(IDS)]));
const time = () => pick([0, 1, 999, 61_234, 1_200_000, LIMITS.time, int(LIMITS.time)]);
function day() {
  if (random() < 0.1) return pick(["0001-01-01", "9999-12-31", "2024-02-29"]);
  return new Date(Date.UTC(2026, 0, 1) + int(800) * 86_400_000).toISOString().slice(0, 10);
}
function win() {
  const best = random() < 0.2 ? null : time();
  const own = random() < 0.3 ? { untimed: true } : random() < 0.5 ? { time: best ?? time() } : random() < 0.7 ? { time: time() } : {};
  return {
    best, hints: pick([0, 0, 1, 7, LIMITS.count]), at: pick([null, "2026-03-02T10:00:00.123Z"]), helped: random() < 0.2,
    ...own, ...(random() < 0.1 ? { solve: true } : {}), ...(random() < 0.3 ? { placement: "a1A1" } : {}),
  };
}
const ownKey = () => pick([`seed:${pick(["Starter", "Expert"])}:${int(1e6)}`, "custom:", "custom:f3C4i6B0j2B0", `custom:${"é".repeat(int(5))}a`]);
function record() {
  const raw = {
    solved: Object.fromEntries(some(6, () => [pick(IDS), win()])),
    generated: Object.fromEntries(some(3, () => [ownKey(), win()])),
    daily: Object.fromEntries(some(4, () => [day(), win()])),
    log: [{ level: "Starter", time: 1000, hints: 0, fair: true, at: "2026-03-02T10:00:00.000Z" }],
  };
  const { value, problems } = gameRecord(JSON.parse(JSON.stringify(raw)));
  if (problems.length) throw new Error(`made an unsound record: ${problems}`);
  return value;
}
function settings() {
  return { notation: random() < 0.5, solvable: random() < 0.5, hideClock: random() < 0.5, vibrate: random() < 0.5, theme: pick(["auto", "light", "dark"]) };
}
const progress = () => ({ settings: settings(), games: Object.fromEntries(some(4, () => [pick(GAMES), record()])) });

async function laws(n) {
  for (let i = 0; i < n; i++) {
    const p = progress();
    const want = carried(p);
    const value = await encode(p);
    const got = await decode(value, KNOWN);
    if (!same(got, want)) return { failed: "decode(encode(p)) is not carried(p)", p, want, got };
    if (!same(carried(want), want)) return { failed: "carried(carried(p)) is not carried(p)", p, want };
    if (!same(await decode(carryParam(await linkTo("https://example.org/iq/?x=1#game=twist", p))), want)) return { failed: "a link's parameter", p };
    for (const [name, g] of Object.entries(got.games)) {
      const { value: kept, problems } = gameRecord({ ...emptyRecord(), ...g });
      if (problems.length || !same(kept, { ...emptyRecord(), ...g })) return { failed: "a decoded record is not one saved.js keeps", name, problems };
      // a device's own record, then the link merged in, once and again
      const mine = record();
      const once = mergeRecords(mine, { ...emptyRecord(), ...g });
      const twice = mergeRecords(once, { ...emptyRecord(), ...g });
      if (!holdsAll(once, mine)) return { failed: "a merged link took something away", mine, g };
      if (!holdsAll(once, { ...emptyRecord(), ...g })) return { failed: "a merged link was not all taken in", mine, g };
      if (!same(once, twice)) return { failed: "a link merged twice added something the second time", once, twice };
    }
  }
  return { checked: n };
}

/** A payload written by hand: varints and texts (as carry.js writes them). */
function bytes(...parts) {
  const out = [];
  const uint = (n) => {
    for (; n >= 128; n = Math.floor(n / 128)) out.push((n % 128) | 128);
    out.push(n);
  };
  for (const part of parts) {
    if (typeof part === "string") {
      const b = new TextEncoder().encode(part);
      uint(b.length);
      out.push(...b);
    } else if (Array.isArray(part)) out.push(...part);
    else uint(part);
  }
  return Uint8Array.from(out);
}
// settings 0, theme 0, one game, its three tables
const oneGame = (name, solved = [0], generated = [0], daily = [0]) => bytes(0, 0, 1, name, ...solved, ...generated, ...daily);

async function kindOf(value, known = KNOWN) {
  try {
    await decode(value, known);
    return "accepted";
  } catch (e) {
    if (!(e instanceof CarryError)) return `threw ${e?.name}: ${e?.message}`;
    return e.kind + (e.detail ? `:${e.detail}` : "");
  }
}

async function hostile(n) {
  const cases = [];
  const add = (kind, value, known = KNOWN) => cases.push({ kind, value, known });
  const good = await encode(progress());
  const data = good.slice(2);
  for (const v of [undefined, null, 12, "", "hello", "1", "1-abc", "<script>alert(1)</script>", "carry=1.AAAA", " 1.abc"]) add("address", v);
  add("version:newer", `${VERSION + 1}.${data}`);
  add("version:older", `0.${data}`);
  add("version:newer", `999999.${data}`);
  add("damaged", `1.${data}<img src=x onerror=alert(1)>`);
  add("damaged", `1.${data} `);
  add("damaged", "1.");
  add("size", `1.${"A".repeat(50_000)}`);
  add("size", await seal(new Uint8Array(3 << 20)));
  // a sound payload but for one thing, sealed with its right checksum
  add("number", await seal(bytes(0, 0, 1e6)));
  add("number", await seal(bytes(0, 0, 2 ** 50)));
  add("number", await seal(bytes(99, 0, 0)));
  add("number", await seal(bytes(0, 7, 0)));
  add("number", await seal(oneGame("twist", [1, "5", 4, LIMITS.time + 1, 0])));
  add("number", await seal(oneGame("twist", [1, "5", 0, LIMITS.count + 1])));
  add("number", await seal(oneGame("twist", [1, "5", 64, 0])));
  add("number", await seal(oneGame("twist", [0], [0], [1, 5_000_000, 0, 0])));
  add("number", await seal(oneGame("twist", [LIMITS.records + 1])));
  add("game", await seal(oneGame("chess")));
  add("game", await seal(oneGame("<img src=x onerror=alert(1)>")));
  add("game", await seal(oneGame("Twist")));
  add("challenge", await seal(oneGame("twist", [1, "999", 0, 0])));
  add("challenge", await seal(oneGame("twist", [1, "<b>1</b>", 0, 0])));
  add("challenge", await seal(oneGame("twist", [1, "__proto__", 0, 0]), VERSION), null);
  add("challenge", await seal(oneGame("twist", [0], [1, "custom:<script>alert(1)</script>", 0, 0])));
  add("challenge", await seal(oneGame("twist", [0], [1, "seed:Expert:", 0, 0])));
  add("shape", await seal(bytes(0, 0, 0, 7)));
  add("shape", await seal(bytes(0, 0, 2, "twist", 0, 0, 0, "twist", 0, 0, 0)));
  add("shape", await seal(oneGame("twist", [2, "5", "5", 0, 0, 0, 0])));
  add("shape", await seal(oneGame("twist", [1, "5", 24, 1000, 1000, 0])));
  add("shape", await seal(oneGame("twist", [2, "6", "5", 0, 0, 0, 0])));
  add("shape", await seal(oneGame("twist", [1, "5"])));
  add("shape", await seal(bytes(0, 0, 1, [5, 0xff, 0xfe, 0x74, 0x77, 0x69], 0, 0, 0)));
  add("shape", await seal(new Uint8Array(0)));
  // damaged: any one character changed (not the last: its spare bits may be unread), cut short
  for (let i = 0; i < n; i++) {
    const at = int(data.length - 1);
    const swap = pick([..."AZaz09-_"].filter((c) => c !== data[at]));
    add("damaged", `1.${data.slice(0, at)}${swap}${data.slice(at + 1)}`);
    add("damaged", `1.${data.slice(0, int(data.length))}`);
  }
  const kinds = {};
  const whole = JSON.stringify(await decode(good, KNOWN));
  for (const c of cases) {
    const got = await kindOf(c.value, c.known);
    // (a link cut short or changed only in the deflate stream's last bits, after its whole
    // payload and checksum, is whole: read as it was, never as anything else)
    if (got === "accepted" && c.kind === "damaged" && JSON.stringify(await decode(c.value, KNOWN)) === whole) continue;
    if (got !== c.kind) return { failed: "a hostile link was not refused as it should be", want: c.kind, got, value: String(c.value).slice(0, 300) };
    kinds[c.kind] = (kinds[c.kind] ?? 0) + 1;
  }
  // random bytes, sealed or not, and random text: refused with a CarryError, or read as
  // sound progress (never anything else thrown, never half read)
  let fuzzed = 0;
  for (let i = 0; i < n; i++) {
    const noise = Uint8Array.from({ length: int(40) }, () => int(256));
    for (const value of [await seal(noise), `1.${Buffer.from(noise).toString("base64url")}`, String.fromCharCode(...noise)]) {
      const got = await kindOf(value, KNOWN);
      if (got.startsWith("threw")) return { failed: "noise threw", got, value };
      fuzzed++;
    }
  }
  return { checked: cases.length + fuzzed, kinds };
}

/** A synthetic player with 500 wins: 400 of the booklets' (a few with help or hints),
 *  50 new challenges', 50 dailies (a run), every setting changed. */
async function sizes() {
  const counts = { twist: 90, focus: 110, steps: 110, link: 90 };
  const games = {};
  for (const [name, n] of Object.entries(counts)) {
    const r = emptyRecord();
    const ids = name === "link" ? Array.from({ length: 134 }, (_, i) => `G${i + 1}`) : IDS.slice(0, 120);
    for (const id of ids.slice(0, n)) {
      const best = 20_000 + int(600_000);
      const helped = random() < 0.08;
      r.solved[id] = { best: helped ? null : best, hints: random() < 0.15 ? 1 + int(3) : 0, at: "2026-03-02T10:00:00.000Z", helped, ...(random() < 0.8 ? { time: best } : { time: best + int(90_000) }) };
    }
    games[name] = r;
  }
  for (let i = 0; i < 50; i++) games.twist.generated[`seed:${pick(["Starter", "Junior", "Expert", "Master", "Wizard"])}:${int(1e9)}`] = { best: 30_000 + int(900_000), hints: 0, at: null, helped: false, time: 40_000 };
  for (let i = 0; i < 50; i++) {
    const d = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const best = 30_000 + int(300_000);
    games.focus.daily[d] = { best, hints: 0, at: null, helped: false, time: best };
  }
  const p = progressOf(games, { notation: true, solvable: true, hideClock: false, vibrate: false, theme: "dark" });
  const raw = pack(p).length;
  const value = await encode(p);
  const link = await linkTo("https://example.github.io/iqpuzzles/", p);
  const wins = Object.values(p.games).reduce((n, g) => n + Object.keys(g.solved).length + Object.keys(g.generated).length + Object.keys(g.daily).length, 0);
  if (!same(unpack(pack(p)), p)) return { failed: "the synthetic player's progress did not come back" };
  return { wins, raw, deflated: Math.ceil(((value.length - 2) * 3) / 4), link: link.length };
}

say(what === "hostile" ? await hostile(Number(rounds)) : what === "sizes" ? await sizes() : await laws(Number(rounds)));
