/**
 * The render queue shared between organisations and clients, through the API (one render thread,
 * test/support/test-render-worker.ts logging every job it starts): an issue whose client closed
 * its connection while the issue waited for the thread is dropped from the queue — never rendered,
 * nothing stored — and one organisation issuing many notes at once keeps another organisation's
 * issue waiting for one render only, not for all of theirs.
 */
import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkerRenderPool } from '../../../src/adapters/pdf-renderer/worker-pool.js';
import { backends } from '../../support/backends.js';
import { listeningTestApp } from '../../support/listening-app.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import type { Tenant, TestApp } from '../../support/test-app.js';
import { TEST_RENDER_CHANNEL, TEST_RENDER_LOG_CHANNEL, TEST_RENDER_WORKER_URL } from '../../support/test-render-channel.js';

describe.each(backends())('the render queue shared on $name', (backend) => {
  let t: TestApp & { baseUrl: string };
  let slow: BroadcastChannel;
  let log: BroadcastChannel;
  let started: string[] = [];
  beforeAll(async () => {
    t = await listeningTestApp(backend, { env: { RENDER_THREADS: '1', RENDER_QUEUE: '20', RATE_LIMIT_REQUESTS: '1000000' }, renderWorkerUrl: TEST_RENDER_WORKER_URL });
    slow = new BroadcastChannel(TEST_RENDER_CHANNEL);
    log = new BroadcastChannel(TEST_RENDER_LOG_CHANNEL);
    log.addEventListener('message', (event) => started.push((event as MessageEvent<{ reference: string }>).data.reference));
    // The thread starts with the first job: started here, so that its start-up orders nothing below.
    const warm = await shipmentsApi(t, await t.newTenant()).create({ ...fullShipment(), reference: 'warm' }, { issue: true });
    expect(warm.statusCode, warm.body).toBe(201);
  }, 120_000);
  afterAll(async () => {
    slow.close();
    log.close();
    await t.close();
  });

  const pool = () => t.runtime.services.renderer as WorkerRenderPool;
  const shipment = (reference: string) => ({ ...fullShipment(), reference });
  const slowStarted = () => new Promise<void>((resolve) => slow.addEventListener('message', () => resolve(), { once: true }));
  const references = async (tenant: Tenant) => (await t.app.inject({ method: 'GET', url: '/v1/shipments', headers: t.auth(tenant.testKey) })).json().data.map((s: { reference: string }) => s.reference);

  it('an issue whose client went away while it waited is never rendered and stores nothing; the queue goes on', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    started = [];
    const running = slowStarted();
    const first = shipments.create(shipment('slow'), { issue: true });
    await running;
    // Over a real connection, closed by the client while its issue waits behind the slow one.
    const client = new AbortController();
    const gone = fetch(`${t.baseUrl}/v1/shipments?issue=true`, {
      method: 'POST',
      headers: { ...t.auth(tenant.testKey), 'content-type': 'application/json' },
      body: JSON.stringify(shipment('gone')),
      signal: client.signal,
    });
    await vi.waitFor(() => expect(pool().pending).toBe(2), { timeout: 10_000 });
    client.abort();
    await expect(gone).rejects.toThrow();
    await vi.waitFor(() => expect(pool().pending).toBe(1), { timeout: 10_000 });

    expect((await first).statusCode).toBe(201);
    const after = await shipments.create(shipment('after'), { issue: true });
    expect(after.statusCode, after.body).toBe(201);
    expect(started).toEqual(['slow', 'after']);
    expect((await references(tenant)).sort()).toEqual(['after', 'slow']);
  });

  it("one organisation's burst of issues delays another organisation's issue by one render, not by the burst", async () => {
    const a = await t.newTenant();
    const b = await t.newTenant();
    started = [];
    const running = slowStarted();
    const burst = [shipmentsApi(t, a).create(shipment('slow'), { issue: true })];
    await running;
    for (const reference of ['a1', 'a2', 'a3', 'a4']) burst.push(shipmentsApi(t, a).create(shipment(reference), { issue: true }));
    await vi.waitFor(() => expect(pool().pending).toBe(5), { timeout: 10_000 });
    const other = shipmentsApi(t, b).create(shipment('b1'), { issue: true });

    for (const res of await Promise.all([...burst, other])) expect(res.statusCode, res.body).toBe(201);
    // The burst's own order is the order its requests reached the queue; b1 comes right after the running render.
    expect(started.slice(0, 2)).toEqual(['slow', 'b1']);
    expect(started.slice(2).sort()).toEqual(['a1', 'a2', 'a3', 'a4']);
  });
});
