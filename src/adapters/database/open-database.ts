/**
 * The database of a configuration: PostgreSQL at DATABASE_URL, else the embedded PGlite under
 * DATA_DIR behind its folder lock (one process at a time). Apart from the runtime so that the CLI
 * opens it without loading the whole service.
 */
import { join } from 'node:path';
import type { DatabaseHandle } from '../../ports/database.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<{ database: DatabaseHandle; lock?: DataDirLock }> {
  if (config.databaseUrl) return { database: openPostgres(config.databaseUrl) };
  const lock = lockDataDir(config.dataDir);
  try {
    return { database: await openPglite(join(config.dataDir, 'pglite')), lock };
  } catch (error) {
    lock.release();
    throw error;
  }
}
