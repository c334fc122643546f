/**
 * Vitest's global setup (vitest.config.ts), run once per `vitest run` before any test file:
 *  - migrates one in-memory PGlite and dumps it to a file the workers load their test apps'
 *    databases from (migrated-pglite.ts), so each app skips initdb and the migrations; the dump is
 *    kept for the next run until a migration or the database code changes;
 *  - with PostgreSQL, gives every worker its own database and Redis database (worker-databases.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../../src/adapters/database/migrate-database.js';
import { migrationsDir } from '../../src/adapters/database/migrator.js';
import { projectRoot } from '../../src/core/project-root.js';
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
    // Written out before the dump: a database loaded from a dump taken with its changes still only in
    // the write-ahead log replays them as it starts, which made each test app's database take a
    // third longer to open (about 0.3 s of CPU per app).
    await pglite.exec('checkpoint');
    const dump = await pglite.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

/**
 * The dump of a migrated PGlite depends only on the migrations, the code that applies them and
 * grants the service role its rights, and PGlite itself: kept under node_modules/.cache by their
 * hash, so a run after the first (a developer's targeted `vitest run`, CI's second leg) loads it
 * instead of running initdb and every migration again, ten seconds and more of CPU.
 */
function migratedDumpKey(): string {
  const hash = createHash('sha256');
  const dir = migrationsDir();
  for (const f of readdirSync(dir).sort()) hash.update(f).update(readFileSync(join(dir, f)));
  const databaseCode = join(projectRoot(), 'src', 'adapters', 'database');
  for (const f of readdirSync(databaseCode).filter((n) => n.endsWith('.ts')).sort()) hash.update(f).update(readFileSync(join(databaseCode, f)));
  hash.update(readFileSync(join(projectRoot(), 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  // And how the dump is taken (this file).
  hash.update(readFileSync(new URL(import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

async function cachedMigratedPglite(): Promise<string> {
  const cacheDir = join(projectRoot(), 'node_modules', '.cache', 'freight-document-service');
  const file = join(cacheDir, `migrated-pglite-${migratedDumpKey()}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(cacheDir, { recursive: true });
  // Written beside, then renamed: a run stopped half-way, or two runs at once, never leave half a dump.
  const partial = `${file}.${process.pid}.partial`;
  await dumpMigratedPglite(partial);
  renameSync(partial, file);
  return file;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('migratedPglite', await cachedMigratedPglite());
  const workers = project.config.maxWorkers ?? project.vitest.config.maxWorkers ?? 1;
  const { envs, drop } = await prepareWorkerDatabases(workers);
  project.provide('workerEnvs', envs);
  return async () => {
    await drop();
  };
}
