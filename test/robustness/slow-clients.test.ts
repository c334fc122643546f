/**
 * Many slow clients at once (docs/deploy.md, HTTP limits): sockets that send one byte every
 * SLOW_INTERVAL_MS — half of them trickling their headers, half a body after whole headers — and
 * sockets left idle after a keep-alive request. Each must be closed by the service within its limit
 * (plus Node's check interval and some slack for a loaded machine), the app must answer others
 * meanwhile, and afterwards the process holds no more connections or file descriptors than before.
 *
 * SLOW_SOCKETS and SLOW_INTERVAL_MS scale it: CI runs a few sockets a byte every 500 ms; `npm run
 * soak` runs 1,000 sockets a byte every 5 s against a 15 s request limit. Loopback only.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { listeningTestApp } from '../support/listening-app.js';
import { idleAfterRequest, trickle, type Cutoff } from '../support/slow-client.js';
import type { Tenant, TestApp } from '../support/test-app.js';

const SOCKETS = Number(process.env.SLOW_SOCKETS ?? 12);
const INTERVAL_MS = Number(process.env.SLOW_INTERVAL_MS ?? 500);
/** Three bytes' time: a client this slow is cut off after sending a few bytes. */
const REQUEST_MS = Math.max(3 * INTERVAL_MS, 2000);
const KEEP_ALIVE_MS = 1000;
const CHECK_MS = 250;
const SLACK_MS = 3000 + SOCKETS * 5;
const OPEN_BATCH = 100;

const openFiles = () => readdirSync('/proc/self/fd').length;
const connections = (t: TestApp) => new Promise<number>((resolve, reject) => t.app.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));

describe.each(backends().slice(0, 1))(`${SOCKETS} slow sockets, one byte every ${INTERVAL_MS} ms, on $name`, (backend) => {
  let t: TestApp & { baseUrl: string };
  let tenant: Tenant;
  beforeAll(async () => {
    t = await listeningTestApp(backend, {
      env: {
        HTTP_HEADERS_TIMEOUT_MS: String(REQUEST_MS),
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
        HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
        HTTP_TIMEOUT_CHECK_INTERVAL_MS: String(CHECK_MS),
        // A thousand requests of one key within a second would otherwise be refused 429 before their bodies.
        RATE_LIMIT_REQUESTS: '1000000',
      },
    });
    tenant = await t.newTenant();
    // Warm the paths the clients take, so that lazily opened files do not count as leaks.
    await fetch(`${t.baseUrl}/v1/whoami`, { headers: t.auth(tenant.testKey) });
  });
  afterAll(() => t.close());

  it('each is closed past the limit, the app answers meanwhile, and connections and file descriptors return to where they were', { timeout: REQUEST_MS * 4 + SLACK_MS * 4 + 60_000 }, async () => {
    const baseline = openFiles();
    const body = JSON.stringify({ reference: 'slow', note: 'x'.repeat(100) });
    const head = `POST /v1/shipments HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tenant.testKey}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const giveUpMs = REQUEST_MS * 3 + SLACK_MS;
    const pending: Promise<Cutoff>[] = [];
    for (let i = 0; i < SOCKETS; i++) {
      pending.push(trickle(t.baseUrl, { head, body, intervalMs: INTERVAL_MS, trickleHead: i % 2 === 0, giveUpMs }));
      if (i % OPEN_BATCH === OPEN_BATCH - 1) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const idle = Array.from({ length: Math.max(2, Math.ceil(SOCKETS / 10)) }, () =>
      idleAfterRequest(t.baseUrl, `GET /v1/whoami HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tenant.testKey}\r\n\r\n`, KEEP_ALIVE_MS + SLACK_MS * 2),
    );

    const started = Date.now();
    const meanwhile = await fetch(`${t.baseUrl}/v1/whoami`, { headers: t.auth(tenant.testKey) });
    expect(meanwhile.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(SLACK_MS);

    const peakFiles = openFiles();
    const cutoffs = await Promise.all(pending);
    console.log(
      `slow clients: ${SOCKETS} sockets, request limit ${REQUEST_MS} ms; closed after ${Math.min(...cutoffs.map((c) => c.afterMs))}–${Math.max(...cutoffs.map((c) => c.afterMs))} ms, ` +
        `${cutoffs.filter((c) => c.answer.status === 408).length} answered 408; open files ${baseline} before, ${peakFiles} while open, ${openFiles()} after`,
    );
    const late = cutoffs.filter((c) => c.afterMs > REQUEST_MS + CHECK_MS + SLACK_MS);
    expect(late.map((c) => c.afterMs)).toEqual([]);
    // Answered 408 where the service could still write, else simply closed.
    expect(cutoffs.filter((c) => c.answer.status !== 408 && c.answer.status !== 0).map((c) => c.answer.status)).toEqual([]);
    expect(cutoffs.filter((c) => c.answer.status === 408).length).toBeGreaterThan(SOCKETS / 2);
    for (const { status, idleMs } of await Promise.all(idle)) {
      expect(status).toBe(200);
      expect(idleMs).toBeLessThan(KEEP_ALIVE_MS + SLACK_MS);
    }

    // Closed sockets are released as the event loop turns: give it a moment, not a fixed sleep.
    for (let i = 0; i < 50 && ((await connections(t)) > 0 || openFiles() > baseline + 2); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await connections(t)).toBe(0);
    expect(openFiles()).toBeLessThanOrEqual(baseline + 2);
  });
});
