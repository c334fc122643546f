/**
 * An accepted instruction that moves the place of delivery to another country changes what the
 * shipment derives from its lane, as create derives it: the transport type (cabotage or national
 * becomes international, international becomes national), the rules' warnings, the eFTI dataset's
 * subsets and receipt location, and the "Transport" line of the new note version. A new place the
 * business rules refuse (delivery before the taking over) cannot be accepted: 422, nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EFTI_DATASET_PATH } from '../../../src/modules/efti/efti.routes.js';
import { backends } from '../../support/backends.js';
import { disposalApi, NEW_CONSIGNEE, NEW_PLACE } from '../../support/disposal-api.js';
import { documentsApi } from '../../support/documents-api.js';
import { pdfText } from '../../support/pdf-text.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment, minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

const ANTWERP = { address: { street: 'Haven 1227', postal_code: '2030', city: 'Antwerpen', country: 'BE' } };

describe.each(backends())('data derived again after a disposal instruction on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const noteText = async (tenant: Tenant, documentId: string) => pdfText((await documentsApi(t, tenant).download(documentId)).rawPayload);
  const efti = async (tenant: Tenant, id: string) => (await t.app.inject({ method: 'GET', url: EFTI_DATASET_PATH.replace(':id', id), headers: t.auth(tenant.testKey) })).json();
  const codes = (findings: { code: string }[]) => findings.map((f) => f.code);

  it('cabotage within the Netherlands sent on to Belgium becomes international: record, warnings, eFTI subsets and the new note say so', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const shipments = shipmentsApi(t, tenant);
    const body = minimalShipment();
    body.carrier = { name: 'Trans-Pol Sp. z o.o.', address: { street: 'ul. Długa 5', postal_code: '00-238', city: 'Warszawa', country: 'PL' } };
    const id = await disposal.inStatus('in_transit', body);
    const before = (await shipments.get(id)).json();
    expect(before.transport_type).toBe('cabotage');
    expect(codes(before.warnings)).toContain('cabotage_operation');
    expect((await efti(tenant, id)).applicable_subsets).toContain('EU03');

    const given = await disposal.given(id, { instructing_party: 'consignor', kind: 'change_delivery_place', delivery: ANTWERP });
    const res = await disposal.accept(id, given.id);
    expect(res.statusCode, res.body).toBe(200);
    const accepted = res.json();

    const after = (await shipments.get(id)).json();
    expect(after.transport_type).toBe('international');
    // Belgium is no party to the e-CMR protocol: the warning a create would give now shows; the cabotage one is gone.
    expect(codes(after.warnings)).toContain('ecmr_not_ratified');
    expect(codes(after.warnings)).not.toContain('cabotage_operation');
    const dataset = await efti(tenant, id);
    expect(dataset.applicable_subsets).not.toContain('EU03');
    expect(JSON.stringify(dataset.consignment.consigneeReceiptLocation)).toContain('Antwerpen');
    const events = (await shipments.events(id)).json().data as { type: string; data: Record<string, unknown> }[];
    expect(events.at(-1)).toMatchObject({ type: 'shipment.disposal_accepted', data: { changed_fields: ['delivery', 'transport_type'] } });
    const text = await noteText(tenant, accepted.rendered_document_id);
    expect(text).toContain('Transport: international');
    expect(text).not.toContain('Transport: cabotage');
    expect((await shipments.integrity(id)).json().valid).toBe(true);
    // The file's first render starts the render threads and loads the fonts: on a busy machine well over the default 30 s.
  }, 120_000);

  it('an international carriage whose client sent transport_type sent to a new consignee at home becomes national; the stale type is dropped', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const shipments = shipmentsApi(t, tenant);
    const id = await disposal.inStatus('in_transit', { ...fullShipment(), transport_type: 'international' });
    const given = await disposal.given(id, { instructing_party: 'consignor', kind: 'change_consignee', consignee: NEW_CONSIGNEE, delivery: NEW_PLACE });
    const accepted = (await disposal.accept(id, given.id)).json();
    expect(accepted.status).toBe('accepted');
    const after = (await shipments.get(id)).json();
    expect(after.transport_type).toBe('national');
    expect(codes(after.warnings)).not.toContain('transport_type_mismatch');
    const events = (await shipments.events(id)).json().data as { type: string; data: Record<string, unknown> }[];
    expect(events.at(-1)!.data.changed_fields).toEqual(['consignee', 'delivery', 'transport_type']);
    // The note is in the driver's language (Dutch): "Vervoer" is its transport line.
    expect(await noteText(tenant, accepted.rendered_document_id)).toContain('Vervoer: nationaal');
  });

  it('a new place the business rules refuse (delivery before the taking over) is 422 validation_failed; the instruction waits, nothing changes', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const shipments = shipmentsApi(t, tenant);
    const id = await disposal.inStatus('in_transit');
    const before = (await shipments.get(id)).json();
    const given = await disposal.given(id, { instructing_party: 'consignor', kind: 'change_delivery_place', delivery: { ...ANTWERP, window: { from: '2026-11-30T08:00:00Z' } } });
    const problem = expectProblem(await disposal.accept(id, given.id), 'validation_failed');
    expect(problem.errors).toContainEqual(expect.objectContaining({ path: '$.delivery.window.from', code: 'delivery_before_pickup' }));
    expect((await shipments.get(id)).json()).toEqual(before);
    expect((await disposal.list(id)).json().data[0]).toMatchObject({ id: given.id, status: 'instructed' });
    expect((await disposal.refuse(id, given.id, { reason: 'impossible' })).statusCode).toBe(200);
  });
});
