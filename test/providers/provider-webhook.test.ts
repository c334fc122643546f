/**
 * Inbound provider webhooks: a shipment handed to olf-ecmr (fake server) hears
 * back through `POST /v1/providers-webhook/olf-ecmr`, signed by the catalogue's scheme. Valid events
 * become chained shipment events our own webhooks deliver; a wrong signature, a stale timestamp or
 * a malformed body is refused; a replayed event id changes nothing; an unknown note or an
 * impossible transition is kept for review and answered 2xx.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_WEBHOOK_PATHS } from '../../src/modules/providers/provider-webhook.routes.js';
import { PROVIDER_PATHS } from '../../src/modules/providers/providers.routes.js';
import { purgeProviderWebhookReceiptsJob, RECEIPT_RETENTION_MS } from '../../src/modules/providers/purge-provider-webhook-receipts.job.js';
import { backends } from '../support/backends.js';
import { providerBed, type ProviderBed } from '../support/provider-bed.js';
import { shipmentsApi, type ShipmentsApi } from '../support/shipments-api.js';
import type { Tenant } from '../support/test-app.js';

let seq = 0;
const eventId = () => `olf-evt-${Date.now()}-${++seq}`;

describe.each(backends())('provider webhooks on $name', (backend) => {
  let bed: ProviderBed;
  let tenant: Tenant;
  let shipments: ShipmentsApi;
  beforeAll(async () => {
    bed = await providerBed(backend);
  });
  afterAll(() => bed.close());
  beforeEach(async () => {
    // Jobs other tests left due run now, so they spend none of this test's scripted failures.
    await bed.runJobs();
    tenant = await bed.t.newTenant();
    shipments = shipmentsApi(bed.t, tenant);
  });

  /** An issued shipment handed to olf-ecmr, with the provider's note id. */
  async function handedOver(): Promise<{ id: string; ref: string }> {
    await bed.handOverRule(tenant);
    const s = await shipments.created(undefined, { issue: true });
    await bed.runJobs();
    const handover = (await bed.call(tenant, 'GET', PROVIDER_PATHS.handover.replace(':id', s.id))).json();
    expect(handover.status).toBe('handed_over');
    return { id: s.id, ref: handover.provider_ref };
  }
  const status = (ref: string, value: string, id = eventId()) => ({ event_id: id, type: 'note.status_changed', occurred_at: bed.t.clock.now().toISOString(), ecmr_id: ref, status: value });
  const events = async (id: string) => (await shipments.events(id)).json().data as { type: string; data: Record<string, unknown> }[];
  const reviews = async () => (await bed.call(tenant, 'GET', PROVIDER_WEBHOOK_PATHS.reviews)).json().data as Record<string, unknown>[];

  it('a signed status moves the shipment through the transition use case, as chained events our webhooks deliver', async () => {
    await bed.call(tenant, 'POST', '/v1/webhook-endpoints', { url: bed.receiver.url, events: ['shipment.*', 'signature.completed'] });
    const s = await handedOver();
    const picked = await bed.webhook(status(s.ref, 'IN_TRANSPORT'));
    expect(picked.statusCode).toBe(200);
    expect(picked.json()).toEqual({ outcome: 'applied' });
    expect((await shipments.get(s.id)).json().status).toBe('in_transit');
    const arrived = await bed.webhook(status(s.ref, 'ARRIVED_AT_DESTINATION'));
    expect(arrived.json()).toEqual({ outcome: 'applied' });
    expect((await shipments.get(s.id)).json().status).toBe('delivered');

    const chain = await events(s.id);
    expect(chain.map((e) => e.type)).toEqual(['shipment.created', 'shipment.issued', 'shipment.routed', 'shipment.handed_over', 'shipment.in_transit', 'shipment.delivered']);
    expect(chain.at(-1)!.data).toMatchObject({ provider_id: 'olf-ecmr', status: 'delivered' });
    expect((await shipments.integrity(s.id)).json().valid).toBe(true);
    expect((await bed.call(tenant, 'GET', PROVIDER_PATHS.handover.replace(':id', s.id))).json().provider_status).toBe('ARRIVED_AT_DESTINATION');

    while ((await bed.t.runtime.deliveries.tick()) > 0);
    const delivered = bed.receiver.received.filter((r) => r.json.data.shipment_id === s.id).map((r) => r.json.type);
    expect(delivered).toEqual(expect.arrayContaining(['shipment.in_transit', 'shipment.delivered']));
  });

  it("a provider's signature and remark are recorded with method and source provider and its evidence", async () => {
    const s = await handedOver();
    const signed = await bed.webhook({
      event_id: eventId(),
      type: 'note.signed',
      occurred_at: bed.t.clock.now().toISOString(),
      ecmr_id: s.ref,
      signature: { role: 'sender', user_name: 'Sanne de Vries', type: 'SIGN_ON_GLASS', timestamp: bed.t.clock.now().toISOString(), data: 'iVBORw0KGgo=' },
    });
    expect(signed.json()).toEqual({ outcome: 'applied' });
    const signatures = (await bed.call(tenant, 'GET', `/v1/shipments/${s.id}/signatures`)).json().data;
    expect(signatures).toHaveLength(1);
    expect(signatures[0]).toMatchObject({ role: 'consignor', method: 'provider', signer_name: 'Sanne de Vries', evidence: { provider: { provider_id: 'olf-ecmr', provider_ref: s.ref, record: { type: 'SIGN_ON_GLASS' } } } });
    const remark = await bed.webhook({ event_id: eventId(), type: 'note.remark_added', occurred_at: bed.t.clock.now().toISOString(), ecmr_id: s.ref, remark: { phase: 'pickup', type: 'damage', text: 'Two pallets wrapped loose.' } });
    expect(remark.json()).toEqual({ outcome: 'applied' });
    const remarks = (await bed.call(tenant, 'GET', `/v1/shipments/${s.id}/remarks`)).json().data;
    expect(remarks[0]).toMatchObject({ source: 'provider', type: 'damage', provider: { provider_id: 'olf-ecmr' } });
    expect((await events(s.id)).slice(-2).map((e) => e.type)).toEqual(['signature.completed', 'remark.created']);
  });

  it('out of order: a delivery before the pickup is kept for review, the pickup then applies, and the delivery sent again applies', async () => {
    const s = await handedOver();
    const early = await bed.webhook(status(s.ref, 'ARRIVED_AT_DESTINATION'));
    expect(early.statusCode).toBe(202);
    expect(early.json()).toMatchObject({ outcome: 'review', review_id: expect.stringMatching(/^pwr_/) });
    expect((await shipments.get(s.id)).json().status).toBe('issued');
    expect(await reviews()).toEqual([expect.objectContaining({ id: early.json().review_id, shipment_id: s.id, reason: 'impossible_transition', event_type: 'note.status_changed' })]);

    expect((await bed.webhook(status(s.ref, 'IN_TRANSPORT'))).json()).toEqual({ outcome: 'applied' });
    expect((await bed.webhook(status(s.ref, 'ARRIVED_AT_DESTINATION'))).json()).toEqual({ outcome: 'applied' });
    expect((await events(s.id)).slice(-2).map((e) => e.type)).toEqual(['shipment.in_transit', 'shipment.delivered']);
  });

  it('a status with no counterpart of ours is kept on the hand-over only', async () => {
    const s = await handedOver();
    expect((await bed.webhook(status(s.ref, 'LOADING'))).json()).toEqual({ outcome: 'ignored' });
    expect((await shipments.get(s.id)).json().status).toBe('issued');
    expect((await bed.call(tenant, 'GET', PROVIDER_PATHS.handover.replace(':id', s.id))).json().provider_status).toBe('LOADING');
  });

  it('a replayed event id answers duplicate and changes nothing', async () => {
    const s = await handedOver();
    const event = status(s.ref, 'IN_TRANSPORT');
    expect((await bed.webhook(event)).json()).toEqual({ outcome: 'applied' });
    const again = await bed.webhook(event);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ outcome: 'duplicate' });
    expect((await events(s.id)).filter((e) => e.type === 'shipment.in_transit')).toHaveLength(1);
    // The id is kept a week, then forgotten by the daily purge (a replay that old is stale anyway).
    const receipts = () => bed.t.runtime.services.db.selectFrom('provider_webhook_receipts').select('event_id').where('event_id', '=', event.event_id).execute();
    bed.t.clock.advance(RECEIPT_RETENTION_MS - 60_000);
    await purgeProviderWebhookReceiptsJob.handle(bed.t.runtime.services, {});
    expect(await receipts()).toHaveLength(1);
    bed.t.clock.advance(120_000);
    await purgeProviderWebhookReceiptsJob.handle(bed.t.runtime.services, {});
    expect(await receipts()).toHaveLength(0);
    bed.t.clock.advance(-RECEIPT_RETENTION_MS - 60_000);
  });

  it('a note no hand-over has is kept for review (without an organisation) and answered 202', async () => {
    const res = await bed.webhook(status('7f1c0a52-0000-4000-8000-000000000000', 'IN_TRANSPORT'));
    expect(res.statusCode).toBe(202);
    expect(res.json().outcome).toBe('review');
    const row = await bed.t.runtime.services.db.selectFrom('provider_webhook_reviews').selectAll().where('id', '=', res.json().review_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reason: 'unknown_note', organization_id: null, provider_id: 'olf-ecmr' });
    expect(await reviews()).toEqual([]);
  });

  it('a wrong signature or a stale timestamp is 401 unauthorized; a missing timestamp 400 bad_request; nothing is applied', async () => {
    const s = await handedOver();
    const wrong = await bed.webhook(status(s.ref, 'IN_TRANSPORT'), { secret: 'not-the-webhook-secret' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('unauthorized');
    const stale = await bed.webhook(status(s.ref, 'IN_TRANSPORT'), { at: new Date(bed.t.clock.now().getTime() - 301_000) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ code: 'unauthorized', detail: expect.stringContaining('300 s') });
    const noTimestamp = await bed.t.app.inject({ method: 'POST', url: '/v1/providers-webhook/olf-ecmr', headers: { 'content-type': 'application/json', 'x-ecmr-signature': 'abc' }, payload: '{}' });
    expect(noTimestamp.statusCode).toBe(400);
    expect(noTimestamp.json().code).toBe('bad_request');
    expect((await shipments.get(s.id)).json().status).toBe('issued');
  });

  it('a malformed body is 400 (malformed_json, bad_request); an unknown provider 404; another media type 415', async () => {
    const broken = await bed.webhook({}, { raw: '{"event_id": ' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('malformed_json');
    const notAnEvent = await bed.webhook({ event_id: eventId(), type: 'note.exploded', ecmr_id: 'x' });
    expect(notAnEvent.statusCode).toBe(400);
    expect(notAnEvent.json()).toMatchObject({ code: 'bad_request', errors: expect.arrayContaining([expect.objectContaining({ path: '$.type' })]) });
    const missingStatus = await bed.webhook({ event_id: eventId(), type: 'note.status_changed', occurred_at: bed.t.clock.now().toISOString(), ecmr_id: 'x' });
    expect(missingStatus.json()).toMatchObject({ code: 'bad_request', errors: [{ path: '$.status' }] });
    const unknown = await bed.t.app.inject({ method: 'POST', url: '/v1/providers-webhook/transfollow', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
    const text = await bed.t.app.inject({ method: 'POST', url: '/v1/providers-webhook/olf-ecmr', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('unsupported_media_type');
  });
});
