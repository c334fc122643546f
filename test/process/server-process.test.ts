/** The service as a process: first start, the DATA_DIR lock, graceful shutdown, refusals at start, migrations as a step of their own. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, runCli, startServer } from '../support/processes.js';
import { databaseEnv, scratchDatabase } from '../support/databases.js';
import { loadMigrations } from '../../src/adapters/database/migrator.js';

describe('server process on the embedded defaults', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fds-proc-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('first start: sandbox key and a curl line that works; a second process on the same DATA_DIR is refused; SIGTERM drains and exits', async () => {
    const port = await freePort();
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' });
    try {
      await server.waitFor('curl -H', 60_000);
      const key = /API key:\s+(sk_test_[0-9A-Za-z]{40})/.exec(server.stdout())?.[1];
      expect(key).toBeDefined();
      // Printed on PUBLIC_BASE_URL, which defaults to localhost on PORT.
      expect(server.stdout()).toContain(`curl -H "Authorization: Bearer ${key}" http://localhost:${port}/v1/whoami`);
      const who = await fetch(`http://127.0.0.1:${port}/v1/whoami`, { headers: { authorization: `Bearer ${key}` } });
      expect(who.status).toBe(200);
      expect(await who.json()).toMatchObject({ mode: 'test' });

      // The console on the embedded defaults: without SMTP_URL the sign-in mail is printed, and its link signs in.
      expect(server.stdout()).toContain(`Console: http://localhost:${port}/console (sign in as dev@example.com, this organisation's owner; DEV_OWNER_EMAIL names another)`);
      expect(server.stdout()).toContain('Without SMTP_URL the sign-in mail, link included, is printed here.');
      const asked = await fetch(`http://127.0.0.1:${port}/v1/auth/magic-links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'first.user@transport.example' }) });
      expect(asked.status).toBe(202);
      await server.waitFor('Mail kept in the outbox (no SMTP_URL), to first.user@transport.example', 10_000);
      const link = new URL(/https?:\/\/\S+\/console\/magic\/[A-Za-z0-9_-]{43}/.exec(server.stdout())![0]);
      const page = `http://127.0.0.1:${port}${link.pathname}`;
      expect((await fetch(page)).status).toBe(200);
      const signedIn = await fetch(page, { method: 'POST', redirect: 'manual', headers: { origin: link.origin, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
      expect(signedIn.status).toBe(303);
      const cookie = /fds_session=[^;]+/.exec(signedIn.headers.get('set-cookie') ?? '')![0];
      const session = await fetch(`http://127.0.0.1:${port}/v1/auth/session`, { headers: { cookie } });
      expect((await session.json()).user.email).toBe('first.user@transport.example');

      const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      const { code } = await second.exited;
      expect(code).toBe(1);
      expect(second.stderr()).toMatch(/DATA_DIR .* is in use by process \d+/);

      const started = Date.now();
      server.child.kill('SIGTERM');
      const exit = await server.exited;
      expect(exit, server.stderr()).toEqual({ code: 0, signal: null });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 90_000);

  it('a restart on the same DATA_DIR keeps the data and prints no new key', async () => {
    const port = await freePort();
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' });
    try {
      await server.waitFor('"started"', 60_000);
      expect(server.stdout()).not.toContain('API key:');
      server.child.kill('SIGTERM');
      expect(await server.exited, server.stderr()).toEqual({ code: 0, signal: null });
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 90_000);

  it('ENVIRONMENT=production refuses to start without DATABASE_URL; ROLE=api alone needs it too', async () => {
    for (const env of [{ ENVIRONMENT: 'production' }, { ROLE: 'api' }] as Record<string, string>[]) {
      const server = startServer({ DATA_DIR: dataDir, ...env });
      expect((await server.exited).code).toBe(1);
      expect(server.stderr()).toContain('DATABASE_URL');
    }
  });

  it('a bad setting stops the start with the variable named', async () => {
    const server = startServer({ DATA_DIR: dataDir, RATE_LIMIT_REQUESTS: 'lots' });
    expect((await server.exited).code).toBe(1);
    expect(server.stderr()).toContain('RATE_LIMIT_REQUESTS');
  });
});

describe.runIf(process.env.DATABASE_URL)('API and worker roles as separate processes on PostgreSQL', () => {
  it('ROLE=api serves requests and ROLE=worker runs jobs; both drain on SIGTERM', async () => {
    const port = await freePort();
    const env = { ...databaseEnv(process.env.DATABASE_URL!), LOG_LEVEL: 'info', ENVIRONMENT: 'test' };
    const api = startServer({ ...env, ROLE: 'api', PORT: String(port) });
    const worker = startServer({ ...env, ROLE: 'worker' });
    try {
      await api.waitFor('"started"', 60_000);
      await worker.waitFor('"started"', 60_000);
      expect((await fetch(`http://127.0.0.1:${port}/v1/health`)).status).toBe(200);
      expect(worker.stdout()).toContain('"role":"worker"');
      api.child.kill('SIGTERM');
      worker.child.kill('SIGTERM');
      expect((await api.exited).code).toBe(0);
      expect((await worker.exited).code).toBe(0);
    } finally {
      api.child.kill('SIGKILL');
      worker.child.kill('SIGKILL');
    }
  }, 120_000);
});

describe.runIf(process.env.DATABASE_URL)('migrations as their own step on PostgreSQL', () => {
  it('MIGRATE_ON_START=0 refuses an unmigrated database naming `npm run migrate`; after it, the process starts and is ready', async () => {
    const scratch = await scratchDatabase('postgres');
    const env = { ...scratch.env, LOG_LEVEL: 'info', ENVIRONMENT: 'test', MIGRATE_ON_START: '0' };
    try {
      const refused = startServer({ ...env, ROLE: 'api', PORT: String(await freePort()) });
      expect((await refused.exited).code).toBe(1);
      expect(refused.stderr()).toContain('schema is at version 0 and this build needs');
      expect(refused.stderr()).toContain('npm run migrate');

      const migrated = await runCli(['migrate', '--json'], scratch.env);
      expect(migrated.code, migrated.stderr).toBe(0);
      expect(JSON.parse(migrated.stdout)).toEqual({ schema_version: loadMigrations().at(-1)!.version });

      const port = await freePort();
      const api = startServer({ ...env, ROLE: 'api', PORT: String(port) });
      try {
        await api.waitFor('"started"', 60_000);
        expect((await fetch(`http://127.0.0.1:${port}/v1/health`)).status).toBe(200);
        api.child.kill('SIGTERM');
        expect((await api.exited).code).toBe(0);
      } finally {
        api.child.kill('SIGKILL');
      }

      // A newer build migrated the database: this one's `npm run migrate` refuses in one line, no stack.
      const handle = await scratch.open();
      await handle.db.insertInto('schema_migrations').values({ version: 999, name: 'from_a_newer_build', checksum: 'x', applied_at: new Date() }).execute();
      await handle.close();
      const older = await runCli(['migrate'], scratch.env);
      expect(older.code).toBe(1);
      expect(older.stderr.trim()).toBe('database has migration 999 (from_a_newer_build) that this build does not know: refusing to run an older build');
    } finally {
      await scratch.drop();
    }
  }, 180_000);
});
