/**
 * GET /v1/shipments/{id}/efti: the dataset from create on, as JSON (default) or XML valid against
 * the EFTI4EU XSDs; `subset` comma-separated or repeated; an unknown subset is 422
 * `subset_unknown` as problem+json whatever the Accept; another tenant's shipment is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EFTI_DATASET_PATH } from '../../../src/modules/efti/efti.routes.js';
import { backends } from '../../support/backends.js';
import { COMMON_XSD, IDENTIFIER_XSD, parseEftiXml, xsdViolations } from '../../support/efti-documents.js';
import { expectProblem } from '../../support/problems.js';
import type { ShipmentInput } from '../../../src/modules/shipments/shipment-input.schema.js';
import { fullShipment, minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

/** The issue's fixtures: sample (with ADR), national, combined, cabotage, 200 lines, long Latin Extended names. */
function fixtures(): Record<string, ShipmentInput> {
  const combined = fullShipment();
  combined.combined_transport = { sequence: 1, carried_unit: { id: 'MSCU1234565', category: 'CN' } };
  const cabotage = minimalShipment();
  cabotage.carrier = { ...cabotage.carrier!, name: 'Trans-Pol Sp. z o.o.', address: { street: 'ul. Długa 5', postal_code: '00-238', city: 'Warszawa', country: 'PL' } };
  const lines = fullShipment();
  lines.goods = Array.from({ length: 200 }, (_, i) => ({ description: `Article ${i + 1} spare part, boxed`, marks: `M-${i + 1}`, quantity: i + 1, package_type: 'box', gross_weight_kg: 100 + i + 0.5, volume_m3: 0.25 }));
  const names = minimalShipment();
  names.consignor = { ...names.consignor!, name: 'Przedsiębiorstwo Transportowo-Spedycyjne „Łódź-Żółć” Spółka z ograniczoną odpowiedzialnością & Ærøskøbing Ştefan Ţară' };
  return { sample: fullShipment(), national: minimalShipment(), combined, cabotage, '200 lines': lines, 'long Latin Extended names': names };
}

const DOCUMENT_SUBSETS = ['', 'EU01', 'EU02', 'EU03', 'EU05a', 'EU05b', 'EU05c', 'EU06', 'EU01,EU03', 'identifier'];

describe.each(backends())('eFTI dataset on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  let shipmentId: string;
  beforeAll(async () => {
    // The fixture sweep makes over a hundred requests with one key in well under a second.
    t = await buildTestApp(backend, { env: { RATE_LIMIT_REQUESTS: '100000' } });
    tenant = await t.newTenant();
    shipmentId = (await shipmentsApi(t, tenant).created(minimalShipment())).id;
  });
  afterAll(() => t.close());

  const efti = (id: string, query = '', headers: Record<string, string> = {}, key = tenant.testKey) =>
    t.app.inject({ method: 'GET', url: `${EFTI_DATASET_PATH.replace(':id', id)}${query}`, headers: { ...t.auth(key), ...headers } });

  describe('200', () => {
    it('a draft has its common dataset as JSON: UIL with the dataset id, applicable subsets, XSD element names, repeatable elements as arrays', async () => {
      const res = await efti(shipmentId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.vary).toMatch(/accept/i);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['applicable_subsets', 'consignment', 'omitted', 'subsets', 'uil']);
      // No gate configured in tests: its two ids are null, the dataset id is the shipment's UUID v4.
      expect(body.uil).toEqual({ gate_id: null, platform_id: null, dataset_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) });
      expect(body.subsets).toEqual([]);
      expect(body.applicable_subsets).toContain('EU01');
      expect(Array.isArray(body.omitted)).toBe(true);
      expect(body.consignment.consignor.name).toEqual(['Sender B.V.']);
    });

    it('a change read right after a read shows: the vehicle patched, then the carrier\'s signature as acceptance time and authentication', async () => {
      const api = shipmentsApi(t, tenant);
      const issued = await api.created(fullShipment(), { issue: true });
      const before = (await efti(issued.id, '?subset=identifier', { accept: 'application/xml' })).body;
      expect(before).toContain('<id>12-BXL-4</id>');
      const patched = await t.app.inject({ method: 'PATCH', url: `/v1/shipments/${issued.id}`, headers: { ...t.auth(tenant.testKey), 'content-type': 'application/merge-patch+json' }, payload: { vehicle: { plate: '77-XYZ-1' } } });
      expect(patched.statusCode, patched.body).toBe(200);
      const after = (await efti(issued.id, '?subset=identifier', { accept: 'application/xml' })).body;
      expect(after).toContain('<id>77-XYZ-1</id>');
      expect(after).not.toContain('12-BXL-4');
      const acceptance = (await efti(issued.id)).json().consignment.carrierAcceptanceDateTime;
      t.clock.advance(60_000);
      const signed = await t.app.inject({ method: 'POST', url: `/v1/shipments/${issued.id}/signatures`, headers: t.auth(tenant.testKey), payload: { role: 'carrier', signer_name: 'Ruud Smit' } });
      expect(signed.statusCode, signed.body).toBe(201);
      const now = (await efti(issued.id)).json().consignment.carrierAcceptanceDateTime;
      expect(now).not.toEqual(acceptance);
    });

    it('subsets comma-separated or repeated mean the same, in the order given, each once', async () => {
      const comma = await efti(shipmentId, '?subset=EU03,EU01');
      const repeated = await efti(shipmentId, '?subset=EU03&subset=EU01&subset=EU03');
      expect(comma.statusCode, comma.body).toBe(200);
      expect(repeated.statusCode, repeated.body).toBe(200);
      expect(comma.json().subsets).toEqual(['EU03', 'EU01']);
      expect(repeated.json()).toEqual(comma.json());
      // The consignor's name is in EU01 (O), not in the identifier subset.
      expect(comma.json().consignment.consignor.name).toEqual(['Sender B.V.']);
      expect((await efti(shipmentId, '?subset=identifier')).json().consignment.consignor).toBeUndefined();
    });

    it('Accept: application/xml answers the consignment-common document, valid, with the same values as the JSON', async () => {
      const json = (await efti(shipmentId, '?subset=EU01')).json();
      const res = await efti(shipmentId, '?subset=EU01', { accept: 'application/xml' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<consignment xmlns="http:\/\/efti.eu\/v1\/consignment\/common">/);
      expect(xsdViolations(COMMON_XSD, [['EU01', res.body], ['common', (await efti(shipmentId, '', { accept: 'text/xml' })).body]])).toEqual([]);
      expect(parseEftiXml(res.body).consignment).toEqual(json.consignment);
    });

    it('subset=identifier with Accept: application/xml is the document for the gate (consignment-identifier.xsd); JSON wins when ranked higher', async () => {
      const res = await efti(shipmentId, '?subset=identifier', { accept: 'application/xml' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('<consignment xmlns="http://efti.eu/v1/consignment/identifier"');
      expect(xsdViolations(IDENTIFIER_XSD, [['identifier', res.body]])).toEqual([]);
      const json = await efti(shipmentId, '?subset=identifier', { accept: 'application/xml;q=0.5, application/json' });
      expect(json.headers['content-type']).toMatch(/^application\/json/);
    });
  });

  it('every fixture, as the common dataset, each EU subset and identifier: valid XML carrying the values of the JSON', async () => {
    const common: Array<[string, string]> = [];
    const identifier: Array<[string, string]> = [];
    for (const [name, body] of Object.entries(fixtures())) {
      const id = (await shipmentsApi(t, tenant).created(body)).id;
      for (const subset of DOCUMENT_SUBSETS) {
        const query = subset ? `?subset=${subset}` : '';
        const json = await efti(id, query);
        const xml = await efti(id, query, { accept: 'application/xml' });
        expect(json.statusCode, json.body).toBe(200);
        expect(xml.statusCode, xml.body).toBe(200);
        expect(json.json().applicable_subsets).toContain('EU01');
        (subset === 'identifier' ? identifier : common).push([`${name} ${subset || 'common'}`, xml.body]);
        // The gate's document is the identifier XSD's shape; every other one is the JSON's tree.
        if (subset !== 'identifier') expect(parseEftiXml(xml.body).consignment, `${name} ${subset}`).toEqual(json.json().consignment);
      }
    }
    expect(xsdViolations(COMMON_XSD, common)).toEqual([]);
    expect(xsdViolations(IDENTIFIER_XSD, identifier)).toEqual([]);
  });

  describe('subset_unknown', () => {
    it('an id not among the 184 (ids are case-sensitive) is 422 naming it, as problem+json, also when XML was asked for', async () => {
      const res = await efti(shipmentId, '?subset=EU01,eu03');
      const body = expectProblem(res, 'subset_unknown');
      expect(body.detail).toContain('`eu03`');
      expect(body.detail).not.toContain('`EU01`');
      const xml = await efti(shipmentId, '?subset=EU01&subset=XX99', { accept: 'application/xml' });
      expect(expectProblem(xml, 'subset_unknown').detail).toContain('`XX99`');
    });
  });

  describe('not_found and invalid_id', () => {
    it('another organisation\'s shipment is 404 not_found, in JSON and in XML; a malformed id is 400 invalid_id', async () => {
      const other = await t.newTenant();
      expectProblem(await efti(shipmentId, '', {}, other.testKey), 'not_found');
      expectProblem(await efti(shipmentId, '?subset=EU01', { accept: 'application/xml' }, other.testKey), 'not_found');
      // The same organisation's live mode does not see a test shipment either.
      expectProblem(await efti(shipmentId, '', {}, tenant.liveKey), 'not_found');
      expectProblem(await efti('shp_nope'), 'invalid_id');
    });
  });

  describe('insufficient_scope', () => {
    it('a key without efti:read is refused', async () => {
      const reader = await t.newTenant({ scopes: ['shipments:read'] });
      // The scope is checked before the shipment is looked up.
      expectProblem(await efti(shipmentId, '', {}, reader.testKey), 'insufficient_scope');
    });
  });
});
