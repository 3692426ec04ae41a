// A mode's questions in a row: a generator that yields each request ({op, args}) and is
// given its answer back (or its error, thrown where it yielded), as the editor opens (its
// tools, then its draft's view, or the empty board's if the draft cannot be read). The
// mode says what to ask and what follows from each answer; the mid-end asks (a mode holds
// no engine).

/** Answer `questions` with `ask(op, args)`, one after another; what the generator returns.
 *  @template T @param {(op: string, args?: object) => Promise<any>} ask @param {Generator<{op: string, args?: object}, T, any>} questions @returns {Promise<T>} */
export async function answerAll(ask, questions) {
  let step = questions.next();
  while (!step.done) {
    const request = /** @type {{op: string, args?: object}} */ (step.value);
    let answer;
    try {
      answer = await ask(request.op, request.args);
    } catch (e) {
      step = questions.throw(e);
      continue;
    }
    step = questions.next(answer);
  }
  return step.value;
}
