// Where a challenge comes from: the booklet (by id), a generator (seed + level) or a
// custom string; what the URL hash and the saved game ask for; and the one message that
// says what could not be used. Never a crash: a broken link or save is an answer.

import * as store from "./store.js";

const SEED_PATTERN = /^[0-9A-Za-z_-]{1,32}$/;

const given = (v) => v !== null && v !== undefined;

/** The booklet's challenges as entries. */
export function bookletEntries(challenges) {
  return challenges.map((c) => ({ ...c, kind: "booklet", key: c.id, name: `Challenge ${c.id}` }));
}

/** The entry of a generated or custom challenge from its parts (a saved game's too). */
export function entryOf({ kind, seed, level, puzzle }) {
  if (kind === "generated") {
    return { kind, id: `seed-${seed}`, key: `seed:${level}:${seed}`, level, seed, challenge: puzzle, solutions: [], name: `New challenge ${seed}` };
  }
  return { kind: "custom", id: "custom", key: `custom:${puzzle}`, level: "Custom", challenge: puzzle, solutions: [], name: "Your challenge" };
}

/** A generated ({seed, level}) or custom ({custom}) challenge as an entry, or an Error
 *  that says why not (a game that cannot generate, a broken custom string...).
 *  `gcall` asks Python about the current game. */
export async function makeEntry(info, gcall, want) {
  if (want.seed !== null && want.seed !== undefined) {
    const level = (info.levels || []).find((l) => l.toLowerCase() === String(want.level ?? "").toLowerCase());
    if (!info.canGenerate) throw new Error(`${info.title} cannot make new challenges yet`);
    if (!level) throw new Error(want.level ? `“${want.level}” is not a level of ${info.title}` : "it names no level");
    if (!SEED_PATTERN.test(want.seed)) throw new Error(`“${want.seed}” is not a seed (letters and digits)`);
    const challenge = await gcall("generate", { level, seed: want.seed });
    return entryOf({ kind: "generated", seed: want.seed, level, puzzle: challenge });
  }
  const custom = String(want.custom);
  await gcall("start", { challenge: custom }); // a broken string: Python says why
  const verdict = await gcall("verdict", { draft: custom, limit: 20 });
  if (verdict.count === 0) throw new Error("it has no solution");
  const entry = entryOf({ kind: "custom", puzzle: custom });
  if (verdict.count > 1) entry.note = `It has ${verdict.capped ? "at least " : ""}${verdict.count} solutions: any of them wins.`;
  return entry;
}

/** The challenge and position to show: the one wanted ({challenge | seed+level | custom,
 *  placed}), or the saved game's, or the first unsolved one. Problems go to `notes`.
 *  Returns {entry, candidate: {placement, from} | null, saved: record.current | null}. */
export async function chooseChallenge({ info, challenges, record, want, notes, gcall }) {
  let entry = null;
  let saved = null;
  let linked = false;
  if (given(want.seed) || given(want.custom)) {
    try {
      entry = await makeEntry(info, gcall, want);
      linked = true;
    } catch (e) {
      notes.push(given(want.seed)
        ? `The link's new challenge cannot be made: ${e.message}.`
        : `The challenge in the link cannot be played: ${e.message}.`);
      notes.push("Here is a challenge from the booklet instead.");
    }
  } else if (given(want.challenge)) {
    entry = challenges.find((c) => c.id === want.challenge);
    if (!entry) notes.push(`${info.title} has no challenge “${want.challenge}”.`);
    linked = Boolean(entry);
  } else if (given(want.placed)) {
    notes.push("The link names no challenge.");
  } else if (record.current) {
    const c = record.current;
    entry = c.kind === "booklet" ? challenges.find((x) => x.id === c.challenge) || null : entryOf(c);
    if (entry) saved = c;
    else notes.push("Your saved game names a challenge that does not exist, so it starts afresh.");
  }
  entry ??= challenges.find((c) => !record.solved[c.id]) || challenges[0];
  const candidate = linked && given(want.placed)
    ? { placement: want.placed, from: "the link" }
    : saved ? { placement: saved.placement, from: "your saved game" } : null;
  return { entry, candidate, saved };
}

/** What the URL hash asks for, given the games there are and the one shown:
 *  {name, want, notes, asksNothing} (asksNothing: the hash names neither game, challenge
 *  nor position). `name` is null when no game is available. */
export function readLink(names, current) {
  const hash = store.readHash();
  const notes = [];
  if (hash.problem) notes.push(`${hash.problem} Here is your last game instead.`);
  let name = hash.game;
  if (name !== null && !names.includes(name)) {
    notes.push(`There is no game called “${name}” here.`);
    name = null;
  }
  const namesAChallenge = hash.challenge !== null || hash.seed !== null || hash.custom !== null;
  const asksNothing = name === null && !namesAChallenge && hash.placed === null;
  name ??= current ?? (names.includes(store.lastGame()) ? store.lastGame() : names[0]);
  const fromHash = hash.game !== null || namesAChallenge || hash.placed !== null;
  const want = { challenge: hash.challenge, seed: hash.seed, level: hash.level, custom: hash.custom, placed: hash.placed, source: "link" };
  return { name: name || null, want: fromHash && !hash.problem ? want : {}, notes, asksNothing };
}

/** The saved snapshot to draw at once, if it shows what the URL hash asks for. */
export function snapshotToDraw() {
  const hash = store.readHash();
  const snap = store.loadSnapshot();
  const sameKind = () => (hash.seed === null && hash.custom === null ? (hash.challenge ?? snap.challenge) === snap.challenge
    : snap.hash === store.hashFor(hash.game, hash.seed !== null ? { kind: "generated", seed: hash.seed, level: hash.level } : { kind: "custom", challenge: hash.custom }, snap.placement));
  if (snap && (hash.empty || (hash.game === snap.game && sameKind()
      && (hash.placed === null || hash.placed === snap.placement)))) return snap;
  return null;
}

/** A random seed for a new challenge. */
export function randomSeed() {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return 1 + (word[0] % 999_999);
}
