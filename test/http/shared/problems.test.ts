/** problem+json for every failure the shared request path produces, and its Dutch translation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../../src/core/errors.js';
import { backends } from '../../support/backends.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { FIXTURE_PATHS, fixtureRoutes, type FixtureState } from '../../support/fixture-routes.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';
import { declaredRoutes } from '../../../src/http/planned-routes.js';

describe.each(backends())('problem responses on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  const state: FixtureState = { created: 0, delayMs: 0, failures: 0 };
  beforeAll(async () => {
    t = await buildTestApp(backend, {
      // The declared routes left are console-only (a key gets `forbidden`), so one a key may call is declared here.
      plugins: [fixtureRoutes(state), (app) => declaredRoutes(app, [{ method: 'GET', url: '/v1/planned-thing', tag: 'test', summary: 'Planned', access: { scope: 'shipments:read' } }])],
    });
    tenant = await t.newTenant();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...t.auth(tenant.testKey), 'content-type': 'application/json', ...headers } });

  function expectProblem(res: { statusCode: number; headers: Record<string, unknown>; json(): any }, code: keyof typeof ERROR_CATALOGUE) {
    expect(res.statusCode).toBe(ERROR_CATALOGUE[code].status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = res.json();
    expect(body).toMatchObject({ code, status: ERROR_CATALOGUE[code].status, title: ERROR_CATALOGUE[code].title, type: `http://localhost:3000/docs/errors/${code}` });
    expect(body.request_id).toMatch(/^req_[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    expect(body.request_id).toBe(res.headers['request-id']);
    expect(Array.isArray(body.errors) && Array.isArray(body.warnings)).toBe(true);
    return body;
  }

  it('every response carries a req_ Request-Id, success too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/version' });
    expect(res.headers['request-id']).toMatch(/^req_/);
  });

  it('malformed_json: a body that is not JSON, or empty', async () => {
    expectProblem(await post(FIXTURE_PATHS.widgets, '{"name": '), 'malformed_json');
    expectProblem(await post(FIXTURE_PATHS.widgets, ''), 'malformed_json');
  });

  it('an empty application/json body is no body where the route takes none or may go without one', async () => {
    // Many HTTP clients send Content-Type: application/json on a bare POST.
    const draft = (await post('/v1/shipments', JSON.stringify(fullShipment()))).json();
    const issued = await post(`/v1/shipments/${draft.id}/issue`, '');
    expect(issued.statusCode).toBe(200);
    expect(issued.json().status).toBe('issued');
    const cancelled = await post(`/v1/shipments/${draft.id}/cancel`, '');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    // Where a body is required, empty stays malformed_json (above); broken JSON stays so everywhere.
    expectProblem(await post(`/v1/shipments/${draft.id}/cancel`, '{'), 'malformed_json');
  });

  it('unsupported_media_type: a body that is not application/json', async () => {
    expectProblem(await post(FIXTURE_PATHS.widgets, 'name=x', { 'content-type': 'application/x-www-form-urlencoded' }), 'unsupported_media_type');
  });

  it('payload_too_large: a body over the route limit', async () => {
    expectProblem(await post(FIXTURE_PATHS.small, JSON.stringify({ text: 'x'.repeat(100) })), 'payload_too_large');
    expectProblem(await post(FIXTURE_PATHS.widgets, JSON.stringify({ name: 'x'.repeat(1024 * 1024) })), 'payload_too_large');
  });

  it('validation_failed: one finding per field, with its JSON path, unknown fields refused', async () => {
    const body = expectProblem(await post(FIXTURE_PATHS.widgets, JSON.stringify({ name: 'much too long a name', count: '3', extra: 1 })), 'validation_failed');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '$.name', code: 'too_long', message: 'Must be at most 10 long.' }),
        expect.objectContaining({ path: '$.count', code: 'invalid_type' }),
        expect.objectContaining({ path: '$.extra', code: 'unknown_field' }),
      ]),
    );
    const missing = expectProblem(await post(FIXTURE_PATHS.widgets, '{}'), 'validation_failed');
    expect(missing.errors).toEqual([expect.objectContaining({ path: '$.name', code: 'required' })]);
  });

  it('invalid_id: an identifier of the wrong shape in the path or in the body', async () => {
    const path = await t.app.inject({ method: 'GET', url: '/v1/shipments/shp_nope', headers: t.auth(tenant.testKey) });
    expect(expectProblem(path, 'invalid_id').errors[0]).toMatchObject({ path: 'path.id', code: 'invalid_format' });
    const body = expectProblem(await post(FIXTURE_PATHS.widgets, JSON.stringify({ name: 'a', shipment_id: 'doc_123' })), 'invalid_id');
    expect(body.errors[0]).toMatchObject({ path: '$.shipment_id' });
  });

  it('bad_request: an unknown or out-of-range query parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/request-logs?limit=101&colour=red', headers: t.auth(tenant.testKey) });
    const body = expectProblem(res, 'bad_request');
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['query.colour', 'query.limit']);
  });

  it('U+0000, which the database cannot keep: bad_request in a query parameter, not_found in a name of the path, never a 500', async () => {
    const query = expectProblem(await t.app.inject({ method: 'GET', url: '/v1/shipments?reference=CMR%00-1', headers: t.auth(tenant.testKey) }), 'bad_request');
    expect(query.errors).toMatchObject([{ path: 'query.reference', code: 'invalid_characters' }]);
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/inspect/abc%00def' }), 'not_found');
    // An identifier of the wrong shape is still invalid_id, as above.
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/shipments/shp_a%00b', headers: t.auth(tenant.testKey) }), 'invalid_id');
  });

  it('not_found: an unknown route, with or without a key', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/nothing-here' }), 'not_found');
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/nothing-here', headers: t.auth(tenant.testKey) }), 'not_found');
  });

  it('not_implemented: a declared route that is not built yet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/planned-thing', headers: t.auth(tenant.testKey) });
    expect(expectProblem(res, 'not_implemented').detail).toContain('GET /v1/planned-thing');
  });

  it('internal_error: an unexpected exception leaks nothing internal', async () => {
    const res = await t.app.inject({ method: 'GET', url: FIXTURE_PATHS.boom, headers: t.auth(tenant.testKey) });
    const body = expectProblem(res, 'internal_error');
    expect(res.body).not.toMatch(/hunter2|secret\.ts|at \//);
    expect(body.detail).toContain('request_id');
  });

  it('Accept-Language: nl translates the title and the finding messages', async () => {
    const res = await post(FIXTURE_PATHS.widgets, '{}', { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.5' });
    expect(res.json()).toMatchObject({ code: 'validation_failed', title: 'Validatie mislukt' });
    expect(res.json().errors[0].message).toBe('Het veld name is verplicht.');
    const en = await post(FIXTURE_PATHS.widgets, '{}', { 'accept-language': 'de, en;q=0.8, nl;q=0.5' });
    expect(en.json().title).toBe('Validation failed');
  });

  it('service_unavailable: a draining process refuses new requests', async () => {
    t.runtime.startDraining();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/v1/version' });
      expectProblem(res, 'service_unavailable');
      expect(res.headers['retry-after']).toBe('1');
    } finally {
      (t.runtime as unknown as { isDraining: () => boolean }).isDraining = () => false;
    }
  });
});
