/**
 * buildTestApp: a migrated runtime on one backend, the Fastify app over it, a manual clock, and
 * `newTenant()` which makes a fresh organisation with keys, so tests never depend on each other's data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { AppRuntime } from '../../src/app-runtime.js';
import { loadConfig } from '../../src/config.js';
import { ManualClock } from '../../src/core/clock.js';
import type { Scope } from '../../src/core/scopes.js';
import { openPglite } from '../../src/adapters/database/pglite.js';
import { createApiKey } from '../../src/modules/api-keys/create-api-key.js';
import { createOrganization } from '../../src/modules/organizations/create-organization.js';
import { createRuntime, type Runtime, type RuntimeOptions } from '../../src/runtime.js';
import { fixedResolver } from '../../src/adapters/resolver/fixed.js';
import type { Backend } from './backends.js';
import { scratchDatabase } from './databases.js';

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
  const config = loadConfig({
    ENVIRONMENT: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
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
    ...options.env,
  });
  const clock = options.clock ?? new ManualClock(new Date());
  const resolver = fixedResolver();
  const runtime = await createRuntime(config, {
    clock,
    resolver,
    database: databaseUrl ? undefined : await openPglite('memory://'),
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
    async close() {
      await app.close();
      await runtime.close();
      await own?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
