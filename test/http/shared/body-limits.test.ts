/**
 * A body over a route's limit is answered 413 `payload_too_large` problem+json on every route: every
 * route of the app's route table (documented or not, with or without a body of its own) refuses a
 * declared Content-Length over its limit before anything else, whoever sends it; and every documented
 * operation that takes a body refuses one streamed without a declared length (chunked) once it has read
 * past the limit, in the media type it documents. Over real sockets to a listening app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { listeningTestApp } from '../../support/listening-app.js';
import { idPrefixOf, operationsOf, servedOpenApi, urlOf, type Operation } from '../../support/openapi-operations.js';
import { rawExchange, streamUntilAnswered, type RawAnswer } from '../../support/raw-http.js';
import { routeTable } from '../../support/route-table.js';
import type { Tenant, TestApp } from '../../support/test-app.js';

/** Over every route's limit (the largest, an upload's, is 20 MiB and some framing). */
const DECLARED = 1024 * 1024 * 1024;
const STREAM_CAP = 64 * 1024 * 1024;

describe.each(backends().slice(0, 1))('body limits on every route, on $name', (backend) => {
  let t: TestApp & { baseUrl: string };
  let tenant: Tenant;
  beforeAll(async () => {
    t = await listeningTestApp(backend);
    tenant = await t.newTenant();
  });
  afterAll(() => t.close());

  function expectTooLarge(method: string, url: string, res: RawAnswer) {
    expect(res.status, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(413);
    expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/problem\+json/);
    expect(res.headers['request-id'], `${method} ${url}`).toMatch(/^req_/);
    if (method !== 'HEAD') expect(JSON.parse(res.body), `${method} ${url}`).toMatchObject({ code: 'payload_too_large', status: 413, request_id: res.headers['request-id'] });
  }

  it('a declared Content-Length over the limit is 413 payload_too_large on every route of the route table', async () => {
    const routes = routeTable(t.app);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes).toContainEqual({ method: 'POST', url: '/v1/driver-sessions/:id/revoke' });
    for (const { method, url } of routes) {
      const path = url.replace(/:[a-z_]+/g, 'x1').replace(/\*$/, 'x');
      const res = await rawExchange(t.baseUrl, `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${DECLARED}\r\n\r\n`);
      expectTooLarge(method, url, res);
    }
  });

  it('a 2 MB body to POST /v1/driver-sessions/{id}/revoke is answered 413', async () => {
    const body = 'x'.repeat(2 * 1024 * 1024);
    const res = await fetch(`${t.baseUrl}/v1/driver-sessions/drs_0${'1'.repeat(25)}/revoke`, { method: 'POST', headers: { ...t.auth(tenant.testKey), 'content-type': 'application/json' }, body });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('a body streamed without a declared length is 413 once read past the limit, on every documented operation that takes one', async () => {
    const withBody = operationsOf(await servedOpenApi(t)).filter((op: Operation) => op.body);
    expect(withBody.length).toBeGreaterThan(40);
    for (const op of withBody) {
      const type = Object.keys(op.body!.content)[0]!;
      const contentType = type === 'multipart/form-data' ? `${type}; boundary=limitsboundary` : type;
      const values = Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, `${idPrefixOf(p.schema) ?? 'x'}_0${'1'.repeat(25)}`]));
      const url = urlOf(op, values);
      const head =
        `${op.method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: ${contentType}\r\nTransfer-Encoding: chunked\r\n` +
        `${op.keyed ? `Authorization: Bearer ${tenant.testKey}\r\n` : ''}\r\n`;
      const res = await streamUntilAnswered(t.baseUrl, head, Buffer.alloc(64 * 1024, 'x'), STREAM_CAP);
      // Without a credential of their own (a console session, a driver session, a solved bot check, a
      // sign link that exists), routes refuse the request before reading its body: their documented 401, 403 or 404.
      if (!op.keyed && [401, 403, 404].includes(res.status)) {
        expect(op.statuses, `${op.operationId} answered an undocumented ${res.status}`).toContain(res.status);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        continue;
      }
      expectTooLarge(op.method, op.path, res);
    }
  });
});
