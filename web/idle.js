// Work that waits its turn, so that the main thread answers the player in between (issue
// 41: no task of the page over 50 ms before a piece can be placed on a phone's CPU, none
// over 100 ms for an action after): the next task, and the next idle moment.

// a message to itself is a task of its own, without the delay of a timer nested in timers
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();

/** Resolves in a task of its own (the browser may draw and take input before it). */
export function nextTask() {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

/** Resolves when the main thread is idle (or after `timeout` ms at the latest; engines
 *  without requestIdleCallback: in the next task). */
export function idle(timeout = 1000) {
  if (typeof window.requestIdleCallback !== "function") return nextTask();
  return new Promise((resolve) => window.requestIdleCallback(() => resolve(), { timeout }));
}
