// What EngineFiles (packed.js, in the page and in the engine's worker) keeps with
// Object.assign, which TypeScript does not read: its options, merged into the class.
// Type-checking only (tsc over jsconfig.json and jsconfig.worker.json): not shipped.

/** Where the engine's files come from (packed.js). */
export interface EngineFilesOptions {
  base: string | URL; fetchFile: (name: string) => Promise<Response>;
  onBytes: (count: number) => void; mark: (moment: string) => void; mayUnpack?: Promise<unknown>;
}

declare module "./python/packed.js" { interface EngineFiles extends EngineFilesOptions {} }
