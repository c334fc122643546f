/**
 * The administrative acts added after the audit log's first set: a GDPR export, provider routing
 * rules, a driver session revoked by the organisation, and console sign-outs. Each appears once,
 * with its actor, target and changes (never a secret or a personal value), and the chain stays valid.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { consoleSessionHeaders } from '../support/console-session.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

interface Row {
  action: string;
  actor: { type: string; id?: string };
  target: { type: string; id: string };
  ip: string | null;
  user_agent: string | null;
  changes: Record<string, unknown>;
}
type Headers = Record<string, string>;

const RULES = '/v1/providers/routing-rules';

describe.each(backends())('audited administrative acts on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const headersOf = (tenant: Tenant): Headers => ({ ...t.auth(tenant.testKey), 'user-agent': 'audit-acts/1.0' });
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object, status?: number) => {
    const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
    return res;
  };
  const log = async (headers: Headers, query: string) => ((await call('GET', `/v1/audit-log?order=asc&${query}`, headers, undefined, 200)).json() as { data: Row[] }).data;
  const integrity = async (headers: Headers) => (await call('GET', '/v1/audit-log/integrity', headers, undefined, 200)).json() as { valid: boolean; checked: number };
  const byKey = (tenant: Tenant, row: Row) => {
    expect(row.actor).toEqual({ type: 'api_key', id: tenant.testKeyId });
    expect(row.ip).toBe('127.0.0.1');
    expect(row.user_agent).toBe('audit-acts/1.0');
  };

  it('records a GDPR export request by the key, in the mode asked for', async () => {
    const tenant = await t.newTenant();
    const res = await call('POST', '/v1/exports', headersOf(tenant), {}, 202);
    const id = (res.json() as { id: string }).id;
    const [row, ...more] = await log(headersOf(tenant), 'action=export.requested');
    expect(more).toEqual([]);
    byKey(tenant, row!);
    expect(row!.target).toEqual({ type: 'export', id });
    expect(row!.changes).toEqual({ mode: 'test' });
    expect(await log({ ...t.auth(tenant.liveKey) }, 'action=export.requested')).toEqual([]);
    expect((await integrity(headersOf(tenant))).valid).toBe(true);
  });

  it('records routing rules created, updated, reordered and deleted, with VAT numbers only counted', async () => {
    const tenant = await t.newTenant();
    const h = headersOf(tenant);
    const vat = 'NL123456789B01';
    const a = (await call('POST', RULES, h, { name: 'A', match: { to_countries: ['BE'], consignee_vat_numbers: [vat] }, action: 'keep' }, 201)).json() as { id: string };
    const b = (await call('POST', RULES, h, { name: 'B', match: {}, action: 'keep' }, 201)).json() as { id: string };
    await call('PATCH', `${RULES}/${a.id}`, h, { name: 'A2', match: { to_countries: ['BE', 'DE'] } }, 200);
    await call('POST', `${RULES}/reorder`, h, { rule_ids: [b.id, a.id] }, 200);
    // The same order again moves nothing and is no act.
    await call('POST', `${RULES}/reorder`, h, { rule_ids: [b.id, a.id] }, 200);
    await call('DELETE', `${RULES}/${b.id}`, h, undefined, 204);

    const rows = await log(h, `actor=${tenant.testKeyId}`);
    expect(rows.map((r) => [r.action, r.target])).toEqual([
      ['routing_rule.created', { type: 'routing_rule', id: a.id }],
      ['routing_rule.created', { type: 'routing_rule', id: b.id }],
      ['routing_rule.updated', { type: 'routing_rule', id: a.id }],
      ['routing_rule.reordered', { type: 'organization', id: tenant.organizationId }],
      ['routing_rule.deleted', { type: 'routing_rule', id: b.id }],
    ]);
    for (const row of rows) byKey(tenant, row);
    expect(rows[0]!.changes).toEqual({ name: 'A', match: { to_countries: ['BE'], consignee_vat_numbers: 1 }, action: 'keep', provider_id: null, position: 0 });
    expect(rows[2]!.changes).toEqual({
      name: { from: 'A', to: 'A2' },
      match: { from: { to_countries: ['BE'], consignee_vat_numbers: 1 }, to: { to_countries: ['BE', 'DE'] } },
    });
    expect(rows[3]!.changes).toEqual({ rule_ids: { from: [a.id, b.id], to: [b.id, a.id] } });
    expect(rows[4]!.changes).toEqual({ name: 'B', match: {}, action: 'keep', provider_id: null, position: 0 });
    expect(JSON.stringify(rows)).not.toContain(vat);
    expect((await integrity(h)).valid).toBe(true);
  });

  it('records a driver session revoked by the organisation once, without the phone number', async () => {
    const tenant = await t.newTenant();
    const h = headersOf(tenant);
    const phone = `+3162${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    const issued = (await call('POST', '/v1/shipments?issue=true', h, fullShipment(), 201)).json() as { id: string };
    await call('POST', '/v1/tours', h, { name: 'Run', date: '2026-12-01', driver: { name: 'Piotr Nowak', phone, language: 'pl' }, stops: [{ shipment_id: issued.id, kind: 'pickup' }] }, 201);
    // The sandbox's driver session, through the organisation's test key.
    await call('POST', '/v1/test/driver-sessions', h, { phone }, 201);
    const [session] = (await call('GET', `/v1/driver-sessions?phone=${encodeURIComponent(phone)}`, h, undefined, 200)).json().data as { id: string }[];
    await call('POST', `/v1/driver-sessions/${session!.id}/revoke`, h, {}, 200);
    await call('POST', `/v1/driver-sessions/${session!.id}/revoke`, h, {}, 200);

    const rows = await log(h, 'action=driver_session.revoked');
    expect(rows).toHaveLength(1);
    byKey(tenant, rows[0]!);
    expect(rows[0]!.target).toEqual({ type: 'driver_session', id: session!.id });
    expect(rows[0]!.target.id).toMatch(/^drs_/);
    expect(rows[0]!.changes).toEqual({ status: { from: 'active', to: 'revoked' } });
    expect(JSON.stringify(rows)).not.toContain(phone.slice(3));
    expect((await integrity(h)).valid).toBe(true);
  });

  it('records console sign-out, a session ended by its user and sign-out everywhere in the current organisation', async () => {
    const email = `audit-${randomUUID()}@transport.example`;
    const first = await consoleSessionHeaders(t, email);
    const view = (await call('GET', '/v1/auth/session', first, undefined, 200)).json() as { user: { id: string }; organization: { id: string }; session: { id: string } };
    const userId = view.user.id;
    const ua = { 'user-agent': 'audit-acts-console' };
    await call('POST', '/v1/auth/sign-out', { ...first, ...ua }, undefined, 204);
    // Signing out a session that has already ended is no act.
    await call('POST', '/v1/auth/sign-out', { ...first, ...ua }, undefined, 401);

    const second = await consoleSessionHeaders(t, email);
    const third = await consoleSessionHeaders(t, email);
    const thirdId = ((await call('GET', '/v1/auth/session', third, undefined, 200)).json() as { session: { id: string } }).session.id;
    await call('DELETE', `/v1/auth/sessions/${thirdId}`, { ...second, ...ua }, undefined, 204);
    const fourth = await consoleSessionHeaders(t, email);
    await call('POST', '/v1/auth/sign-out-everywhere', { ...second, ...ua }, undefined, 204);

    const reader = await consoleSessionHeaders(t, email);
    const acts = (await log(reader, `actor=${userId}`)).filter((r) => !['user.signed_in', 'member.joined'].includes(r.action));
    expect(acts.map((r) => [r.action, r.target, r.changes])).toEqual([
      ['user.signed_out', { type: 'console_session', id: view.session.id }, {}],
      ['console_session.revoked', { type: 'console_session', id: thirdId }, {}],
      ['user.signed_out_everywhere', { type: 'user', id: userId }, { sessions: 2 }],
    ]);
    for (const row of acts) {
      expect(row.actor).toEqual({ type: 'user', id: userId });
      expect(row.user_agent).toBe('audit-acts-console');
    }
    // The session signed out everywhere is gone too.
    await call('GET', '/v1/auth/session', fourth, undefined, 401);
    expect((await integrity(reader)).valid).toBe(true);
  });
});
