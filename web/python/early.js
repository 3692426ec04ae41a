// Answers before Python is ready: what the page needs to draw a booklet challenge and let
// the player look, pick and turn pieces, from files built into the site by the same Python
// code that answers later (py/iqpuzzles/tools/early.py): the ops games, info, challenges,
// piece, and start and view of a booklet challenge's start (and the view of the game's first
// lesson). Any other question (or a file that cannot be had) answers undefined: it waits
// for Python.

import { lang } from "../words/i18n.js";

// (the page's address: a module's own would name its folder, and the bundle's another)
const early = () => new URL("early/", document.baseURI);
const files = new Map();
const fetched = new Set(); // the site's paths of the files that came

/** A file of early/, fetched once (null if it cannot be had). */
function load(path) {
  if (!files.has(path)) {
    const url = new URL(path, early());
    files.set(path, fetch(url).then((r) => {
      if (!r.ok) return null;
      fetched.add(`early/${path}`);
      return r.json();
    }).catch(() => null));
  }
  return files.get(path);
}

/** The files of early/ this page downloaded (the service worker keeps them: a page that
 *  fetched them before the worker took over would otherwise fetch them again). */
export const earlyFiles = () => [...fetched];

/** The games' names: from the tabs the build wrote into index.html, so the first board's
 *  files need not wait for games.json (a round trip on a slow link); else games.json. */
function gameNames() {
  const tabs = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#games [data-game]"))].map((t) => t.dataset.game);
  if (tabs.length) return Promise.resolve(tabs);
  return load("games.json").then((games) => (Array.isArray(games) ? games.map((g) => g?.name) : []));
}

/** A game's file, for a game the site has: a name that is no game's (a mistyped link)
 *  asks the server for nothing. */
const gameFile = (game) => gameNames().then((names) =>
  (names.includes(game) ? load(`${game}.json`) : null));

/** Start fetching what the first board of `game` needs (the page's boot does, before the
 *  game's code has loaded). */
export function prefetch(game) {
  load("games.json");
  gameFile(game);
}

// The files are built in English, and a game's info and booklet (their words) in each
// language the page speaks too (early/<lang>/<game>.json); a board's views are English
// only: a page in another language draws its first board from them and asks Python for
// the board shown again once Python is ready (app.js), so its spots speak its words.

/** The answer to op(args) from the built files, or undefined (ask Python); `pythonReady`:
 *  a view in another language than English is Python's then (its words). */
export async function earlyAnswer(op, args = {}, pythonReady = false) {
  if (op === "view" && pythonReady && lang() !== "en") return undefined;
  if (op === "games") return (await load("games.json")) ?? undefined;
  const game = await gameFile(args.game);
  if (!game) return undefined;
  if (op === "info" || op === "challenges") {
    const worded = lang() === "en" ? game : await load(`${lang()}/${args.game}.json`);
    return worded?.[op] ?? undefined;
  }
  if (op === "piece") return game.piece?.[args.piece]?.[args.orientation] ?? undefined;
  if (op !== "start" && op !== "view") return undefined;
  const lesson = game.info?.lesson;
  if (op === "view" && lesson && args.challenge === lesson.challenge && args.placement === lesson.start && !args.solvable) {
    return (await load(`${args.game}/lesson.json`))?.view ?? undefined; // the first lesson's board
  }
  const entry = game.challenges?.find((c) => c.challenge === args.challenge);
  if (!entry) return undefined;
  const start = await load(`${args.game}/${encodeURIComponent(entry.id)}.json`);
  if (!start) return undefined;
  if (op === "start") return start.start;
  // the start's view; a view that also asks whether it can be finished needs Python
  return args.placement === start.start && !args.solvable ? start.view : undefined;
}
