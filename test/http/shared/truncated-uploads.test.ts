/**
 * A multipart upload that stops short — a dropped phone connection sends the file without its
 * closing boundary — is a 400 problem on every multipart route, never an uncaught exception: the
 * bytes go over a real socket to a listening app, cut in the file, in a part's headers and in the
 * closing boundary, each framed three ways (a Content-Length that matches the cut body, chunked, and a
 * Content-Length the client never fills before it closes its side), and the app still answers afterwards.
 * The routes come from the OpenAPI document, so a multipart route added later is covered too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { listeningTestApp } from '../../support/listening-app.js';
import { idPrefixOf, operationsOf, servedOpenApi, urlOf, type Operation } from '../../support/openapi-operations.js';
import { openSocket, rawExchange, readAnswer } from '../../support/raw-http.js';
import type { Tenant, TestApp } from '../../support/test-app.js';

const BOUNDARY = 'cutboundary7MA4YWxkTrZu0gW';
const FILE = `%PDF-1.4\n${'x'.repeat(4000)}\n%%EOF\n`;
const WHOLE =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nattachment\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="note.pdf"\r\nContent-Type: application/pdf\r\n\r\n${FILE}\r\n` +
  `--${BOUNDARY}--\r\n`;

/** Where the body stops: each is a prefix of WHOLE. */
const CUTS: Record<string, string> = {
  'in the file (no closing boundary)': WHOLE.slice(0, WHOLE.indexOf(FILE) + FILE.length - 100),
  'after the file, before the closing boundary': WHOLE.slice(0, WHOLE.indexOf(FILE) + FILE.length),
  "in a part's headers": WHOLE.slice(0, WHOLE.indexOf('name="file"') + 8),
  'in the closing boundary': WHOLE.slice(0, WHOLE.lastIndexOf(`--${BOUNDARY}--`) + 12),
};

const FRAMINGS = ['content-length', 'chunked'] as const;

/** A well-formed id of each path parameter's kind: the body is read before the route looks the id up. */
function pathValues(op: Operation): Record<string, string> {
  return Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, `${idPrefixOf(p.schema) ?? 'x'}_0${'1'.repeat(25)}`]));
}

describe.each(backends().slice(0, 1))('truncated multipart bodies, on $name', (backend) => {
  let t: TestApp & { baseUrl: string };
  let tenant: Tenant;
  let multipart: Operation[];
  // Vitest survives an uncaught exception where the service's process would die: count them here.
  const escaped: Error[] = [];
  const monitor = (error: Error) => escaped.push(error);
  beforeAll(async () => {
    process.on('uncaughtExceptionMonitor', monitor);
    t = await listeningTestApp(backend);
    tenant = await t.newTenant();
    multipart = operationsOf(await servedOpenApi(t)).filter((op) => op.body && 'multipart/form-data' in op.body.content);
  });
  afterAll(async () => {
    process.off('uncaughtExceptionMonitor', monitor);
    await t.close();
  });

  function request(op: Operation, framing: 'content-length' | 'chunked' | 'promised', body: string): string {
    if (!op.keyed) throw new Error(`${op.operationId}: teach this test the credential of a multipart route without an API key`);
    const head =
      `${op.method} ${urlOf(op, pathValues(op))} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
      `Authorization: Bearer ${tenant.testKey}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n`;
    if (framing === 'chunked') return `${head}Transfer-Encoding: chunked\r\n\r\n${Buffer.byteLength(body, 'latin1').toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const length = framing === 'promised' ? Buffer.byteLength(WHOLE, 'latin1') : Buffer.byteLength(body, 'latin1');
    return `${head}Content-Length: ${length}\r\n\r\n${body}`;
  }

  const stillAnswers = async () => {
    const res = await fetch(`${t.baseUrl}/v1/whoami`, { headers: t.auth(tenant.testKey) });
    expect(res.status).toBe(200);
    expect(escaped.splice(0).map((e) => e.message)).toEqual([]);
  };

  it('the document has multipart routes to try', () => {
    expect(multipart.map((op) => op.operationId)).toContain('uploadShipmentDocument');
  });

  for (const [cut, body] of Object.entries(CUTS)) {
    for (const framing of FRAMINGS) {
      it(`cut ${cut}, framed by ${framing}: 400 problem+json on every multipart route, and the app still answers`, async () => {
        for (const op of multipart) {
          const res = await rawExchange(t.baseUrl, Buffer.from(request(op, framing, body), 'latin1'));
          expect(res.status, `${op.operationId}: ${res.body}`).toBe(400);
          expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
          expect(JSON.parse(res.body)).toMatchObject({ code: 'bad_request', status: 400 });
        }
        await stillAnswers();
      });
    }

    it(`cut ${cut}, the client closing its side before the promised length: no crash, and the app still answers`, async () => {
      for (const op of multipart) {
        const socket = await openSocket(t.baseUrl);
        const answer = readAnswer(socket);
        socket.end(Buffer.from(request(op, 'promised', body), 'latin1'));
        const res = await answer;
        // The request never completed: a 400 if the service could still write one, else a closed connection.
        if (res.status !== 0) expect(res.status).toBe(400);
      }
      await stillAnswers();
    });
  }
});
