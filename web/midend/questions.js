// A mode's steps in a row: a generator that yields each step and is given its answer back
// (or its error, thrown where it yielded), as the editor opens (its tools, then its
// draft's view, or the empty board's if the draft cannot be read, then its history) and
// as a challenge opens. The mode says what to ask and to do, and what follows from each
// answer; the mid-end asks and does it (a mode holds neither the engine nor the mid-end).
// A step is a question for Python, `{op, args}`, or one of these, the mid-end's to do for
// the mode whose steps they are:
//   {restore: {list, index?, steps?, mark?}}  its history starts again (midend.restore)
//   {view: state}            answered with the state's view, null if unreadable (looks.js)
//   {draw: view, how?, inParts?}  drawn, addressed and saved (midend.draw); `inParts`: the
//                            board first, in tasks of their own (stage.showInParts)
//   {present: view}          the state opened drawn, playable from here (midend.present)
//   {opened: plan, push}     a challenge opened (resume.js's plan: midend.opened): its
//                            history and mark, the address's own entry in the browser's
//                            history if `push`, the clock's time
//   {fit: true}              the hand's buttons, keys and help follow its items (midend.fit)

/** The steps the mid-end does for `mode`, by name: each given the step's value and the
 *  step; what it gives back (or a promise of it) is the step's answer.
 *  @param {import("./midend.js").Midend} midend @param {import("./mode.js").Mode} mode */
function doings(midend, mode) {
  const draw = (view, how) => midend.draw(mode, view, how);
  return {
    restore: ({ list, index, steps, mark }) => midend.restore(mode, list, index, steps, mark),
    view: (state) => midend.viewOf(mode, state),
    draw: (view, { how, inParts }) => (inParts ? midend.stage.showInParts(view, () => draw(view, how)) : draw(view, how)),
    present: (view) => midend.present(mode, view),
    opened: (plan, { push }) => midend.opened(mode, plan, push),
    fit: () => midend.fit(),
  };
}

/** Answer `mode`'s `steps` (its questions asked of Python, its other steps done), one
 *  after another; what the generator returns.
 *  @template T @param {import("./midend.js").Midend} midend @param {import("./mode.js").Mode} mode
 *  @param {import("../types").Steps<T>} steps @returns {Promise<T>} */
export async function answerAll(midend, mode, steps) {
  const does = doings(midend, mode);
  let step = steps.next();
  while (!step.done) {
    const request = /** @type {any} */ (step.value);
    let answer;
    try {
      if ("op" in request) answer = await midend.ask(request.op, request.args);
      else {
        const name = Object.keys(request).find((key) => Object.hasOwn(does, key));
        if (!name) throw new Error(`${mode.name}: no step ${Object.keys(request)}`);
        answer = await does[name](request[name], request);
      }
    } catch (e) {
      step = steps.throw(e);
      continue;
    }
    step = steps.next(answer);
  }
  return step.value;
}
