/**
 * Deliveries over kept-alive connections: a receiver that closes idle connections
 * sooner than the service keeps them still gets every delivery on its first attempt, one attempt
 * each; a connection that fails without being reused fails its attempt as before.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { webhookSuite } from '../../support/webhook-suite.js';

const servers: Server[] = [];

/** A real Node receiver that answers 200; `drop` decides to close a connection on a request instead. */
async function nodeReceiver(keepAliveTimeout: number, drop: () => boolean = () => false) {
  const stats = { connections: 0, requests: 0 };
  const server = createServer((req, res) => {
    stats.requests++;
    if (drop()) {
      req.socket.destroy();
      return;
    }
    req.resume();
    // An explicit Connection header: no `Keep-Alive: timeout=1` hint, as behind many proxies.
    req.on('end', () => res.writeHead(200, { connection: 'keep-alive', 'content-type': 'text/plain' }).end('ok'));
  });
  server.keepAliveTimeout = keepAliveTimeout;
  server.on('connection', () => stats.connections++);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { stats, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}

afterAll(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise<void>((resolve) => s.close(() => resolve()));
    }),
  );
});

describe.each(backends())('webhook connections on $name', (backend) => {
  const s = webhookSuite(backend);

  it('a receiver with a 1 s keep-alive timeout: a delivery after 1.3 s of quiet succeeds on its first attempt, one attempt each', async () => {
    const r = await nodeReceiver(1_000);
    const endpoint = await s.hooks.endpoint({ url: r.url, events: ['shipment.created'] });
    await s.shipments.created(minimalShipment());
    expect(await s.deliverDue()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    await s.shipments.created(minimalShipment());
    expect(await s.deliverDue()).toBe(1);

    const { data } = await s.hooks.deliveries(`?endpoint_id=${endpoint.id}`);
    expect(data).toHaveLength(2);
    for (const d of data) {
      expect(d).toMatchObject({ status: 'succeeded', attempts: 1, response_status: 200 });
      const detail = await s.hooks.delivery(d.id);
      expect(detail.attempt_history).toEqual([expect.objectContaining({ number: 1, outcome: 'succeeded', response_status: 200, error: null })]);
    }
    expect(r.stats.requests).toBe(2);
  });

  it('a reused connection closed as the request goes out: sent again at once on a new one, recorded as one succeeded attempt', async () => {
    // The receiver drops the second request it sees: the first on a reused connection.
    let seen = 0;
    const r = await nodeReceiver(60_000, () => ++seen === 2);
    const endpoint = await s.hooks.endpoint({ url: r.url, events: ['shipment.created'] });
    await s.shipments.created(minimalShipment());
    expect(await s.deliverDue()).toBe(1);
    await s.shipments.created(minimalShipment());
    expect(await s.deliverDue()).toBe(1);

    const { data } = await s.hooks.deliveries(`?endpoint_id=${endpoint.id}`);
    for (const d of data) {
      const detail = await s.hooks.delivery(d.id);
      expect(detail).toMatchObject({ status: 'succeeded', attempts: 1 });
      expect(detail.attempt_history).toEqual([expect.objectContaining({ number: 1, outcome: 'succeeded', error: null })]);
    }
    expect(r.stats).toEqual({ connections: 2, requests: 3 });
  });

  it('a new connection that fails is a failed attempt, retried on the schedule', async () => {
    const r = await nodeReceiver(60_000, () => true);
    const endpoint = await s.hooks.endpoint({ url: r.url, events: ['shipment.created'] });
    await s.shipments.created(minimalShipment());
    expect(await s.deliverDue()).toBe(1);

    const [delivery] = (await s.hooks.deliveries(`?endpoint_id=${endpoint.id}`)).data;
    const detail = await s.hooks.delivery(delivery!.id);
    expect(detail).toMatchObject({ status: 'pending', attempts: 1, response_status: null });
    expect(new Date(detail.next_attempt_at!).getTime() - new Date(detail.last_attempt_at!).getTime()).toBe(60_000);
    expect(detail.attempt_history).toEqual([expect.objectContaining({ number: 1, outcome: 'failed', response_status: null, error: expect.stringMatching(/ECONNRESET|socket hang up/) })]);
    expect(r.stats).toEqual({ connections: 1, requests: 1 });
  });

  it('logs exactly the headers the service set on the request', async () => {
    await s.hooks.endpoint({ url: s.receiver.url, events: ['shipment.created'] });
    await s.shipments.created(minimalShipment());
    expect(await s.deliverDue()).toBe(1);
    const [sent] = await s.receiver.waitFor(1);
    const [delivery] = (await s.hooks.deliveries()).data;
    const detail = await s.hooks.delivery(delivery!.id);
    const set = ['content-type', 'service-signature', 'service-event-id', 'service-delivery-id'];
    expect(detail.request_headers).toEqual(Object.fromEntries(set.map((name) => [name, sent!.headers[name]])));
  });
});
