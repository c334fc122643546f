/** PATCH /v1/shipments/{id}: JSON merge patch, both media types, the freeze after issuing. */
import { describe, expect, it } from 'vitest';
import { changeShipmentStatus } from '../../../src/modules/shipments/change-shipment-status.js';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentSuite } from '../../support/shipment-suite.js';

describe.each(backends())('updating shipments on $name', (backend) => {
  const s = shipmentSuite(backend);

  it('merges: objects member by member, null removes, arrays replace; both media types', async () => {
    const { id } = await s.api.created();
    const res = await s.api.patch(id, { reference: 'PO-NEW', consignee: { contact: { name: 'Anna Schmidt' } }, special_agreements: null, documents_attached: ['Only this'] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.reference).toBe('PO-NEW');
    expect(body.consignee.contact).toEqual({ ...fullShipment().consignee!.contact, name: 'Anna Schmidt' });
    expect(body.consignee.name).toBe('Rheinstahl Komponenten GmbH');
    expect(body).not.toHaveProperty('special_agreements');
    expect(body.documents_attached).toEqual(['Only this']);
    const again = await s.api.patch(id, { vehicle: { trailer_plate: 'OR-99-ZZ' } }, { contentType: 'application/json' });
    expect(again.json().vehicle).toMatchObject({ plate: '12-BXL-4', trailer_plate: 'OR-99-ZZ' });
    expect((await s.api.get(id)).json().reference).toBe('PO-NEW');
    const updates = (await s.api.events(id)).json().data.filter((e: { type: string }) => e.type === 'shipment.updated');
    expect(updates.map((e: { data: { changed_fields: string[] } }) => e.data.changed_fields)).toEqual([
      ['consignee', 'documents_attached', 'reference', 'special_agreements'],
      ['vehicle'],
    ]);
  });

  it('a patch that changes nothing returns the shipment and appends no event', async () => {
    const { id } = await s.api.created();
    const res = await s.api.patch(id, { reference: 'PO-2026-118734' });
    expect(res.statusCode).toBe(200);
    expect((await s.api.events(id)).json().data).toHaveLength(1);
  });

  it('refuses other media types and bodies that are not objects', async () => {
    const { id } = await s.api.created();
    expectProblem(await s.api.patch(id, 'reference=x', { contentType: 'application/x-www-form-urlencoded' }), 'unsupported_media_type');
    expectProblem(await s.api.patch(id, '{"reference": "x"}', { contentType: 'text/plain' }), 'unsupported_media_type');
    expectProblem(await s.api.patch(id, '{"reference": ', { contentType: 'application/merge-patch+json' }), 'malformed_json');
    const notObject = expectProblem(await s.api.patch(id, ['reference']), 'validation_failed');
    expect(notObject.errors[0]).toMatchObject({ path: '$', code: 'invalid_type' });
  });

  it('validates the merged shipment like a create: schema, unknown fields and rules', async () => {
    const { id } = await s.api.created();
    const body = expectProblem(await s.api.patch(id, { goods: [{ description: 'x', quantity: 0, package_type: 'pallet' }], status: 'delivered', consignee: null }), 'validation_failed');
    const found = body.errors.map((e: { path: string; code: string }) => `${e.path} ${e.code}`);
    expect(found).toEqual(expect.arrayContaining(['$.goods[0].quantity out_of_range', '$.status unknown_field', '$.consignee consignee_missing']));
    expect((await s.api.get(id)).json().goods).toHaveLength(3);
  });

  it('after issuing, a consignment-note field is field_frozen, named in detail and errors', async () => {
    const { id } = await s.api.created(fullShipment(), { issue: true });
    const res = await s.api.patch(id, { consignee: { name: 'Other GmbH' }, delivery: { address: { city: 'Essen' } }, driver: { name: 'New Driver' } }, { headers: { 'accept-language': 'nl' } });
    const body = expectProblem(res, 'field_frozen');
    expect(body.detail).toContain('consignee');
    expect(body.detail).toContain('delivery.address');
    expect(body.errors.map((e: { path: string }) => e.path)).toEqual(['$.consignee', '$.delivery.address']);
    expect(body.errors[0]).toMatchObject({ code: 'field_frozen', params: { field: 'consignee', status: 'issued' } });
    expect(body.errors[0].message).toContain('bevroren');
    expect((await s.api.get(id)).json().driver.name).toBe('Pieter Jansen');
  });

  it('after issuing, driver, vehicle, principal and stop instructions and contacts may change', async () => {
    const { id } = await s.api.created(fullShipment(), { issue: true });
    const res = await s.api.patch(id, {
      driver: { name: 'Kees Bakker', phone: '+31687654321' },
      vehicle: { plate: '99-XYZ-1' },
      principal: { reference: 'NZT-ORDER-9982' },
      pickup: { instructions: 'Gate 5 instead of gate 3.', contact: { name: 'Gate 5' } },
      delivery: { instructions: 'Dock 6.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'issued', driver: { name: 'Kees Bakker' }, vehicle: { plate: '99-XYZ-1' }, delivery: { instructions: 'Dock 6.' } });
  });

  it('in transit the vehicle and the pickup are fixed; the driver and delivery instructions are not', async () => {
    const { id } = await s.api.created(fullShipment(), { issue: true });
    await changeShipmentStatus(s.ctx, id, 'in_transit', { language: 'en' });
    expectProblem(await s.api.patch(id, { vehicle: { plate: '99-XYZ-1' } }), 'field_frozen');
    expectProblem(await s.api.patch(id, { pickup: { instructions: 'Too late' } }), 'field_frozen');
    expect((await s.api.patch(id, { driver: { name: 'Relief Driver' }, delivery: { instructions: 'Dock 2.' } })).statusCode).toBe(200);
  });

  it('in a draft every field may change, including the lane; transport_type follows', async () => {
    const { id } = await s.api.created();
    const res = await s.api.patch(id, { delivery: { address: { street: 'Stationsplein 1', postal_code: '3511 ED', city: 'Utrecht', country: 'NL' } }, consignee: { address: { street: 'Stationsplein 1', postal_code: '3511 ED', city: 'Utrecht', country: 'NL', department: null, country_subdivision: null } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transport_type).toBe('national');
  });

  it('not_found for another organisation or mode; invalid_id for a malformed id', async () => {
    const { id } = await s.api.created();
    const other = await s.t.newTenant();
    expectProblem(await s.api.patch(id, { reference: 'x' }, { key: other.testKey }), 'not_found');
    expectProblem(await s.api.patch(id, { reference: 'x' }, { key: s.tenant.liveKey }), 'not_found');
    expectProblem(await s.api.patch('shp_x', { reference: 'x' }), 'invalid_id');
  });
});
