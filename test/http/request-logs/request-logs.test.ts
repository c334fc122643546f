/**
 * GET /v1/request-logs and /v1/request-logs/{id}: one row per API call, filters, cursors, retention;
 * a failed call with its error, the path as called and its bodies, redacted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeRequestLogsJob, REQUEST_LOG_RETENTION_MS } from '../../../src/modules/request-logs/purge-request-logs.job.js';
import { REQUEST_LOG_PATHS } from '../../../src/modules/request-logs/request-logs.routes.js';
import { SYSTEM_PATHS } from '../../../src/modules/system/system.routes.js';
import { ManualClock } from '../../../src/core/clock.js';
import { newId } from '../../../src/core/ids.js';
import { insertRequestLogBatches, type Entry } from '../../../src/modules/request-logs/request-logs.repository.js';
import { backends } from '../../support/backends.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

describe.each(backends())('request logs on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // A year back: the purge test moves this clock 30 days on, and the purge must not reach the
    // rows other test files write at the real time on the shared PostgreSQL.
    t = await buildTestApp(backend, { clock: new ManualClock(new Date(Date.now() - 365 * 24 * 60 * 60 * 1000)) });
  });
  afterAll(() => t.close());

  const list = (tenant: Tenant, query = '', key = tenant.testKey) => t.app.inject({ method: 'GET', url: `${REQUEST_LOG_PATHS.list}${query}`, headers: t.auth(key) });

  async function callWhoami(tenant: Tenant, n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      ids.push((await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.whoami, headers: t.auth(tenant.testKey) })).headers['request-id'] as string);
      t.clock.advance(10);
    }
    await t.runtime.requestLogs.flush();
    return ids;
  }

  it('one row per call with method, path template and path as called, status, duration, key and mode; never keys', async () => {
    const tenant = await t.newTenant();
    const [id] = await callWhoami(tenant, 1);
    await t.app.inject({ method: 'GET', url: '/v1/shipments/shp_01JD0000000000000000000000', headers: t.auth(tenant.testKey) });
    await t.runtime.requestLogs.flush();
    const res = await list(tenant);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows[0]).toMatchObject({ method: 'GET', path: '/v1/shipments/{id}', url_path: '/v1/shipments/shp_01JD0000000000000000000000', status: 404, error_code: 'not_found', api_key_id: tenant.testKeyId, mode: 'test' });
    expect(rows[1]).toMatchObject({ id, method: 'GET', path: '/v1/whoami', url_path: '/v1/whoami', status: 200, error_code: null });
    expect(rows[1].duration_ms).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(rows)).not.toContain(tenant.testKey);
    const one = await t.app.inject({ method: 'GET', url: REQUEST_LOG_PATHS.one.replace(':id', id!), headers: t.auth(tenant.testKey) });
    // A call that succeeded keeps no bodies.
    expect(one.json()).toEqual({ ...rows[1], error: null, request_body: null, request_body_truncated: false, response_body: null, response_body_truncated: false });
  });

  const SECRET = 'sk_live_0123456789abcdefSECRET';
  const failingShipment = {
    reference: 'PO-4711',
    consignor: { name: 'Jan de Vries', address: { street: 'Keizersgracht 1', city: 'Amsterdam', postal_code: '1015CJ', country: 'NL' }, contact: { email: 'jan@vries.example', phone: '+31612345678' } },
    password: 'hunter2-very-secret',
    note: `forwarded from jan@vries.example with ${SECRET}`,
    goods: [{ description: 'Pallets', quantity: -1, package_type: 'pallet' }],
  };

  it('a failed call keeps its error code with title and docs link, the path as called, and both bodies redacted', async () => {
    const tenant = await t.newTenant();
    const failed = await t.app.inject({ method: 'POST', url: '/v1/shipments?issue=true', headers: t.auth(tenant.testKey), payload: failingShipment });
    expect(failed.statusCode).toBe(422);
    await t.runtime.requestLogs.flush();
    const row = (await list(tenant, '?status_class=4xx')).json().data[0];
    expect(row).toMatchObject({ id: failed.headers['request-id'], url_path: '/v1/shipments', path: '/v1/shipments', status: 422, error_code: 'validation_failed' });
    const one = (await t.app.inject({ method: 'GET', url: REQUEST_LOG_PATHS.one.replace(':id', row.id), headers: t.auth(tenant.testKey) })).json();
    expect(one.error).toEqual({ code: 'validation_failed', title: 'Validation failed', type: `${t.runtime.config.docsUrl}/errors/validation_failed` });
    const sent = JSON.parse(one.request_body);
    expect(sent.reference).toBe('PO-4711');
    expect(sent.consignor).toEqual({ name: '[redacted]', address: { street: '[redacted]', city: '[redacted]', postal_code: '[redacted]', country: 'NL' }, contact: { email: '[redacted]', phone: '[redacted]' } });
    expect(sent.password).toBe('[redacted]');
    expect(sent.goods[0]).toEqual(failingShipment.goods[0]);
    for (const secret of ['Jan de Vries', 'jan@vries.example', '+31612345678', 'Keizersgracht', 'hunter2', SECRET]) expect(one.request_body).not.toContain(secret);
    expect(JSON.parse(one.response_body)).toMatchObject({ code: 'validation_failed', status: 422 });
    expect(one).toMatchObject({ request_body_truncated: false, response_body_truncated: false });
  });

  it('a body over 16 KB is stored cut and says so', async () => {
    const tenant = await t.newTenant();
    const failed = await t.app.inject({ method: 'POST', url: '/v1/shipments', headers: t.auth(tenant.testKey), payload: { ...failingShipment, instructions: 'Ring the bell twice. '.repeat(1000) } });
    await t.runtime.requestLogs.flush();
    const one = (await t.app.inject({ method: 'GET', url: REQUEST_LOG_PATHS.one.replace(':id', failed.headers['request-id'] as string), headers: t.auth(tenant.testKey) })).json();
    expect(one.request_body_truncated).toBe(true);
    expect(Buffer.byteLength(one.request_body)).toBeLessThanOrEqual(16 * 1024);
  });

  it('pages newest first with an opaque cursor; order=asc walks the other way', async () => {
    const tenant = await t.newTenant();
    const ids = await callWhoami(tenant, 5);
    const page1 = (await list(tenant, '?limit=2&path=/v1/whoami')).json();
    expect(page1.data.map((r: { id: string }) => r.id)).toEqual([ids[4], ids[3]]);
    expect(page1.has_more).toBe(true);
    const page2 = (await list(tenant, `?limit=2&path=/v1/whoami&cursor=${page1.next_cursor}`)).json();
    expect(page2.data.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    const page3 = (await list(tenant, `?limit=2&path=/v1/whoami&cursor=${page2.next_cursor}`)).json();
    expect(page3.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect(page3).toMatchObject({ has_more: false, next_cursor: null });
    const asc = (await list(tenant, '?limit=3&order=asc&path=/v1/whoami')).json();
    expect(asc.data.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 3));
  });

  it('default page size 20, at most 100', async () => {
    const tenant = await t.newTenant();
    await callWhoami(tenant, 22);
    const res = (await list(tenant, '?path=/v1/whoami')).json();
    expect(res.data).toHaveLength(20);
    expect(res.has_more).toBe(true);
    expect((await list(tenant, '?limit=100')).statusCode).toBe(200);
    expect((await list(tenant, '?limit=101')).json().code).toBe('bad_request');
  });

  it('filters: status, status_class, method, api_key_id, created range; a bad filter value is bad_request', async () => {
    const tenant = await t.newTenant();
    await callWhoami(tenant, 2);
    // A refused filter: a 400 of the key's.
    await t.app.inject({ method: 'GET', url: '/v1/audit-log?action=no.such_action', headers: t.auth(tenant.testKey) });
    await t.runtime.requestLogs.flush();
    expect((await list(tenant, '?status=400')).json().data).toHaveLength(1);
    expect((await list(tenant, '?status_class=2xx&path=/v1/whoami')).json().data).toHaveLength(2);
    expect((await list(tenant, '?method=POST')).json().data).toHaveLength(0);
    expect((await list(tenant, `?api_key_id=${tenant.liveKeyId}`)).json().data).toHaveLength(0);
    const future = new Date(t.clock.now().getTime() + 60_000).toISOString();
    expect((await list(tenant, `?created_gte=${encodeURIComponent(future)}`)).json().data).toHaveLength(0);
    expect((await list(tenant, `?created_lt=${encodeURIComponent(future)}&path=/v1/whoami`)).json().data).toHaveLength(2);
    for (const bad of ['?status_class=6xx', '?method=FETCH', '?api_key_id=nope', '?created_gte=yesterday']) {
      expect((await list(tenant, bad)).json().code, bad).toBe('bad_request');
    }
  });

  it('invalid_cursor: not ours, tampered, of another tenant, or expired', async () => {
    const tenant = await t.newTenant();
    const other = await t.newTenant();
    await callWhoami(tenant, 3);
    const cursor = (await list(tenant, '?limit=1')).json().next_cursor as string;
    const [body, mac] = cursor.split('.');
    const tampered = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), a: 'req_0' })).toString('base64url')}.${mac}`;
    for (const bad of ['garbage', tampered, `${body}.${'A'.repeat(43)}`]) {
      expect((await list(tenant, `?cursor=${encodeURIComponent(bad)}`)).json().code, bad).toBe('invalid_cursor');
    }
    expect((await list(other, `?cursor=${cursor}`)).json().code).toBe('invalid_cursor');
    expect((await list(tenant, `?cursor=${cursor}`, tenant.liveKey)).json().code).toBe('invalid_cursor');
    expect((await list(tenant, `?cursor=${cursor}`)).statusCode).toBe(200);
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    const expired = await list(tenant, `?cursor=${cursor}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'invalid_cursor' });
    expect(expired.json().detail).toContain('expired');
  });

  it('get one: invalid_id for a wrong shape, not_found for an id of nothing', async () => {
    const tenant = await t.newTenant();
    const one = (id: string) => t.app.inject({ method: 'GET', url: REQUEST_LOG_PATHS.one.replace(':id', id), headers: t.auth(tenant.testKey) });
    expect((await one('req_123')).json().code).toBe('invalid_id');
    expect((await one('req_01JD0000000000000000000000')).json().code).toBe('not_found');
  });

  it('batches of several processes overlap in id range; pages still come in exact id order', async () => {
    const tenant = await t.newTenant();
    const entries = Array.from({ length: 2600 }, (_, i): Entry => {
      t.clock.advance(1);
      return [newId('request', t.clock.now()), i % 3 === 0 ? 'POST' : 'GET', '/v1/whoami', 200, 1, tenant.testKeyId, t.clock.now().getTime()];
    });
    const rows = entries.map(([id]) => ({ id }));
    // Two "processes" that each logged every other call, flushed in several batches each.
    const write = (list: Entry[]) => insertRequestLogBatches(t.runtime.services.db, [{ organizationId: tenant.organizationId, mode: 'test', entries: list }]);
    await write(entries.filter((_, i) => i % 2 === 0));
    await write(entries.filter((_, i) => i % 2 === 1).slice(0, 700));
    await write(entries.filter((_, i) => i % 2 === 1).slice(700));
    for (const [order, expected] of [
      ['desc', rows.map((r) => r.id).reverse()],
      ['asc', rows.map((r) => r.id)],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        // The list calls are logged too, and may be flushed mid-walk: keep to the inserted calls' path.
        const res: { data: { id: string }[]; next_cursor: string | null } = (await list(tenant, `?limit=100&path=/v1/whoami&order=${order}${cursor ? `&cursor=${cursor}` : ''}`)).json();
        seen.push(...res.data.map((r: { id: string }) => r.id));
        cursor = res.next_cursor;
      } while (cursor);
      expect(seen).toEqual(expected);
    }
    const posts = (await list(tenant, '?method=POST&limit=100')).json().data.map((r: { id: string }) => r.id);
    expect(posts).toEqual(rows.filter((_, i) => i % 3 === 0).map((r) => r.id).reverse().slice(0, 100));
    const middle = rows[1301]!.id;
    expect((await t.app.inject({ method: 'GET', url: REQUEST_LOG_PATHS.one.replace(':id', middle), headers: t.auth(tenant.testKey) })).json().id).toBe(middle);
  });

  it('rows older than 30 days are purged by the scheduled job', async () => {
    const tenant = await t.newTenant();
    const [oldId] = await callWhoami(tenant, 1);
    t.clock.advance(REQUEST_LOG_RETENTION_MS + 60_000);
    const failedOld = (await t.app.inject({ method: 'POST', url: '/v1/shipments', headers: t.auth(tenant.testKey), payload: failingShipment })).headers['request-id'] as string;
    await t.runtime.requestLogs.flush();
    t.clock.advance(REQUEST_LOG_RETENTION_MS + 60_000);
    const [newId] = await callWhoami(tenant, 1);
    const failures = () => t.runtime.services.db.selectFrom('request_log_failures').select('request_id').where('organization_id', '=', tenant.organizationId).execute();
    expect((await failures()).map((f) => f.request_id)).toEqual([failedOld]);
    await purgeRequestLogsJob.handle(t.runtime.services, {});
    const ids = (await list(tenant, '?path=/v1/whoami')).json().data.map((r: { id: string }) => r.id);
    expect(ids).toContain(newId);
    expect(ids).not.toContain(oldId);
    // The failed call's bodies go with its row.
    expect(await failures()).toEqual([]);
  });
});
