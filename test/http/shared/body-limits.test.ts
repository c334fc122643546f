/**
 * A body over a route's limit is answered 413 `payload_too_large` problem+json on every route: every
 * route of the app's route table (documented or not, with or without a body of its own) refuses a
 * declared Content-Length over its limit before anything else, whoever sends it; and every documented
 * operation that takes a body refuses one streamed without a declared length (chunked) once it has read
 * past the limit, in the media type it documents. Over real sockets to a listening app.
 */
import { connect, type Socket } from 'node:net';
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
  it('a client still sending after its 413 reads the answer whole, meets no reset, and the connection closes when it stops', async () => {
    // RFC 9112 §9.6: the service half-closes and discards the rest, instead of resetting a connection that is still receiving.
    // Half-open allowed, as a client writing a body does: the service's FIN ends its answer, not the upload.
    const { port } = new URL(t.baseUrl);
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true }, () => resolve(s)).once('error', reject);
    });
    const errors: string[] = [];
    socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.write(`POST /v1/shipments/shp_0${'1'.repeat(25)}/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/pdf\r\nTransfer-Encoding: chunked\r\nAuthorization: Bearer ${tenant.testKey}\r\n\r\n`);
    const frame = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 'x'), Buffer.from('\r\n')]);
    const send = async () => {
      if (socket.write(frame)) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          socket.off('drain', done).off('close', done);
          resolve();
        };
        socket.on('drain', done).on('close', done);
      });
    };
    while (text === '' && !socket.destroyed) {
      await send();
    }
    // The answer is in; the client goes on sending for a moment, as a client writing a large upload does.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < 8 && !socket.destroyed; i++) {
      await send();
    }
    expect(socket.destroyed, 'the service closed the connection while the client was still sending').toBe(false);
    socket.end('0\r\n\r\n');
    await closed;
    expect(errors).toEqual([]);
    const head = text.slice(0, text.indexOf('\r\n\r\n'));
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head.toLowerCase()).toContain('connection: close');
  });
});
