// Turning the piece in hand without the Rotate/Flip buttons or the R/F keys:
//   finger: tap the held piece in the tray to rotate it, touch and hold a piece (500 ms)
//           to take it and flip it, tap the board with two fingers to flip it;
//   mouse:  the wheel over the board rotates it (down clockwise, up anticlockwise), a
//           right click flips it (the browser's
//           menu is kept from the page only while a piece is in hand);
//   both:   a tap or click on the tray's empty space puts the piece back.
// A long press is felt (a short vibration) unless the player turned that off (stats page).
// input.js places pieces; this only turns them, through the same hand (hand.js).

import { LONG_PRESS_MS } from "./touch.js";

const MOVE_SLOP = 10;      // px a finger may wander and still tap or hold
const WHEEL_STEP = 50;     // wheel delta (px) per quarter turn of a mouse wheel notch
const WHEEL_PAUSE_MS = 160; // a trackpad's flick turns once, not ten times
const TWO_FINGER_MS = 450; // two fingers down and up within this is a tap

const isFinger = (event) => event.pointerType === "touch" || event.pointerType === "pen";

/** `vibrate()`: whether a long press is felt (the player's setting). */
export function bindGestures(board, tray, hand, modal, vibrate = () => true) {
  const free = () => hand.ready && !hand.busy && !modal();
  let lastPointer = "mouse";
  document.addEventListener("pointerdown", (event) => { lastPointer = event.pointerType || "mouse"; }, true);
  bindTrayGestures(tray.node, hand, free, vibrate);
  bindBoardGestures(board.svg, hand, free, () => lastPointer);
}

function bindTrayGestures(node, hand, free, vibrate) {
  /** @type {{id: number, piece: string, x: number, y: number, at: number, timer?: number, moved: boolean, done: boolean, finger: boolean}} */
  let press = null;       // the finger on a tray piece: {id, piece, x, y, at, timer, moved, done}
  let swallowClick = false; // a long press ended: the click after it must not pick again

  node.addEventListener("pointerdown", (event) => {
    swallowClick = false;
    const button = event.target.closest?.(".tray-piece");
    if (!button || !free()) return;
    press = { id: event.pointerId, piece: button.dataset.piece, x: event.clientX, y: event.clientY, at: event.timeStamp, moved: false, done: false, finger: isFinger(event) };
    if (press.finger) press.timer = setTimeout(() => longPress(press), LONG_PRESS_MS);
  });
  const longPress = (p) => {
    if (p !== press || p.moved || p.done || !free()) return;
    p.done = true;
    swallowClick = true;
    if (hand.held !== p.piece) hand.pick(p.piece);
    if (hand.held === p.piece && hand.canTurn("flip")) hand.turn("flip");
    if (vibrate()) navigator.vibrate?.(15);
  };
  // A finger's tap on a piece, whatever the browser makes of it after the lift (Firefox
  // sends no click after a touch of a third of a second): its piece taken, or turned when
  // it is the one in hand, and the click that may follow swallowed.
  const tapped = (p) => {
    p.done = true;
    swallowClick = true;
    if (hand.held === p.piece && hand.canTurn("rotate")) hand.turn("rotate");
    else hand.pick(p.piece);
  };
  document.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > MOVE_SLOP) {
      press.moved = true; // a drag (input.js): no tap, no long press
      clearTimeout(press.timer);
    }
  });
  const end = (event) => {
    if (!press || event.pointerId !== press.id) return;
    clearTimeout(press.timer);
    // A busy page may handle the lift before the timer: judged by when the finger lifted.
    if (event.type === "pointerup" && press.finger && event.timeStamp - press.at >= LONG_PRESS_MS) longPress(press);
    else if (event.type === "pointerup" && press.finger && !press.moved && !press.done && free()) tapped(press);
    if (event.type === "pointercancel") press = null;
  };
  document.addEventListener("pointerup", end);
  document.addEventListener("pointercancel", end);

  // capture: before the tray button's own click (which would pick or put back the piece)
  node.addEventListener("click", (event) => {
    press = null;
    if (swallowClick && event.detail !== 0) { // (a pointer's: not a key's or a reader's)
      swallowClick = false;
      event.stopPropagation();
      event.preventDefault();
      return;
    }
    // the tray's empty space: put it back (a finger's tap on a piece was taken at its
    // lift, tapped; a mouse's click on one picks it, the tray's own)
    if (!event.target.closest?.(".tray-piece") && hand.holding && free()) hand.drop();
  }, true);

  node.addEventListener("contextmenu", (event) => {
    if (event.target.closest?.(".tray-piece") && (press?.finger || swallowClick)) {
      event.preventDefault(); // a long press: the page's own flip, not the browser's menu
    } else if (hand.holding) {
      event.preventDefault();
      if (hand.canTurn("flip") && free()) hand.turn("flip");
    }
  });
}

function bindBoardGestures(svg, hand, free, lastPointer) {
  // ------------------------------------------------------------------ mouse
  let wheel = 0;
  let wheelAt = 0;
  svg.addEventListener("wheel", (event) => {
    if (!free() || !hand.canTurn("rotate")) return; // nothing in hand: the page scrolls
    event.preventDefault();
    wheel += event.deltaMode === 0 ? event.deltaY : event.deltaY * 40;
    const now = performance.now();
    if (Math.abs(wheel) < WHEEL_STEP || now - wheelAt < WHEEL_PAUSE_MS) return;
    const how = wheel > 0 ? "rotate" : "rotate-back"; // down: clockwise; up: anticlockwise
    wheel = 0;
    wheelAt = now;
    hand.turn(how);
  }, { passive: false });

  svg.addEventListener("contextmenu", (event) => {
    if (!hand.holding) { // the browser's menu, as anywhere; but a finger held selects a piece
      if (isFinger({ pointerType: lastPointer() })) event.preventDefault();
      return;
    }
    event.preventDefault();
    if (!isFinger({ pointerType: lastPointer() }) && hand.canTurn("flip") && free()) hand.turn("flip");
  });

  // ------------------------------------------------------------------ two fingers
  // Capture, so that input.js never sees the second finger, nor either finger's lift
  // (a two-finger tap must not place the piece).
  const fingers = new Map();
  // Times are the events' own (when the fingers touched), not when a busy page got to
  // them, so a slow phone still sees a quick tap as a tap.
  let pair = null; // {at, moved} while two fingers are (or were) down together
  svg.addEventListener("pointerdown", (event) => {
    if (!isFinger(event)) return;
    fingers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (fingers.size === 2 && hand.holding) pair = { at: event.timeStamp, moved: false };
    if (!pair) return;
    event.stopPropagation();
    try {
      svg.setPointerCapture(event.pointerId); // its lift comes here even off the board
    } catch {
      /* not capturable: fine */
    }
  }, true);
  svg.addEventListener("pointermove", (event) => {
    const start = fingers.get(event.pointerId);
    if (pair && start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > MOVE_SLOP) pair.moved = true;
  }, true);
  const lift = (event) => {
    if (!fingers.delete(event.pointerId) || !pair) return;
    event.stopPropagation();
    if (fingers.size) return;
    const tap = !pair.moved && event.type === "pointerup" && event.timeStamp - pair.at < TWO_FINGER_MS;
    pair = null;
    if (tap && hand.canTurn("flip") && free()) hand.turn("flip");
  };
  svg.addEventListener("pointerup", lift, true);
  svg.addEventListener("pointercancel", lift, true);
}
