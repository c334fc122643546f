/**
 * The carrier's answer to a disposal instruction: accepted, its place of delivery and consignee
 * become the shipment's, a new sealed note version prints it in box 13 (kept by later versions),
 * `shipment.disposal_*` events reach the webhooks; refused with each reason of CMR art. 12(5)
 * and its source; decided twice is `conflict`; after delivery `invalid_state`; a consignee's new
 * consignee names no further one (art. 12(4)).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { pdfText } from '../../support/pdf-text.js';
import { disposalApi, NEW_CONSIGNEE, NEW_PLACE } from '../../support/disposal-api.js';
import { documentsApi } from '../../support/documents-api.js';
import { signedInDriver } from '../../support/driver-session.js';
import { DRIVER_PATHS } from '../../../src/modules/driver/driver.routes.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment, minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

describe.each(backends())('decisions on disposal instructions on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const hooks = (tenant: Tenant, events: string[]) =>
    t.app.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers: t.auth(tenant.testKey), payload: { url: `https://hooks.example.com/${events.join('-')}`, events } });
  const deliveries = async (tenant: Tenant, endpointId: string) =>
    (await t.app.inject({ method: 'GET', url: `/v1/webhook-deliveries?endpoint_id=${endpointId}&limit=100`, headers: t.auth(tenant.testKey) })).json().data as { event_type: string; event_id: string }[];
  /** The text of a note version, whitespace folded, read with pdftotext; SAVE_PDF keeps the file for a look. */
  const noteText = async (tenant: Tenant, documentId: string) => pdfText((await documentsApi(t, tenant).download(documentId)).rawPayload);

  it('accepted: new delivery data, a new note version printing the instruction, events and webhooks', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const shipments = shipmentsApi(t, tenant);
    const onShipments = (await hooks(tenant, ['shipment.*'])).json();
    const body = fullShipment();
    const id = await disposal.inStatus('in_transit', { ...body, driver: { ...body.driver!, language: 'en' } });
    const given = await disposal.given(id, { instructing_party: 'consignor', kind: 'change_consignee', consignee: NEW_CONSIGNEE, delivery: NEW_PLACE, text: 'Sold on to Brabant Distributie; deliver at their warehouse.' });
    const notesBefore = (await documentsApi(t, tenant).list(id, '?kind=consignment_note')).json().data as { version: number }[];

    const res = await disposal.accept(id, given.id);
    expect(res.statusCode, res.body).toBe(200);
    const accepted = res.json();
    expect(accepted).toMatchObject({ id: given.id, status: 'accepted', decided_at: t.clock.now().toISOString(), refusal: null });
    expect(accepted.rendered_document_id).toMatch(/^doc_/);

    const shipment = (await shipments.get(id)).json();
    expect(shipment.consignee).toEqual(NEW_CONSIGNEE);
    expect(shipment.delivery).toEqual(NEW_PLACE);

    const notes = (await documentsApi(t, tenant).list(id, '?kind=consignment_note&order=asc')).json().data as { id: string; version: number; cause: { event_id: string; event_type: string } }[];
    const latest = notes.at(-1)!;
    expect(latest).toMatchObject({ id: accepted.rendered_document_id, version: Math.max(...notesBefore.map((n) => n.version)) + 1, cause: { event_id: accepted.decision_event_id, event_type: 'shipment.disposal_accepted' } });
    const text = await noteText(tenant, latest.id);
    expect(text).toContain('Disposal instruction (CMR art. 12): Deliver to another consignee, given by the sender');
    expect(text).toContain('New consignee: Brabant Distributie B.V., Industrieweg 40, 5600 AA Eindhoven, NL');
    expect(text).toContain('Sold on to Brabant Distributie; deliver at their warehouse.');
    expect(text).toContain('Accepted by the carrier');
    // Boxes 2 and 3 name the new consignee and place.
    expect(text).toContain('Brabant Distributie B.V. Industrieweg 40');

    const events = (await shipments.events(id)).json().data as { id: string; type: string; data: Record<string, unknown> }[];
    // Duisburg (DE) to Eindhoven (NL): the carriage is national now.
    expect(events.at(-1)).toMatchObject({ id: accepted.decision_event_id, type: 'shipment.disposal_accepted', data: { instruction_id: given.id, kind: 'change_consignee', changed_fields: ['consignee', 'delivery', 'transport_type'] } });
    const delivered = (await deliveries(tenant, onShipments.id)).map((d) => [d.event_type, d.event_id]);
    expect(delivered).toContainEqual(['shipment.disposal_instructed', given.event_id]);
    expect(delivered).toContainEqual(['shipment.disposal_accepted', accepted.decision_event_id]);
    expect((await shipments.integrity(id)).json().valid).toBe(true);

    // A later version (the consignee's signature) keeps the instruction in box 13.
    const signed = (await t.app.inject({ method: 'POST', url: `/v1/shipments/${id}/signatures`, headers: t.auth(tenant.testKey), payload: { role: 'consignee', signer_name: 'Brabant' } })).json();
    expect(await noteText(tenant, signed.rendered_document_id)).toContain('Disposal instruction (CMR art. 12)');
    expectProblem(await disposal.accept(id, given.id), 'invalid_state');
  });

  it('each kind accepted changes what it says: stop nothing, a new place the driver app shows, return back to the sender at the pickup place', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const id = await disposal.inStatus('in_transit');
    const before = (await shipmentsApi(t, tenant).get(id)).json();
    const stop = await disposal.given(id, { instructing_party: 'consignor', kind: 'stop' });
    expect((await disposal.accept(id, stop.id)).json().status).toBe('accepted');
    const afterStop = (await shipmentsApi(t, tenant).get(id)).json();
    expect([afterStop.consignee, afterStop.delivery]).toEqual([before.consignee, before.delivery]);
    const driver = await signedInDriver(t, tenant, [{ shipment_id: id, kind: 'delivery' }]);
    const tourId = (await driver.get(DRIVER_PATHS.tours)).json().data[0].id as string;
    const destination = async () => (await driver.get(DRIVER_PATHS.tour.replace(':id', tourId))).json().stops[0].place;
    expect((await destination()).address.city).toBe('Utrecht');
    const place = await disposal.given(id, { instructing_party: 'consignor', kind: 'change_delivery_place', delivery: NEW_PLACE });
    await disposal.accept(id, place.id);
    expect((await shipmentsApi(t, tenant).get(id)).json().delivery).toEqual(NEW_PLACE);
    // The driver's app shows the new destination.
    expect(await destination()).toMatchObject({ name: 'Receiver B.V.', address: NEW_PLACE.address });
    const back = await disposal.given(id, { instructing_party: 'consignor', kind: 'return' });
    const accepted = (await disposal.accept(id, back.id)).json();
    const returned = (await shipmentsApi(t, tenant).get(id)).json();
    expect(returned.consignee).toEqual(minimalShipment().consignor);
    expect(returned.delivery).toEqual({ address: minimalShipment().pickup!.address });
    const text = await noteText(tenant, accepted.rendered_document_id);
    // Every accepted instruction, oldest first.
    expect(text).toMatch(/Stop the goods.*Change the place of delivery.*Return the goods to the sender/);
  });

  it('refused with each reason of art. 12(5), its source named; nothing on the shipment changes; decided twice is conflict', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const onShipments = (await hooks(tenant, ['shipment.*'])).json();
    const id = await disposal.inStatus('in_transit');
    const before = (await shipmentsApi(t, tenant).get(id)).json();
    const sources = { impossible: 'CMR art. 12(5)(b)', interferes_with_operations: 'CMR art. 12(5)(b)', divides_consignment: 'CMR art. 12(5)(c)' };
    for (const [reason, source] of Object.entries(sources)) {
      const given = await disposal.given(id, { instructing_party: 'consignor', kind: 'change_delivery_place', delivery: NEW_PLACE });
      const res = await disposal.refuse(id, given.id, { reason, text: 'The truck is already unloading at the dock.' });
      expect(res.statusCode, res.body).toBe(200);
      const refused = res.json();
      expect(refused).toMatchObject({ status: 'refused', refusal: { reason, source, text: 'The truck is already unloading at the dock.' }, rendered_document_id: null });
      const events = (await shipmentsApi(t, tenant).events(id)).json().data as { id: string; type: string; data: Record<string, unknown> }[];
      expect(events.at(-1)).toMatchObject({ id: refused.decision_event_id, type: 'shipment.disposal_refused', data: { instruction_id: given.id, reason } });
      expect((await deliveries(tenant, onShipments.id)).map((d) => d.event_id)).toContain(refused.decision_event_id);
      expectProblem(await disposal.refuse(id, given.id, { reason }), 'conflict');
      expectProblem(await disposal.accept(id, given.id), 'conflict');
    }
    expect((await shipmentsApi(t, tenant).get(id)).json().delivery).toEqual(before.delivery);
    const given = await disposal.given(id, { instructing_party: 'consignor', kind: 'stop' });
    expectProblem(await disposal.refuse(id, given.id, { reason: 'too_expensive' }), 'validation_failed');
    expectProblem(await disposal.accept(id, 'dsp_01JDB8X4V5N2K7Q9R3T6W8Y0ZA'), 'not_found');
    expectProblem(await disposal.accept(id, 'rmk_01JDB8X4V5N2K7Q9R3T6W8Y0ZA'), 'invalid_id');
  });

  it('after delivery: a new instruction and a decision are invalid_state, the arrival shipment_immutable', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const id = await disposal.inStatus('in_transit');
    const pending = await disposal.given(id, { instructing_party: 'consignor', kind: 'stop' });
    await t.app.inject({ method: 'POST', url: `/v1/shipments/${id}/signatures`, headers: t.auth(tenant.testKey), payload: { role: 'consignee', signer_name: 'Receiver' } });
    expectProblem(await disposal.give(id, { instructing_party: 'consignee', kind: 'stop' }), 'invalid_state');
    expectProblem(await disposal.accept(id, pending.id), 'invalid_state');
    expectProblem(await disposal.refuse(id, pending.id, { reason: 'impossible' }), 'invalid_state');
    expectProblem(await disposal.arrive(id), 'shipment_immutable');
    expectProblem(await disposal.arrive(await disposal.inStatus('issued')), 'invalid_state');
  });

  it('the person a consignee had the goods delivered to names no further consignee (art. 12(4))', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const id = await disposal.inStatus('arrived');
    const first = await disposal.given(id, { instructing_party: 'consignee', kind: 'change_consignee', consignee: NEW_CONSIGNEE });
    await disposal.accept(id, first.id);
    const problem = expectProblem(await disposal.give(id, { instructing_party: 'consignee', kind: 'change_consignee', consignee: { ...NEW_CONSIGNEE, name: 'Third B.V.' } }), 'disposal_not_entitled');
    expect(problem.errors[0]).toMatchObject({ code: 'disposal_no_further_consignee', rule: 'cmr.art12.4.no_further_consignee', source: 'CMR art. 12(4)' });
    expect((await disposal.give(id, { instructing_party: 'consignee', kind: 'change_delivery_place', delivery: NEW_PLACE })).statusCode).toBe(201);
  });
});
