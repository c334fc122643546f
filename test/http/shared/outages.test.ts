/** Stores that are down or elsewhere: 503 service_unavailable, health naming the check, S3 as the object store. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_PATHS } from '../../../src/modules/system/system.routes.js';
import { backends } from '../../support/backends.js';
import { startS3rver, type RunningS3 } from '../../support/s3rver.js';
import { startTcpProxy } from '../../support/tcp-proxy.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

const embedded = backends()[0]!;

describe('Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ...embedded, redisUrl: 'redis://127.0.0.1:1' });
  });
  afterAll(() => t.close());

  it('keyed requests answer 503 service_unavailable; health reports keyvalue error', async () => {
    const tenant = await t.newTenant();
    const res = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.whoami, headers: t.auth(tenant.testKey) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'service_unavailable', status: 503 });
    const health = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.health });
    expect(health.statusCode).toBe(503);
    expect(health.json().checks).toEqual({ database: 'ok', keyvalue: 'error', objects: 'ok' });
  });
});

describe.runIf(process.env.REDIS_URL)('Redis going away while a key holds a share of its budget', () => {
  it('the requests the share covers are served, then 503 service_unavailable', async () => {
    const proxy = await startTcpProxy(process.env.REDIS_URL!);
    // A share of 5: a twentieth of 100, within RATE_LIMIT_SHARE.
    const t = await buildTestApp({ ...embedded, redisUrl: proxy.url }, { env: { RATE_LIMIT_REQUESTS: '100', RATE_LIMIT_WINDOW_S: '60', RATE_LIMIT_SHARE: '50' } });
    try {
      const tenant = await t.newTenant();
      const call = () => t.app.inject({ method: 'GET', url: SYSTEM_PATHS.whoami, headers: t.auth(tenant.testKey) });
      const first = await call();
      expect(first.statusCode).toBe(200);
      expect(first.headers['ratelimit-remaining']).toBe('99');
      await proxy.cut();
      const covered = [];
      for (let i = 0; i < 4; i++) covered.push(await call());
      expect(covered.map((r) => [r.statusCode, r.headers['ratelimit-remaining']])).toEqual([[200, '98'], [200, '97'], [200, '96'], [200, '95']]);
      const refused = await call();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'service_unavailable', status: 503 });
    } finally {
      await t.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL server unreachable', () => {
  it('keyed requests answer 503 service_unavailable', async () => {
    const t = await buildTestApp({ name: 'dead postgres', databaseUrl: process.env.DATABASE_URL });
    try {
      const tenant = await t.newTenant();
      // A second runtime on a port where nothing listens: every query fails to connect.
      const dead = await import('../../../src/adapters/database/postgres.js').then((m) => m.openPostgres('postgres://postgres@127.0.0.1:1/none'));
      const { ApiKeyAuthenticator } = await import('../../../src/modules/api-keys/authenticate-api-key.js');
      (t.runtime as { authenticator: unknown }).authenticator = new ApiKeyAuthenticator(dead.db, t.clock);
      const res = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.whoami, headers: t.auth(tenant.testKey) });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('service_unavailable');
      await dead.close();
    } finally {
      await t.close();
    }
  });
});

describe('S3 as the object store', () => {
  let s3: RunningS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3rver('fds-app');
    t = await buildTestApp(embedded, {
      env: { S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_REGION: s3.region, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('health checks the bucket, and reports it when the bucket is gone', async () => {
    expect((await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.health })).json().checks.objects).toBe('ok');
    await t.runtime.services.objects.put('probe/x.txt', Buffer.from('x'), { contentType: 'text/plain' });
    expect((await t.runtime.services.objects.get('probe/x.txt'))?.body.toString()).toBe('x');
    await s3.close();
    const res = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.health });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.objects).toBe('error');
  });
});
