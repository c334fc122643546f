/**
 * Sandbox `fail_webhooks` / `recover_webhooks`: while failing, every attempt of the organisation's
 * sandbox endpoints fails without reaching the receiver, retried on the normal schedule and
 * dead-lettered after the last; once recovered, the next attempt is sent and succeeds. Live
 * endpoints and other organisations are untouched.
 */
import { describe, expect, it } from 'vitest';
import { SIMULATION_PATHS } from '../../src/modules/simulation/simulation.routes.js';
import { backends } from '../support/backends.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { webhookSuite } from '../support/webhook-suite.js';

const MINUTE = 60_000;
/** The spec's delays before attempts 2..8. */
const DELAYS_MIN = [1, 5, 15, 60, 180, 360, 720];

describe.each(backends())('simulated webhook failures on $name', (backend) => {
  const s = webhookSuite(backend);
  let paths = 0;
  const newUrl = () => `${s.receiver.url}/sim-${++paths}`;
  const sentTo = (url: string) => s.receiver.received.filter((r) => `http://127.0.0.1:${s.receiver.port}${r.path}` === url);
  const simulate = (shipmentId: string, action: string) =>
    s.t.app.inject({ method: 'POST', url: SIMULATION_PATHS.simulate.replace(':id', shipmentId), headers: s.t.auth(s.tenant.testKey), payload: { action } });

  it('fail_webhooks: attempts fail unsent on the retry schedule; recover_webhooks: the next attempt succeeds', async () => {
    const endpoint = await s.hooks.endpoint({ url: newUrl(), events: ['shipment.*'] });
    const shipment = await s.shipments.created(minimalShipment());
    const failing = await simulate(shipment.id, 'fail_webhooks');
    expect(failing.statusCode, failing.body).toBe(200);
    expect(failing.json().performed).toEqual([{ step: 'fail_webhooks', status: 'draft', webhook_endpoint_ids: [endpoint.id] }]);
    expect((await s.hooks.call('GET', `/v1/webhook-endpoints/${endpoint.id}`)).json().simulated_failure).toBe(true);

    const [delivery] = (await s.hooks.deliveries(`?endpoint_id=${endpoint.id}`)).data;
    expect(await s.deliverDue()).toBe(1);
    s.t.clock.advance(MINUTE);
    expect(await s.deliverDue()).toBe(1);
    const failed = await s.hooks.delivery(delivery!.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 2 });
    expect(new Date(failed.next_attempt_at!).getTime() - new Date(failed.last_attempt_at!).getTime()).toBe(5 * MINUTE);
    expect(failed.attempt_history.map((a) => [a.outcome, a.error])).toEqual([
      ['failed', 'simulated failure (fail_webhooks)'],
      ['failed', 'simulated failure (fail_webhooks)'],
    ]);
    expect(sentTo(endpoint.url as string)).toHaveLength(0);

    const recovered = await simulate(shipment.id, 'recover_webhooks');
    expect(recovered.json().performed[0]).toMatchObject({ step: 'recover_webhooks', webhook_endpoint_ids: [endpoint.id] });
    expect((await s.hooks.call('GET', `/v1/webhook-endpoints/${endpoint.id}`)).json().simulated_failure).toBe(false);
    expect(await s.deliverDue(), 'not due before its scheduled time').toBe(0);
    s.t.clock.advance(5 * MINUTE);
    expect(await s.deliverDue()).toBe(1);
    const done = await s.hooks.delivery(delivery!.id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 3, response_status: 200 });
    expect(sentTo(endpoint.url as string).map((r) => r.json.id)).toEqual([delivery!.event_id]);

    // A simulated delivery sends the real flow's events.
    expect((await s.shipments.get(shipment.id)).json().status).toBe('draft');
    const delivered = await s.t.app.inject({ method: 'POST', url: SIMULATION_PATHS.simulate.replace(':id', shipment.id), headers: s.t.auth(s.tenant.testKey), payload: { action: 'deliver' } });
    expect(delivered.json().shipment.status).toBe('delivered');
    while ((await s.deliverDue()) > 0);
    const types = sentTo(endpoint.url as string).map((r) => r.json.type);
    expect(types).toEqual(expect.arrayContaining(['shipment.issued', 'shipment.in_transit', 'shipment.delivered']));
  });

  it('a delivery failing through every attempt ends in the dead-letter queue; the organisation\'s live endpoints are untouched', async () => {
    const endpoint = await s.hooks.endpoint({ url: newUrl(), events: ['shipment.created'] });
    const live = await s.hooks.endpoint({ url: newUrl(), events: ['shipment.created'] }, s.tenant.liveKey);
    const shipment = await s.shipments.created(minimalShipment());
    expect((await simulate(shipment.id, 'fail_webhooks')).json().performed[0].webhook_endpoint_ids).toEqual([endpoint.id]);
    expect((await s.hooks.call('GET', `/v1/webhook-endpoints/${live.id}`, undefined, s.tenant.liveKey)).json().simulated_failure).toBe(false);
    const [delivery] = (await s.hooks.deliveries(`?endpoint_id=${endpoint.id}`)).data;
    await s.deliverDue();
    for (const minutes of DELAYS_MIN) {
      s.t.clock.advance(minutes * MINUTE);
      await s.deliverDue();
    }
    expect(await s.hooks.delivery(delivery!.id)).toMatchObject({ status: 'failed', attempts: 8 });
    const dead = await s.t.runtime.services.db.selectFrom('webhook_dead_letters').selectAll().where('delivery_id', '=', delivery!.id).execute();
    expect(dead).toEqual([expect.objectContaining({ endpoint_id: endpoint.id })]);
    expect(sentTo(endpoint.url as string)).toHaveLength(0);
    await simulate(shipment.id, 'recover_webhooks');
  });
});
