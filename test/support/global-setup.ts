/**
 * Vitest's global setup (vitest.config.ts), run once per `vitest run` before any test file:
 *  - migrates one in-memory PGlite and dumps it to a file the workers load their test apps'
 *    databases from (migrated-pglite.ts), so each app skips initdb and the migrations;
 *  - with PostgreSQL, gives every worker its own database and Redis database (worker-databases.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../../src/adapters/database/migrate-database.js';
import { pgliteHandle } from '../../src/adapters/database/pglite.js';
import { prepareWorkerDatabases, type WorkerEnv } from './worker-databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the dump of the migrated PGlite; absent when this setup did not run. */
    migratedPglite?: string;
    /** Each worker's DATABASE_URL, MIGRATION_DATABASE_URL and REDIS_URL, by VITEST_POOL_ID − 1. */
    workerEnvs?: WorkerEnv[];
  }
}

async function dumpMigratedPglite(file: string): Promise<void> {
  const pglite = await PGlite.create('memory://');
  const handle = pgliteHandle(pglite);
  try {
    // As PGlite's superuser, which also makes the service role; each app's start then acts as it.
    await migrateDatabase({}, handle);
    const dump = await pglite.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'fds-migrated-pglite-'));
  const file = join(dir, 'migrated.tar');
  await dumpMigratedPglite(file);
  project.provide('migratedPglite', file);
  const workers = project.config.maxWorkers ?? project.vitest.config.maxWorkers ?? 1;
  const { envs, drop } = await prepareWorkerDatabases(workers);
  project.provide('workerEnvs', envs);
  return async () => {
    await drop();
    rmSync(dir, { recursive: true, force: true });
  };
}
