// Stop, while a mode runs something only shown (Solve's pieces going down one by one): what
// it runs given up, Python started again if it is still at it (ready again or not, the
// clock follows), and the state shown drawn again as Undo draws one (what ran was never a
// step). The mode says what stopping takes (`stopping()`) and hears how it went (`stopped`).

/** @param {import("./midend.js").Midend} midend */
export async function stopShown(midend) {
  const mode = midend.current;
  const stopping = mode.stopping();
  if (!stopping) return;
  let failed = false;
  try {
    if (stopping.restart) {
      try {
        await midend.engine.restart();
      } finally {
        midend.clock.sync();
      }
    }
    await midend.goTo(mode, midend.historyOf(mode).index);
  } catch (e) {
    console.error(e);
    failed = true;
  }
  mode.stopped(failed);
  midend.refresh();
}
