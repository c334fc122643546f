/**
 * The node:http(s) webhook transport, black box, against real servers on 127.0.0.1: what arrives,
 * what comes back, redirects not followed, one time limit, a bounded answer, and SSRF refusals
 * (literal addresses before any connection, names at connect time through the Resolver port).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedResolver } from '../../src/adapters/resolver/fixed.js';
import { nodeHttpTransport, type NodeHttpTransportOptions } from '../../src/adapters/webhook-transport/node-http.js';
import type { WebhookTransport } from '../../src/ports/webhook-transport.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const USER_AGENT = 'freight-document-service-webhooks/test';
const body = '{"id":"evt_01JD0000000000000000000000","type":"shipment.issued","created_at":"2026-11-23T10:00:00.000Z","mode":"test","data":{"note":"Łódź € 🚚"}}';

const transports: WebhookTransport[] = [];
const receivers: WebhookReceiver[] = [];
const servers: Server[] = [];

/** Requests as for an endpoint created under WEBHOOK_ALLOW_PRIVATE_TARGETS: the transport's own switch decides. */
function transport(overrides: Partial<NodeHttpTransportOptions> = {}): WebhookTransport {
  const t = nodeHttpTransport({ resolver: fixedResolver(), allowPrivate: true, timeoutMs: 5_000, maxAnswerBytes: 4096, userAgent: USER_AGENT, ...overrides });
  transports.push(t);
  return { post: (request) => t.post({ privateTargets: true, ...request }), close: () => t.close() };
}

async function receiver(): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver();
  receivers.push(r);
  return r;
}

/** A raw server for answers the receiver helper cannot give (a body that never ends). */
async function rawServer(handler: Parameters<typeof createServer>[1]): Promise<{ port: number; connections: () => number }> {
  let connections = 0;
  const server = createServer(handler);
  server.on('connection', () => connections++);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, connections: () => connections };
}

afterEach(async () => {
  for (const t of transports.splice(0)) t.close();
  await Promise.all(receivers.splice(0).map((r) => r.close()));
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise<void>((resolve) => s.close(() => resolve()));
    }),
  );
});

describe('nodeHttpTransport, allowPrivate=true (local development)', () => {
  it('delivers the exact bytes with the given headers, JSON content type and user agent, and returns status and answer', async () => {
    const r = await receiver();
    r.respond(() => ({ status: 202, body: 'accepted, thanks' }));
    const t = transport();
    const outcome = await t.post({ url: r.url, headers: { 'webhook-signature': 't=1795000000,v1=abc123', 'webhook-id': 'evt_01JD0000000000000000000000' }, body });

    expect(outcome).toEqual({ status: 202, answer: 'accepted, thanks', durationMs: expect.any(Number) });
    expect(outcome.error).toBeUndefined();
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    expect(r.received).toHaveLength(1);
    const got = r.received[0]!;
    expect(got.path).toBe('/hooks');
    expect(got.raw.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(got.headers['webhook-signature']).toBe('t=1795000000,v1=abc123');
    expect(got.headers['webhook-id']).toBe('evt_01JD0000000000000000000000');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe(USER_AGENT);
    expect(got.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it('returns a 3xx as the status and does not follow the location', async () => {
    const second = await receiver();
    const first = await receiver();
    first.respond(() => ({ status: 302, headers: { location: second.url }, body: 'moved' }));
    const t = transport();
    const outcome = await t.post({ url: first.url, headers: {}, body });

    expect(outcome.status).toBe(302);
    expect(outcome.answer).toBe('moved');
    expect(outcome.error).toBeUndefined();
    expect(first.received).toHaveLength(1);
    // Give a follow-up request time to show up, had there been one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(second.received).toHaveLength(0);
    expect(second.connections).toBe(0);
  });

  it('gives up on a receiver that never answers after timeoutMs, with no status', async () => {
    const r = await receiver();
    r.respond(() => 'hang');
    const t = transport({ timeoutMs: 300 });
    const started = performance.now();
    const outcome = await t.post({ url: r.url, headers: {}, body });
    const took = performance.now() - started;

    expect(outcome.status).toBeUndefined();
    expect(outcome.answer).toBe('');
    expect(outcome.error).toMatch(/no answer within 0\.3 s/);
    expect(r.received).toHaveLength(1);
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(3000);
    expect(outcome.durationMs).toBeGreaterThanOrEqual(250);
  });

  it('counts an answer whose body never ends as a timeout: the limit covers reading the answer too', async () => {
    // Headers and a first chunk at once, then a trickle that never ends.
    const server = await rawServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first;');
        const trickle = setInterval(() => res.write('more;'), 50);
        res.on('close', () => clearInterval(trickle));
      });
    });
    const t = transport({ timeoutMs: 300 });
    const started = performance.now();
    const outcome = await t.post({ url: `http://127.0.0.1:${server.port}/hooks`, headers: {}, body });
    const took = performance.now() - started;

    // The transport reports the attempt as timed out, not the status it had already seen.
    expect(outcome.status).toBeUndefined();
    expect(outcome.answer).toBe('');
    expect(outcome.error).toMatch(/no answer within 0\.3 s/);
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(3000);
  });

  it('keeps exactly maxAnswerBytes of a large answer', async () => {
    const r = await receiver();
    r.respond(() => ({ status: 200, body: 'x'.repeat(100 * 1024) }));
    const t = transport({ maxAnswerBytes: 4096 });
    const outcome = await t.post({ url: r.url, headers: {}, body });

    expect(outcome.status).toBe(200);
    expect(outcome.error).toBeUndefined();
    expect(outcome.answer).toBe('x'.repeat(4096));
    expect(Buffer.byteLength(outcome.answer)).toBe(4096);
  });

  it('cuts a multi-byte UTF-8 answer mid-character without failing', async () => {
    const r = await receiver();
    // '€' is 3 bytes: 4096 bytes end one byte into the 1366th euro sign.
    r.respond(() => ({ status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: '€'.repeat(5000) }));
    const t = transport({ maxAnswerBytes: 4096 });
    const outcome = await t.post({ url: r.url, headers: {}, body });

    expect(outcome.status).toBe(200);
    expect(outcome.error).toBeUndefined();
    expect(outcome.answer.startsWith('€'.repeat(1365))).toBe(true);
    // The stray lead byte becomes at most one replacement character.
    expect(outcome.answer.slice(1365)).toMatch(/^\uFFFD?$/);
  });

  it('drops U+0000 from the answer', async () => {
    const r = await receiver();
    r.respond(() => ({ status: 400, body: 'bad\u0000 request\u0000' }));
    const t = transport();
    const outcome = await t.post({ url: r.url, headers: {}, body });

    expect(outcome.status).toBe(400);
    expect(outcome.answer).toBe('bad request');
  });

  it('resolves names through the Resolver port', async () => {
    const r = await receiver();
    const resolver = fixedResolver();
    resolver.set('hooks.customer.test', ['127.0.0.1']);
    const t = transport({ resolver });
    const outcome = await t.post({ url: `http://hooks.customer.test:${r.port}/hooks`, headers: {}, body });

    expect(outcome.error).toBeUndefined();
    expect(outcome.status).toBe(200);
    expect(r.received).toHaveLength(1);
    expect(r.received[0]!.headers.host).toBe(`hooks.customer.test:${r.port}`);
  });
});

describe('nodeHttpTransport, allowPrivate=false (production): SSRF refusals', () => {
  it.each([
    ['https://127.0.0.1:PORT/', '127.0.0.1'],
    ['https://[::1]:PORT/', '::1'],
    ['https://[::ffff:127.0.0.1]:PORT/', '::ffff:7f00:1'],
    ['https://10.0.0.1/', '10.0.0.1'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254'],
  ])('refuses the literal address in %s before connecting', async (template, address) => {
    const r = await receiver();
    const t = transport({ allowPrivate: false });
    const outcome = await t.post({ url: template.replace('PORT', String(r.port)), headers: {}, body });

    expect(outcome.status).toBeUndefined();
    expect(outcome.answer).toBe('');
    expect(outcome.error).toContain('not a public address');
    expect(outcome.error).toContain(address);
    expect(outcome.durationMs).toEqual(expect.any(Number));
    expect(r.connections).toBe(0);
  });

  it.each([
    [['127.0.0.1'], '127.0.0.1'],
    [['::ffff:127.0.0.1'], '::ffff:127.0.0.1'],
    [['10.1.2.3'], '10.1.2.3'],
    [['93.184.215.14', '127.0.0.1'], '127.0.0.1'],
    [['127.0.0.1', '93.184.215.14'], '127.0.0.1'],
  ])('refuses at connect time a name that resolves to %j', async (addresses, refused) => {
    const r = await receiver();
    const resolver = fixedResolver();
    resolver.set('name.example.test', addresses);
    let lookups = 0;
    const counting = { lookup: (host: string) => (lookups++, resolver.lookup(host)) };
    const t = transport({ allowPrivate: false, resolver: counting });
    const outcome = await t.post({ url: `https://name.example.test:${r.port}/`, headers: {}, body });

    expect(outcome.status).toBeUndefined();
    expect(outcome.answer).toBe('');
    expect(outcome.error).toMatch(/non-public address|not a public address/);
    expect(outcome.error).toContain(refused);
    expect(lookups).toBeGreaterThanOrEqual(1);
    expect(r.connections).toBe(0);
    expect(r.received).toHaveLength(0);
  });

  it('reports a name that does not resolve', async () => {
    const t = transport({ allowPrivate: false });
    const outcome = await t.post({ url: 'https://nowhere.example.test/hooks', headers: {}, body });

    expect(outcome.status).toBeUndefined();
    expect(outcome.error).toContain('nowhere.example.test does not resolve');
  });

  it('refuses plain http', async () => {
    const r = await receiver();
    const resolver = fixedResolver();
    resolver.set('hooks.customer.test', ['127.0.0.1']);
    const t = transport({ allowPrivate: false, resolver });
    const outcome = await t.post({ url: `http://hooks.customer.test:${r.port}/hooks`, headers: {}, body });

    expect(outcome.status).toBeUndefined();
    expect(outcome.error).toMatch(/only https/);
    expect(r.connections).toBe(0);
  });

  it('a permissive transport refuses private targets to a request not marked for them, even with a kept-alive socket to it open', async () => {
    const r = await receiver();
    const t = transport();
    expect((await t.post({ url: r.url, headers: {}, body })).status).toBe(200);
    // The same URL, for an endpoint not created under the switch: refused, though a kept-alive socket to it is open.
    const outcome = await t.post({ url: r.url, headers: {}, body, privateTargets: false });
    expect(outcome.status).toBeUndefined();
    expect(outcome.error).toContain('127.0.0.1 is not a public address; refused (the endpoint was not created under WEBHOOK_ALLOW_PRIVATE_TARGETS)');
    expect(r.received).toHaveLength(1);
  });

  it('reports an invalid URL instead of throwing', async () => {
    const t = transport({ allowPrivate: false });
    const outcome = await t.post({ url: 'not a url', headers: {}, body });

    expect(outcome.status).toBeUndefined();
    expect(outcome.error).toMatch(/not a valid URL/);
  });
});
