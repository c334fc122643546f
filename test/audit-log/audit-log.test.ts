/**
 * The audit log: every administrative act appears with its actor, target,
 * changes, and for API calls the IP and user agent; never a secret; filters and cursor; the hash
 * chain's integrity report, valid and broken by a tampered row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CLI_SOURCE } from '../../src/cli/cli-source.js';
import { createApiKey } from '../../src/modules/api-keys/create-api-key.js';
import { revokeApiKey } from '../../src/modules/api-keys/revoke-api-key.js';
import { setLiveEnabled } from '../../src/modules/organizations/set-live-enabled.js';
import { backends } from '../support/backends.js';
import { dutchProfile } from '../support/invoices-api.js';
import { expectProblem } from '../support/problems.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

interface Row {
  id: string;
  action: string;
  actor: { type: string; id?: string; note?: string };
  target: { type: string; id: string };
  created_at: string;
  ip: string | null;
  user_agent: string | null;
  changes: Record<string, unknown>;
}

describe.each(backends())('audit log on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    t.resolver.set('hooks.example.com', ['93.184.216.34']);
  });
  afterAll(() => t.close());

  const list = async (tenant: Tenant, query = '', key = tenant.testKey) => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/audit-log${query}`, headers: t.auth(key) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Row[]; has_more: boolean; next_cursor: string | null };
  };
  const integrity = async (key: string) => (await t.app.inject({ method: 'GET', url: '/v1/audit-log/integrity', headers: t.auth(key) })).json() as { valid: boolean; checked: number; first_broken?: string };

  it('records CLI acts on API keys and live clearance with the actor cli, in the mode acted on', async () => {
    const tenant = await t.newTenant();
    const services = t.runtime.services;
    const key = await createApiKey(services, { organizationId: tenant.organizationId, mode: 'live', scopes: ['shipments:read'] }, CLI_SOURCE);
    await revokeApiKey(services, key.id, CLI_SOURCE);
    await setLiveEnabled(services, tenant.organizationId, true, CLI_SOURCE);

    const live = await list(tenant, '?order=asc', tenant.liveKey);
    const byCli = live.data.filter((r) => r.actor.type === 'cli');
    expect(byCli.map((r) => [r.action, r.target])).toEqual([
      ['api_key.created', { type: 'api_key', id: key.id }],
      ['api_key.revoked', { type: 'api_key', id: key.id }],
      ['organization.live_enabled', { type: 'organization', id: tenant.organizationId }],
    ]);
    expect(byCli[0]!.changes).toEqual({ mode: 'live', scopes: ['shipments:read'] });
    expect(byCli.every((r) => r.ip === null && r.user_agent === null)).toBe(true);
    // The secret is shown once, to the CLI, and never stored in the log.
    expect(JSON.stringify(live)).not.toContain(key.key);
    expect(JSON.stringify(live)).not.toContain(key.key.slice(-12));
    // The test log holds the test mode's acts only.
    expect((await list(tenant)).data.some((r) => r.target.id === key.id)).toBe(false);
  });

  it('records webhook and invoicing-profile acts of API calls with key, IP, user agent and changes, never a secret', async () => {
    const tenant = await t.newTenant();
    const headers = { ...t.auth(tenant.testKey), 'user-agent': 'audit-test/1.0' };
    const call = (method: 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const created = await call('POST', '/v1/webhook-endpoints', { url: 'https://hooks.example.com/a', events: ['shipment.issued'] });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json() as { id: string; secret: string };
    expect((await call('PATCH', `/v1/webhook-endpoints/${endpoint.id}`, { description: 'ops', active: false })).statusCode).toBe(200);
    const rotated = await call('POST', `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect((await call('DELETE', `/v1/webhook-endpoints/${endpoint.id}`)).statusCode).toBe(204);
    expect((await call('PUT', '/v1/invoicing-profile', dutchProfile())).statusCode).toBe(200);

    const page = await list(tenant, '?order=asc&actor=' + tenant.testKeyId);
    expect(page.data.map((r) => r.action)).toEqual([
      'webhook_endpoint.created',
      'webhook_endpoint.updated',
      'webhook_endpoint.secret_rotated',
      'webhook_endpoint.deleted',
      'invoicing_profile.updated',
    ]);
    for (const row of page.data) {
      expect(row.actor).toEqual({ type: 'api_key', id: tenant.testKeyId });
      expect(row.ip).toBe('127.0.0.1');
      expect(row.user_agent).toBe('audit-test/1.0');
      expect(row.id).toMatch(/^aud_[0-9A-Z]{26}$/);
    }
    expect(page.data[0]!.target).toEqual({ type: 'webhook_endpoint', id: endpoint.id });
    expect(page.data[0]!.changes).toMatchObject({ url: 'https://hooks.example.com/a', events: ['shipment.issued'] });
    expect(page.data[1]!.changes).toEqual({ description: { from: null, to: 'ops' }, active: { from: true, to: false } });
    expect(page.data[4]!.changes).toHaveProperty('legal_name.to', (dutchProfile() as { legal_name: string }).legal_name);
    const text = JSON.stringify(page);
    expect(text).not.toContain('whsec_');
    expect(text).not.toContain(endpoint.secret);
    expect(text).not.toContain((rotated.json() as { secret: string }).secret);
  });

  it('filters by action, actor, target and time, walks pages by cursor, and refuses a bad filter', async () => {
    const tenant = await t.newTenant();
    const services = t.runtime.services;
    const keys = [];
    for (let i = 0; i < 3; i++) keys.push(await createApiKey(services, { organizationId: tenant.organizationId, mode: 'test' }, CLI_SOURCE));
    await revokeApiKey(services, keys[1]!.id, CLI_SOURCE);

    expect((await list(tenant, '?action=api_key.revoked')).data.map((r) => r.target.id)).toEqual([keys[1]!.id]);
    expect((await list(tenant, `?target=${keys[1]!.id}&order=asc`)).data.map((r) => r.action)).toEqual(['api_key.created', 'api_key.revoked']);
    expect((await list(tenant, '?actor=cli')).data).toHaveLength(4);
    // newTenant's own keys were made by the service itself.
    expect((await list(tenant, '?actor=system')).data.map((r) => r.target.id)).toEqual([tenant.testKeyId]);
    const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect((await list(tenant, `?created_gte=${future}`)).data).toHaveLength(0);
    expect((await list(tenant, `?created_lt=${future}`)).data).toHaveLength(5);

    const seen: string[] = [];
    let query = '?limit=2';
    for (;;) {
      const page = await list(tenant, query);
      seen.push(...page.data.map((r) => r.id));
      if (!page.next_cursor) break;
      query = `?limit=2&cursor=${encodeURIComponent(page.next_cursor)}`;
    }
    expect(seen).toHaveLength(5);
    expect([...seen].sort().reverse()).toEqual(seen);

    const bad = await t.app.inject({ method: 'GET', url: '/v1/audit-log?action=api_key.eaten', headers: t.auth(tenant.testKey) });
    expectProblem(bad, 'bad_request');
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/audit-log?created_gte=yesterday', headers: t.auth(tenant.testKey) }), 'bad_request');
    // A key without the scope is refused.
    const narrow = await t.newTenant({ scopes: ['shipments:read'] });
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/audit-log', headers: t.auth(narrow.testKey) }), 'insufficient_scope');
  });

  it('reports the chain valid, and broken at a row changed behind the trigger', async () => {
    const tenant = await t.newTenant();
    for (let i = 0; i < 3; i++) await createApiKey(t.runtime.services, { organizationId: tenant.organizationId, mode: 'test' }, CLI_SOURCE);
    expect(await integrity(tenant.testKey)).toMatchObject({ valid: true, checked: 4 });
    expect(await integrity(tenant.liveKey)).toMatchObject({ valid: true, checked: 1 });

    const victim = (await list(tenant, '?order=asc')).data[2]!;
    // The owner's path around the trigger (the service's role owns nothing): disable it, edit, enable it again.
    await t.asOwner(async (db) => {
      await sql`alter table audit_log disable trigger audit_log_append_only`.execute(db);
      try {
        await sql`update audit_log set changes = '{"mode":"test","scopes":[]}' where id = ${victim.id}`.execute(db);
      } finally {
        await sql`alter table audit_log enable trigger audit_log_append_only`.execute(db);
      }
    });
    expect(await integrity(tenant.testKey)).toMatchObject({ valid: false, checked: 4, first_broken: victim.id });
    // The other mode's chain is its own.
    expect((await integrity(tenant.liveKey)).valid).toBe(true);
  });

  it('concurrent acts on one organisation append one unforked chain', async () => {
    const tenant = await t.newTenant();
    await Promise.all(Array.from({ length: 10 }, () => createApiKey(t.runtime.services, { organizationId: tenant.organizationId, mode: 'test' }, CLI_SOURCE)));
    expect(await integrity(tenant.testKey)).toMatchObject({ valid: true, checked: 11 });
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE on the audit table, even to its owner', async () => {
    const tenant = await t.newTenant();
    const [row] = (await list(tenant)).data;
    // The trigger, for the owner too (the service's own role is refused these rights outright:
    // test/storage/service-role.test.ts).
    await t.asOwner(async (db) => {
      await expect(sql`update audit_log set action = 'api_key.revoked' where id = ${row!.id}`.execute(db)).rejects.toThrow(/append-only/);
      await expect(sql`delete from audit_log where id = ${row!.id}`.execute(db)).rejects.toThrow(/append-only/);
      // Even with the retention flag a row younger than two years stays.
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`select set_config('fds.audit_retention', 'on', true)`.execute(trx);
          await sql`delete from audit_log where id = ${row!.id}`.execute(trx);
        }),
      ).rejects.toThrow(/append-only/);
      await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    });
    expect((await list(tenant)).data.map((r) => r.id)).toContain(row!.id);
  });
});
