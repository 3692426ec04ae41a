// Pointer, touch and keyboard input: turns events into calls on the App (pick, move the
// ghost, place, take back, rotate, flip, undo...). Knows no game: locations come from
// the board frame Python sent, and every move is checked by Python.

import { nearestLocation, neighbour } from "./render.js";

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
const REACH = 1.7; // how far from a location (in its radii) the pointer still snaps to it

export function bindBoard(app, svg) {
  const toBoard = (event) => {
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  };
  const locationAt = (point) => (point ? nearestLocation(app.locations || [], point.x, point.y, REACH) : null);
  let down = null;

  svg.addEventListener("pointermove", (event) => {
    if (!app.live || !app.selected) return;
    const loc = locationAt(toBoard(event));
    if (!loc) {
      app.hideGhost();
      return;
    }
    if (loc.code !== app.ghostAt || !app.ghost) app.moveGhost(loc.code);
  });

  svg.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse" && !down) app.hideGhost();
  });

  svg.addEventListener("pointerdown", (event) => {
    if (!app.live || (event.pointerType === "mouse" && event.button !== 0)) return;
    const point = toBoard(event);
    const loc = locationAt(point);
    down = { id: event.pointerId, code: loc ? loc.code : null };
    if (event.pointerType !== "mouse") {
      // touch and pen: the ghost follows the finger, lifting it places the piece
      event.preventDefault();
      try {
        svg.setPointerCapture(event.pointerId);
      } catch {
        /* not capturable: fine */
      }
      if (app.selected && loc) app.moveGhost(loc.code);
    }
  });

  svg.addEventListener("pointerup", (event) => {
    if (!down || down.id !== event.pointerId) return;
    const start = down;
    down = null;
    const point = toBoard(event);
    const loc = locationAt(point);
    if (!loc) {
      if (event.pointerType !== "mouse") app.hideGhost();
      return;
    }
    if (!app.selected && start.code !== loc.code) return; // a drag, not a tap on a piece
    app.setCursor(loc.code, false);
    app.activate(loc.code, point);
  });

  svg.addEventListener("pointercancel", () => {
    down = null;
  });

  // A click that no pointer made (assistive technology activating a location button).
  svg.addEventListener("click", (event) => {
    if (event.detail !== 0) return;
    const code = event.target?.dataset?.code;
    if (code) app.activate(code);
  });

  svg.addEventListener("focusin", (event) => {
    const code = event.target?.dataset?.code;
    if (!code) return;
    app.setCursor(code, false);
    if (app.selected) app.moveGhost(code);
  });

  svg.addEventListener("keydown", (event) => {
    const code = event.target?.dataset?.code;
    if (!code || !app.live || event.ctrlKey || event.metaKey || event.altKey) return;
    const arrow = ARROWS[event.key];
    if (arrow) {
      event.preventDefault();
      event.stopPropagation();
      const next = neighbour(app.locations, app.byCode.get(code), arrow[0], arrow[1]);
      if (next) {
        app.setCursor(next.code, true);
        if (app.selected) app.moveGhost(next.code);
      }
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      app.activate(code);
    } else if ((event.key === "Delete" || event.key === "Backspace") && !app.selected) {
      event.preventDefault();
      app.activate(code);
    }
  });
}

/** Drag a piece from the tray onto the board (mouse, touch, pen). A press without a
 *  drag stays a click (the tray button picks the piece). */
export function bindTray(app, tray, svg) {
  let drag = null;
  const locationAtClient = (x, y) => {
    const rect = svg.getBoundingClientRect();
    const margin = 24;
    if (x < rect.left - margin || x > rect.right + margin || y < rect.top - margin || y > rect.bottom + margin) return null;
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(x, y).matrixTransform(ctm.inverse());
    return nearestLocation(app.locations || [], p.x, p.y, REACH);
  };
  tray.addEventListener("pointerdown", (event) => {
    const button = event.target.closest?.(".tray-piece");
    if (!button || !app.live || app.solving || (event.pointerType === "mouse" && event.button !== 0)) return;
    drag = { id: event.pointerId, piece: button.dataset.piece, x: event.clientX, y: event.clientY, active: false };
  });
  document.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.active) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 10) return;
      drag.active = true;
      document.documentElement.dataset.dragging = "true";
      if (app.selected !== drag.piece) app.pick(drag.piece);
    }
    const loc = locationAtClient(event.clientX, event.clientY);
    if (loc) {
      if (loc.code !== app.ghostAt || !app.ghost) app.moveGhost(loc.code);
    } else {
      app.hideGhost();
    }
  });
  const end = (event, place) => {
    if (!drag || event.pointerId !== drag.id) return;
    const was = drag;
    drag = null;
    if (!was.active) return;
    delete document.documentElement.dataset.dragging;
    // the click that follows a drag must not toggle the piece off again
    app.suppressTrayClick = true;
    setTimeout(() => { app.suppressTrayClick = false; }, 0);
    const loc = place ? locationAtClient(event.clientX, event.clientY) : null;
    if (loc) {
      app.setCursor(loc.code, false);
      app.placeAt(loc.code);
    }
  };
  document.addEventListener("pointerup", (event) => end(event, true));
  document.addEventListener("pointercancel", (event) => end(event, false));
}

export function bindKeys(app) {
  document.addEventListener("keydown", (event) => {
    if (app.picker?.isOpen || event.defaultPrevented) return;
    const target = event.target;
    if (target && (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable)) return;
    const key = event.key;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && !event.altKey) {
      const k = key.toLowerCase();
      if (k === "z" && !event.shiftKey) {
        event.preventDefault();
        if (app.live) app.undo();
      } else if (k === "y" || (k === "z" && event.shiftKey)) {
        event.preventDefault();
        if (app.live) app.redo();
      }
      return;
    }
    if (mod || event.altKey || !app.live) return;
    if (key === "r" || key === "R") {
      event.preventDefault();
      app.rotate();
    } else if (key === "f" || key === "F") {
      event.preventDefault();
      app.flip();
    } else if (key === "Escape") {
      if (app.win && !app.win.node.hidden) app.hideWin();
      else app.dropSelection();
    } else if (/^[0-9]$/.test(key)) {
      event.preventDefault();
      app.pickByNumber(key === "0" ? 9 : Number(key) - 1);
    } else if (ARROWS[key] && app.selected) {
      event.preventDefault();
      app.focusBoard();
    }
  });
}
