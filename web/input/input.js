// Pointer, touch and keyboard input: turns events into the page's actions (pick, point
// the ghost at a location, activate a location, turn, undo...). Knows no game: locations
// come from the Board (Python's frame), and every move is checked by Python.
//
// One rule for every gesture: an item in hand goes where its ghost was last shown. The
// ghost sits where the pointer aims: under a mouse or a pen, a cell above a finger (so the
// finger never hides where the piece goes), from the moment the finger touches, whether it
// then lifts at once, rests or slides. Nothing of the ghost stays once the finger lifts.
//
// `hand` is the hand (hand.js): whether it may act (ready, busy), what it holds (held,
// holding), and what it does (point(code | null), activate(code), lift(code), land(code),
// pick(id), pickNumber(n), turn(how), focusBoard(), escape()); `midend` undoes, redoes,
// marks the position and goes back to the mark (midend.js); `modal()`: a dialog or Pause
// covers the board.

import { indexOfKey } from "./piecekeys.js";
import { LONG_PRESS_MS } from "./touch.js";

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
// the grid keys: to the end of the row (Home, End) or column (Page Up, Page Down); with
// Ctrl, Home and End go to the board's first and last location
const EDGES = { Home: [-1, 0], End: [1, 0], PageUp: [0, -1], PageDown: [0, 1] };

const MOVE_SLOP = 10; // px a pointer may wander and still tap or click
// A pointer's moves as they come (Chromium: not held for the next frame, which a finger's
// are for a frame more than a mouse's), so the ghost is asked for a frame sooner
// (a pointerrawupdate is a PointerEvent too, though TypeScript's DOM types call it an Event)
const MOVES = /** @type {"pointermove"} */ ("onpointerrawupdate" in globalThis ? "pointerrawupdate" : "pointermove");
// What a finger may touch around the board to aim at it: its piece is drawn a cell above,
// so the bottom row is reached from just below the board (where no control lies).
const CONTROLS = "button, a, input, select, textarea, label, [role=button], dialog, #tray";

/** A finger's piece is drawn a cell above it; a mouse's or a pen's, under it. */
const lifts = (event) => event.pointerType === "touch";
const moved = (from, event) => Math.hypot(event.clientX - from.x, event.clientY - from.y) > MOVE_SLOP;
/** A piece dragged, from the tray or slid on the board, by `event`'s pointer (none: let
 *  go): the hand grabs (style.css). Not for a finger, which shows no cursor: the rule
 *  restyles every button and spot of the page as the drag starts and again at its lift
 *  (about 90 ms of a phone's main thread at CPU 4x, before the first ghost and the piece
 *  placed). @param {PointerEvent | null} event */
const grabbing = (event) => {
  if (event && !lifts(event)) document.documentElement.dataset.dragging = "true";
  else delete document.documentElement.dataset.dragging;
};
/** A slid piece let go at `code` (null: it goes back where it was). */
const letGo = (hand, code) => {
  grabbing(null);
  hand.land(code);
};

export function bindBoard(board, hand) {
  const svg = board.svg;
  let down = null; // the pointer pressed on the board: {id, code, at, x, y, finger, aim, moved, piece, lifting, hold, selected}
  const under = (event) => board.locationAtClient(event.clientX, event.clientY);
  const aimed = (event) => (lifts(event) ? board.locationAboveClient(event.clientX, event.clientY) : under(event));
  // the held item's ghost where the pointer aims, and the place it goes if it lifts now
  const aim = (event) => {
    const code = aimed(event)?.code ?? null;
    if (down?.id === event.pointerId) down.aim = code;
    hand.point(code);
  };
  const capture = (event) => {
    try {
      svg.setPointerCapture(event.pointerId); // its moves and lift come here, even off the board
    } catch {
      /* not capturable: fine */
    }
  };

  const press = (event) => {
    if (!hand.ready || (event.pointerType === "mouse" && event.button !== 0)) return;
    const loc = under(event);
    const pressed = { id: event.pointerId, code: loc?.code ?? null, at: event.timeStamp, x: event.clientX, y: event.clientY, finger: lifts(event), aim: null, moved: false, piece: null, lifting: false };
    down = pressed;
    if (!hand.holding && loc) {
      // nothing in hand: a player's piece pressed may be slid elsewhere (a drag), or, held
      // still, selected (Rotate and Flip turn it where it lies): seen while held, judged
      // by the lift's time
      pressed.piece = hand.pieceAt(loc.code);
      pressed.hold = setTimeout(() => { if (down === pressed && !pressed.moved) pressed.selected = hand.selectAt(loc.code); }, LONG_PRESS_MS);
    }
    if (event.pointerType !== "mouse") {
      event.preventDefault(); // no scrolling, no emulated mouse: the page follows the finger
      capture(event);
    }
    if (hand.holding && pressed.finger) aim(event); // the ghost at once, where the piece goes
  };
  svg.addEventListener("pointerdown", press);
  // a finger touching anywhere else: a mouse's ghost left where it hovered goes
  document.addEventListener("pointerdown", (event) => {
    if (lifts(event) && !down && !svg.contains(event.target)) hand.hide();
  }, true);
  // a finger just below the board aims at its bottom row (its piece is drawn a cell up)
  document.addEventListener("pointerdown", (event) => {
    if (!lifts(event) || !hand.holding || svg.contains(event.target) || /** @type {Element} */ (event.target).closest?.(CONTROLS)) return;
    const box = svg.getBoundingClientRect();
    const below = event.clientY - box.bottom;
    if (event.clientX < box.left || event.clientX > box.right || below < 0 || below > board.cellOnScreen) return;
    if (aimed(event)) press(event);
  });

  svg.addEventListener(MOVES, (event) => {
    if (!down || down.id !== event.pointerId) {
      if (!down && hand.ready && hand.holding && !lifts(event)) aim(event); // a mouse or pen hovering
      return;
    }
    if (!down.moved && moved(down, event)) {
      down.moved = true;
      clearTimeout(down.hold);
      // a slide, not a selection: always for a mouse or a pen; for a finger only if the
      // move came before the hold's time by its own clock (a busy page may have run the
      // hold's timer first), so a finger held till selected keeps it though it drifts
      if (!down.finger || event.timeStamp - down.at < LONG_PRESS_MS) down.selected = false;
    }
    // a placed piece slid: it lifts, and goes where it is let go. A press just after a move
    // (Undo...) may come before the page has drawn its board: the piece is looked for
    // again at each move until the page is free, so the slide is not lost
    if (down.moved && !down.lifting && !down.selected && !hand.holding && down.code && !hand.busy) {
      down.piece ??= hand.pieceAt(down.code);
      if (down.piece) {
        down.lifting = true;
        capture(event); // (a mouse's too: let go off the board, the piece goes back)
        hand.lift(down.code);
        grabbing(event);
      }
    }
    if (down.lifting || (hand.ready && hand.holding && (down.finger || down.moved))) aim(event);
  });

  svg.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse" && !down) hand.point(null);
  });

  svg.addEventListener("pointerup", (event) => {
    if (!down || down.id !== event.pointerId) return;
    const start = down;
    clearTimeout(start.hold);
    down = null;
    if (start.lifting) {
      letGo(hand, start.aim); // where its ghost was (null: off the board: it goes back)
      return;
    }
    if (start.finger && hand.holding) {
      // a finger's tap, press or slide alike: where the ghost was shown, then no ghost
      if (start.aim) {
        board.setCursor(start.aim, false);
        hand.activate(start.aim);
      }
      hand.lifted();
      return;
    }
    const loc = under(event);
    if (!loc) {
      if (event.pointerType !== "mouse") hand.point(null);
      return;
    }
    if (!hand.holding && start.code !== loc.code) return; // a slip, not a tap on a piece
    if (!hand.holding && (start.selected || (event.timeStamp - start.at >= LONG_PRESS_MS && !start.moved && hand.selectAt(loc.code)))) return;
    board.setCursor(loc.code, false);
    hand.activate(loc.code);
    if (start.finger) hand.lifted();
  });

  svg.addEventListener("pointercancel", (event) => {
    if (!down || down.id !== event.pointerId) return;
    const start = down;
    clearTimeout(start.hold);
    down = null;
    if (start.lifting) letGo(hand, null); // the browser took the finger: the piece goes back
    else if (start.finger) hand.lifted();
  });

  // a second finger makes a gesture of its own with the first (gestures.js flips the piece
  // in hand): the first finger's aim goes, and its ghost with it
  svg.addEventListener("pointerdown", (event) => {
    if (!down || down.id === event.pointerId || !lifts(event)) return;
    clearTimeout(down.hold);
    if (down.lifting) letGo(hand, null);
    else hand.lifted();
    down = null;
  }, true);

  // A click that no pointer made (assistive technology activating a location button).
  svg.addEventListener("click", (event) => {
    const code = event.target?.dataset?.code;
    if (event.detail === 0 && code) hand.activate(code);
  });

  svg.addEventListener("focusin", (event) => {
    const code = event.target?.dataset?.code;
    if (!code) return;
    board.setCursor(code, false);
    if (hand.holding) hand.point(code);
  });

  svg.addEventListener("keydown", (event) => {
    const code = event.target?.dataset?.code;
    if (!code || !hand.ready || event.metaKey || event.altKey) return;
    const moveTo = (next) => {
      event.preventDefault();
      event.stopPropagation();
      if (!next) return;
      board.setCursor(next, true);
      if (hand.holding) hand.point(next);
    };
    if (event.ctrlKey) {
      if (event.key === "Home" || event.key === "End") moveTo(board.corner(event.key === "End"));
      return;
    }
    const arrow = ARROWS[event.key];
    const edge = EDGES[event.key];
    if (arrow) {
      moveTo(board.neighbour(code, arrow[0], arrow[1]));
    } else if (edge) {
      moveTo(board.edge(code, edge[0], edge[1]));
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      hand.activate(code);
    } else if ((event.key === "Delete" || event.key === "Backspace") && !hand.holding) {
      event.preventDefault();
      hand.activate(code);
    }
  });
}

/** Drag a piece from the tray onto the board (mouse, touch, pen). A press without a
 *  drag stays a click (the tray button picks the piece). */
export function bindTray(tray, board, hand) {
  let drag = null;
  // the location a drag aims at: under the mouse (or pen), a cell above a finger (its
  // piece is drawn there, clear of it); null away from the board
  const aimed = (event) => {
    const rect = board.svg.getBoundingClientRect();
    const margin = lifts(event) ? Math.max(24, board.cellOnScreen) : 24; // a finger: a cell below reaches the bottom row
    const { clientX: x, clientY: y } = event;
    if (x < rect.left - margin || x > rect.right + margin || y < rect.top - margin || y > rect.bottom + margin) return null;
    return lifts(event) ? board.locationAboveClient(x, y) : board.locationAtClient(x, y);
  };
  tray.node.addEventListener("pointerdown", (event) => {
    const button = event.target.closest?.(".tray-piece");
    // (taken while the page is busy too: the drag starts at the first move once it is free)
    if (!button || !hand.ready || (event.pointerType === "mouse" && event.button !== 0)) return;
    drag = { id: event.pointerId, piece: button.dataset.piece, x: event.clientX, y: event.clientY, active: false, aim: null };
  });
  document.addEventListener(MOVES, (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.active) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < MOVE_SLOP || hand.busy) return;
      drag.active = true;
      grabbing(event);
      if (hand.held !== drag.piece) hand.pick(drag.piece);
    }
    drag.aim = aimed(event)?.code ?? null;
    hand.point(drag.aim);
  });
  const end = (event, place) => {
    if (!drag || event.pointerId !== drag.id) return;
    const was = drag;
    drag = null;
    if (!was.active) return;
    grabbing(null);
    tray.ignoreClick(); // the click that follows a drag must not toggle the piece off again
    // a finger's piece goes where its ghost was drawn, a mouse's where the mouse is
    const code = place ? (lifts(event) ? was.aim : aimed(event)?.code ?? null) : null;
    if (code) {
      board.setCursor(code, false);
      hand.activate(code);
    }
    if (lifts(event) || !code) hand.lifted(); // no ghost stays where the finger was
  };
  document.addEventListener("pointerup", (event) => end(event, true));
  document.addEventListener("pointercancel", (event) => end(event, false));
}

/** The page's keys (the footer lists them): to the hand and the mid-end unless `modal()`
 *  (a dialog has them); Escape closes what `dismiss()` closes (the win card: true if it
 *  was shown), else puts the item in hand back. */
export function bindKeys(hand, midend, modal, dismiss) {
  document.addEventListener("keydown", (event) => {
    if (modal() || event.defaultPrevented) return;
    const target = /** @type {HTMLElement} */ (event.target);
    if (target && (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable)) return;
    const key = event.key;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && !event.altKey) {
      const k = key.toLowerCase();
      if (k === "z" && !event.shiftKey) {
        event.preventDefault();
        if (hand.ready) midend.undo();
      } else if (k === "y" || (k === "z" && event.shiftKey)) {
        event.preventDefault();
        if (hand.ready) midend.redo();
      }
      return;
    }
    if (mod || event.altKey || !hand.ready) return;
    if (key === "r" || key === "R") {
      event.preventDefault();
      hand.turn(event.shiftKey ? "rotate-back" : "rotate"); // Shift+R: anticlockwise
    } else if (key === "f" || key === "F") {
      event.preventDefault();
      hand.turn("flip");
    } else if (key === "m" || key === "M") {
      event.preventDefault();
      midend.press("mark"); // a checkpoint (a mode that keeps none ignores it)
    } else if ((key === "b" || key === "B") && midend.awayFromMark()) {
      event.preventDefault();
      midend.toMark();
    } else if (key === "Escape") {
      if (!dismiss()) hand.drop(); // the win card first, then the item in hand
    } else if (indexOfKey(key) >= 0) {
      event.preventDefault();
      hand.pickNumber(indexOfKey(key));
    } else if (ARROWS[key] && hand.holding) {
      event.preventDefault();
      hand.focusBoard();
    }
  });
}
