// Help from Python: Hint (one piece of a solution, or the piece in the way) and Solve
// (animated step by step along the hints, one undo step, Stop cancels by restarting the
// worker). Each takes the App and acts on its position.

import { drawShapes } from "./render.js";

const SOLVE_STEP_MS = 260;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

export function hint(app) {
  app.startClock();
  app.run(async () => {
    const hint = await app.gcall("hint", { challenge: app.challenge.challenge, placement: app.placement });
    if (hint.kind === "place" && hint.placement) {
      const result = await app.gcall("play", { challenge: app.challenge.challenge, placement: app.placement, item: hint.placement });
      const view = await app.gcall("view", { challenge: app.challenge.challenge, placement: result.placement });
      app.hints++;
      app.dropSelection();
      app.push(view, { piece: hint.piece, kind: "hinted" });
      if (!view.solved) app.say(`Hint: ${hint.message}`, "hint");
    } else if (hint.kind === "remove") {
      app.flash(hint.piece, "blocker");
      app.say(`Hint: ${hint.message}`, "hint");
    } else {
      app.say(hint.message, hint.kind === "impossible" ? "error" : "info");
    }
  });
}

/** Solve: step by step along the hints, animated; one undo step; Stop cancels. */
export function solve(app) {
  app.run(async () => {
    if (app.solved) return;
    app.dropSelection();
    const token = {};
    app.solving = token;
    app.updateButtons();
    const before = app.placement;
    const slow = setTimeout(() => { if (app.solving === token) app.stopButton.hidden = false; }, 600);
    app.say("Solving…", "busy");
    let placement = before;
    let view = null;
    try {
      for (let step = 0; step < 200; step++) {
        const hint = await app.gcall("hint", { challenge: app.challenge.challenge, placement });
        if (app.solving !== token) return;
        if (hint.kind === "solved") break;
        if (hint.kind === "impossible") {
          app.say(hint.message, "error");
          if (view) app.show(await app.gcall("view", { challenge: app.challenge.challenge, placement: before }));
          return;
        }
        const result = hint.kind === "place"
          ? await app.gcall("play", { challenge: app.challenge.challenge, placement, item: hint.placement })
          : await app.gcall("remove", { challenge: app.challenge.challenge, placement, piece: hint.piece });
        placement = result.placement;
        view = await app.gcall("view", { challenge: app.challenge.challenge, placement });
        if (app.solving !== token) return;
        app.view = view;
        drawShapes(app.layers.view, view.shapes);
        app.board.dataset.placement = view.placement;
        app.flash(hint.piece, hint.kind === "place" ? "placed" : "removed");
        app.renderTrayFor(view);
        if (!reducedMotion()) await sleep(SOLVE_STEP_MS);
      }
      if (placement !== before) {
        app.helped = true;
        app.push(view ?? await app.gcall("view", { challenge: app.challenge.challenge, placement }), null, true);
        app.say("Solved by the computer. Undo takes the solution back.", "info");
      } else if (!app.solved) {
        app.say("Nothing to solve.", "info");
      }
    } finally {
      clearTimeout(slow);
      if (app.solving === token) app.solving = null;
      app.stopButton.hidden = true;
      app.updateButtons();
    }
  });
}

/** Stop a running solve: the worker is restarted and the position before it comes back. */
export async function cancelSolve(app) {
  if (!app.solving) return;
  app.solving = null;
  app.stopButton.hidden = true;
  app.py.cancel();
  app.el.wrap.dataset.state = "restarting";
  app.say("Stopped. Restarting Python…", "busy");
  try {
    await app.py.ready;
    const view = await app.gcall("view", { challenge: app.challenge.challenge, placement: app.history.current });
    app.show(view, { quiet: true });
    app.say("Stopped: the position is as it was before Solve.", "info");
  } catch (e) {
    app.say(`Python could not restart: ${e.message}. Reload the page.`, "error");
  } finally {
    app.el.wrap.dataset.state = "ready";
    app.updateButtons();
  }
}
