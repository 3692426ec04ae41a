// Pyodide's module, which the built site holds beside the engine's worker (build.py copies
// it from the npm package): its types, for tsc over jsconfig.worker.json. Not shipped.
export * from "pyodide";
