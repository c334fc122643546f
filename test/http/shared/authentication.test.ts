/** Authentication and access refusals, in the order of the service description's Authentication list. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_PATHS } from '../../../src/modules/system/system.routes.js';
import { REQUEST_LOG_PATHS } from '../../../src/modules/request-logs/request-logs.routes.js';
import { KEY_CACHE_TTL_MS } from '../../../src/modules/api-keys/authenticate-api-key.js';
import { revokeApiKey } from '../../../src/modules/api-keys/revoke-api-key.js';
import { setLiveEnabled } from '../../../src/modules/organizations/set-live-enabled.js';
import { backends } from '../../support/backends.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe.each(backends())('authentication on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('accepts a test key and tells who it is', async () => {
    const tenant = await t.newTenant();
    const res = await get(SYSTEM_PATHS.whoami, t.auth(tenant.testKey));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ organization_id: tenant.organizationId, mode: 'test', api_key_id: tenant.testKeyId, live_enabled: true });
    expect(res.json().scopes).toContain('webhooks:manage');
  });

  it('unauthorized: no key, or not a Bearer header', async () => {
    for (const headers of [{}, { authorization: 'Basic dXNlcjpwYXNz' }, { authorization: 'Bearer' }] as Record<string, string>[]) {
      const res = await get(SYSTEM_PATHS.whoami, headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'unauthorized', status: 401, errors: [], warnings: [] });
    }
  });

  it('invalid_api_key: unknown, malformed, revoked, or of another mode', async () => {
    const tenant = await t.newTenant();
    const unknown = `sk_test_${'A'.repeat(40)}`;
    const otherMode = tenant.testKey.replace('sk_test_', 'sk_live_');
    for (const key of [unknown, 'sk_test_short', 'pk_test_whatever', otherMode]) {
      const res = await get(SYSTEM_PATHS.whoami, t.auth(key));
      expect(res.statusCode, key).toBe(401);
      expect(res.json().code).toBe('invalid_api_key');
    }
    await revokeApiKey(t.runtime.services, tenant.testKeyId);
    t.clock.advance(KEY_CACHE_TTL_MS);
    expect((await get(SYSTEM_PATHS.whoami, t.auth(tenant.testKey))).json().code).toBe('invalid_api_key');
  });

  it('a revoked key keeps working for at most the 5 s key cache', async () => {
    const tenant = await t.newTenant();
    expect((await get(SYSTEM_PATHS.whoami, t.auth(tenant.testKey))).statusCode).toBe(200);
    await revokeApiKey(t.runtime.services, tenant.testKeyId);
    t.clock.advance(KEY_CACHE_TTL_MS - 1000);
    expect((await get(SYSTEM_PATHS.whoami, t.auth(tenant.testKey))).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await get(SYSTEM_PATHS.whoami, t.auth(tenant.testKey))).statusCode).toBe(401);
  });

  it('forbidden: API keys on console-only routes', async () => {
    const tenant = await t.newTenant();
    const res = await get('/v1/auth/members', t.auth(tenant.testKey));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('insufficient_scope: the key lacks the route scope', async () => {
    const tenant = await t.newTenant({ scopes: ['shipments:read'] });
    const res = await get(REQUEST_LOG_PATHS.list, t.auth(tenant.testKey));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'insufficient_scope' });
    expect(res.json().detail).toContain('request-logs:read');
  });

  it('live_not_enabled: a live key of an organisation not cleared for live; whoami still answers', async () => {
    const tenant = await t.newTenant({ liveEnabled: false });
    const res = await get(REQUEST_LOG_PATHS.list, t.auth(tenant.liveKey));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('live_not_enabled');
    const who = await get(SYSTEM_PATHS.whoami, t.auth(tenant.liveKey));
    expect(who.json()).toMatchObject({ mode: 'live', live_enabled: false });
    await setLiveEnabled(t.runtime.services, tenant.organizationId, true);
    t.clock.advance(KEY_CACHE_TTL_MS);
    expect((await get(REQUEST_LOG_PATHS.list, t.auth(tenant.liveKey))).statusCode).toBe(200);
  });

  it('test_mode_only: live keys on sandbox routes; test keys pass to the route', async () => {
    const tenant = await t.newTenant();
    const url = '/v1/test/shipments/shp_01JD0000000000000000000000/simulate';
    const live = await t.app.inject({ method: 'POST', url, headers: t.auth(tenant.liveKey) });
    expect(live.statusCode).toBe(403);
    expect(live.json().code).toBe('test_mode_only');
    // The route itself answers: the shipment named does not exist.
    const test = await t.app.inject({ method: 'POST', url, headers: t.auth(tenant.testKey), payload: { action: 'deliver' } });
    expect(test.json().code).toBe('not_found');
  });

  it('answers in the spec order when several refusals apply: 401, then scope, then live clearance', async () => {
    const tenant = await t.newTenant({ liveEnabled: false, scopes: ['shipments:read'] });
    const url = '/v1/test/shipments/shp_01JD0000000000000000000000/simulate';
    expect((await t.app.inject({ method: 'POST', url })).json().code).toBe('unauthorized');
    expect((await t.app.inject({ method: 'POST', url, headers: t.auth(tenant.liveKey) })).json().code).toBe('insufficient_scope');
    const scoped = await t.newTenant({ liveEnabled: false, scopes: ['test:write'] });
    expect((await t.app.inject({ method: 'POST', url, headers: t.auth(scoped.liveKey) })).json().code).toBe('live_not_enabled');
  });

  it('data of one mode is not visible to the other mode, nor to another organisation', async () => {
    const a = await t.newTenant();
    const b = await t.newTenant();
    const call = await get(SYSTEM_PATHS.whoami, t.auth(a.testKey));
    await t.runtime.requestLogs.flush();
    const id = call.headers['request-id'] as string;
    const one = (key: string) => get(REQUEST_LOG_PATHS.one.replace(':id', id), t.auth(key));
    expect((await one(a.testKey)).statusCode).toBe(200);
    expect((await one(a.liveKey)).json().code).toBe('not_found');
    expect((await one(b.testKey)).json().code).toBe('not_found');
  });
});
