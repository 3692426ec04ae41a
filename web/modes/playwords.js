// What play mode says of a piece in the status line: its name ("The red piece"), and how
// it lies once turned where it lies. Game-free: the names come from Python's info.

import { t } from "../words/i18n.js";
import { nameOf } from "../board/tray.js";
import { spotList } from "../board/board.js";

/** A piece as the status line says it: "The red piece". `info`: the game's. */
export function pieceWords(info, id) {
  const item = info?.pieces?.find((p) => p.id === id);
  return item ? nameOf(item) : t("Piece {id}", { id });
}

/** "The red piece turned where it lies: now turned 90 degrees clockwise, covering 3B,
 *  3C and 4C." `turned`: the move's answer {orientation, covers}. */
export function turnedWords(info, piece, turned) {
  const item = info?.pieces?.find((p) => p.id === piece);
  const lies = item?.orientationNames?.[turned?.orientation];
  const words = { piece: pieceWords(info, piece), lies, spots: spotList(turned?.covers ?? []) };
  if (turned?.covers?.length) {
    return lies ? t("{piece} turned where it lies: now {lies}, covering {spots}.", words)
      : t("{piece} turned where it lies, covering {spots}.", words);
  }
  return lies ? t("{piece} turned where it lies: now {lies}.", words) : t("{piece} turned where it lies.", words);
}
