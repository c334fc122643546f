/**
 * The delivery schedule, driven by the injected clock: eight attempts with the spec's delays, then
 * `failed` and a dead-letter record; the dead-letter rule; replay; and the synchronous test ping.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the copy-ready receiver module is plain JavaScript without types.
import { verifyWebhook } from '../../../receivers/verify-webhook.mjs';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { webhookSuite } from '../../support/webhook-suite.js';
import { webhooksApi } from '../../support/webhooks-api.js';

const MINUTE = 60_000;
/** The spec's delays before attempts 2..8. */
const DELAYS_MIN = [1, 5, 15, 60, 180, 360, 720];

describe.each(backends())('webhook retries, dead letters, replay and ping on $name', (backend) => {
  const s = webhookSuite(backend);
  const deliverDue = s.deliverDue;
  // The scheduled jobs through the job runner, which takes a batch a round: rounds until nothing more
  // is due, whatever the number of scheduled kinds (the service has more than one round's worth).
  const runDueJobs = async () => {
    while ((await s.t.runtime.jobs.loop.tick()) > 0);
  };
  const deadLetters = (deliveryId: string) => s.t.runtime.services.db.selectFrom('webhook_dead_letters').selectAll().where('delivery_id', '=', deliveryId).execute();

  // Earlier tests leave deliveries of their own tenants that come due as the clock moves on, so
  // each endpoint has a path of its own and assertions look at what reached that path.
  let paths = 0;
  const newUrl = () => `${s.receiver.url}/${++paths}`;
  const sentTo = (endpoint: { id: string; [field: string]: unknown }) => s.receiver.received.filter((r) => `http://127.0.0.1:${s.receiver.port}${r.path}` === endpoint.url);

  /** An endpoint for `shipment.created`, one shipment, and its one delivery. */
  async function oneDelivery(active = true) {
    const endpoint = await s.hooks.endpoint({ url: newUrl(), events: ['shipment.created'], active });
    await s.shipments.created(minimalShipment());
    const [delivery] = (await s.hooks.deliveries(`?endpoint_id=${endpoint.id}`)).data;
    return { endpoint, delivery: delivery! };
  }

  it('retries on the exact schedule (1 min … 12 h), counts 3xx as failure, then fails into the dead-letter queue', async () => {
    s.receiver.respond((_, i) => (i === 2 ? { status: 302, headers: { location: '/elsewhere' } } : { status: 500, body: 'down' }));
    const { endpoint, delivery } = await oneDelivery();
    expect(await deliverDue()).toBe(1);
    for (const [i, minutes] of DELAYS_MIN.entries()) {
      const detail = await s.hooks.delivery(delivery.id);
      expect(detail).toMatchObject({ status: 'pending', attempts: i + 1 });
      expect(new Date(detail.next_attempt_at!).getTime() - new Date(detail.last_attempt_at!).getTime()).toBe(minutes * MINUTE);
      s.t.clock.advance(minutes * MINUTE - 1000);
      expect(await deliverDue(), `attempt ${i + 2} is not due a second early`).toBe(0);
      s.t.clock.advance(1000);
      expect(await deliverDue(), `attempt ${i + 2}`).toBe(1);
    }
    const failed = await s.hooks.delivery(delivery.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 8, next_attempt_at: null, response_status: 500, response_body: 'down' });
    expect(failed.attempt_history.map((a) => a.outcome)).toEqual(Array(8).fill('failed'));
    expect(failed.attempt_history[2]).toMatchObject({ response_status: 302, error: 'the receiver answered 302' });
    expect(await deadLetters(delivery.id)).toEqual([expect.objectContaining({ endpoint_id: endpoint.id, event_id: delivery.event_id, settled_at: null })]);

    // Eight requests, one delivery id and one event id, each signed anew.
    const sent = sentTo(endpoint);
    expect(sent).toHaveLength(8);
    expect(new Set(sent.map((r) => r.headers['service-delivery-id']))).toEqual(new Set([delivery.id]));
    expect(new Set(sent.map((r) => r.headers['service-event-id']))).toEqual(new Set([delivery.event_id]));
    expect(new Set(sent.map((r) => r.headers['service-signature'])).size).toBe(8);

    // Nothing more happens, however long we wait; the endpoint stays active.
    s.t.clock.advance(7 * 24 * 60 * MINUTE);
    expect(await deliverDue()).toBe(0);
    expect((await s.hooks.call('GET', `/v1/webhook-endpoints/${endpoint.id}`)).json().active).toBe(true);
  });

  it('succeeds on a later attempt and then stops', async () => {
    s.receiver.respond((_, i) => (i < 2 ? { status: 503 } : { status: 204 }));
    const { delivery } = await oneDelivery();
    await deliverDue();
    s.t.clock.advance(MINUTE);
    await deliverDue();
    s.t.clock.advance(5 * MINUTE);
    await deliverDue();
    const detail = await s.hooks.delivery(delivery.id);
    expect(detail).toMatchObject({ status: 'succeeded', attempts: 3, next_attempt_at: null, response_status: 204 });
    expect(detail.attempt_history.map((a) => a.outcome)).toEqual(['failed', 'failed', 'succeeded']);
    s.t.clock.advance(24 * 60 * MINUTE);
    expect(await deliverDue()).toBe(0);
  });

  /** Fails a delivery through all eight attempts. */
  async function failAll(deliveryId: string) {
    await deliverDue();
    for (const minutes of DELAYS_MIN) {
      s.t.clock.advance(minutes * MINUTE);
      await deliverDue();
    }
    expect((await s.hooks.delivery(deliveryId)).status).toBe('failed');
  }

  it('settles dead letters after 7 days: dead unless a replay succeeded', async () => {
    s.receiver.respond(() => ({ status: 500 }));
    const stranded = await oneDelivery();
    const rescued = await oneDelivery();
    await failAll(stranded.delivery.id);
    await failAll(rescued.delivery.id);
    s.receiver.respond(() => ({ status: 200 }));
    const replay = (await s.hooks.call('POST', `/v1/webhook-deliveries/${rescued.delivery.id}/retry`)).json();
    await deliverDue();
    expect((await s.hooks.delivery(replay.id)).status).toBe('succeeded');

    // Within the hold nothing is settled; the scheduled job runs through the job runner.
    s.t.clock.advance(6 * 24 * 60 * MINUTE);
    await runDueJobs();
    expect((await s.hooks.delivery(stranded.delivery.id)).status).toBe('failed');
    s.t.clock.advance(2 * 24 * 60 * MINUTE);
    await runDueJobs();
    expect((await s.hooks.delivery(stranded.delivery.id)).status).toBe('dead');
    expect((await s.hooks.delivery(rescued.delivery.id)).status).toBe('failed');
    expect(await deadLetters(stranded.delivery.id)).toEqual([expect.objectContaining({ outcome: 'dead' })]);
    expect(await deadLetters(rescued.delivery.id)).toEqual([expect.objectContaining({ outcome: 'resolved' })]);
    const dead = (await s.hooks.deliveries('?status=dead')).data.map((d) => d.id);
    expect(dead).toContain(stranded.delivery.id);
    expect(dead).not.toContain(rescued.delivery.id);

    // A dead delivery can still be replayed.
    const late = await s.hooks.call('POST', `/v1/webhook-deliveries/${stranded.delivery.id}/retry`);
    expect(late.statusCode, late.body).toBe(201);
  });

  it('replays: same event id and body, new delivery id, 201 with Location; 409 while pending or when the endpoint is inactive or deleted', async () => {
    s.receiver.respond(() => ({ status: 200 }));
    const { endpoint, delivery } = await oneDelivery();
    expectProblem(await s.hooks.call('POST', `/v1/webhook-deliveries/${delivery.id}/retry`), 'conflict');
    await deliverDue();
    const res = await s.hooks.call('POST', `/v1/webhook-deliveries/${delivery.id}/retry`);
    expect(res.statusCode, res.body).toBe(201);
    const replay = res.json();
    expect(res.headers.location).toBe(`/v1/webhook-deliveries/${replay.id}`);
    expect(replay).toMatchObject({ origin: 'replay', replay_of: delivery.id, event_id: delivery.event_id, endpoint_id: endpoint.id, status: 'pending', attempts: 0 });
    expect(replay.id).not.toBe(delivery.id);
    expect(replay.id).toMatch(/^wd_[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    expectProblem(await s.hooks.call('POST', `/v1/webhook-deliveries/${replay.id}/retry`), 'conflict');
    await deliverDue();
    const [first, second] = sentTo(endpoint);
    expect(second!.raw.equals(first!.raw)).toBe(true);
    expect(second!.headers['service-event-id']).toBe(first!.headers['service-event-id']);
    expect(second!.headers['service-delivery-id']).toBe(replay.id);
    expect((await s.hooks.delivery(replay.id)).status).toBe('succeeded');

    await s.hooks.call('PATCH', `/v1/webhook-endpoints/${endpoint.id}`, { active: false });
    const inactive = expectProblem(await s.hooks.call('POST', `/v1/webhook-deliveries/${delivery.id}/retry`), 'conflict');
    expect(inactive.detail).toContain('inactive');
    await s.hooks.call('DELETE', `/v1/webhook-endpoints/${endpoint.id}`);
    expect(expectProblem(await s.hooks.call('POST', `/v1/webhook-deliveries/${delivery.id}/retry`), 'conflict').detail).toContain('deleted');
    expectProblem(await s.hooks.call('POST', '/v1/webhook-deliveries/wd_01JD0000000000000000000000/retry'), 'not_found');
    expectProblem(await s.hooks.call('POST', '/v1/webhook-deliveries/nope/retry'), 'invalid_id');
    expectProblem(await webhooksApi(s.t, await s.t.newTenant()).call('POST', `/v1/webhook-deliveries/${delivery.id}/retry`), 'not_found');
  });

  it('deliveries pending for an endpoint switched off or deleted fail at their turn without a request', async () => {
    s.receiver.respond(() => ({ status: 200 }));
    const { endpoint, delivery } = await oneDelivery();
    await s.hooks.call('PATCH', `/v1/webhook-endpoints/${endpoint.id}`, { active: false });
    await deliverDue();
    expect(sentTo(endpoint)).toHaveLength(0);
    const detail = await s.hooks.delivery(delivery.id);
    expect(detail).toMatchObject({ status: 'failed' });
    expect(detail.attempt_history).toEqual([expect.objectContaining({ outcome: 'failed', error: 'the endpoint is inactive; not sent' })]);
    await s.hooks.call('PATCH', `/v1/webhook-endpoints/${endpoint.id}`, { active: true });
    expect((await s.hooks.call('POST', `/v1/webhook-deliveries/${delivery.id}/retry`)).statusCode).toBe(201);
    await deliverDue();
    expect(sentTo(endpoint)).toHaveLength(1);
  });

  it('sends a test ping while the caller waits: one signed attempt, logged, never retried or dead-lettered', async () => {
    s.receiver.respond(() => ({ status: 200, body: 'pong' }));
    const endpoint = await s.hooks.endpoint({ url: newUrl(), events: ['shipment.delivered'], active: false });
    const res = await s.hooks.call('POST', `/v1/webhook-endpoints/${endpoint.id}/test`);
    expect(res.statusCode, res.body).toBe(201);
    const ping = res.json();
    expect(res.headers.location).toBe(`/v1/webhook-deliveries/${ping.id}`);
    expect(ping).toMatchObject({ origin: 'ping', event_type: 'webhook.ping', status: 'succeeded', attempts: 1, response_status: 200, response_body: 'pong', endpoint_id: endpoint.id });
    expect(ping.attempt_history).toEqual([expect.objectContaining({ number: 1, outcome: 'succeeded' })]);
    const [got] = sentTo(endpoint);
    expect(got!.json).toMatchObject({ id: ping.event_id, type: 'webhook.ping', mode: 'test', data: { endpoint_id: endpoint.id } });
    expect(got!.headers['service-delivery-id']).toBe(ping.id);
    expect(verifyWebhook(got!.raw, got!.headers['service-signature'], [endpoint.secret], { now: s.t.clock.now().getTime() })).toBe(true);
    expect((await s.hooks.deliveries(`?endpoint_id=${endpoint.id}`)).data.map((d) => d.id)).toEqual([ping.id]);

    s.receiver.respond(() => ({ status: 500, body: 'nope' }));
    const failed = (await s.hooks.call('POST', `/v1/webhook-endpoints/${endpoint.id}/test`)).json();
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, response_status: 500, next_attempt_at: null });
    s.t.clock.advance(60 * MINUTE);
    expect(await deliverDue()).toBe(0);
    expect(await deadLetters(failed.id)).toEqual([]);
    expect(sentTo(endpoint)).toHaveLength(2);

    expectProblem(await s.hooks.call('POST', '/v1/webhook-endpoints/we_01JD0000000000000000000000/test'), 'not_found');
    expectProblem(await s.hooks.call('POST', '/v1/webhook-endpoints/nope/test'), 'invalid_id');
  });

  it('keeps finished deliveries for 90 days, pending ones until they end', async () => {
    s.receiver.respond(() => ({ status: 200 }));
    const done = await oneDelivery();
    await deliverDue();
    // Not attempted in this test: it stays pending however old it gets.
    const stuck = await oneDelivery();
    s.t.clock.advance(89 * 24 * 60 * MINUTE);
    await runDueJobs();
    expect((await s.hooks.call('GET', `/v1/webhook-deliveries/${done.delivery.id}`)).statusCode).toBe(200);
    s.t.clock.advance(2 * 24 * 60 * MINUTE);
    await runDueJobs();
    expectProblem(await s.hooks.call('GET', `/v1/webhook-deliveries/${done.delivery.id}`), 'not_found');
    expect((await s.hooks.delivery(stuck.delivery.id)).status).toBe('pending');
  });
});
