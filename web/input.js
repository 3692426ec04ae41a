// Pointer, touch and keyboard input: turns events into the page's actions (pick, point
// the ghost at a location, activate a location, turn, undo...). Knows no game: locations
// come from the Board (Python's frame), and every move is checked by Python.
//
// `hand` is the hand (hand.js): whether it may act (ready, busy), what it holds (held,
// holding), and what it does (point(code | null), activate(code), pick(id), pickNumber(n),
// turn(how), focusBoard(), escape()); `midend` undoes and redoes (midend.js); `modal()`:
// a dialog or Pause covers the board.

import { indexOfKey } from "./piecekeys.js";
import { LONG_PRESS_MS } from "./touch.js";

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
// the grid keys: to the end of the row (Home, End) or column (Page Up, Page Down); with
// Ctrl, Home and End go to the board's first and last location
const EDGES = { Home: [-1, 0], End: [1, 0], PageUp: [0, -1], PageDown: [0, 1] };

const GHOST_AFTER_MS = 180; // a finger resting on the board this long sees the ghost

// A finger holding a piece sees it drawn a cell above the fingertip, and the piece goes
// where it is drawn: the location a pointer aims at (a mouse, a pen: the one under it).
const MOVE_SLOP = 10; // px a finger may wander and still tap

const lifts = (event) => event.pointerType === "touch";

export function bindBoard(board, hand) {
  const svg = board.svg;
  let down = null;
  const under = (event) => board.locationAtClient(event.clientX, event.clientY);
  const aimed = (event) => (lifts(event) ? board.locationAboveClient(event.clientX, event.clientY) : under(event));
  // the held piece's ghost where a pointer aims (a finger's: lifted), and where it goes
  const aim = (event) => {
    const code = aimed(event)?.code ?? null;
    if (down?.id === event.pointerId) down.aim = code;
    hand.point(code);
  };

  svg.addEventListener("pointermove", (event) => {
    if (hand.ready && hand.holding) {
      // a finger resting (a tap to be) shows no ghost until it moves or rests a moment
      if (down?.id === event.pointerId && lifts(event) && !down.moved) {
        if (Math.hypot(event.clientX - down.x, event.clientY - down.y) <= MOVE_SLOP) return;
        down.moved = true;
        down.lifted = true;
      }
      aim(event);
    } else if (down?.hold && under(event)?.code !== down.code) clearTimeout(down.hold); // moved off: no hold
  });

  svg.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse" && !down) hand.point(null);
  });

  svg.addEventListener("pointerdown", (event) => {
    if (!hand.ready || (event.pointerType === "mouse" && event.button !== 0)) return;
    const loc = under(event);
    down = { id: event.pointerId, code: loc?.code ?? null, at: event.timeStamp, x: event.clientX, y: event.clientY, aim: null, moved: false, lifted: false };
    // nothing in hand, a press held on a placed piece selects it (Rotate and Flip turn it
    // where it lies) rather than taking it back: seen while held, judged by the lift's time
    const pressed = down;
    if (!hand.holding && loc) pressed.hold = setTimeout(() => { if (down === pressed) pressed.selected = hand.selectAt(loc.code); }, LONG_PRESS_MS);
    if (event.pointerType !== "mouse") {
      // touch and pen: the ghost follows the finger, lifting it places the piece
      event.preventDefault();
      try {
        svg.setPointerCapture(event.pointerId);
      } catch {
        /* not capturable: fine */
      }
      // the ghost after a moment, or as soon as the finger moves: a quick tap places the
      // piece at once (where it tapped), with one call to Python, and a finger that rests
      // sees where it goes (a finger's ghost lifted above it: the piece goes there)
      if (hand.holding && loc) {
        down.ghost = setTimeout(() => {
          if (down !== pressed || pressed.lifted) return;
          pressed.lifted = lifts(event);
          aim(event);
        }, GHOST_AFTER_MS);
      }
    }
  });

  svg.addEventListener("pointerup", (event) => {
    if (!down || down.id !== event.pointerId) return;
    const start = down;
    clearTimeout(start.ghost);
    clearTimeout(start.hold);
    down = null;
    // a finger that moved or rested (judged by the events' own times: a busy page may
    // see a quick tap late) places the piece where its lifted ghost is; a tap, where it is
    const tap = !start.moved && event.timeStamp - start.at < GHOST_AFTER_MS;
    if (lifts(event) && hand.holding && !tap) {
      const code = start.lifted ? start.aim : board.locationAboveClient(event.clientX, event.clientY)?.code ?? null;
      if (code) {
        board.setCursor(code, false);
        hand.activate(code);
      } else {
        hand.point(null);
      }
      return;
    }
    const loc = under(event);
    if (!loc) {
      if (event.pointerType !== "mouse") hand.point(null);
      return;
    }
    if (!hand.holding && start.code !== loc.code) return; // a drag, not a tap on a piece
    if (!hand.holding && (start.selected || (event.timeStamp - start.at >= LONG_PRESS_MS && hand.selectAt(loc.code)))) return;
    board.setCursor(loc.code, false);
    hand.activate(loc.code);
  });

  svg.addEventListener("pointercancel", () => {
    clearTimeout(down?.ghost);
    clearTimeout(down?.hold);
    down = null;
  });

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
    const margin = 24;
    const { clientX: x, clientY: y } = event;
    if (x < rect.left - margin || x > rect.right + margin || y < rect.top - margin || y > rect.bottom + margin) return null;
    return lifts(event) ? board.locationAboveClient(x, y) : board.locationAtClient(x, y);
  };
  tray.node.addEventListener("pointerdown", (event) => {
    const button = event.target.closest?.(".tray-piece");
    if (!button || !hand.ready || hand.busy || (event.pointerType === "mouse" && event.button !== 0)) return;
    drag = { id: event.pointerId, piece: button.dataset.piece, x: event.clientX, y: event.clientY, active: false, aim: null };
  });
  document.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.active) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < MOVE_SLOP) return;
      drag.active = true;
      document.documentElement.dataset.dragging = "true";
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
    delete document.documentElement.dataset.dragging;
    tray.ignoreClick(); // the click that follows a drag must not toggle the piece off again
    // a finger's piece goes where its ghost was drawn, a mouse's where the mouse is
    const code = place ? (lifts(event) ? was.aim : aimed(event)?.code ?? null) : null;
    if (code) {
      board.setCursor(code, false);
      hand.activate(code);
    }
  };
  document.addEventListener("pointerup", (event) => end(event, true));
  document.addEventListener("pointercancel", (event) => end(event, false));
}

export function bindKeys(hand, midend, modal) {
  document.addEventListener("keydown", (event) => {
    if (modal() || event.defaultPrevented) return;
    const target = event.target;
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
      hand.turn("rotate");
    } else if (key === "f" || key === "F") {
      event.preventDefault();
      hand.turn("flip");
    } else if (key === "Escape") {
      hand.escape();
    } else if (indexOfKey(key) >= 0) {
      event.preventDefault();
      hand.pickNumber(indexOfKey(key));
    } else if (ARROWS[key] && hand.holding) {
      event.preventDefault();
      hand.focusBoard();
    }
  });
}
