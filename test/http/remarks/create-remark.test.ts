/**
 * Remarks made through the API: a pickup remark while the shipment is issued and a delivery remark
 * in transit, each with its `remark.created` event and webhook delivery, a new consignment-note
 * version with the text in box 18 or the consignee's box (kept by later versions), the list with
 * its cursor; every phase in every status; idempotent creates; another organisation's shipment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { expectProblem } from '../../support/problems.js';
import { remarksApi } from '../../support/remarks-api.js';
import { png } from '../../support/sample-files.js';
import { fullShipment, minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

describe.each(backends())('remarks on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const sign = (tenant: Tenant, shipmentId: string, role: string, name: string) =>
    t.app.inject({ method: 'POST', url: `/v1/shipments/${shipmentId}/signatures`, headers: t.auth(tenant.testKey), payload: { role, signer_name: name } });
  const hooks = (tenant: Tenant, events: string[]) =>
    t.app.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers: t.auth(tenant.testKey), payload: { url: `https://hooks.example.com/${events.join('-')}`, events } });
  const deliveries = async (tenant: Tenant, endpointId: string) =>
    ((await t.app.inject({ method: 'GET', url: `/v1/webhook-deliveries?endpoint_id=${endpointId}&limit=100`, headers: t.auth(tenant.testKey) })).json().data as { event_type: string; event_id: string }[]);

  it('a pickup remark while issued and a delivery remark in transit: events, webhooks, note versions with the text in its box, the list', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const docs = documentsApi(t, tenant);
    const remarks = remarksApi(t, tenant);
    const onRemarks = (await hooks(tenant, ['remark.created'])).json();
    const onShipments = (await hooks(tenant, ['shipment.*'])).json();
    const shipment = await shipments.created(fullShipment(), { issue: true });
    const photo = await docs.uploaded(shipment.id, { kind: 'photo', filename: 'corner.png', bytes: png(32) });

    const res = await remarks.create(shipment.id, { phase: 'pickup', type: 'damage', text: 'Two pallets with broken corners, rewrapped.', photo_document_ids: [photo.id] });
    expect(res.statusCode).toBe(201);
    const pickup = res.json();
    expect(pickup).toMatchObject({
      shipment_id: shipment.id, phase: 'pickup', type: 'damage', text: 'Two pallets with broken corners, rewrapped.', photo_document_ids: [photo.id],
      source: 'api', role: null, signature_request_id: null, created_at: t.clock.now().toISOString(),
    });
    expect(pickup.id).toMatch(/^rmk_[0-7][0-9A-HJKMNP-TV-Z]{25}$/);

    // The event is in the chain, with the remark's id, phase and type.
    const events = (await shipments.events(shipment.id)).json().data as { id: string; type: string; data: Record<string, unknown> }[];
    const created = events.at(-1)!;
    expect(created).toMatchObject({ id: pickup.event_id, type: 'remark.created', data: { shipment_id: shipment.id, status: 'issued', seq: events.length, remark_id: pickup.id, phase: 'pickup', type: 'damage' } });

    // Version 2 of the note, caused by the remark, prints it in box 18 and not in the consignee's box.
    const notes = () => docs.list(shipment.id, '?kind=consignment_note&order=asc').then((r) => r.json().data as { id: string; version: number; cause: { event_id: string; event_type: string } }[]);
    const v2 = (await notes()).at(-1)!;
    expect(v2).toMatchObject({ id: pickup.rendered_document_id, version: 2, cause: { event_id: pickup.event_id, event_type: 'remark.created' } });
    const boxes2 = await remarks.noteBoxes(v2.id);
    // The driver's language is Dutch: the type is printed as "Schade".
    expect(boxes2[18]).toContain('Schade');
    expect(boxes2[18]).toContain('Two pallets with broken corners, rewrapped.');
    expect(boxes2[24]).not.toContain('Two pallets');

    // Later versions keep it: the carrier's signature renders version 4 with box 18 as it was.
    expect((await sign(tenant, shipment.id, 'consignor', 'Sanne de Vries')).statusCode).toBe(201);
    const carrier = (await sign(tenant, shipment.id, 'carrier', 'Pieter Jansen')).json();
    expect((await remarks.noteBoxes(carrier.rendered_document_id))[18]).toContain('Two pallets with broken corners, rewrapped.');

    const delivery = await remarks.created(shipment.id, { phase: 'delivery', type: 'shortage', text: 'One carton missing from pallet 3.' });
    expect(delivery).toMatchObject({ phase: 'delivery', type: 'shortage', photo_document_ids: [], source: 'api' });
    const v5 = (await notes()).at(-1)!;
    expect(v5).toMatchObject({ id: delivery.rendered_document_id, version: 5 });
    const boxes5 = await remarks.noteBoxes(v5.id);
    expect(boxes5[24]).toContain('Voorbehoud van de geadresseerde');
    expect(boxes5[24]).toContain('Manco');
    expect(boxes5[24]).toContain('One carton missing from pallet 3.');
    expect(boxes5[18]).not.toContain('One carton missing');
    expect(boxes5[18]).toContain('Two pallets with broken corners, rewrapped.');

    // The list: newest first, oldest first, by phase, page by page.
    expect((await remarks.list(shipment.id)).json()).toEqual({ data: [delivery, pickup], has_more: false, next_cursor: null });
    expect((await remarks.list(shipment.id, '?order=asc')).json().data.map((r: { id: string }) => r.id)).toEqual([pickup.id, delivery.id]);
    expect((await remarks.list(shipment.id, '?phase=pickup')).json().data).toEqual([pickup]);
    const first = (await remarks.list(shipment.id, '?limit=1')).json();
    expect(first).toMatchObject({ data: [delivery], has_more: true });
    const second = (await remarks.list(shipment.id, `?limit=1&cursor=${first.next_cursor}`)).json();
    expect(second).toEqual({ data: [pickup], has_more: false, next_cursor: null });
    expectProblem(await remarks.list(shipment.id, `?phase=delivery&cursor=${first.next_cursor}`), 'invalid_cursor');
    expectProblem(await remarks.list(shipment.id, '?limit=500'), 'bad_request');

    // Webhooks: the remark endpoint gets both, `shipment.*` neither.
    const toRemarks = await deliveries(tenant, onRemarks.id);
    expect(toRemarks.map((d) => [d.event_type, d.event_id]).sort()).toEqual([['remark.created', pickup.event_id], ['remark.created', delivery.event_id]].sort());
    expect((await deliveries(tenant, onShipments.id)).map((d) => d.event_type)).not.toContain('remark.created');
    expect((await shipments.integrity(shipment.id)).json().valid).toBe(true);
  });

  it('every phase in every status: pickup while issued, delivery in transit; invalid_state otherwise; shipment_immutable once final', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const remarks = remarksApi(t, tenant);
    const inStatus = async (status: string) => {
      const shipment = await shipments.created(minimalShipment(), { issue: status !== 'draft' && status !== 'cancelled draft' });
      if (status === 'cancelled' || status === 'cancelled draft') await shipments.post(shipment.id, 'cancel', {});
      if (status === 'in_transit' || status === 'delivered') for (const role of ['consignor', 'carrier']) await sign(tenant, shipment.id, role, role);
      if (status === 'delivered') await sign(tenant, shipment.id, 'consignee', 'consignee');
      expect((await shipments.get(shipment.id)).json().status).toBe(status === 'cancelled draft' ? 'cancelled' : status);
      return shipment.id;
    };
    const expected: Record<string, { pickup: number | 'invalid_state' | 'shipment_immutable'; delivery: number | 'invalid_state' | 'shipment_immutable' }> = {
      draft: { pickup: 'invalid_state', delivery: 'invalid_state' },
      issued: { pickup: 201, delivery: 'invalid_state' },
      in_transit: { pickup: 'invalid_state', delivery: 201 },
      delivered: { pickup: 'shipment_immutable', delivery: 'shipment_immutable' },
      cancelled: { pickup: 'shipment_immutable', delivery: 'shipment_immutable' },
      'cancelled draft': { pickup: 'shipment_immutable', delivery: 'shipment_immutable' },
    };
    for (const [status, outcome] of Object.entries(expected)) {
      const id = await inStatus(status);
      const eventsBefore = (await shipments.events(id)).json().data.length;
      for (const phase of ['pickup', 'delivery'] as const) {
        const res = await remarks.create(id, { phase, type: 'delay', text: `${phase} while ${status}` });
        if (outcome[phase] === 201) {
          expect(res.statusCode, `${phase} while ${status}`).toBe(201);
          expect(res.json().phase).toBe(phase);
        } else {
          const problem = expectProblem(res, outcome[phase] as 'invalid_state' | 'shipment_immutable');
          expect(problem.detail).toContain(id);
        }
      }
      const made = Object.values(outcome).filter((o) => o === 201).length;
      expect((await remarks.list(id)).json().data).toHaveLength(made);
      expect((await shipments.events(id)).json().data).toHaveLength(eventsBefore + made);
    }
  });

  it('an Idempotency-Key makes one remark of two tries; a body that does not validate is validation_failed', async () => {
    const tenant = await t.newTenant();
    const remarks = remarksApi(t, tenant);
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const body = { phase: 'pickup', type: 'other', text: 'Seal number differs from the order: 448812.' };
    const headers = { 'idempotency-key': 'remark-448812' };
    const once = await remarks.create(shipment.id, body, { headers });
    const twice = await remarks.create(shipment.id, body, { headers });
    expect(twice.statusCode).toBe(201);
    expect(twice.json()).toEqual(once.json());
    expect((await remarks.list(shipment.id)).json().data).toHaveLength(1);
    expectProblem(await remarks.create(shipment.id, { ...body, text: 'Other text' }, { headers }), 'idempotency_key_reused');

    const bad = async (b: object, path: string) => {
      const problem = expectProblem(await remarks.create(shipment.id, b), 'validation_failed');
      expect(problem.errors.map((e: { path: string }) => e.path)).toContain(path);
    };
    await bad({ type: 'damage' }, '$.phase');
    await bad({ phase: 'pickup' }, '$.type');
    await bad({ phase: 'loading', type: 'damage' }, '$.phase');
    await bad({ phase: 'pickup', type: 'theft' }, '$.type');
    await bad({ phase: 'pickup', type: 'damage', text: 'x'.repeat(2001) }, '$.text');
    await bad({ phase: 'pickup', type: 'damage', severity: 'high' }, '$.severity');
    expect((await remarks.create(shipment.id, { phase: 'pickup', type: 'damage', text: 'x'.repeat(2000) })).statusCode).toBe(201);
  });

  it("another organisation's or mode's shipment is not_found; a key without the scope is insufficient_scope; a bad id is invalid_id", async () => {
    const tenant = await t.newTenant();
    const other = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const body = { phase: 'pickup', type: 'damage' };
    expectProblem(await remarksApi(t, other).create(shipment.id, body), 'not_found');
    expectProblem(await remarksApi(t, other).list(shipment.id), 'not_found');
    expectProblem(await remarksApi(t, tenant).create(shipment.id, body, { key: tenant.liveKey }), 'not_found');
    expectProblem(await remarksApi(t, tenant).list('shp_123'), 'invalid_id');
    const reader = await t.newTenant({ scopes: ['remarks:read', 'shipments:write'] });
    const own = await shipmentsApi(t, reader).created(minimalShipment(), { issue: true });
    expectProblem(await remarksApi(t, reader).create(own.id, body), 'insufficient_scope');
    expect((await remarksApi(t, reader).list(own.id)).json().data).toEqual([]);
  });
});
