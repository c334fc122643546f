/**
 * One PostgreSQL database and one Redis database per Vitest worker, so test files running at once
 * never share a job queue, a database-wide sweep or a per-address limit. The first worker keeps the
 * run's own (DATABASE_URL, REDIS_URL); worker k gets the database `<name>_w<k>`, copied by the
 * owner from the run's database once it is migrated (`create database … template`, milliseconds,
 * with the service role's grants inside it), and the Redis database k − 1 after REDIS_URL's.
 *
 * global-setup.ts makes the copies and provides each worker's variables; worker-env.ts (a setup
 * file) sets them in the worker before any test file reads them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { migrateDatabase } from '../../src/adapters/database/migrate-database.js';
import { openPostgres } from '../../src/adapters/database/postgres.js';

export type WorkerEnv = Record<'DATABASE_URL' | 'REDIS_URL' | 'MIGRATION_DATABASE_URL', string | undefined>;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function withRedisDb(url: string, offset: number): string {
  const u = new URL(url);
  u.pathname = `/${Number(u.pathname.slice(1) || 0) + offset}`;
  return u.toString();
}

/** Migrates the run's database, copies it for workers 2…`workers`; returns their variables (index k − 1) and a teardown. */
export async function prepareWorkerDatabases(workers: number): Promise<{ envs: WorkerEnv[]; drop: () => Promise<void> }> {
  const serviceUrl = process.env.DATABASE_URL;
  const ownerUrl = process.env.MIGRATION_DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  const envs: WorkerEnv[] = [{ DATABASE_URL: serviceUrl, MIGRATION_DATABASE_URL: ownerUrl, REDIS_URL: redisUrl }];
  if (!serviceUrl || workers < 2) return { envs, drop: async () => {} };
  // The copies must hold the current schema: migrate as a starting service would, then let go of it.
  const dataDir = mkdtempSync(join(tmpdir(), 'fds-worker-databases-'));
  const config = loadConfig({ ENVIRONMENT: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: serviceUrl, ...(ownerUrl ? { MIGRATION_DATABASE_URL: ownerUrl } : {}) });
  const service = openPostgres(serviceUrl, { poolSize: 1 });
  try {
    await migrateDatabase(config, service);
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const admin = ownerUrl ?? serviceUrl;
  const source = new URL(admin).pathname.slice(1);
  const names = Array.from({ length: workers - 1 }, (_, i) => `${source}_w${i + 2}`);
  // From the server's maintenance database: a template may have no other session while it is copied.
  const client = new pg.Client({ connectionString: withDatabase(admin, 'postgres') });
  await client.connect();
  try {
    for (const name of names) {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name} template ${source}`);
    }
  } finally {
    await client.end();
  }
  names.forEach((name, i) => {
    envs.push({
      DATABASE_URL: withDatabase(serviceUrl, name),
      MIGRATION_DATABASE_URL: ownerUrl && withDatabase(ownerUrl, name),
      REDIS_URL: redisUrl && withRedisDb(redisUrl, i + 1),
    });
  });
  return {
    envs,
    drop: async () => {
      const c = new pg.Client({ connectionString: withDatabase(admin, 'postgres') });
      await c.connect();
      try {
        for (const name of names) await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
