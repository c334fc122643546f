/**
 * Slow clients are cut off (docs/deploy.md, HTTP limits): a body that trickles in past
 * HTTP_REQUEST_TIMEOUT_MS is answered 408 `request_timeout` problem+json and its connection closed,
 * headers that trickle in past HTTP_HEADERS_TIMEOUT_MS likewise, a connection that sends nothing is
 * closed, and an idle keep-alive connection is closed after HTTP_KEEP_ALIVE_TIMEOUT_MS. The limits are
 * set small here; test/robustness/slow-clients.test.ts holds a thousand such sockets in `npm run soak`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { listeningTestApp } from '../../support/listening-app.js';
import { idleAfterRequest, trickle } from '../../support/slow-client.js';
import type { Tenant, TestApp } from '../../support/test-app.js';

const HEADERS_MS = 1000;
const REQUEST_MS = 2000;
const KEEP_ALIVE_MS = 1000;
const CHECK_MS = 200;
/** Timers and a loaded machine: how late a cut-off may come. */
const SLACK_MS = 1500;

describe.each(backends().slice(0, 1))('slow clients, on $name', (backend) => {
  let t: TestApp & { baseUrl: string };
  let tenant: Tenant;
  beforeAll(async () => {
    t = await listeningTestApp(backend, {
      env: {
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
        HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
        HTTP_TIMEOUT_CHECK_INTERVAL_MS: String(CHECK_MS),
      },
    });
    tenant = await t.newTenant();
  });
  afterAll(() => t.close());

  const post = (length: number) =>
    `POST /v1/shipments HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tenant.testKey}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  function expectTimeoutProblem(answer: { status: number; headers: Record<string, string>; body: string }) {
    expect(answer.status).toBe(408);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'request_timeout', status: 408, title: 'Request timeout' });
  }

  it('bodies trickling in on several sockets are answered 408 request_timeout within the request limit, and closed', async () => {
    const body = JSON.stringify({ reference: 'slow', note: 'x'.repeat(200) });
    const cutoffs = await Promise.all(Array.from({ length: 5 }, () => trickle(t.baseUrl, { head: post(body.length), body, intervalMs: 100, giveUpMs: 15_000 })));
    for (const c of cutoffs) {
      expectTimeoutProblem(c.answer);
      expect(c.afterMs).toBeGreaterThanOrEqual(REQUEST_MS - CHECK_MS);
      expect(c.afterMs).toBeLessThan(REQUEST_MS + CHECK_MS + SLACK_MS);
      expect(c.bytesSent).toBeLessThan(body.length);
    }
  });

  it('headers trickling in are answered 408 within the headers limit', async () => {
    const c = await trickle(t.baseUrl, { head: post(2), body: '{}', trickleHead: true, intervalMs: 50, giveUpMs: 15_000 });
    expectTimeoutProblem(c.answer);
    expect(c.afterMs).toBeLessThan(HEADERS_MS + CHECK_MS + SLACK_MS);
  });

  it('an idle keep-alive connection is closed after the keep-alive limit', async () => {
    const { status, idleMs } = await idleAfterRequest(t.baseUrl, `GET /v1/whoami HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tenant.testKey}\r\n\r\n`, 15_000);
    expect(status).toBe(200);
    expect(idleMs).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 100);
    expect(idleMs).toBeLessThan(KEEP_ALIVE_MS + 2 * SLACK_MS);
  });

  it('the app still answers, and holds none of those connections', async () => {
    const res = await fetch(`${t.baseUrl}/v1/whoami`, { headers: t.auth(tenant.testKey) });
    expect(res.status).toBe(200);
    const open = await new Promise<number>((resolve, reject) => t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    expect(open).toBeLessThanOrEqual(1);
  });
});
