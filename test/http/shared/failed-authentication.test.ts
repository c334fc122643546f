/**
 * Failed authentications are limited per client address: unknown and malformed keys were never
 * rate-limited (the per-key limit needs a known key), so keys could be guessed at full speed. Past
 * AUTH_FAILURE_LIMIT failures in the window an address gets 429 rate_limited with Retry-After; valid
 * keys from that same address are not slowed, and other addresses are not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_PATHS } from '../../../src/modules/system/system.routes.js';
import { backends } from '../../support/backends.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

describe.each(backends())('failed authentications on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  // Addresses of this file alone: the test files share one Redis.
  const prefix = `198.51.${Math.floor(Math.random() * 250)}`;
  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { AUTH_FAILURE_LIMIT: '3', AUTH_FAILURE_WINDOW_S: '60' } });
    tenant = await t.newTenant();
  });
  afterAll(() => t.close());

  const whoami = (remoteAddress: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: SYSTEM_PATHS.whoami, headers, remoteAddress });
  const unknownKey = { authorization: `Bearer sk_test_${'A'.repeat(40)}` };

  it('answers 429 rate_limited with Retry-After once an address has failed AUTH_FAILURE_LIMIT times', async () => {
    const address = `${prefix}.1`;
    const failures = [await whoami(address, unknownKey), await whoami(address, { authorization: 'Basic dXNlcjpwYXNz' }), await whoami(address, unknownKey)];
    expect(failures.map((r) => r.json().code)).toEqual(['invalid_api_key', 'unauthorized', 'invalid_api_key']);
    for (const headers of [unknownKey, {}]) {
      const refused = await whoami(address, headers);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.json()).toMatchObject({ code: 'rate_limited', status: 429 });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
  });

  it('does not slow valid keys from that address, nor failures from another address', async () => {
    const address = `${prefix}.2`;
    for (let i = 0; i < 4; i++) await whoami(address, unknownKey);
    expect((await whoami(address, unknownKey)).statusCode).toBe(429);
    const valid = await whoami(address, t.auth(tenant.testKey));
    expect(valid.statusCode).toBe(200);
    expect(valid.json().organization_id).toBe(tenant.organizationId);
    expect((await whoami(`${prefix}.3`, unknownKey)).json().code).toBe('invalid_api_key');
  });
});
