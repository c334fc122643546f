/**
 * Webhook delivery end to end: an event fans out to the subscribed endpoints, a worker POSTs the
 * signed envelope to a real local receiver, and the receiver verifies it by the spec's rule alone.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the copy-ready receiver module is plain JavaScript without types.
import { verifyWebhook } from '../../../receivers/verify-webhook.mjs';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { webhookSuite } from '../../support/webhook-suite.js';
import { webhooksApi } from '../../support/webhooks-api.js';

describe.each(backends())('webhook delivery on $name', (backend) => {
  const s = webhookSuite(backend);
  const deliverDue = s.deliverDue;

  it('delivers a signed envelope that the receiver verifies by raw bytes; re-serialised or stale fails', async () => {
    const endpoint = await s.hooks.endpoint({ url: s.receiver.url, events: ['shipment.*'] });
    const shipment = await s.shipments.created(minimalShipment(), { issue: true });
    expect(await deliverDue()).toBe(2);
    const got = await s.receiver.waitFor(2);
    expect(got.map((r) => r.json.type).sort()).toEqual(['shipment.created', 'shipment.issued']);
    const now = s.t.clock.now().getTime();
    for (const r of got) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['service-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(r.headers['service-event-id']).toBe(r.json.id);
      expect(r.json).toMatchObject({ mode: 'test', data: { shipment_id: shipment.id } });
      expect(Object.keys(r.json)).toEqual(['id', 'type', 'created_at', 'mode', 'data']);
      expect(verifyWebhook(r.raw, r.headers['service-signature'], [endpoint.secret], { now })).toBe(true);
      expect(verifyWebhook(Buffer.from(JSON.stringify(r.json, null, 1)), r.headers['service-signature'], [endpoint.secret], { now })).toBe(false);
      expect(verifyWebhook(r.raw, r.headers['service-signature'], [endpoint.secret], { now: now + 301_000 })).toBe(false);
      expect(verifyWebhook(r.raw, r.headers['service-signature'], [endpoint.secret], { now: now - 301_000 })).toBe(false);
      expect(verifyWebhook(r.raw, r.headers['service-signature'], ['whsec_other'], { now })).toBe(false);
    }
    const log = await s.hooks.deliveries();
    expect(log.data).toHaveLength(2);
    for (const d of log.data) {
      expect(d).toMatchObject({ endpoint_id: endpoint.id, status: 'succeeded', attempts: 1, next_attempt_at: null, response_status: 200, origin: 'event' });
      const sent = got.find((r) => r.headers['service-delivery-id'] === d.id)!;
      expect(sent.json.id).toBe(d.event_id);
      const detail = await s.hooks.delivery(d.id);
      expect(detail.request_body).toBe(sent.raw.toString('utf8'));
      expect(detail.request_headers).toMatchObject({ 'service-signature': sent.headers['service-signature'], 'service-event-id': d.event_id, 'service-delivery-id': d.id });
      expect(detail.response_body).toBe('thanks');
      expect(detail.attempt_history).toEqual([expect.objectContaining({ number: 1, outcome: 'succeeded', response_status: 200, error: null })]);
    }
    expect(await deliverDue()).toBe(0);
  });

  it('fans out to each active endpoint of the same organisation and mode whose events match', async () => {
    const exact = await s.hooks.endpoint({ url: `${s.receiver.url}/exact`, events: ['shipment.issued'] });
    const family = await s.hooks.endpoint({ url: `${s.receiver.url}/family`, events: ['shipment.*'] });
    const all = await s.hooks.endpoint({ url: `${s.receiver.url}/all`, events: ['*'] });
    await s.hooks.endpoint({ url: `${s.receiver.url}/signatures`, events: ['signature.completed'] });
    await s.hooks.endpoint({ url: `${s.receiver.url}/inactive`, events: ['*'], active: false });
    const deleted = await s.hooks.endpoint({ url: `${s.receiver.url}/deleted`, events: ['*'] });
    expect((await s.hooks.call('DELETE', `/v1/webhook-endpoints/${deleted.id}`)).statusCode).toBe(204);
    const live = await s.hooks.endpoint({ url: `${s.receiver.url}/live`, events: ['*'] }, s.tenant.liveKey);
    const other = await s.t.newTenant();
    await webhooksApi(s.t, other).endpoint({ url: `${s.receiver.url}/other`, events: ['*'] });

    await s.shipments.created(minimalShipment(), { issue: true });
    const log = (await s.hooks.deliveries()).data;
    const pairs = log.map((d) => `${d.endpoint_id} ${d.event_type}`).sort();
    expect(pairs).toEqual(
      [`${exact.id} shipment.issued`, `${family.id} shipment.created`, `${family.id} shipment.issued`, `${all.id} shipment.created`, `${all.id} shipment.issued`].sort(),
    );
    expect(log.every((d) => d.status === 'pending' && d.attempts === 0 && d.next_attempt_at !== null)).toBe(true);
    expect((await s.hooks.deliveries('', s.tenant.liveKey)).data).toEqual([]);
    expect((await webhooksApi(s.t, other).deliveries()).data).toEqual([]);
    expect(live.mode).toBe('live');

    // Filters, alone and together.
    expect((await s.hooks.deliveries(`?endpoint_id=${family.id}`)).data.map((d) => d.endpoint_id)).toEqual([family.id, family.id]);
    expect((await s.hooks.deliveries('?event_type=shipment.created')).data.map((d) => d.endpoint_id).sort()).toEqual([family.id, all.id].sort());
    expect((await s.hooks.deliveries(`?event_type=shipment.issued&endpoint_id=${exact.id}&status=pending`)).data).toHaveLength(1);
    expect((await s.hooks.deliveries('?status=succeeded')).data).toEqual([]);

    await deliverDue();
    expect((await s.hooks.deliveries('?status=succeeded')).data).toHaveLength(5);
    expect(s.receiver.received.map((r) => r.path).sort()).toEqual(['/hooks/all', '/hooks/all', '/hooks/exact', '/hooks/family', '/hooks/family']);
  });

  it('lists newest first with a cursor; refuses bad filters and cursors', async () => {
    await s.hooks.endpoint({ url: s.receiver.url, events: ['*'] });
    for (let i = 0; i < 3; i++) await s.shipments.created(minimalShipment());
    const first = await s.hooks.deliveries('?limit=2');
    expect(first.has_more).toBe(true);
    const second = await s.hooks.deliveries(`?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.has_more).toBe(false);
    const ids = [...first.data, ...second.data].map((d) => d.id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(new Set(ids).size).toBe(3);
    expectProblem(await s.hooks.call('GET', '/v1/webhook-deliveries?cursor=forged'), 'invalid_cursor');
    expectProblem(await s.hooks.call('GET', '/v1/webhook-deliveries?status=lost'), 'bad_request');
    expectProblem(await s.hooks.call('GET', '/v1/webhook-deliveries?endpoint_id=we_nope'), 'bad_request');
    expectProblem(await s.hooks.call('GET', '/v1/webhook-deliveries/wd_nope'), 'invalid_id');
    expectProblem(await s.hooks.call('GET', '/v1/webhook-deliveries/wd_01JD0000000000000000000000'), 'not_found');
    expectProblem(await s.hooks.call('GET', `/v1/webhook-deliveries/${ids[0]}`, undefined, (await s.t.newTenant()).testKey), 'not_found');
    expectProblem(await s.hooks.call('GET', `/v1/webhook-deliveries/${ids[0]}`, undefined, s.tenant.liveKey), 'not_found');
  });

  it('needs the webhooks:manage scope', async () => {
    const limited = await s.t.newTenant({ scopes: ['shipments:read'] as never });
    expectProblem(await webhooksApi(s.t, limited).call('GET', '/v1/webhook-deliveries'), 'insufficient_scope');
  });

  it('signs with the old secret beside the new one during the rotation grace period, then with the new one alone', async () => {
    const endpoint = await s.hooks.endpoint({ url: `${s.receiver.url}/rotation`, events: ['shipment.created'] });
    // Earlier tests' deliveries to other paths may arrive in the same rounds: look at this path only.
    const lastHere = () => s.receiver.received.filter((r) => r.path === '/hooks/rotation').at(-1)!;
    const rotated = (await s.hooks.call('POST', `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`)).json();
    await s.shipments.created(minimalShipment());
    await deliverDue();
    const during = lastHere();
    const header = during.headers['service-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    const now = s.t.clock.now().getTime();
    expect(verifyWebhook(during.raw, header, [rotated.secret], { now })).toBe(true);
    expect(verifyWebhook(during.raw, header, [endpoint.secret], { now })).toBe(true);

    s.t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    await s.shipments.created(minimalShipment());
    await deliverDue();
    const after = lastHere();
    const later = s.t.clock.now().getTime();
    expect(after.headers['service-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(after.raw, after.headers['service-signature'], [rotated.secret], { now: later })).toBe(true);
    expect(verifyWebhook(after.raw, after.headers['service-signature'], [endpoint.secret], { now: later })).toBe(false);

    const immediate = (await s.hooks.call('POST', `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, { grace_period_hours: 0 })).json();
    await s.shipments.created(minimalShipment());
    await deliverDue();
    const last = lastHere();
    expect(last.headers['service-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(last.raw, last.headers['service-signature'], [immediate.secret], { now: later })).toBe(true);
  });
});
