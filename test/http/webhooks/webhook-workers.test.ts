/**
 * Delivery workers under load: a slow endpoint holds only its share of a worker's slots, several
 * workers on one database never send one attempt twice, and a stopping worker gives back what it
 * claimed ahead but did not send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../src/adapters/database/postgres.js';
import type { Services } from '../../../src/core/context.js';
import { DeliveryWorker } from '../../../src/modules/webhooks/delivery-worker.js';
import { backends } from '../../support/backends.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';
import { webhooksApi } from '../../support/webhooks-api.js';

async function until(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(backends())('delivery workers on $name', (backend) => {
  let t: TestApp;
  const receivers: WebhookReceiver[] = [];
  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' }, ownDatabase: true });
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
    await t.close();
  });
  const receiver = async () => {
    const r = await startWebhookReceiver();
    receivers.push(r);
    return r;
  };
  const counts = async (organizationId: string) => {
    const rows = await t.runtime.services.db.selectFrom('webhook_deliveries').select(['status']).where('organization_id', '=', organizationId).execute();
    return { total: rows.length, succeeded: rows.filter((r) => r.status === 'succeeded').length };
  };

  it('a slow endpoint holds at most its share of the slots; the others are served meanwhile', async () => {
    const tenant = await t.newTenant();
    const hooks = webhooksApi(t, tenant);
    const slow = await receiver();
    const fast = await receiver();
    slow.respond(() => 'hang');
    await hooks.endpoint({ url: slow.url, events: ['*'] });
    const shipments = shipmentsApi(t, tenant);
    for (let i = 0; i < 12; i++) await shipments.created(minimalShipment());
    // Due after the slow endpoint's twelve, so a first-come worker would give them every slot.
    await hooks.endpoint({ url: fast.url, events: ['shipment.cancelled'] });
    const cancelled = await shipments.created(minimalShipment());
    await shipments.post(cancelled.id, 'cancel', {});

    const worker = new DeliveryWorker(t.runtime.services, { concurrency: 6, perEndpoint: 3, pollIntervalMs: 10 });
    worker.start();
    try {
      const [got] = await fast.waitFor(1, 5_000);
      expect(got!.json.type).toBe('shipment.cancelled');
      await slow.waitFor(3, 5_000);
      // The cap holds: a while later the slow endpoint still has only its three.
      await new Promise((r) => setTimeout(r, 200));
      expect(slow.received.length).toBe(3);
    } finally {
      await slow.close();
      await worker.stop();
    }
  });

  it('several workers on one database send each attempt once', async () => {
    const tenant = await t.newTenant();
    const target = await receiver();
    target.respond(() => ({ status: 200, delayMs: 5 }));
    await webhooksApi(t, tenant).endpoint({ url: target.url, events: ['*'] });
    const shipments = shipmentsApi(t, tenant);
    for (let i = 0; i < 30; i++) await shipments.created(minimalShipment(), { issue: true });

    // On PostgreSQL each worker has its own pool, as separate processes would.
    const extra = backend.databaseUrl ? [0, 1, 2].map(() => openPostgres(t.runtime.config.databaseUrl!)) : [];
    const services: Services[] = extra.length > 0 ? extra.map((h) => ({ ...t.runtime.services, db: h.db })) : [t.runtime.services, t.runtime.services, t.runtime.services];
    const workers = services.map((s) => new DeliveryWorker(s, { concurrency: 8, perEndpoint: 8, pollIntervalMs: 5 }));
    for (const w of workers) w.start();
    try {
      await until(async () => (await counts(tenant.organizationId)).succeeded === 60);
    } finally {
      for (const w of workers) await w.stop();
      for (const h of extra) await h.close();
    }
    const ids = target.received.map((r) => r.headers['service-delivery-id']);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
  });

  it('a stopping worker finishes its attempt in flight and gives back what it claimed ahead: due again at once, no attempt counted', async () => {
    const tenant = await t.newTenant();
    const hooks = webhooksApi(t, tenant);
    const target = await receiver();
    target.respond(() => ({ status: 200, delayMs: 400 }));
    await hooks.endpoint({ url: target.url, events: ['shipment.created'] });
    const shipments = shipmentsApi(t, tenant);
    for (let i = 0; i < 5; i++) await shipments.created(minimalShipment());

    const worker = new DeliveryWorker(t.runtime.services, { concurrency: 1, perEndpoint: 1, pollIntervalMs: 10 });
    worker.start();
    const [first] = await target.waitFor(1, 5_000);
    const inFlight = String(first!.headers['service-delivery-id']);
    // While its answer is awaited, the log shows the attempt under way.
    const during = await hooks.delivery(inFlight);
    expect(during.status).toBe('pending');
    expect(during.attempt_history).toEqual([expect.objectContaining({ number: 1, outcome: 'in_progress', finished_at: null })]);
    await worker.stop();

    const rows = await t.runtime.services.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'status', 'attempts', 'locked_until'])
      .where('organization_id', '=', tenant.organizationId)
      .execute();
    expect(rows.find((r) => r.id === inFlight)).toMatchObject({ status: 'succeeded', attempts: 1, locked_until: null });
    const givenBack = rows.filter((r) => r.id !== inFlight);
    expect(givenBack).toHaveLength(4);
    for (const row of givenBack) expect(row).toMatchObject({ status: 'pending', attempts: 0, locked_until: null });
    expect(target.received).toHaveLength(1);

    // Due at once, for any worker: the next round sends all four, each as its first attempt.
    expect(await t.runtime.deliveries.tick()).toBe(4);
    expect((await counts(tenant.organizationId)).succeeded).toBe(5);
    const after = await hooks.delivery(givenBack[0]!.id);
    expect(after.attempt_history.map((a: { number: number; outcome: string }) => [a.number, a.outcome])).toEqual([[1, 'succeeded']]);
  });
});
