/**
 * A successive carrier takes the goods over (CMR articles 34 and 35): through its own sign link it
 * enters reservations at the takeover (phase `takeover`, with photos) and signs with the place of
 * the takeover. The note version it signs into prints it in box 17 with time and place, and its
 * reservations in box 18 under its name; `shipment.taken_over` follows its signature; the proof of
 * delivery lists each leg; the eFTI dataset names it as a connecting carrier. Before pickup, after
 * delivery, before the carrier before it has taken over, after its own signature and for another
 * tenant the takeover is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EFTI_DATASET_PATH } from '../../../src/modules/efti/efti.routes.js';
import type { ShipmentInput } from '../../../src/modules/shipments/shipment-input.schema.js';
import { backends } from '../../support/backends.js';
import { pdfText } from '../../support/pdf-text.js';
import { documentsApi } from '../../support/documents-api.js';
import { COMMON_XSD, xsdViolations } from '../../support/efti-documents.js';
import { cameraJpeg } from '../../support/photos.js';
import { expectProblem } from '../../support/problems.js';
import { remarksApi } from '../../support/remarks-api.js';
import { dataUrl } from '../../support/sample-files.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { signLinksApi } from '../../support/sign-links-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

const LODZ = { name: 'Spedycja Łódź Sp. z o.o.', address: { street: 'ul. Długa 1', postal_code: '90-001', city: 'Łódź', country: 'PL' } };
const WIEN = { name: 'Donau Logistik GmbH', address: { street: 'Hafenstraße 4', postal_code: '1020', city: 'Wien', country: 'AT' } };

function twoLegShipment(carriers = [LODZ]): ShipmentInput {
  return { ...fullShipment(), successive_carriers: carriers };
}

describe.each(backends())('a successive carrier takes over on $name', (backend) => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    photo = await cameraJpeg(800, 600);
  });
  afterAll(() => t.close());

  const sign = (tenant: Tenant, shipmentId: string, payload: object, key = tenant.testKey) =>
    t.app.inject({ method: 'POST', url: `/v1/shipments/${shipmentId}/signatures`, headers: t.auth(key), payload });
  const pickedUp = async (tenant: Tenant, shipmentId: string) => {
    for (const [role, signer_name] of [['consignor', 'Sanne de Vries'], ['carrier', 'Pieter Jansen']]) expect((await sign(tenant, shipmentId, { role, signer_name })).statusCode).toBe(201);
  };
  const pod = (tenant: Tenant, shipmentId: string, headers: Record<string, string> = {}, key = tenant.testKey) =>
    t.app.inject({ method: 'GET', url: `/v1/shipments/${shipmentId}/pod`, headers: { ...t.auth(key), ...headers } });

  describe('201', () => {
    it('through its sign link: a reservation with photos at the takeover, the signature with its place; box 17 and 18 of the note, the event and webhook, the legs of the POD, the eFTI dataset', async () => {
      const tenant = await t.newTenant();
      const shipments = shipmentsApi(t, tenant);
      const remarks = remarksApi(t, tenant);
      const links = signLinksApi(t, tenant);
      const hook = (await t.app.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers: t.auth(tenant.testKey), payload: { url: 'https://hooks.example.com/takeover', events: ['shipment.taken_over'] } })).json();
      const shipment = await shipments.created(twoLegShipment(), { issue: true });
      await pickedUp(tenant, shipment.id);

      const link = await links.link(shipment.id, { role: 'successive_carrier', successive_index: 0 } as { role: string });
      const made = await remarks.fromLink(link.token, { type: 'damage', text: 'Pallet 2 shifted, shrink wrap torn on arrival in Venlo.', photos: [dataUrl(photo, 'image/jpeg')] });
      expect(made.statusCode, made.body).toBe(201);
      const remark = made.json();
      expect(remark).toMatchObject({ phase: 'takeover', successive_index: 0, source: 'sign_link', role: 'successive_carrier', signature_request_id: link.id });
      expect(remark.photo_document_ids).toHaveLength(1);
      // The page lists its own takeover reservations, with the photo.
      const listed = (await links.context(link.token)).json().remarks;
      expect(listed).toEqual([expect.objectContaining({ id: remark.id, phase: 'takeover', successive_index: 0, photos: [expect.objectContaining({ document_id: remark.photo_document_ids[0] })] })]);

      t.clock.advance(60_000);
      const submitted = await links.submit(link.token, { signer_name: 'Michał Wiśniewski', place: 'Venlo, NL' });
      expect(submitted.statusCode, submitted.body).toBe(201);
      const signature = submitted.json();
      expect(signature).toMatchObject({ role: 'successive_carrier', successive_index: 0, signer_name: 'Michał Wiśniewski', place: 'Venlo, NL' });

      // The chain: its signature, then the takeover naming the leg and its reservations.
      const events = (await shipments.events(shipment.id)).json().data as { id: string; type: string; data: Record<string, unknown> }[];
      expect(events.slice(-2).map((e) => e.type)).toEqual(['signature.completed', 'shipment.taken_over']);
      expect(events.at(-1)!.data).toMatchObject({ status: 'in_transit', signature_id: signature.id, successive_index: 0, taken_over_at: signature.signed_at, place: 'Venlo, NL', remark_ids: [remark.id] });
      const deliveries = (await t.app.inject({ method: 'GET', url: `/v1/webhook-deliveries?endpoint_id=${hook.id}`, headers: t.auth(tenant.testKey) })).json().data as { event_type: string; event_id: string }[];
      expect(deliveries).toEqual([expect.objectContaining({ event_type: 'shipment.taken_over', event_id: events.at(-1)!.id })]);

      // The version it signed into: box 17 names the carrier with time and place, box 18 its reservation under its name (Dutch: the driver's language).
      const boxes = await remarks.noteBoxes(signature.rendered_document_id);
      expect(boxes.page).toContain('1. Spedycja Łódź Sp. z o.o.');
      expect(boxes.page).toMatch(/Overgenomen: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \S+ · Venlo, NL/);
      expect(boxes.page).toContain('Getekend door: Michał Wiśniewski');
      expect(boxes[18]).toContain('Voorbehoud van opvolgende vervoerder 1: Spedycja Łódź Sp. z o.o.');
      expect(boxes[18]).toContain('Pallet 2 shifted, shrink wrap torn on arrival in Venlo.');

      // A reservation once it has signed is too late: its takeover is over.
      expectProblem(await remarks.create(shipment.id, { phase: 'takeover', successive_index: 0, type: 'other', text: 'Later thought.' }), 'invalid_state');

      // Delivered: the proof lists both legs, each with its takeover and reservations.
      const consignee = await sign(tenant, shipment.id, { role: 'consignee', signer_name: 'Jan Peeters' });
      expect(consignee.statusCode, consignee.body).toBe(201);
      const proof = (await pod(tenant, shipment.id)).json();
      expect(proof.legs).toEqual([
        expect.objectContaining({ position: 1, role: 'carrier', successive_index: null, carrier: fullShipment().carrier!.name, place: expect.stringContaining(fullShipment().pickup!.address.city), reservations: [] }),
        expect.objectContaining({
          position: 2, role: 'successive_carrier', successive_index: 0, carrier: LODZ.name, signature_id: signature.id, taken_over_at: signature.signed_at, place: 'Venlo, NL',
          reservations: [expect.objectContaining({ remark_id: remark.id, type: 'damage', text: 'Pallet 2 shifted, shrink wrap torn on arrival in Venlo.', photo_document_ids: remark.photo_document_ids })],
        }),
      ]);
      expect(proof.remarks).toEqual([expect.objectContaining({ id: remark.id, phase: 'takeover', successive_index: 0 })]);
      const proofPdf = await pod(tenant, shipment.id, { accept: 'application/pdf' });
      expect(proofPdf.statusCode).toBe(200);
      const proofText = pdfText(proofPdf.rawPayload);
      expect(proofText).toContain('Trajecten van het vervoer');
      expect(proofText).toContain(`2. ${LODZ.name}`);
      expect(proofText).toContain('Venlo, NL');
      expect(proofText).toContain('Pallet 2 shifted');

      // The eFTI dataset names it as a connecting carrier, and its XML still validates.
      const efti = (accept: string) => t.app.inject({ method: 'GET', url: EFTI_DATASET_PATH.replace(':id', shipment.id), headers: { ...t.auth(tenant.testKey), accept } });
      const dataset = (await efti('application/json')).json();
      expect(dataset.consignment.connectingCarrier).toEqual([expect.objectContaining({ name: [LODZ.name], postalAddress: expect.objectContaining({ cityName: ['Łódź'], countryCode: 'PL' }) })]);
      const xml = await efti('application/xml');
      expect(xml.statusCode).toBe(200);
      expect(xml.body).toContain(LODZ.name);
      expect(xsdViolations(COMMON_XSD, [['takeover', xml.body]])).toEqual([]);
    }, 180_000);

    it('through the API: a takeover remark names its carrier; each carrier sees only its own on its page', async () => {
      const tenant = await t.newTenant();
      const shipment = await shipmentsApi(t, tenant).created(twoLegShipment([LODZ, WIEN]), { issue: true });
      await pickedUp(tenant, shipment.id);
      const photoDoc = await documentsApi(t, tenant).uploaded(shipment.id, { kind: 'photo', filename: 'seal.jpg', bytes: photo });
      // The first of the two takes over now (the second's turn comes after it has signed).
      const remark = await remarksApi(t, tenant).created(shipment.id, { phase: 'takeover', successive_index: 0, type: 'shortage', text: 'Seal number differs from the note.', photo_document_ids: [photoDoc.id] });
      expect(remark).toMatchObject({ phase: 'takeover', successive_index: 0, source: 'api', photo_document_ids: [photoDoc.id] });
      const events = (await shipmentsApi(t, tenant).events(shipment.id)).json().data as { type: string; data: Record<string, unknown> }[];
      expect(events.at(-1)).toMatchObject({ type: 'remark.created', data: { phase: 'takeover', successive_index: 0 } });
      const boxes = await remarksApi(t, tenant).noteBoxes(remark.rendered_document_id);
      expect(boxes[18]).toContain('Voorbehoud van opvolgende vervoerder 1: Spedycja Łódź Sp. z o.o.');

      const first = await signLinksApi(t, tenant).link(shipment.id, { role: 'successive_carrier', successive_index: 0 } as { role: string });
      const second = await signLinksApi(t, tenant).link(shipment.id, { role: 'successive_carrier', successive_index: 1 } as { role: string });
      expect((await signLinksApi(t, tenant).context(second.token)).json().remarks).toEqual([]);
      expect((await signLinksApi(t, tenant).context(first.token)).json().remarks).toEqual([expect.objectContaining({ id: remark.id })]);
      // Its photo opens on its carrier's page only.
      const photoUrl = (token: string) => `/v1/sign/${token}/photos/${photoDoc.id}`;
      expect((await t.app.inject({ method: 'GET', url: photoUrl(first.token) })).statusCode).toBe(200);
      expectProblem(await t.app.inject({ method: 'GET', url: photoUrl(second.token) }), 'not_found');
      expect((await remarksApi(t, tenant).list(shipment.id, '?phase=takeover')).json().data).toEqual([expect.objectContaining({ id: remark.id })]);
    }, 120_000);
  });

  describe('409 invalid_state', () => {
    it('before the first carrier has taken the goods over: no takeover remark, no successive signature', async () => {
      const tenant = await t.newTenant();
      const shipment = await shipmentsApi(t, tenant).created(twoLegShipment(), { issue: true });
      const early = await remarksApi(t, tenant).create(shipment.id, { phase: 'takeover', successive_index: 0, type: 'damage', text: 'Too early.' });
      expectProblem(early, 'invalid_state');
      expect(early.json().detail).toContain('once consignor and carrier have signed at pickup');
      expectProblem(await sign(tenant, shipment.id, { role: 'successive_carrier', successive_index: 0, signer_name: 'Early', place: 'Venlo, NL' }), 'invalid_state');
    });

    it('out of turn: the second carrier neither reserves nor signs before the first has taken over; in turn it does; nobody signs a leg twice', async () => {
      const tenant = await t.newTenant();
      const remarks = remarksApi(t, tenant);
      const shipment = await shipmentsApi(t, tenant).created(twoLegShipment([LODZ, WIEN]), { issue: true });
      await pickedUp(tenant, shipment.id);
      const early = expectProblem(await remarks.create(shipment.id, { phase: 'takeover', successive_index: 1, type: 'damage', text: 'Not ours yet.' }), 'invalid_state');
      expect(early.detail).toContain('Successive carrier 2 takes the goods over from successive carrier 1, who has not taken them over yet');
      const jumped = expectProblem(await sign(tenant, shipment.id, { role: 'successive_carrier', successive_index: 1, signer_name: 'Anna Gruber', place: 'Wien, AT' }), 'invalid_state');
      expect(jumped.detail).toContain('in the order of successive_carriers');

      expect((await sign(tenant, shipment.id, { role: 'successive_carrier', successive_index: 0, signer_name: 'Michał Wiśniewski', place: 'Venlo, NL' })).statusCode).toBe(201);
      expectProblem(await sign(tenant, shipment.id, { role: 'successive_carrier', successive_index: 0, signer_name: 'Michał Wiśniewski', place: 'Venlo, NL' }), 'already_signed');
      expect((await remarks.create(shipment.id, { phase: 'takeover', successive_index: 1, type: 'damage', text: 'One carton dented.' })).statusCode).toBe(201);
      const second = await sign(tenant, shipment.id, { role: 'successive_carrier', successive_index: 1, signer_name: 'Anna Gruber', place: 'Wien, AT' });
      expect(second.statusCode, second.body).toBe(201);
      const legs = (await shipmentsApi(t, tenant).events(shipment.id)).json().data.filter((e: { type: string }) => e.type === 'shipment.taken_over');
      expect(legs.map((e: { data: { successive_index: number } }) => e.data.successive_index)).toEqual([0, 1]);
      expectProblem(await sign(tenant, shipment.id, { role: 'successive_carrier', successive_index: 1, signer_name: 'Anna Gruber', place: 'Wien, AT' }), 'already_signed');
    });
  });

  describe('409 shipment_immutable', () => {
    it('after delivery: no takeover remark and no takeover signature', async () => {
      const tenant = await t.newTenant();
      const shipment = await shipmentsApi(t, tenant).created(twoLegShipment(), { issue: true });
      await pickedUp(tenant, shipment.id);
      expect((await sign(tenant, shipment.id, { role: 'consignee', signer_name: 'Jan Peeters' })).statusCode).toBe(201);
      expectProblem(await remarksApi(t, tenant).create(shipment.id, { phase: 'takeover', successive_index: 0, type: 'damage', text: 'Too late.' }), 'shipment_immutable');
      expectProblem(await sign(tenant, shipment.id, { role: 'successive_carrier', successive_index: 0, signer_name: 'Late', place: 'Venlo, NL' }), 'shipment_immutable');
    });
  });

  describe('422 validation_failed', () => {
    it('a takeover remark without a carrier or with one not listed, a pickup remark naming one, a place for another role', async () => {
      const tenant = await t.newTenant();
      const shipment = await shipmentsApi(t, tenant).created(twoLegShipment(), { issue: true });
      const pickup = await remarksApi(t, tenant).create(shipment.id, { phase: 'pickup', successive_index: 0, type: 'damage', text: 'x' });
      expectProblem(pickup, 'validation_failed');
      expect(pickup.json().errors[0].path).toBe('$.successive_index');
      expectProblem(await sign(tenant, shipment.id, { role: 'carrier', signer_name: 'Pieter Jansen', place: 'Venlo, NL' }), 'validation_failed');
      await pickedUp(tenant, shipment.id);
      for (const body of [{ phase: 'takeover' }, { phase: 'takeover', successive_index: 1 }]) {
        const res = await remarksApi(t, tenant).create(shipment.id, { ...body, type: 'damage', text: 'x' });
        expectProblem(res, 'validation_failed');
        expect(res.json().errors[0].path).toBe('$.successive_index');
      }
    });
  });

  describe('404 not_found', () => {
    it("another tenant's shipment takes no takeover remark or signature, and shows no legs", async () => {
      const tenant = await t.newTenant();
      const other = await t.newTenant();
      const shipment = await shipmentsApi(t, tenant).created(twoLegShipment(), { issue: true });
      await pickedUp(tenant, shipment.id);
      expectProblem(await remarksApi(t, other).create(shipment.id, { phase: 'takeover', successive_index: 0, type: 'damage', text: 'Not mine.' }), 'not_found');
      expectProblem(await sign(other, shipment.id, { role: 'successive_carrier', successive_index: 0, signer_name: 'Intruder', place: 'Venlo, NL' }), 'not_found');
      expect((await sign(tenant, shipment.id, { role: 'consignee', signer_name: 'Jan Peeters' })).statusCode).toBe(201);
      expectProblem(await pod(other, shipment.id), 'not_found');
      expect((await remarksApi(t, tenant).list(shipment.id)).json().data).toEqual([]);
    });
  });
});
