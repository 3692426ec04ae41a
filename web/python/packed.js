// The engine's files for the worker (web/worker.js): packed with xz on the site
// (buildtools/compress.py: a quarter smaller than the gzip a static host adds), unpacked
// here as their bytes arrive; and unpacked copies kept for the next visits, in a cache of
// their own named by the engine, so that a return visit unpacks nothing (about a second
// of a phone's CPU) and its WebAssembly is compiled from a file the browser knows.
import { XzReadableStream } from "xz-decompress";

export const PACKED = ".xz"; // compress.py's SUFFIX: a file's name on the site is its name and this
// + the engine's revision (engine.json); apart from the service worker's caches (sw.js:
// "iqpuzzles-" and its build), which it replaces with every release
const KEPT = "unpacked-engine-";
const COMPLETE = "kept-whole"; // the last entry written: the copies are all there

/** The kept copies of the engine `manifest` describes, when they are all there; else null. */
async function keptCopies(manifestLoaded) {
  try {
    if (!self.caches || !(await caches.keys()).some((name) => name.startsWith(KEPT))) return null;
    const name = KEPT + (await manifestLoaded).engine;
    if (!(await caches.has(name))) return null;
    const cache = await caches.open(name);
    return (await cache.match(COMPLETE)) ? cache : null;
  } catch {
    return null; // no Cache Storage here (an insecure context, a private mode)
  }
}

export class EngineFiles {
  /** Where the engine's files come from this visit: its kept copies, else the site.
   *  base: the site's URL; fetchFile(name): the site's file (a Response, ok); onBytes(n):
   *  n more bytes of the site's files arrived; mark(name): a moment of the start, for the
   *  benchmarks; mayUnpack: a promise, nothing is unpacked before it resolves (the bytes
   *  arrive meanwhile). On a first visit this answers at once (no copies kept): the downloads
   *  start with the worker; with copies kept it waits for engine.json, to know they are
   *  this engine's. */
  static async open(manifestLoaded, options) {
    return new EngineFiles(await keptCopies(manifestLoaded), options);
  }

  constructor(kept, { base, fetchFile, onBytes, mark, mayUnpack = Promise.resolve() }) {
    this.kept = kept; // a Cache, or null
    Object.assign(this, { base, fetchFile, onBytes, mark, mayUnpack });
    this.copies = []; // [URL, Promise<ArrayBuffer>, type]: what keep() writes
  }

  get fromKept() {
    return this.kept !== null;
  }

  /** The engine file `name` (its unpacked bytes) as a Response of type `type`: the kept
   *  copy, or the site's packed file unpacked as it arrives (a copy of it then kept for
   *  keep()). */
  async response(name, type) {
    const url = new URL(name, this.base).href;
    if (this.kept) {
      const copy = await this.kept.match(url);
      if (!copy) throw new Error(`${name}: its kept copy is gone`);
      return copy;
    }
    let body = new XzReadableStream(this.arriving(name + PACKED));
    if (self.caches) {
      const [read, copy] = body.tee();
      // (the copy is read once unpacking may start: its reading would unpack the file)
      const bytes = this.mayUnpack.then(() => new Response(copy).arrayBuffer());
      bytes.catch(() => {}); // (the body's reader hears of it)
      this.copies.push([url, bytes, type]);
      body = read;
    }
    return new Response(body, { headers: { "Content-Type": type } });
  }

  /** A file's body read as fast as it arrives, whenever its reader reads (the bytes
   *  counted, then held until read): the xz decoder unpacks one file at a time, and a
   *  download left unread would stall on the network meanwhile. */
  arriving(name) {
    let reader = null;
    return new ReadableStream({
      start: (controller) => {
        (async () => {
          reader = (await this.fetchFile(name)).body.getReader();
          this.mark("got " + name);
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            this.onBytes(value.byteLength);
            controller.enqueue(value);
          }
          this.mark("read " + name);
          controller.close();
        })().catch((e) => controller.error(e));
      },
      cancel: (reason) => reader?.cancel(reason),
    });
  }

  /** Keep this visit's unpacked files for the next visits, as the copies of `engine` (its
   *  revision), and drop the copies of any other engine. */
  async keep(engine) {
    if (this.kept || !this.copies.length) return;
    const cache = await caches.open(KEPT + engine);
    for (const [url, bytes, type] of this.copies) {
      await cache.put(url, new Response(await bytes, { headers: { "Content-Type": type } }));
    }
    await cache.put(COMPLETE, new Response(""));
    this.copies = [];
    for (const name of await caches.keys()) {
      if (name.startsWith(KEPT) && name !== KEPT + engine) await caches.delete(name);
    }
  }
}
