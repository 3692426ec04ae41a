// The view data the page reads, in one declared shape: what Python's page model hands
// over (py/iqpuzzles/core/types.py writes the same shapes as TypedDicts, and the built
// early/ files hold the same answers). The rest of the page reads these shapes through
// the names below, never by guessing at other ones.
//
// Info (op `info`, once per game):
//   {name, title, pieces: [PieceInfo], canRotate, canFlip, levels: [level], board: Frame,
//    help, lesson?, explain?, canGenerate?, bookletNote?, levelsNote?}
// Frame (Info.board, and a View's frame): the board's outline and what can be pointed at
//   {viewBox: [x, y, width, height], locations: [{code, x, y, r, row?}]}
// PieceInfo: {id, label, name, colour, colourName, sizeName, shapeName?, orientations,
//   rotate: {orientation: orientation}, flip: {...}, orientationNames: {orientation: words},
//   kind? ("piece" | "marker": the editor's tools), limit?}
// View (ops view, move, start's view, a solve's steps): the board drawn
//   {frame, shapes: [Shape], placement, solved, solvable?, pieceAt: {code: piece},
//    spots: {code: words}}; the editor's adds {draft, verdict?}
// Shape: one drawing primitive (render.js draws it; saved.js's isShape says what it holds);
//   a piece's own shapes carry `piece` and `role` ("piece": placed by the player, "fixed":
//   the challenge's own).
// Preview (ops preview, editor_preview): the held item's ghost
//   {legal, placement, shapes, covers: [code], message, notation}
// PieceView (ops piece, tool): one item in one orientation {viewBox, shapes}
//
// The same shapes as types, for the checker (tsc over jsconfig.json):
/** @typedef {[number, number, number, number]} ViewBox [x, y, width, height] */
/** @typedef {{code: string, x: number, y: number, r: number, row?: number}} Location */
/** @typedef {{viewBox: ViewBox, locations: Location[]}} Frame */
/** @typedef {{[key: string]: any, piece?: string, role?: "piece" | "fixed"}} Shape */
/** @typedef {{id: string, label: string, name: string, colour: string, colourName: string,
 *    sizeName: string, shapeName?: string, orientations: string[], rotate: Record<string, string>,
 *    flip: Record<string, string>, orientationNames: Record<string, string>,
 *    kind?: "piece" | "marker", limit?: number}} PieceInfo */
/** @typedef {{name: string, title: string, pieces: PieceInfo[], canRotate: boolean,
 *    canFlip: boolean, levels: string[], board: Frame, help: string, lesson?: any,
 *    explain?: any, canGenerate?: boolean, bookletNote?: string, levelsNote?: string}} Info */
/** @typedef {{frame: Frame, shapes: Shape[], placement: string, solved: boolean,
 *    solvable?: boolean, pieceAt: Record<string, string>, spots: Record<string, string>,
 *    draft?: string, verdict?: any}} View */
/** @typedef {{legal: boolean, placement: string, shapes: Shape[], covers: string[],
 *    message: string, notation: string}} Preview */
/** @typedef {{viewBox: ViewBox, shapes: Shape[]}} PieceView */
/** @typedef {{rotate: boolean, "rotate-back": boolean, flip: boolean}} Turns */

/** The board's frame of a game's info: its viewBox and locations. @param {Info} info @returns {Frame} */
export function frameOf(info) {
  return info.board;
}

/** The board's viewBox ([x, y, width, height]) of a game's info. @param {Info} info @returns {ViewBox} */
export function boxOf(info) {
  return frameOf(info).viewBox;
}

/** The ids of the pieces a view draws on the board (placed or the challenge's own). @param {View | null} view @returns {Set<string>} */
export function piecesOn(view) {
  const ids = new Set();
  for (const shape of view?.shapes || []) {
    if (shape.piece && (shape.role === "piece" || shape.role === "fixed")) ids.add(shape.piece);
  }
  return ids;
}

/** The ids of the pieces the player put on the board in a view (not the challenge's). @param {View | null} view @returns {Set<string>} */
export function placedIn(view) {
  return new Set((view?.shapes || []).filter((s) => s.piece && s.role === "piece").map((s) => s.piece));
}

/** How a game's pieces turn: {rotate, flip, "rotate-back"} (rotating back is rotating,
 *  the other way: a game's pieces turn both ways or neither). @param {Info | null} info @returns {Turns} */
export function turnsOf(info) {
  const rotate = Boolean(info?.canRotate);
  return { rotate, "rotate-back": rotate, flip: Boolean(info?.canFlip) };
}

/** The orientation `how` ("rotate", "rotate-back" or "flip") turns an item lying in
 *  `orientation` into; undefined if it does not turn so. Python gives the clockwise map
 *  (a permutation of the item's orientations): anticlockwise is its inverse. @param {PieceInfo} item @param {keyof Turns} how @param {string} orientation @returns {string | undefined} */
export function turnedOrientation(item, how, orientation) {
  if (how !== "rotate-back") return item?.[how]?.[orientation];
  const rotate = item?.rotate ?? {};
  return Object.keys(rotate).find((from) => rotate[from] === orientation);
}

/** Whether a tray item is a piece (it turns, it goes on the board once), not a marker. @param {PieceInfo | null} item @returns {boolean} */
export function isPiece(item) {
  return Boolean(item) && item.kind !== "marker";
}
