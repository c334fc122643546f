/**
 * The service under benchmark: a scratch PostgreSQL database of its own when DATABASE_URL is set
 * (earlier data, and the autovacuum it triggers, would make runs incomparable), else the embedded
 * defaults; a rate limit high enough not to interfere; logs at `warn`; one organisation and key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { openPglite } from '../../src/adapters/database/pglite.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createApiKey } from '../../src/modules/api-keys/create-api-key.js';
import { createOrganization } from '../../src/modules/organizations/create-organization.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';

export interface BenchService {
  runtime: Runtime;
  app: FastifyInstance;
  address: string;
  organizationId: string;
  key: string;
  /** The scratch database's URL, for a baseline that talks to it directly. */
  databaseUrl: string | undefined;
  backend: string;
  close(): Promise<void>;
}

async function adminQuery(admin: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(query);
  await client.end();
}

/** `env` adds settings of this bench's own (TRUST_PROXY for a load from many client addresses). */
export async function startBenchService(name: string, env: Record<string, string> = {}): Promise<BenchService> {
  const admin = process.env.DATABASE_URL;
  const scratch = `fds_bench_${name}_${process.pid}`;
  let databaseUrl: string | undefined;
  if (admin) {
    await adminQuery(admin, `create database ${scratch}`);
    const url = new URL(admin);
    url.pathname = `/${scratch}`;
    databaseUrl = url.toString();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'fds-bench-'));
  const config = loadConfig({
    ...process.env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    RATE_LIMIT_REQUESTS: '1000000000',
    RATE_LIMIT_WINDOW_S: '1',
    ENVIRONMENT: 'test',
    ...env,
  });
  const runtime = await createRuntime(config, { database: config.databaseUrl ? undefined : await openPglite('memory://') });
  const app = await buildApp(runtime);
  const org = await createOrganization(runtime.services, { name: 'Bench' });
  const { key } = await createApiKey(runtime.services, { organizationId: org.id, mode: 'test' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    runtime,
    app,
    address,
    organizationId: org.id,
    key,
    databaseUrl,
    backend: `${runtime.database.kind}${config.redisUrl ? ' + redis' : ' + memory key-value'}`,
    async close() {
      await app.close();
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (admin) await adminQuery(admin, `drop database if exists ${scratch} with (force)`);
    },
  };
}
