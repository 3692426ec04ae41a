// Bundle and minify the page's modules with esbuild (pinned in web/package.json), for
// build.py: the entry and every module it imports, split where import() loads later code.
// Usage: node bundle.mjs ENTRY OUT_DIR METAFILE     (run from web/, by build.py)
import { writeFileSync } from "node:fs";
import { build } from "esbuild";

const [entry, outdir, metafile] = process.argv.slice(2);
if (!entry || !outdir || !metafile) {
  console.error("usage: node bundle.mjs ENTRY OUT_DIR METAFILE");
  process.exit(2);
}
const result = await build({
  entryPoints: [entry],
  outdir,
  bundle: true,
  splitting: true, // the game's code, which boot.js imports later, in chunks of its own
  format: "esm",
  minify: true,
  legalComments: "none",
  charset: "utf8",
  chunkNames: "chunk-[hash]", // named by content: an unchanged chunk keeps its name
  metafile: true,
  logLevel: "warning",
});
writeFileSync(metafile, JSON.stringify(result.metafile));
