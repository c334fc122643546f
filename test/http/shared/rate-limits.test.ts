/** Per-key, per-mode rate limits over the key-value port (RATE_LIMIT_REQUESTS per RATE_LIMIT_WINDOW_S). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_PATHS } from '../../../src/modules/system/system.routes.js';
import { backends } from '../../support/backends.js';
import { consoleSessionHeaders } from '../../support/console-session.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe.each(backends())('rate limits on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { RATE_LIMIT_REQUESTS: '3', RATE_LIMIT_WINDOW_S: '60' } });
  });
  afterAll(() => t.close());

  it('RateLimit-* on every keyed response, then 429 rate_limited with Retry-After', async () => {
    const tenant = await t.newTenant();
    const call = (key = tenant.testKey) => t.app.inject({ method: 'GET', url: SYSTEM_PATHS.whoami, headers: t.auth(key) });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call();
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('3');
      const reset = Number(res.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
      remaining.push(res.headers['ratelimit-remaining'] as string);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    // The live key of the same organisation has its own budget.
    expect((await call(tenant.liveKey)).statusCode).toBe(200);
  });

  it('refusals before a key is known carry no RateLimit headers; public routes are not limited', async () => {
    const res = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.whoami });
    expect(res.statusCode).toBe(401);
    expect(res.headers['ratelimit-limit']).toBeUndefined();
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.version })).statusCode).toBe(200);
  });
  it('a console session has a budget of its own, as large as a key\'s, on its calls and its pages', async () => {
    const session = await consoleSessionHeaders(t);
    const other = await consoleSessionHeaders(t);
    const remaining: string[] = [];
    for (const url of ['/v1/auth/session', '/console/api-keys', '/v1/audit-log']) {
      const res = await t.app.inject({ method: 'GET', url, headers: session });
      expect(res.statusCode, url).toBe(200);
      remaining.push(res.headers['ratelimit-remaining'] as string);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await t.app.inject({ method: 'GET', url: '/v1/auth/session', headers: session });
    expect(limited.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(limited.json().detail).toContain('for this console session');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another session of another user is not slowed.
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/session', headers: other })).statusCode).toBe(200);
  });
});
