/**
 * A body nested thousands of levels deep is refused as 400 malformed_json before any walk of it, on
 * every operation that takes a JSON body (read from openapi.json, so a new route is covered),
 * keyless sign routes included, for both JSON media types. It used to exhaust the stack in the
 * storable-text check and answer 500 internal_error.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../../src/core/json-depth.js';
import { backends } from '../../support/backends.js';
import { botcheckHeaders } from '../../support/botcheck.js';
import { consoleSessionHeaders } from '../../support/console-session.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { signLinksApi } from '../../support/sign-links-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

type Method = 'POST' | 'PUT' | 'PATCH';
// The committed document, which a test in system.test.ts keeps equal to the generated one.
const openapi = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8')) as { paths: unknown };
const operations = Object.entries(openapi.paths as Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>).flatMap(([path, ops]) =>
  Object.entries(ops).flatMap(([method, op]) =>
    Object.keys(op.requestBody?.content ?? {})
      .filter((type) => type.endsWith('json'))
      .map((type) => ({ method: method.toUpperCase() as Method, url: path.replace(/\{(?!token\})[^}]+\}/g, 'x'), type })),
  ),
);
const nested = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

describe.each(backends().slice(0, 1))('JSON nested too deep on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  // Sign routes judge their token before the body (a 404 for a token of nothing): give them a live link.
  let token: string;
  // Driver routes judge the driver session before the body: give them one.
  let driverToken: string;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    token = (await signLinksApi(t, tenant).link(shipment.id, { role: 'consignor' })).token;
    const phone = `+3162${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const tour = { name: 'Deep', date: '2026-12-01', driver: { name: 'Deep Driver', phone }, stops: [{ shipment_id: shipment.id, kind: 'pickup' }] };
    await t.app.inject({ method: 'POST', url: '/v1/tours', headers: t.auth(tenant.testKey), payload: tour });
    driverToken = (await t.app.inject({ method: 'POST', url: '/v1/test/driver-sessions', headers: t.auth(tenant.testKey), payload: { phone } })).json().token;
  });
  afterAll(() => t.close());

  it('covers every operation that takes a JSON body', () => {
    expect(operations.length).toBeGreaterThanOrEqual(19);
    expect(operations.some((o) => o.url.startsWith('/v1/sign/'))).toBe(true);
    expect(operations.some((o) => o.type === 'application/merge-patch+json')).toBe(true);
  });

  it.each(operations)('$method $url ($type): 2,000 levels answer 400 malformed_json as problem+json', async ({ method, url, type }) => {
    // The public doors judge the bot check, and console routes the session, before the body: pass
    // them, so the body is what is judged.
    const door = url.startsWith('/v1/public/') ? await botcheckHeaders(t.app) : {};
    const credentials = url.startsWith('/v1/auth/') ? await consoleSessionHeaders(t) : url.startsWith('/v1/driver/') ? { authorization: `Bearer ${driverToken}` } : t.auth(tenant.testKey);
    const res = await t.app.inject({ method, url: url.replace('{token}', token), payload: nested(2000), headers: { ...credentials, ...door, 'content-type': type } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = res.json();
    expect(body).toMatchObject({ code: 'malformed_json', status: 400 });
    expect(body.detail).toContain(String(MAX_JSON_DEPTH));
    expect(body.request_id).toBe(res.headers['request-id']);
  });

  it('the limit itself passes the parser: a body at the limit is judged by the route, one level more is not', async () => {
    const at = await t.app.inject({ method: 'POST', url: '/v1/shipments/validate', payload: nested(MAX_JSON_DEPTH), headers: { ...t.auth(tenant.testKey), 'content-type': 'application/json' } });
    expect(at.statusCode).not.toBe(400);
    expect(at.statusCode).toBeLessThan(500);
    const over = await t.app.inject({ method: 'POST', url: '/v1/shipments/validate', payload: nested(MAX_JSON_DEPTH + 1), headers: { ...t.auth(tenant.testKey), 'content-type': 'application/json' } });
    expect(over.json().code).toBe('malformed_json');
  });
});
