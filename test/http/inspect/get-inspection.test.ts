/**
 * GET /v1/inspect/{token}: the note behind the QR code without a
 * key — its versions with working download links, signatures without evidence, remarks, the
 * integrity verdict (chain, PDF hash, PAdES seal) and the eFTI identifier; unknown and malformed
 * tokens, the grace period after delivery and cancellation, the per-address limit; each answer on
 * a known token logged, with `shipment.inspected` outside the event chain.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/core/errors.js';
import { getInspection } from '../../../src/modules/inspect/get-inspection.js';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { freshAddress, inspectApi } from '../../support/inspect-api.js';
import { expectProblem } from '../../support/problems.js';
import { remarksApi } from '../../support/remarks-api.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends())('GET /v1/inspect/{token} on $name', (backend) => {
  let t: TestApp;
  let api: ReturnType<typeof inspectApi>;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    api = inspectApi(t);
  });
  afterAll(() => t.close());

  const viewsOf = async (tenant: Tenant, id: string) => {
    const res = await api.views(tenant, id, '?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, any>[];
  };

  describe('200', () => {
    it('the record carries the inspection link from issue on, null before', async () => {
      const tenant = await t.newTenant();
      const draft = await shipmentsApi(t, tenant).created(fullShipment());
      expect(draft.inspection_url).toBeNull();
      const { url, token } = await api.issued(tenant);
      expect(url).toMatch(/^http:\/\/localhost:\d+\/inspect\/[A-Za-z0-9_-]{32}$/);
      expect((await api.json(token)).statusCode).toBe(200);
    });

    it('the note, its versions with download links, signatures without evidence, remarks, an intact verdict and the eFTI identifier', async () => {
      const tenant = await t.newTenant();
      const { shipment, token } = await api.issued(tenant);
      await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signatures`, headers: t.auth(tenant.testKey), payload: { role: 'consignor', signer_name: 'Sanne de Vries', location: { lat: 51.9, lng: 4.4 } } });
      await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signatures`, headers: t.auth(tenant.testKey), payload: { role: 'carrier', signer_name: 'Pieter Jansen' } });
      await remarksApi(t, tenant).created(shipment.id, { phase: 'delivery', type: 'damage', text: 'Two pallets wet' });

      const res = await api.json(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body.shipment).toMatchObject({ id: shipment.id, status: 'in_transit', mode: 'test', reference: 'PO-2026-118734', issued_at: shipment.issued_at });
      expect(body.note).toMatchObject({ version: 4, language: 'nl' });
      expect(body.note.data.consignor.name).toBe('Havenbedrijf Noordzee Logistics B.V.');
      expect(body.note.data.vehicle.plate).toBe('12-BXL-4');
      // Not printed on the note, so not shown to whoever holds the QR code.
      expect(body.note.data.driver).toBeUndefined();
      expect(body.note.data.principal).toBeUndefined();

      expect(body.versions.map((v: any) => v.version)).toEqual([1, 2, 3, 4]);
      expect(body.versions.map((v: any) => v.cause.event_type)).toEqual(['shipment.issued', 'signature.completed', 'signature.completed', 'remark.created']);
      const current = body.versions[3];
      expect(current.document_id).toBe(body.note.document_id);
      const pdf = await t.app.inject({ method: 'GET', url: current.url.replace(/^https?:\/\/[^/]+/, '') });
      expect(pdf.statusCode).toBe(200);
      expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(current.sha256);

      expect(body.signatures).toEqual([
        expect.objectContaining({ role: 'consignor', signer_name: 'Sanne de Vries', level: 'platform_auth', phase: 'pickup', successive_index: null }),
        expect.objectContaining({ role: 'carrier', signer_name: 'Pieter Jansen', level: 'platform_auth' }),
      ]);
      expect(Object.keys(body.signatures[0]).sort()).toEqual(['document_sha256', 'level', 'method', 'phase', 'role', 'signed_at', 'signer_name', 'successive_index']);
      expect(res.body).not.toContain('51.9');
      expect(body.remarks).toEqual([expect.objectContaining({ phase: 'delivery', type: 'damage', text: 'Two pallets wet', photos: 0 })]);

      expect(body.integrity).toMatchObject({ verdict: 'intact', chain: { valid: true, first_bad_seq: null }, document: { id: current.document_id, version: 4, sha256_matches: true, seal_valid: true } });
      const report = (await shipmentsApi(t, tenant).integrity(shipment.id)).json();
      expect(body.integrity.chain.events_checked).toBe(report.events_checked);
      // The same UIL as the record's; no gate configured here, so its first two parts are null.
      expect(body.efti).toEqual({ uil: { gate_id: null, platform_id: null, dataset_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) }, follow_ups: [] });
      expect(body.efti.uil).toEqual((await shipmentsApi(t, tenant).get(shipment.id)).json().efti_uil);
    });

    it('each read is a json view and a shipment.inspected event outside the chain: the chain and its head stay as they were', async () => {
      const tenant = await t.newTenant();
      const { shipment, token } = await api.issued(tenant);
      const before = (await shipmentsApi(t, tenant).integrity(shipment.id)).json();
      const from = freshAddress();
      await api.json(token, { from, headers: { 'user-agent': 'Politie-Scanner/2.1', 'accept-language': 'de-DE,de;q=0.9' } });
      await api.json(token, { from });

      const views = await viewsOf(tenant, shipment.id);
      expect(views).toHaveLength(2);
      expect(views[1]).toMatchObject({ shipment_id: shipment.id, channel: 'json', ip: from, user_agent: 'Politie-Scanner/2.1', language: 'de', outcome: 'ok', viewer: null });
      expect(views[0]).toMatchObject({ language: null, user_agent: 'lightMyRequest' });

      const after = (await shipmentsApi(t, tenant).integrity(shipment.id)).json();
      expect(after).toMatchObject({ valid: true, events_checked: before.events_checked, head_hash: before.head_hash });
      const chain = (await shipmentsApi(t, tenant).events(shipment.id)).json().data;
      expect(chain.map((e: any) => e.type)).not.toContain('shipment.inspected');
      const feed = (await t.app.inject({ method: 'GET', url: `/v1/events?type=shipment.inspected&shipment_id=${shipment.id}`, headers: t.auth(tenant.testKey) })).json().data;
      expect(feed).toHaveLength(2);
      expect(feed.map((e: any) => e.id).sort()).toEqual(views.map((v) => v.event_id).sort());
      expect(feed[0].data).toEqual({ shipment_id: shipment.id, status: 'issued', view_id: views[0]!.id, channel: 'json', outcome: 'ok' });
    });

    it('the webhook endpoints subscribed to shipment.inspected get a delivery for each view', async () => {
      const tenant = await t.newTenant();
      const endpoint = await t.app.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers: t.auth(tenant.testKey), payload: { url: 'https://hooks.example.com/in', events: ['shipment.inspected'] } });
      expect(endpoint.statusCode, endpoint.body).toBe(201);
      const { token } = await api.issued(tenant);
      await api.json(token);
      const deliveries = await t.runtime.services.db.selectFrom('webhook_deliveries').select(['event_type']).where('organization_id', '=', tenant.organizationId).execute();
      expect(deliveries.map((d) => d.event_type)).toEqual(['shipment.inspected']);
    });

    it('views of two organisations read at once, written together, each get their own events and deliveries', async () => {
      const tenants = [await t.newTenant(), await t.newTenant()];
      const tokens: string[] = [];
      for (const tenant of tenants) {
        const endpoint = await t.app.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers: t.auth(tenant.testKey), payload: { url: 'https://hooks.example.com/in', events: ['shipment.inspected'] } });
        expect(endpoint.statusCode, endpoint.body).toBe(201);
        tokens.push((await api.issued(tenant)).token);
      }
      // Concurrent views share statements (their rows folded into one INSERT per table, one fan-out per organisation).
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => api.json(tokens[i % 2]!)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      for (const tenant of tenants) {
        const events = await t.runtime.services.db.selectFrom('events').select(['id', 'shipment_id']).where('organization_id', '=', tenant.organizationId).where('type', '=', 'shipment.inspected').execute();
        expect(events).toHaveLength(10);
        const deliveries = await t.runtime.services.db.selectFrom('webhook_deliveries').select(['event_id']).where('organization_id', '=', tenant.organizationId).execute();
        expect(deliveries.map((d) => d.event_id).sort()).toEqual(events.map((e) => e.id).sort());
      }
    });

    it('a PDF changed in the store reads as broken; so does one whose recorded hash was made to match but whose seal no longer verifies', async () => {
      const tenant = await t.newTenant();
      const { shipment, token } = await api.issued(tenant);
      const note = (await documentsApi(t, tenant).list(shipment.id)).json().data[0];
      const row = await t.runtime.services.db.selectFrom('documents').select(['object_key']).where('id', '=', note.id).executeTakeFirstOrThrow();
      const stored = (await t.runtime.services.objects.get(row.object_key))!.body;
      const tampered = Buffer.from(stored);
      const at = tampered.indexOf('stream', 2000, 'latin1') + 20;
      tampered[at] = tampered[at]! ^ 0x01;
      await t.runtime.services.objects.put(row.object_key, tampered, { contentType: 'application/pdf' });
      expect((await api.json(token)).json().integrity).toMatchObject({ verdict: 'broken', chain: { valid: true }, document: { sha256_matches: false, seal_valid: false } });

      await t.runtime.services.db.updateTable('documents').set({ sha256: createHash('sha256').update(tampered).digest('hex') }).where('id', '=', note.id).execute();
      expect((await api.json(token)).json().integrity).toMatchObject({ verdict: 'broken', document: { sha256_matches: true, seal_valid: false } });
    });

    it('an event edited behind the service breaks the verdict as it breaks /integrity', async () => {
      const tenant = await t.newTenant();
      const { shipment, token } = await api.issued(tenant);
      await t.runtime.services.db.updateTable('shipment_events').set({ data: JSON.stringify({ shipment_id: shipment.id, status: 'issued', seq: 2, forged: true }) }).where('shipment_id', '=', shipment.id).where('seq', '=', 2).execute();
      const report = (await shipmentsApi(t, tenant).integrity(shipment.id)).json();
      expect(report.valid).toBe(false);
      expect((await api.json(token)).json().integrity).toMatchObject({ verdict: 'broken', chain: { valid: false, first_bad_seq: report.first_bad_seq }, document: { sha256_matches: true, seal_valid: true } });
    });
  });

  describe('404 not_found', () => {
    it.each([
      ['unknown, of the issued shape', () => randomBytes(24).toString('base64url')],
      ['too short', () => 'abc'],
      ['too long', () => randomBytes(30).toString('base64url')],
      ['other characters', () => `${randomBytes(23).toString('base64url')}.+/~`],
    ])('%s', async (_name, token) => {
      const res = await api.json(token());
      expectProblem(res, 'not_found');
    });
  });

  describe('410 token_expired', () => {
    it('a delivered shipment is readable for 30 days, then the link expires; the refusal is a view', async () => {
      const tenant = await t.newTenant();
      const { shipment, token } = await api.issued(tenant);
      await api.deliver(tenant, shipment.id);
      t.clock.advance(30 * DAY - 1000);
      const late = await api.json(token);
      expect(late.statusCode).toBe(200);
      expect(late.json().shipment.status).toBe('delivered');
      t.clock.advance(1000);
      const body = expectProblem(await api.json(token), 'token_expired');
      expect(body.detail).toContain('expired at');
      const views = await viewsOf(tenant, shipment.id);
      expect(views.map((v) => v.outcome)).toEqual(['token_expired', 'ok']);
    });

    it('a cancelled shipment the same, counted from its cancellation', async () => {
      const tenant = await t.newTenant();
      const { shipment, token } = await api.issued(tenant);
      expect((await shipmentsApi(t, tenant).post(shipment.id, 'cancel', { reason: 'Order withdrawn' })).statusCode).toBe(200);
      t.clock.advance(29 * DAY);
      expect((await api.json(token)).json().shipment.status).toBe('cancelled');
      t.clock.advance(DAY);
      expectProblem(await api.json(token), 'token_expired');
    });

    it('an open shipment never expires', async () => {
      const tenant = await t.newTenant();
      const { token } = await api.issued(tenant);
      t.clock.advance(400 * DAY);
      expect((await api.json(token)).statusCode).toBe(200);
    });
  });

  describe('429 rate_limited', () => {
    it('60 requests a minute per address over all tokens; one rate_limited view per link and window', async () => {
      const tenant = await t.newTenant();
      const { shipment, token } = await api.issued(tenant);
      const from = freshAddress();
      for (let i = 0; i < 60; i++) expect((await api.json(i % 2 ? token : randomBytes(24).toString('base64url'), { from })).statusCode).not.toBe(429);
      const refused = await api.json(token, { from });
      expectProblem(refused, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expectProblem(await api.json(token, { from }), 'rate_limited');
      expectProblem(await api.json(randomBytes(24).toString('base64url'), { from }), 'rate_limited');
      // Another address is not slowed.
      expect((await api.json(token)).statusCode).toBe(200);
      const outcomes = (await viewsOf(tenant, shipment.id)).map((v) => v.outcome);
      expect(outcomes.filter((o) => o === 'rate_limited')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(31);
    });
  });

  describe('503 service_unavailable', () => {
    it('a key-value store that does not answer: the limit cannot be judged, so nothing is read or logged', async () => {
      const tenant = await t.newTenant();
      const { shipment, token } = await api.issued(tenant);
      const kv = t.runtime.services.kv;
      const down = { ...kv, rateLimiter: () => ({ consume: () => Promise.reject(new Error('connection refused')) }) };
      const request = { token, ip: freshAddress(), userAgent: null, acceptLanguage: undefined, graceDays: 30, options: {} };
      const error = await getInspection({ ...t.runtime.services, kv: down }, request).catch((e: unknown) => e);
      expect(isAppError(error) && error.code).toBe('service_unavailable');
      expect(await viewsOf(tenant, shipment.id)).toEqual([]);
    });
  });
});
