/**
 * An exclusive lock on DATA_DIR. PGlite does not lock its folder, and two processes opening one
 * corrupt it; so the first process creates `DATA_DIR/service.lock` exclusively and writes its PID
 * into it. A lock whose process is gone is reclaimed; a live one refuses the second process.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${pid}. The embedded database allows one process at a time: ` +
        `stop that process first (the CLI, too, runs only while the server is stopped), ` +
        `or set DATABASE_URL to share a PostgreSQL server between processes.`,
    );
    this.name = 'DataDirLockedError';
  }
}

// Folders this process holds: a lock file with our own PID is ours only if it is listed here; otherwise
// it was left by an earlier process that had the same PID (PID 1 in a restarted container).
const heldHere = new Set<string>();

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the folder.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or throws DataDirLockedError; `release()` is idempotent. */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'service.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      heldHere.add(file);
      return {
        release() {
          if (!heldHere.delete(file)) return;
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    const ours = holder === process.pid;
    if (ours ? heldHere.has(file) : Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
      throw new DataDirLockedError(dataDir, holder);
    }
    // Stale (its process is gone, or the file is unreadable garbage): reclaim it and try again.
    rmSync(file, { force: true });
  }
  throw new Error(`could not take the lock on ${dataDir}`);
}
