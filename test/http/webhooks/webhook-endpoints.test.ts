/** Webhook endpoints: create with a secret shown once, list, read, update, delete, rotate, and safe targets. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

describe.each(backends())('webhook endpoints on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    tenant = await t.newTenant();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, key = tenant.testKey) =>
    t.app.inject({ method, url, headers: t.auth(key), ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = (body: Record<string, unknown>, key?: string) => call('POST', '/v1/webhook-endpoints', body, key);

  it('creates an endpoint: 201 with Location and the whsec_ secret, which no read or list shows again', async () => {
    const res = await create({ url: 'https://hooks.example.com/freight', events: ['shipment.*', 'signature.completed'], description: 'ERP' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ url: 'https://hooks.example.com/freight', events: ['shipment.*', 'signature.completed'], description: 'ERP', active: true, mode: 'test', previous_secret_expires_at: null });
    expect(body.id).toMatch(/^we_[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(res.headers.location).toBe(`/v1/webhook-endpoints/${body.id}`);
    const read = await call('GET', `/v1/webhook-endpoints/${body.id}`);
    const list = await call('GET', '/v1/webhook-endpoints');
    for (const text of [read.body, list.body]) {
      expect(text).not.toContain(body.secret);
      expect(text).not.toContain(body.secret.slice(6, 20));
      expect(text).not.toContain('"secret"');
    }
    const withoutSecret = Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'secret'));
    expect(read.json()).toEqual(withoutSecret);
    expect(list.json().data).toContainEqual(withoutSecret);
  });

  it('refuses unsafe targets with a finding on url', async () => {
    t.resolver.set('rebind.example.com', ['127.0.0.1']);
    t.resolver.set('mixed.example.com', ['93.184.216.34', '10.0.0.7']);
    for (const url of [
      'http://hooks.example.com/x',
      'https://localhost/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://[::ffff:192.168.0.1]/x',
      'https://intranet/x',
      'https://rebind.example.com/x',
      'https://mixed.example.com/x',
      'not a url',
    ]) {
      const body = expectProblem(await create({ url, events: ['*'] }), 'validation_failed');
      expect(body.errors, url).toEqual([expect.objectContaining({ path: '$.url' })]);
    }
    // A name that does not resolve yet is accepted: every attempt checks the address it connects to.
    expect((await create({ url: 'https://not-yet.example.com/x', events: ['*'] })).statusCode).toBe(201);
    t.resolver.set('public.example.com', ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']);
    expect((await create({ url: 'https://public.example.com/x', events: ['*'] })).statusCode).toBe(201);
  });

  it('refuses unknown exact event types, bad patterns and unknown fields', async () => {
    const unknown = expectProblem(await create({ url: 'https://hooks.example.com/x', events: ['shipment.issued', 'shipment.teleported'] }), 'validation_failed');
    expect(unknown.errors).toEqual([expect.objectContaining({ path: '$.events[1]', code: 'unknown_event_type' })]);
    const shape = expectProblem(await create({ url: 'https://hooks.example.com/x', events: ['shipment*'], colour: 'red' }), 'validation_failed');
    expect(shape.errors.map((e: { path: string }) => e.path).sort()).toEqual(['$.colour', '$.events[0]']);
    expectProblem(await create({ url: 'https://hooks.example.com/x', events: [] }), 'validation_failed');
  });

  it('updates url, events, description and active; a new url is checked again', async () => {
    const { id } = (await create({ url: 'https://hooks.example.com/a', events: ['*'], description: 'old' })).json();
    const res = await call('PATCH', `/v1/webhook-endpoints/${id}`, { url: 'https://hooks.example.com/b', events: ['shipment.delivered'], description: null, active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ url: 'https://hooks.example.com/b', events: ['shipment.delivered'], description: null, active: false });
    expect((await call('GET', `/v1/webhook-endpoints/${id}`)).json()).toMatchObject({ active: false, description: null });
    expectProblem(await call('PATCH', `/v1/webhook-endpoints/${id}`, { url: 'https://192.168.1.1/' }), 'validation_failed');
    expectProblem(await call('PATCH', `/v1/webhook-endpoints/${id}`, { secret: 'whsec_mine' }), 'validation_failed');
  });

  it('rotates the secret: a new one, the old one in grace for 24 hours unless told', async () => {
    const created = (await create({ url: 'https://hooks.example.com/r', events: ['*'] })).json();
    const rotated = await call('POST', `/v1/webhook-endpoints/${created.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(created.secret);
    expect(rotated.json().previous_secret_expires_at).toBe(new Date(t.clock.now().getTime() + 24 * 3600 * 1000).toISOString());
    const immediate = await call('POST', `/v1/webhook-endpoints/${created.id}/rotate-secret`, { grace_period_hours: 0 });
    expect(immediate.json().previous_secret_expires_at).toBeNull();
    const row = await t.runtime.services.db.selectFrom('webhook_endpoints').select(['secret', 'previous_secret']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ secret: immediate.json().secret, previous_secret: null });
    expectProblem(await call('POST', `/v1/webhook-endpoints/${created.id}/rotate-secret`, { grace_period_hours: 169 }), 'validation_failed');
  });

  it('deletes: gone from reads and lists; a second delete is not_found', async () => {
    const { id } = (await create({ url: 'https://hooks.example.com/d', events: ['*'] })).json();
    expect((await call('DELETE', `/v1/webhook-endpoints/${id}`)).statusCode).toBe(204);
    expectProblem(await call('GET', `/v1/webhook-endpoints/${id}`), 'not_found');
    expect((await call('GET', '/v1/webhook-endpoints?limit=100')).json().data.map((e: { id: string }) => e.id)).not.toContain(id);
    expectProblem(await call('DELETE', `/v1/webhook-endpoints/${id}`), 'not_found');
  });

  it('one URL may have an endpoint per mode; other organisations and modes see nothing', async () => {
    const test = (await create({ url: 'https://hooks.example.com/both', events: ['*'] })).json();
    const live = (await create({ url: 'https://hooks.example.com/both', events: ['*'] }, tenant.liveKey)).json();
    expect(live.mode).toBe('live');
    expectProblem(await call('GET', `/v1/webhook-endpoints/${test.id}`, undefined, tenant.liveKey), 'not_found');
    const other = await t.newTenant();
    expectProblem(await call('GET', `/v1/webhook-endpoints/${test.id}`, undefined, other.testKey), 'not_found');
    expectProblem(await call('PATCH', `/v1/webhook-endpoints/${test.id}`, { active: false }, other.testKey), 'not_found');
    expect((await call('GET', '/v1/webhook-endpoints', undefined, other.testKey)).json().data).toEqual([]);
    expectProblem(await call('GET', '/v1/webhook-endpoints/we_123'), 'invalid_id');
    expectProblem(await call('GET', '/v1/webhook-endpoints?cursor=forged'), 'invalid_cursor');
  });

  it('needs the webhooks:manage scope', async () => {
    const reader = await t.newTenant({ scopes: ['shipments:read', 'webhooks:read'] });
    expectProblem(await create({ url: 'https://hooks.example.com/x', events: ['*'] }, reader.testKey), 'insufficient_scope');
  });
});

describe('WEBHOOK_ALLOW_PRIVATE_TARGETS', () => {
  it('is refused under ENVIRONMENT=production', () => {
    expect(() => loadConfig({ ENVIRONMENT: 'production', DATABASE_URL: 'postgres://x/y', WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' })).toThrow(/WEBHOOK_ALLOW_PRIVATE_TARGETS/);
  });

  it('lets a local receiver on 127.0.0.1 over http be registered', async () => {
    const t = await buildTestApp(backends()[0]!, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' } });
    try {
      const tenant = await t.newTenant();
      const res = await t.app.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers: t.auth(tenant.testKey), payload: { url: 'http://127.0.0.1:8080/hook', events: ['*'] } });
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await t.close();
    }
  });
});
