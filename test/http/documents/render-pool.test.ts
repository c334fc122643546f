/**
 * The render pool under failure and overload, through the API: a render thread killed mid-job or
 * stuck past RENDER_TIMEOUT_MS answers 500 `pdf_render_failed` with nothing written, its thread is
 * replaced, and the retry succeeds; a full queue answers 503 `service_unavailable` with
 * Retry-After at once, and the request runs when retried. One thread and one queue place make the
 * limits easy to reach; test/support/test-render-worker.ts makes jobs slow or stuck on request.
 */
import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkerRenderPool } from '../../../src/adapters/pdf-renderer/worker-pool.js';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';
import { TEST_RENDER_CHANNEL, TEST_RENDER_WORKER_URL } from '../../support/test-render-channel.js';

const TIMEOUT_MS = 4000;

describe.each(backends())('the render pool on $name', (backend) => {
  let t: TestApp;
  let channel: BroadcastChannel;
  beforeAll(async () => {
    t = await buildTestApp(backend, {
      env: { RENDER_THREADS: '1', RENDER_QUEUE: '1', RENDER_TIMEOUT_MS: String(TIMEOUT_MS) },
      renderWorkerUrl: TEST_RENDER_WORKER_URL,
    });
    channel = new BroadcastChannel(TEST_RENDER_CHANNEL);
  });
  afterAll(async () => {
    channel.close();
    await t.close();
  });

  /** Resolves when a thread announces that it started a `slow` job. */
  const slowJobStarted = () => new Promise<void>((resolve) => channel.addEventListener('message', () => resolve(), { once: true }));
  const pool = () => t.runtime.services.renderer as WorkerRenderPool;
  const shipment = (reference: string) => ({ ...fullShipment(), reference });
  const shipmentCount = async (tenant: Tenant) => (await t.app.inject({ method: 'GET', url: '/v1/shipments', headers: t.auth(tenant.testKey) })).json().data.length;

  it('a render thread killed mid-job: pdf_render_failed, nothing stored, a new thread, and the retry with the same key succeeds', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const headers = { 'idempotency-key': 'killed-mid-job' };
    const started = slowJobStarted();
    const request = shipments.create(shipment('slow'), { issue: true, headers });
    await started;
    const [busy] = pool().threads;
    await busy!.terminate();

    expectProblem(await request, 'pdf_render_failed');
    expect(await shipmentCount(tenant)).toBe(0);
    const retried = await shipments.create(shipment('slow'), { issue: true, headers });
    expect(retried.statusCode, retried.body).toBe(201);
    expect((await documentsApi(t, tenant).list(retried.json().id)).json().data).toHaveLength(1);
    expect(pool().threads).toHaveLength(1);
    expect(pool().threads[0]).not.toBe(busy);
  });

  it('a job stuck past RENDER_TIMEOUT_MS: pdf_render_failed, nothing stored, and the pool renders again', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const stuck = pool().threads[0];
    const started = Date.now();
    expectProblem(await shipments.create(shipment('hang'), { issue: true }), 'pdf_render_failed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(await shipmentCount(tenant)).toBe(0);

    const next = await shipments.create(shipment('after the hang'), { issue: true });
    expect(next.statusCode, next.body).toBe(201);
    expect((await documentsApi(t, tenant).list(next.json().id)).json().data).toHaveLength(1);
    expect(pool().threads[0]).not.toBe(stuck);
  });

  it('a full queue: 503 service_unavailable with Retry-After at once, nothing stored, and the retry succeeds', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    // One job running and one queued fill the pool (RENDER_THREADS=1, RENDER_QUEUE=1).
    const running = [shipments.create(shipment('slow'), { issue: true }), shipments.create(shipment('slow'), { issue: true })];
    await vi.waitFor(() => expect(pool().pending).toBe(2), { timeout: 10_000 });
    const headers = { 'idempotency-key': 'over-the-queue' };
    const refused = await shipments.create(shipment('third'), { issue: true, headers });
    expect(expectProblem(refused, 'service_unavailable').detail).toContain('nothing was changed');
    expect(refused.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);

    for (const res of await Promise.all(running)) expect(res.statusCode, res.body).toBe(201);
    expect(await shipmentCount(tenant)).toBe(2);
    const retried = await shipments.create(shipment('third'), { issue: true, headers });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await shipmentCount(tenant)).toBe(3);
  });
});
