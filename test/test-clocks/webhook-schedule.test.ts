/**
 * A webhook endpoint on a test clock (docs/sandbox-test-clocks.md): its receiver failing, one
 * advance of a day runs the whole retry schedule — eight attempts at the spec's delays in clock
 * time, then `failed` and the dead letter — in seconds of real time, by the running worker.
 * The app's own clock (real time here) does not move at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { webhooksApi } from '../support/webhooks-api.js';

const MINUTE = 60_000;
/** The spec's delays before attempts 2..8. */
const DELAYS_MIN = [1, 5, 15, 60, 180, 360, 720];

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() > end) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(backends())('webhook schedule on a test clock on $name', (backend) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' }, ownDatabase: true });
    receiver = await startWebhookReceiver();
    t.runtime.deliveries.start();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('one advance of a day runs all eight attempts on the schedule, in clock time, into the dead letters', async () => {
    const tenant = await t.newTenant();
    const hooks = webhooksApi(t, tenant);
    const start = new Date('2027-06-01T09:00:00.000Z');
    const clock = (await t.app.inject({ method: 'POST', url: '/v1/test/clocks', headers: t.auth(tenant.testKey), payload: { frozen_time: start.toISOString() } })).json();
    receiver.respond(() => ({ status: 500, body: 'down' }));
    const created = await t.app.inject({ method: 'POST', url: `/v1/webhook-endpoints?test_clock=${clock.id}`, headers: t.auth(tenant.testKey), payload: { url: `${receiver.url}/clocked`, events: ['shipment.created'] } });
    const endpoint = created.json();
    // Another endpoint of the same tenant on real time: it gets its one attempt and no retry.
    const realTime = await hooks.endpoint({ url: `${receiver.url}/real`, events: ['shipment.created'] });
    await shipmentsApi(t, tenant).created(minimalShipment());
    const [delivery] = (await hooks.deliveries(`?endpoint_id=${endpoint.id}`)).data;

    // The first attempt is due at once, at the clock's time.
    const first = await until('first attempt', () => hooks.delivery(delivery!.id), (d) => d.last_attempt_at !== null);
    expect(first.attempt_history[0]!.started_at).toBe(start.toISOString());
    expect(first.next_attempt_at).toBe(new Date(start.getTime() + MINUTE).toISOString());

    const began = performance.now();
    const advanced = await t.app.inject({ method: 'POST', url: `/v1/test/clocks/${clock.id}/advance`, headers: t.auth(tenant.testKey), payload: { frozen_time: new Date(start.getTime() + 24 * 60 * MINUTE).toISOString() } });
    expect(advanced.statusCode).toBe(200);
    const failed = await until('the dead letter', () => hooks.delivery(delivery!.id), (d) => d.status === 'failed');
    const seconds = (performance.now() - began) / 1000;
    expect(seconds, 'the schedule ran out in seconds of real time').toBeLessThan(10);

    expect(failed).toMatchObject({ status: 'failed', attempts: 8, next_attempt_at: null, response_status: 500 });
    const times = failed.attempt_history.map((a) => Date.parse(a.started_at));
    expect(times.slice(1).map((time, i) => (time - times[i]!) / MINUTE)).toEqual(DELAYS_MIN);
    expect(failed.attempt_history.every((a) => a.finished_at === a.started_at)).toBe(true);
    const deadLetters = await t.runtime.services.db.selectFrom('webhook_dead_letters').selectAll().where('delivery_id', '=', delivery!.id).execute();
    expect(deadLetters).toEqual([expect.objectContaining({ endpoint_id: endpoint.id, settled_at: null, created_at: new Date(times[7]!) })]);

    const sent = receiver.received.filter((r) => r.path === '/hooks/clocked');
    expect(sent).toHaveLength(8);
    // Signed in real time (the receiver checks the timestamp against its own clock), not clock time.
    for (const request of sent) {
      const stamp = Number(/t=(\d+)/.exec(String(request.headers['service-signature']))![1]) * 1000;
      expect(Math.abs(stamp - t.clock.now().getTime())).toBeLessThan(5_000);
    }
    // The endpoint on real time had its first attempt and waits for its second, a real minute away.
    const [other] = (await hooks.deliveries(`?endpoint_id=${realTime.id}`)).data;
    expect(other).toMatchObject({ status: 'pending', attempts: 1 });

    // The dead letter is held seven days of clock time, then settled by the hourly job.
    await t.app.inject({ method: 'POST', url: `/v1/test/clocks/${clock.id}/advance`, headers: t.auth(tenant.testKey), payload: { frozen_time: new Date(times[7]! + 7 * 24 * 60 * MINUTE + 1000).toISOString() } });
    const { settleDeadLettersJob } = await import('../../src/modules/webhooks/settle-dead-letters.job.js');
    await settleDeadLettersJob.handle(t.runtime.services, {});
    expect(await hooks.delivery(delivery!.id)).toMatchObject({ status: 'dead' });
  });
});
