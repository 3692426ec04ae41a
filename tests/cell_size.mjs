// The board's cell size (web/board/locations.js cellOf) on the point sets given: run by
// tests/test_cell_size.py, which works out the same from a plain enumeration of pairs.
// argv: a JSON file of point sets [[{x, y}...]...]. Prints [cellOf(set)...].
import { readFileSync } from "node:fs";
import { cellOf } from "../web/board/locations.js";

const sets = JSON.parse(readFileSync(process.argv[2], "utf8"));
console.log(JSON.stringify(sets.map((points) => cellOf(points))));
