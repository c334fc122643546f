/** Idempotency-Key on POSTs that create: replay, reuse, in progress, scoping, and the concurrent case. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_MS } from '../../../src/modules/idempotency/idempotent-request.js';
import { IDEMPOTENCY_LOCK_MS } from '../../../src/modules/idempotency/running-keys.js';
import { REPLAY_HEADER } from '../../../src/http/idempotency.js';
import { backends } from '../../support/backends.js';
import { FIXTURE_PATHS, fixtureRoutes, type FixtureState } from '../../support/fixture-routes.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

describe.each(backends())('Idempotency-Key on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  const state: FixtureState = { created: 0, delayMs: 0, failures: 0 };
  beforeAll(async () => {
    t = await buildTestApp(backend, { plugins: [fixtureRoutes(state)] });
  });
  beforeEach(async () => {
    state.created = 0;
    state.delayMs = 0;
    tenant = await t.newTenant();
  });
  afterAll(() => t.close());

  const create = (key: string | undefined, body: unknown, apiKey = tenant.testKey) =>
    t.app.inject({
      method: 'POST',
      url: FIXTURE_PATHS.widgets,
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { ...t.auth(apiKey), 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    });

  it('replays the first response byte for byte, with a header saying so', async () => {
    const first = await create('order-1', { name: 'pallets' });
    expect(first.statusCode).toBe(201);
    expect(first.headers[REPLAY_HEADER]).toBeUndefined();
    // Same JSON, other whitespace and key order: the same request.
    const again = await create('order-1', '{ "name" :"pallets" }');
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers[REPLAY_HEADER]).toBe('true');
    expect(again.headers['request-id']).not.toBe(first.headers['request-id']);
    expect(state.created).toBe(1);
  });

  it('without a key every request runs', async () => {
    await create(undefined, { name: 'a' });
    await create(undefined, { name: 'a' });
    expect(state.created).toBe(2);
  });

  it('idempotency_key_reused: the same key with a different body', async () => {
    await create('order-2', { name: 'a' });
    const res = await create('order-2', { name: 'b' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('idempotency_key_reused');
    expect(state.created).toBe(1);
  });

  it('idempotency_in_progress: the first request with the key still runs', async () => {
    state.delayMs = 400;
    const first = create('order-3', { name: 'a' });
    await new Promise((r) => setTimeout(r, 100));
    const second = await create('order-3', { name: 'a' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('idempotency_in_progress');
    expect((await first).statusCode).toBe(201);
  });

  it('a request still running keeps its key past the lock: its process renews the claim while it runs', async () => {
    state.delayMs = 2500;
    const first = create('order-renewed', { name: 'a' });
    await new Promise((r) => setTimeout(r, 100));
    // By the clock the claim's lock has lapsed; the process renews it (every second) while the request runs.
    t.clock.advance(IDEMPOTENCY_LOCK_MS + 1000);
    await new Promise((r) => setTimeout(r, 1500));
    const second = await create('order-renewed', { name: 'a' });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().code).toBe('idempotency_in_progress');
    expect((await first).statusCode).toBe(201);
    expect(state.created).toBe(1);
  });

  it('keys are scoped by organisation and mode', async () => {
    const other = await t.newTenant();
    await create('shared', { name: 'a' });
    await create('shared', { name: 'a' }, tenant.liveKey);
    await create('shared', { name: 'a' }, other.testKey);
    expect(state.created).toBe(3);
  });

  it('a response kept for 24 hours; after that the key is new again', async () => {
    await create('order-4', { name: 'a' });
    t.clock.advance(IDEMPOTENCY_TTL_MS - 1000);
    expect((await create('order-4', { name: 'a' })).headers[REPLAY_HEADER]).toBe('true');
    t.clock.advance(1000);
    const fresh = await create('order-4', { name: 'b' });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers[REPLAY_HEADER]).toBeUndefined();
    expect(state.created).toBe(2);
  });

  it('a 5xx is not kept: the retry runs again', async () => {
    const headers = { ...t.auth(tenant.testKey), 'idempotency-key': 'render-1' };
    const failures = state.failures;
    expect((await t.app.inject({ method: 'POST', url: FIXTURE_PATHS.renderFails, headers })).json().code).toBe('pdf_render_failed');
    expect((await t.app.inject({ method: 'POST', url: FIXTURE_PATHS.renderFails, headers })).json().code).toBe('pdf_render_failed');
    expect(state.failures - failures).toBe(2);
  });

  it('a body refused by validation does not take the key', async () => {
    const bad = await create('order-5', { name: 'a', shipment_id: 'shp_bad' });
    expect(bad.json().code).toBe('invalid_id');
    // Validation happens before the key is taken, so a corrected body with the same key runs.
    expect((await create('order-5', { name: 'a' })).statusCode).toBe(201);
  });

  it('bad_request: a key that is too long or not printable', async () => {
    const res = await create('x'.repeat(256), { name: 'a' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
  });

  it('parallel requests with one key: exactly one runs, the others replay it or are told it is in progress', async () => {
    state.delayMs = 150;
    const responses = await Promise.all(Array.from({ length: 12 }, () => create('burst', { name: 'burst' })));
    expect(state.created).toBe(1);
    const created = responses.filter((r) => r.statusCode === 201);
    const busy = responses.filter((r) => r.statusCode === 409);
    expect(created.length + busy.length).toBe(12);
    expect(busy.every((r) => r.json().code === 'idempotency_in_progress')).toBe(true);
    expect(new Set(created.map((r) => r.body)).size).toBe(1);
    const after = await create('burst', { name: 'burst' });
    expect(after.headers[REPLAY_HEADER]).toBe('true');
    expect(after.body).toBe(created[0]!.body);
  });

  it.runIf(backend.databaseUrl)('two API instances on one PostgreSQL: a burst across both runs the create once', async () => {
    const second = await buildTestApp(backend, { plugins: [fixtureRoutes(state)], clock: t.clock });
    try {
      state.delayMs = 150;
      const apps = [t.app, second.app];
      const responses = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          apps[i % 2]!.inject({
            method: 'POST',
            url: FIXTURE_PATHS.widgets,
            payload: JSON.stringify({ name: 'twin' }),
            headers: { ...t.auth(tenant.testKey), 'content-type': 'application/json', 'idempotency-key': 'twin' },
          }),
        ),
      );
      expect(state.created).toBe(1);
      expect(responses.every((r) => r.statusCode === 201 || r.json().code === 'idempotency_in_progress')).toBe(true);
    } finally {
      await second.close();
    }
  });
});
