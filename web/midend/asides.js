// A mode's asides: its questions to Python whose answer is shown, never played (the
// editor's verdict on its draft, play's "can this position still be finished"). A mode
// names each in its `asides` table, and the mid-end asks them; what was asked of a state
// no longer shown, or asked again since, is dropped unseen (as Tatham's mid-end drops a
// status or a timer's tick that is out of date), so no mode keeps a token of its own.
//
// An aside: {ask(state, shown) -> {op, args} | null (nothing to ask: `shown`, the view and
// answer the state was drawn with, may carry the answer already), show(answer, state),
// failed(error, state), follows: asked after every state of the mode drawn, queued: asked
// after the actions before it (the engine's queue; else at once, beside them)}.

export class Asides {
  /** `call(op, args)`: Python, at once; `run(task)`: after the actions before it. */
  constructor(call, run) {
    this.call = call;
    this.run = run;
    this.asked = new Map(); // mode -> {name: the number of the newest asked}
  }

  /** Ask `mode`'s aside `name` of the state it shows (drawn with `shown`: {view, answer}).
   *  @param {import("./mode.js").Mode} mode @param {string} name @param {{view?: object, answer?: object}} [shown] */
  ask(mode, name, shown = {}) {
    const aside = mode.asides[name];
    const asked = this.newest(mode);
    const token = asked[name] = (asked[name] ?? 0) + 1;
    const go = async () => {
      const state = mode.here;
      const request = aside.ask(state, shown);
      if (!request) return;
      const current = () => asked[name] === token && mode.here === state;
      try {
        const answer = await this.call(request.op, request.args);
        if (current()) aside.show(answer, state);
      } catch (e) {
        if (!current()) return;
        if (!aside.failed) throw e;
        aside.failed(e, state);
      }
    };
    return aside.queued ? this.run(go) : go();
  }

  /** A state of `mode`'s drawn (with `shown`): the asides that follow every one asked. */
  follow(mode, shown) {
    for (const [name, aside] of Object.entries(mode.asides)) {
      if (aside.follows) this.ask(mode, name, shown);
    }
  }

  /** `mode` is left: nothing asked of it before is shown. */
  forget(mode) {
    const asked = this.newest(mode);
    for (const name of Object.keys(asked)) asked[name]++;
  }

  newest(mode) {
    if (!this.asked.has(mode)) this.asked.set(mode, {});
    return this.asked.get(mode);
  }
}
