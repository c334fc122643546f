/** What the event loop's thread and the embedded database's thread (./pglite-thread-source.ts) send each other. */

export interface PgliteThreadData {
  /** A folder, or `memory://`. */
  dataDir: string;
  /** A dump of another database (PGlite's `dumpDataDir`) to start from instead of an empty cluster. */
  from?: Uint8Array<ArrayBuffer>;
}

/** Frontend bytes to run, or the request to close the database. */
export type ToPgliteThread = { bytes: Uint8Array } | { close: true };

/** The thread's start, the backend's answer to one batch, a batch that could not run, or the close done. */
export type FromPgliteThread = { ready: true } | { failed: string } | { bytes: Uint8Array } | { error: string } | { closed: true };
