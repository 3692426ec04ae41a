// Bundle and minify the page's modules with esbuild (pinned in web/package.json), for
// build.py: the entry and every module it imports, split where import() loads later code;
// and, apart (a module map of its own: nothing shared with the page, which would be
// fetched twice), the engine's worker, which the page starts by its URL, with the xz
// decoder it imports from node_modules (Pyodide's loader stays a file of its own). The
// page's QR encoder (lean-qr) comes from node_modules too, in the chunk of the dialog that
// draws it.
// Usage: node bundle.mjs ENTRY OUT_DIR METAFILE [sourcemap]   (run from web/, by
// build.py; the metafile is the page's; `sourcemap`: the page's bundle with a .map beside
// each file, for bench-web --trace, which names the functions its long tasks ran)
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const [entry, outdir, metafile, maps] = process.argv.slice(2);
if (!entry || !outdir || !metafile) {
  console.error("usage: node bundle.mjs ENTRY OUT_DIR METAFILE");
  process.exit(2);
}
const common = {
  outdir,
  bundle: true,
  format: "esm",
  minify: true,
  legalComments: "linked", // the licences of what a bundle holds from npm: <name>.LEGAL.txt
  charset: "utf8",
  logLevel: "warning",
  // npm's packages are this tool's (a copy of web/ that a test changes has none of its own)
  nodePaths: [fileURLToPath(new URL("../node_modules/", import.meta.url))],
  // a package named by where web/ finds it (web/node_modules/...), not by where a link
  // leads: a chunk's name is a hash of its inputs' paths too, the same in every checkout
  preserveSymlinks: true,
};
const result = await build({
  ...common,
  entryPoints: [entry],
  splitting: true, // the game's code, which boot.js imports later, in chunks of its own
  chunkNames: "chunk-[hash]", // named by content: an unchanged chunk keeps its name
  metafile: true,
  // V8 compiles every function of the page's modules as it loads them (on its streaming
  // thread for the large ones), not each at its first call: a phone's first move
  // compiled ~110 functions on the main thread, 54 ms at 4x (Chrome's explicit compile
  // hints; other engines read a comment)
  banner: { js: "//# allFunctionsCalledOnLoad" },
  ...(maps === "sourcemap" ? { sourcemap: "external" } : {}),
});
writeFileSync(metafile, JSON.stringify(result.metafile));
await build({
  ...common,
  entryPoints: ["worker.js"],
  external: ["./pyodide.mjs"],
});
