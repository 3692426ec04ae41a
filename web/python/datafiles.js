// The package's data files that the site serves apart (each game's pools of new and daily
// challenges: py/iqpuzzles/core/data.py), for the engine's worker (worker.js): fetched
// when Python first reads one, so that a file costs its download only when first used.

const PATH = /^data\/[a-z0-9_-]+\/[\w.-]+$/;

// Data files that could not be had whole this visit: fetched again past the browser's
// HTTP cache, whose copy may be the one that came cut short.
const notWhole = new Set();

/** handle(request), and when Python answers that a data file of the site is not here yet
 *  (DataNotHere), fetch it (`fetchFile(path, init)`: a Response, ok), write it where the
 *  package reads it (`write(path, bytes)`), and ask again. One Python cannot read
 *  (DataNotWhole: a host halfway through publishing it sent it cut short) is forgotten
 *  (`forget(path)`), so that the next use fetches it again; one that cannot be downloaded
 *  is answered so too: the page says what it could not get (message.js). */
export async function answerWithData(handle, request, { fetchFile, write, forget }) {
  for (let tries = 0; ; tries++) {
    const reply = JSON.parse(handle(request));
    const { type, path } = reply?.error ?? {};
    if (!["DataNotHere", "DataNotWhole"].includes(type) || !PATH.test(path)) return reply;
    if (type === "DataNotWhole") {
      notWhole.add(path);
      forget(path);
      return reply;
    }
    if (tries >= 3) return reply;
    let bytes;
    try {
      const response = await fetchFile(path, notWhole.has(path) ? { cache: "reload" } : undefined);
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (e) {
      notWhole.add(path);
      return { ...reply, error: { type: "DataNotWhole", path, message: `${path} could not be downloaded (${e?.message ?? e})` } };
    }
    write(path, bytes);
  }
}
