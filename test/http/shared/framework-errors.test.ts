/**
 * Errors raised before any route runs are problem+json with a catalogue code and a Request-Id, like
 * every other error: an over-long path id (Fastify answered 414 FST_ERR_MAX_PARAM_LENGTH echoing the
 * path), a broken percent-escape (400 FST_ERR_BAD_URL), a request line over Node's 16 KB (431) and
 * bytes that are not HTTP (400 "Client Error"), the last two read from a real socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { listeningTestApp } from '../../support/listening-app.js';
import { rawExchange } from '../../support/raw-http.js';
import type { Tenant, TestApp } from '../../support/test-app.js';

describe.each(backends().slice(0, 1))('errors before any route runs, on $name', (backend) => {
  let t: TestApp & { baseUrl: string };
  let tenant: Tenant;
  beforeAll(async () => {
    t = await listeningTestApp(backend);
    tenant = await t.newTenant();
  });
  afterAll(() => t.close());

  function expectProblem(status: number, headers: Record<string, unknown>, body: Record<string, unknown>, code: string) {
    expect(status).toBe(400);
    expect(headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(body).toMatchObject({ code, status: 400, type: `${t.baseUrl}/docs/errors/${code}`, warnings: [] });
    expect(Array.isArray(body.errors)).toBe(true);
    expect(body.request_id).toMatch(/^req_[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    expect(headers['request-id']).toBe(body.request_id);
  }

  it('a 300-character id is judged by the id check: invalid_id, without the path echoed', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/shipments/shp_${'A'.repeat(296)}`, headers: t.auth(tenant.testKey) });
    expectProblem(res.statusCode, res.headers, res.json(), 'invalid_id');
    expect(res.json().errors).toMatchObject([{ path: 'path.id', code: 'invalid_format' }]);
    expect(res.body).not.toContain('A'.repeat(100));
  });

  it('an absurdly long path parameter stops at the router, as invalid_id too', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/shipments/${'A'.repeat(5000)}`, headers: t.auth(tenant.testKey) });
    expectProblem(res.statusCode, res.headers, res.json(), 'invalid_id');
    expect(res.body).not.toContain('A'.repeat(100));
  });

  it('a broken percent-escape in the path is bad_request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/shipments/%E0%A4%A', headers: t.auth(tenant.testKey) });
    expectProblem(res.statusCode, res.headers, res.json(), 'bad_request');
  });

  it('a query string over 16 KB is bad_request, read from a real socket', async () => {
    const res = await rawExchange(t.baseUrl, `GET /v1/shipments?reference=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectProblem(res.status, res.headers, JSON.parse(res.body), 'bad_request');
    expect(res.body).toContain('16 KB');
  });

  it('bytes that are not HTTP are bad_request', async () => {
    const res = await rawExchange(t.baseUrl, 'HELLO THERE\r\n\r\n');
    expectProblem(res.status, res.headers, JSON.parse(res.body), 'bad_request');
  });
});
