/** Draining: a request in flight finishes; a request arriving on an open connection gets 503. */
import { request as httpRequest, Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { FIXTURE_PATHS, fixtureRoutes, type FixtureState } from '../../support/fixture-routes.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

function call(base: string, agent: Agent, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers, agent }, (res) => {
      let data = '';
      res.on('data', (d) => (data += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('graceful shutdown', () => {
  let t: TestApp;
  const state: FixtureState = { created: 0, delayMs: 0, failures: 0 };
  beforeAll(async () => {
    t = await buildTestApp(backends()[0]!, { plugins: [fixtureRoutes(state)] });
  });
  afterAll(() => t.runtime.close());

  it('finishes in-flight requests, refuses new ones with 503, then closes', async () => {
    const tenant = await t.newTenant();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { ...t.auth(tenant.testKey), 'content-type': 'application/json' };
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    // Open a kept-alive connection first, so a request can still arrive after listening stops.
    expect((await call(base, keepAlive, 'GET', '/v1/version', {})).status).toBe(200);
    state.delayMs = 500;
    const slowAgent = new Agent({ keepAlive: false });
    const inFlight = call(base, slowAgent, 'POST', FIXTURE_PATHS.widgets, headers, JSON.stringify({ name: 'late' }));
    await new Promise((r) => setTimeout(r, 100));
    t.runtime.startDraining();
    const closed = t.app.close();
    const refused = await call(base, keepAlive, 'GET', '/v1/version', {}).catch((e: Error) => ({ status: 0, body: e.message }));
    expect([503, 0]).toContain(refused.status);
    if (refused.status === 503) expect(JSON.parse(refused.body).code).toBe('service_unavailable');
    const done = await inFlight;
    expect(done.status).toBe(201);
    await closed;
    keepAlive.destroy();
    slowAgent.destroy();
  });
});
