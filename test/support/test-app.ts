/**
 * buildTestApp: a migrated runtime on one backend, the Fastify app over it, a manual clock, and
 * `newTenant()` which makes a fresh organisation with keys, so tests never depend on each other's data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import type { AppRuntime } from '../../src/app-runtime.js';
import { loadConfig } from '../../src/config.js';
import { ManualClock } from '../../src/core/clock.js';
import type { Scope } from '../../src/core/scopes.js';
import { createApiKey } from '../../src/modules/api-keys/create-api-key.js';
import { createOrganization } from '../../src/modules/organizations/create-organization.js';
import { createRuntime, type Runtime, type RuntimeOptions } from '../../src/runtime.js';
import { fixedResolver } from '../../src/adapters/resolver/fixed.js';
import type { Backend } from './backends.js';
import { ownerUrlFor, scratchDatabase } from './databases.js';
import { openMigratedPglite } from './migrated-pglite.js';
import { openPostgres } from '../../src/adapters/database/postgres.js';
import { EMBEDDED_SERVICE_ROLE } from '../../src/adapters/database/migrate-database.js';
import type { Database, DatabaseHandle } from '../../src/ports/database.js';

export interface Tenant {
  organizationId: string;
  testKey: string;
  testKeyId: string;
  liveKey: string;
  liveKeyId: string;
}

export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  clock: ManualClock;
  /** Name resolution of this app: tests make names resolve where they need (no DNS server here). */
  resolver: ReturnType<typeof fixedResolver>;
  /** The PostgreSQL database this app runs on, if any: pass it as `databaseUrl` to run a second app on it. */
  databaseUrl?: string;
  /** A new organisation (cleared for live unless told) with a test and a live key. */
  newTenant(options?: { liveEnabled?: boolean; scopes?: Scope[] }): Promise<Tenant>;
  auth(key: string): { authorization: string };
  /**
   * Runs `fn` with the database as its owner — what a test does behind the service's back (forging
   * a row past the trigger, say), which the service's own role may not. `runtime.services.db` is the
   * service's role (on PostgreSQL with MIGRATION_DATABASE_URL set, and on PGlite).
   */
  asOwner<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  plugins?: FastifyPluginAsync<{ runtime: AppRuntime }>[];
  clock?: ManualClock;
  /**
   * On PostgreSQL, a fresh database of this app's own, dropped on close: for tests whose workers
   * claim rows across organisations (webhook deliveries), so other files' rows stay out of reach.
   */
  ownDatabase?: boolean;
  /** On PostgreSQL, this database (another app's `databaseUrl`): two processes sharing one database. */
  databaseUrl?: string;
  /** Wraps the render pool (see failing-renderer.ts). */
  renderer?: RuntimeOptions['renderer'];
  /** The render threads' entry module (see hanging-render-worker.ts). */
  renderWorkerUrl?: URL;
}

export async function buildTestApp(backend: Backend, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fds-test-'));
  const own = options.ownDatabase && backend.databaseUrl ? await scratchDatabase('postgres') : undefined;
  const databaseUrl = own?.url ?? (backend.databaseUrl && options.databaseUrl) ?? backend.databaseUrl;
  const ownerUrl = databaseUrl ? ownerUrlFor(databaseUrl) : undefined;
  let owner: DatabaseHandle | undefined;
  const config = loadConfig({
    ENVIRONMENT: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // With two roles (CI), the owner of this database migrates it and the app runs as the service's role.
    ...(ownerUrl ? { MIGRATION_DATABASE_URL: ownerUrl } : {}),
    ...(backend.redisUrl ? { REDIS_URL: backend.redisUrl } : {}),
    // Test files share 127.0.0.1 and one Redis; the test of the failed-authentication limit sets its own.
    AUTH_FAILURE_LIMIT: '1000000',
    // Likewise the public doors' per-IP windows (their tests set their own and a client address of
    // their own through TRUST_PROXY); and a light proof of work, so solving a token takes milliseconds.
    VALIDATOR_RATE_LIMIT: '1000000',
    CONTACT_RATE_LIMIT: '1000000',
    BOTCHECK_COST: '10',
    // Checkpoints on demand only: a scheduled run would seal (and deliver to webhooks) every test file's tenants at once.
    CHECKPOINT_INTERVAL_MINUTES: '0',
    // One render thread per test app: each thread of a test app loads the renderer through tsx's
    // loader and parses the fonts (over a CPU-second), and a file's few renders seldom overlap. The
    // tests of the pool itself (test/http/documents/render-*.test.ts) set the threads they test.
    RENDER_THREADS: '1',
    ...options.env,
  });
  const clock = options.clock ?? new ManualClock(new Date());
  const resolver = fixedResolver();
  const runtime = await createRuntime(config, {
    clock,
    resolver,
    database: databaseUrl ? undefined : await openMigratedPglite(),
    renderer: options.renderer,
    renderWorkerUrl: options.renderWorkerUrl,
  });
  const app = await buildApp(runtime, { plugins: options.plugins });
  await app.ready();
  return {
    app,
    runtime,
    clock,
    resolver,
    databaseUrl,
    async newTenant({ liveEnabled = true, scopes } = {}) {
      const services = runtime.services;
      const org = await createOrganization(services, { name: 'Test organisation', liveEnabled });
      const test = await createApiKey(services, { organizationId: org.id, mode: 'test', scopes });
      const live = await createApiKey(services, { organizationId: org.id, mode: 'live', scopes });
      return { organizationId: org.id, testKey: test.key, testKeyId: test.id, liveKey: live.key, liveKeyId: live.id };
    },
    auth: (key) => ({ authorization: `Bearer ${key}` }),
    async asOwner(fn) {
      const database = runtime.database;
      if (database.kind === 'pglite') {
        // Its one session goes back to PGlite's superuser for `fn`, and to the service role after.
        return database.db.connection().execute(async (conn) => {
          await sql`set session authorization postgres`.execute(conn);
          try {
            return await fn(conn);
          } finally {
            await sql`set session authorization ${sql.id(EMBEDDED_SERVICE_ROLE)}`.execute(conn);
          }
        });
      }
      if (!ownerUrl) return fn(database.db);
      owner ??= openPostgres(ownerUrl, { poolSize: 2 });
      return fn(owner.db);
    },
    async close() {
      await owner?.close();
      await app.close();
      await runtime.close();
      await own?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
