/** The operator CLI, as `npm run --silent cli -- …` runs it, on each reachable database. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../support/test-app.js';
import { backends } from '../support/backends.js';
import { databaseEnv } from '../support/databases.js';
import { runCli } from '../support/processes.js';

describe.each(backends())('cli on $name', (backend) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fds-cli-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(backend.databaseUrl ? databaseEnv(backend.databaseUrl) : {}) };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const json = async (args: string[]) => {
    const res = await runCli([...args, '--json'], env);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.trim().split('\n')).toHaveLength(1);
    return JSON.parse(res.stdout);
  };

  it('bootstrap, org create, keys create, live-enabled and revoke work end to end', async () => {
    const boot = await json(['bootstrap']);
    expect(boot).toEqual({ organization_id: expect.stringMatching(/^org_/), test_key: expect.stringMatching(/^sk_test_/), live_key: expect.stringMatching(/^sk_live_/) });
    expect((await json(['bootstrap'])).organization_id).toBe(boot.organization_id);

    const { organization_id: org } = await json(['org', 'create', '--name', 'Acme Transport']);
    expect(org).toMatch(/^org_/);
    const scoped = await json(['keys', 'create', '--org', org, '--mode', 'test', '--scopes', 'shipments:read,request-logs:read']);
    expect(scoped).toEqual({ key: expect.stringMatching(/^sk_test_/), id: expect.stringMatching(/^key_/) });
    const live = await json(['keys', 'create', '--org', org, '--mode', 'live']);

    // The keys work against a server on the same database (the embedded one only after the CLI exits).
    const t = backend.databaseUrl ? await buildTestApp(backend) : undefined;
    if (t) {
      try {
        const who = await t.app.inject({ method: 'GET', url: '/v1/whoami', headers: t.auth(scoped.key) });
        expect(who.json()).toMatchObject({ organization_id: org, scopes: ['shipments:read', 'request-logs:read'] });
        // bootstrap clears its organisation for live (README, Command line): its live key is accepted.
        expect((await t.app.inject({ method: 'GET', url: '/v1/whoami', headers: t.auth(boot.live_key) })).json()).toMatchObject({ organization_id: boot.organization_id, mode: 'live', live_enabled: true });
        expect((await t.app.inject({ method: 'GET', url: '/v1/request-logs', headers: t.auth(live.key) })).json().code).toBe('live_not_enabled');
        expect((await runCli(['org', 'live-enabled', org, 'true'], env)).code).toBe(0);
        t.runtime.authenticator.clear();
        expect((await t.app.inject({ method: 'GET', url: '/v1/request-logs', headers: t.auth(live.key) })).statusCode).toBe(200);
        expect((await runCli(['keys', 'revoke', live.id], env)).code).toBe(0);
        t.runtime.authenticator.clear();
        expect((await t.app.inject({ method: 'GET', url: '/v1/whoami', headers: t.auth(live.key) })).json().code).toBe('invalid_api_key');
      } finally {
        await t.close();
      }
    } else {
      expect((await runCli(['org', 'live-enabled', org, 'true'], env)).code).toBe(0);
      expect((await runCli(['keys', 'revoke', live.id], env)).code).toBe(0);
    }
    // Seven CLI processes, each starting Node, tsx and the database: seconds each on a busy 2-core machine.
  }, 120_000);

  it('refuses bad input with a message on stderr and nothing on stdout', async () => {
    for (const args of [['keys', 'create', '--org', 'org_missing', '--mode', 'test', '--json'], ['keys', 'create', '--mode', 'prod'], ['org', 'live-enabled', 'x', 'maybe'], ['frobnicate']]) {
      const res = await runCli(args, env);
      expect(res.code, args.join(' ')).not.toBe(0);
      expect(res.stdout).toBe('');
      expect(res.stderr.length).toBeGreaterThan(0);
    }
    const scopes = await runCli(['keys', 'create', '--org', 'org_x', '--mode', 'test', '--scopes', 'everything'], env);
    expect(scopes.stderr).toContain('Unknown scopes: everything');
  });

  it('--help says the embedded database needs the server stopped', async () => {
    const res = await runCli(['--help'], env);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('while the server is stopped');
  });
});
