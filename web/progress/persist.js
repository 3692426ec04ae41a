// Asking the browser to keep the site's storage (navigator.storage.persist()): asked once,
// after the player's first win of a visit (something worth keeping; asked at the start,
// Firefox would show its question before anything was played), never at the start. What
// each browser does with the question is in the README. The stats page says the answer.

let asked = null;

/** Ask to keep the storage (once a visit): "granted", "refused" or "unknown" (no such API). */
export function askAfterWin() {
  asked ??= (async () => {
    const api = navigator.storage;
    if (!api?.persist) return "unknown";
    try {
      if (await api.persisted?.()) return "granted";
      return (await api.persist()) ? "granted" : "refused";
    } catch {
      return "unknown";
    }
  })();
  return asked;
}

/** Whether the storage is kept, asking nothing: "granted"; "refused" (asked after a win and
 *  refused); "not asked" (no win yet this visit, and not kept); "unknown" (no such API). */
export async function state() {
  if (asked) return asked;
  const api = navigator.storage;
  if (!api?.persisted) return "unknown";
  try {
    return (await api.persisted()) ? "granted" : "not asked";
  } catch {
    return "unknown";
  }
}
