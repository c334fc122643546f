/**
 * Kept-alive connections of the node:http(s) webhook transport: an idle connection is
 * closed before common receivers close it; a reused connection the receiver closes as the request
 * goes out is replaced at once by a new one, within the same attempt and through the same address
 * checks; a new connection that fails is a failure, sent once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedResolver } from '../../src/adapters/resolver/fixed.js';
import { nodeHttpTransport, type NodeHttpTransportOptions } from '../../src/adapters/webhook-transport/node-http.js';
import type { WebhookTransport } from '../../src/ports/webhook-transport.js';

const body = '{"id":"evt_01JD0000000000000000000000","type":"shipment.issued"}';
const transports: WebhookTransport[] = [];
const servers: Server[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Requests as for an endpoint created under WEBHOOK_ALLOW_PRIVATE_TARGETS: the transport's own switch decides. */
function transport(overrides: Partial<NodeHttpTransportOptions> = {}): WebhookTransport {
  const t = nodeHttpTransport({ resolver: fixedResolver(), allowPrivate: true, timeoutMs: 5_000, maxAnswerBytes: 4096, userAgent: 'test', ...overrides });
  transports.push(t);
  return { post: (request) => t.post({ privateTargets: true, ...request }), close: () => t.close() };
}

/**
 * A receiver that answers 200, or drops the connection when `drop(n)` says so for the n-th request
 * (from 1) of a connection, without a byte of answer. It announces no Keep-Alive timeout, as many
 * servers and proxies do not.
 */
async function receiver(drop: (nthOnConnection: number) => boolean = () => false) {
  const stats = { connections: 0, requests: 0, answered: 0 };
  const perSocket = new WeakMap<Socket, number>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    stats.requests++;
    const n = (perSocket.get(req.socket) ?? 0) + 1;
    perSocket.set(req.socket, n);
    if (drop(n)) {
      req.socket.destroy();
      return;
    }
    req.resume();
    req.on('end', () => {
      stats.answered++;
      // An explicit Connection header: Node then sends no `Keep-Alive: timeout=` hint.
      res.writeHead(200, { connection: 'keep-alive', 'content-length': '2' }).end('ok');
    });
  });
  server.keepAliveTimeout = 60_000;
  server.on('connection', () => stats.connections++);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, stats, port: (server.address() as AddressInfo).port, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}

afterEach(async () => {
  for (const t of transports.splice(0)) t.close();
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise<void>((resolve) => s.close(() => resolve()));
    }),
  );
});

describe('nodeHttpTransport: kept-alive connections', () => {
  it('reuses a connection while it is busy, and closes it once idle for idleSocketMs', async () => {
    const r = await receiver();
    const t = transport({ idleSocketMs: 200 });
    expect((await t.post({ url: r.url, headers: {}, body })).status).toBe(200);
    expect((await t.post({ url: r.url, headers: {}, body })).status).toBe(200);
    expect(r.stats.connections).toBe(1);
    await sleep(400);
    expect((await t.post({ url: r.url, headers: {}, body })).status).toBe(200);
    expect(r.stats.connections).toBe(2);
  });

  it('waits for an answer slower than idleSocketMs: the idle limit is for free connections only', async () => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => setTimeout(() => res.writeHead(200, { 'content-length': '4' }).end('slow'), 500));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const t = transport({ idleSocketMs: 100 });
    const outcome = await t.post({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, headers: {}, body });

    expect(outcome).toEqual({ status: 200, answer: 'slow', durationMs: expect.any(Number) });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(450);
  });

  it('sends again at once on a new connection when a reused one is closed as the request goes out: one outcome, answered', async () => {
    // The second request of every connection finds it closed by the receiver.
    const r = await receiver((n) => n === 2);
    const t = transport();
    expect((await t.post({ url: r.url, headers: {}, body })).status).toBe(200);
    const outcome = await t.post({ url: r.url, headers: {}, body });

    expect(outcome).toEqual({ status: 200, answer: 'ok', durationMs: expect.any(Number) });
    expect(r.stats).toEqual({ connections: 2, requests: 3, answered: 2 });
  });

  it('looks the name up again for the new connection, through the checked lookup', async () => {
    const r = await receiver((n) => n === 2);
    const resolver = fixedResolver();
    resolver.set('hooks.customer.test', ['127.0.0.1']);
    let lookups = 0;
    const t = transport({ resolver: { lookup: (host: string) => (lookups++, resolver.lookup(host)) } });
    const url = `http://hooks.customer.test:${r.port}/hooks`;
    expect((await t.post({ url, headers: {}, body })).status).toBe(200);
    expect(lookups).toBe(1);
    expect((await t.post({ url, headers: {}, body })).status).toBe(200);
    expect(lookups).toBe(2);
    expect(r.stats.connections).toBe(2);
  });

  it('fails, without sending again, when a new connection is closed before any answer', async () => {
    const r = await receiver(() => true);
    const t = transport();
    const outcome = await t.post({ url: r.url, headers: {}, body });

    expect(outcome.status).toBeUndefined();
    expect(outcome.error).toMatch(/ECONNRESET|socket hang up/);
    expect(r.stats).toEqual({ connections: 1, requests: 1, answered: 0 });
  });

  it('sends again only once: a reused connection closed, then the new one closed too, fails the attempt', async () => {
    // Every request after the first of all finds its connection closed.
    let first = true;
    const r = await receiver(() => (first ? ((first = false), false) : true));
    const t = transport();
    expect((await t.post({ url: r.url, headers: {}, body })).status).toBe(200);
    const outcome = await t.post({ url: r.url, headers: {}, body });

    expect(outcome.status).toBeUndefined();
    expect(outcome.error).toMatch(/ECONNRESET|socket hang up/);
    expect(r.stats).toEqual({ connections: 2, requests: 3, answered: 1 });
  });
});
