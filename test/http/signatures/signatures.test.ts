/**
 * Signatures recorded through the API for authenticated parties: the evidence of each, the order
 * of the phases (consignor and carrier at pickup move the shipment to in_transit, the consignee
 * delivers it), one signature per role, the events and webhook deliveries they cause, and a new
 * consignment-note version per signature with the signer in the right box.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment, minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

const dir = mkdtempSync(join(tmpdir(), 'fds-sig-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(backends())('signatures on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const sign = (tenant: Tenant, shipmentId: string, body: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/v1/shipments/${shipmentId}/signatures`, headers: { ...t.auth(tenant.testKey), 'user-agent': 'dock-tablet/2.1', ...headers }, payload: body });
  const list = (tenant: Tenant, shipmentId: string) => t.app.inject({ method: 'GET', url: `/v1/shipments/${shipmentId}/signatures`, headers: t.auth(tenant.testKey) });

  async function noteText(tenant: Tenant, documentId: string): Promise<string> {
    const file = await documentsApi(t, tenant).download(documentId);
    const path = join(dir, `${documentId}.pdf`);
    writeFileSync(path, file.rawPayload);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  }

  it('consignor and carrier sign at pickup (in_transit), the consignee at delivery (delivered); each with evidence, an event and a new note version', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const docs = documentsApi(t, tenant);
    const shipment = await shipments.created(fullShipment(), { issue: true });
    const v1 = (await docs.list(shipment.id)).json().data[0];

    const consignor = await sign(tenant, shipment.id, { role: 'consignor', signer_name: 'Sanne de Vries', location: { lat: 51.9, lng: 4.4 } });
    expect(consignor.statusCode).toBe(201);
    const s1 = consignor.json();
    expect(s1).toMatchObject({ role: 'consignor', successive_index: null, phase: 'pickup', method: 'platform', level: 'platform_auth', signer_name: 'Sanne de Vries' });
    expect(s1.id).toMatch(/^sig_/);
    expect(s1.evidence).toMatchObject({ document_id: v1.id, document_sha256: v1.sha256, user_agent: 'dock-tablet/2.1', location: { lat: 51.9, lng: 4.4 }, has_image: false });
    expect(s1.evidence.ip).toBeTruthy();
    expect((await shipments.get(shipment.id)).json().status).toBe('issued');

    const carrier = (await sign(tenant, shipment.id, { role: 'carrier', signer_name: 'Pieter Jansen' })).json();
    // The carrier saw version 2, the one with the consignor's signature.
    expect(carrier.evidence.document_id).toBe(s1.rendered_document_id);
    const picked = (await shipments.get(shipment.id)).json();
    expect(picked.status).toBe('in_transit');
    expect(picked.picked_up_at).toBe(t.clock.now().toISOString());

    const consignee = (await sign(tenant, shipment.id, { role: 'consignee', signer_name: 'Jonas Becker' })).json();
    expect(consignee.phase).toBe('delivery');
    expect((await shipments.get(shipment.id)).json().status).toBe('delivered');

    const events = (await shipments.events(shipment.id)).json().data as { id: string; type: string; data: Record<string, unknown> }[];
    expect(events.map((e) => e.type)).toEqual([
      'shipment.created', 'shipment.issued', 'signature.completed', 'signature.completed', 'shipment.in_transit', 'signature.completed', 'shipment.delivered',
    ]);
    const completed = events.filter((e) => e.type === 'signature.completed');
    expect(completed.map((e) => [e.data.signature_id, e.data.role])).toEqual([[s1.id, 'consignor'], [carrier.id, 'carrier'], [consignee.id, 'consignee']]);
    expect(completed[0]!.id).toBe(s1.event_id);
    expect((await shipments.integrity(shipment.id)).json().valid).toBe(true);

    // One note version per signature, each caused by its signature.completed; the last shows all three.
    const notes = (await docs.list(shipment.id, '?kind=consignment_note&order=asc')).json().data as { id: string; version: number; cause: { event_id: string } }[];
    expect(notes.map((n) => n.version)).toEqual([1, 2, 3, 4]);
    expect(notes.slice(1).map((n) => n.cause.event_id)).toEqual(completed.map((e) => e.id));
    expect(notes[3]!.id).toBe(consignee.rendered_document_id);
    // The driver's language is Dutch: the note says "Getekend door".
    const text = await noteText(tenant, notes[3]!.id);
    for (const name of ['Sanne de Vries', 'Pieter Jansen', 'Jonas Becker']) expect(text).toContain(`Getekend door: ${name}`);
    expect(await noteText(tenant, notes[1]!.id)).not.toContain('Getekend door: Pieter Jansen');

    const listed = (await list(tenant, shipment.id)).json();
    expect(listed.data.map((s: { id: string }) => s.id)).toEqual([s1.id, carrier.id, consignee.id]);

    const usage = await t.app.inject({ method: 'GET', url: '/v1/usage?metric=signatures', headers: t.auth(tenant.testKey) });
    expect(usage.json().data).toEqual([{ date: t.clock.now().toISOString().slice(0, 10), metric: 'signatures', value: 3, breakdown: { platform_auth: 3 } }]);
  });

  it('one signature per role: already_signed; the wrong phase: invalid_state; a final shipment: invalid_transition or shipment_immutable', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const draft = await shipments.created(minimalShipment());
    expectProblem(await sign(tenant, draft.id, { role: 'consignor', signer_name: 'A' }), 'invalid_state');

    const shipment = await shipments.created(minimalShipment(), { issue: true });
    expectProblem(await sign(tenant, shipment.id, { role: 'consignee', signer_name: 'Too Early' }), 'invalid_state');
    expect((await sign(tenant, shipment.id, { role: 'consignor', signer_name: 'A' })).statusCode).toBe(201);
    expectProblem(await sign(tenant, shipment.id, { role: 'consignor', signer_name: 'A again' }), 'already_signed');
    expect((await sign(tenant, shipment.id, { role: 'carrier', signer_name: 'B' })).statusCode).toBe(201);
    expectProblem(await sign(tenant, shipment.id, { role: 'carrier', signer_name: 'B again' }), 'already_signed');
    expect((await sign(tenant, shipment.id, { role: 'consignee', signer_name: 'C' })).statusCode).toBe(201);
    // The consignee's signature delivers: delivering a delivered shipment is a forbidden transition.
    expect(expectProblem(await sign(tenant, shipment.id, { role: 'consignee', signer_name: 'C again' }), 'invalid_transition').detail).toContain('delivered');

    const cancelled = await shipments.created(minimalShipment(), { issue: true });
    await shipments.post(cancelled.id, 'cancel', {});
    expectProblem(await sign(tenant, cancelled.id, { role: 'consignor', signer_name: 'A' }), 'shipment_immutable');
    expect((await list(tenant, cancelled.id)).json().data).toEqual([]);
  });

  it('a signature that would deliver or pick up a cancelled shipment is invalid_transition (the spec\'s "delivered after cancelled"), and changes nothing', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const cancelled = await shipments.created(minimalShipment(), { issue: true });
    expect((await sign(tenant, cancelled.id, { role: 'consignor', signer_name: 'A' })).statusCode).toBe(201);
    await shipments.post(cancelled.id, 'cancel', {});
    const before = (await shipments.events(cancelled.id)).json().data.length;

    const delivered = expectProblem(await sign(tenant, cancelled.id, { role: 'consignee', signer_name: 'C' }), 'invalid_transition');
    expect(delivered.detail).toContain('cancelled');
    // The carrier's signature would complete pickup (in_transit): a forbidden transition too.
    expectProblem(await sign(tenant, cancelled.id, { role: 'carrier', signer_name: 'B' }), 'invalid_transition');
    expect((await shipments.get(cancelled.id)).json().status).toBe('cancelled');
    expect((await shipments.events(cancelled.id)).json().data).toHaveLength(before);
    expect((await list(tenant, cancelled.id)).json().data).toHaveLength(1);
  });

  it('a successive carrier signs in transit at its position, once', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const body = { ...fullShipment(), successive_carriers: [{ name: 'Spedycja Łódź Sp. z o.o.', address: { street: 'ul. Długa 1', city: 'Łódź', country: 'PL' } }] };
    const shipment = await shipments.created(body, { issue: true });
    expectProblem(await sign(tenant, shipment.id, { role: 'successive_carrier', successive_index: 0, signer_name: 'Early' }), 'invalid_state');
    await sign(tenant, shipment.id, { role: 'consignor', signer_name: 'A' });
    await sign(tenant, shipment.id, { role: 'carrier', signer_name: 'B' });
    const missing = await sign(tenant, shipment.id, { role: 'successive_carrier', signer_name: 'No index' });
    expectProblem(missing, 'validation_failed');
    expect(missing.json().errors[0].path).toBe('$.successive_index');
    expectProblem(await sign(tenant, shipment.id, { role: 'successive_carrier', successive_index: 1, signer_name: 'Out of list' }), 'validation_failed');
    const taken = await sign(tenant, shipment.id, { role: 'successive_carrier', successive_index: 0, signer_name: 'Michał Wiśniewski' });
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toMatchObject({ role: 'successive_carrier', successive_index: 0, phase: 'pickup' });
    expectProblem(await sign(tenant, shipment.id, { role: 'successive_carrier', successive_index: 0, signer_name: 'Twice' }), 'already_signed');
    expect((await shipments.get(shipment.id)).json().status).toBe('in_transit');
    expect(await noteText(tenant, taken.json().rendered_document_id)).toContain('Michał Wiśniewski');
  });

  it('another organisation cannot sign or see signatures: not_found; a bad body is refused', async () => {
    const tenant = await t.newTenant();
    const other = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    expectProblem(await sign(other, shipment.id, { role: 'consignor', signer_name: 'Intruder' }), 'not_found');
    expectProblem(await list(other, shipment.id), 'not_found');
    expectProblem(await sign(tenant, shipment.id, { role: 'driver', signer_name: 'X' }), 'validation_failed');
    expectProblem(await sign(tenant, shipment.id, { role: 'consignor', signer_name: '' }), 'validation_failed');
    expectProblem(await list(tenant, 'shp_123'), 'invalid_id');
  });

  it('each signature and transition is delivered to the endpoints subscribed to it', async () => {
    const tenant = await t.newTenant();
    const hooks = (body: object) => t.app.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers: t.auth(tenant.testKey), payload: body });
    const signing = (await hooks({ url: 'https://hooks.example.com/signing', events: ['signature.completed', 'shipment.delivered'] })).json();
    const family = (await hooks({ url: 'https://hooks.example.com/shipments', events: ['shipment.*'] })).json();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    for (const [role, name] of [['consignor', 'A'], ['carrier', 'B'], ['consignee', 'C']]) await sign(tenant, shipment.id, { role, signer_name: name });
    const deliveries = async (endpointId: string) =>
      ((await t.app.inject({ method: 'GET', url: `/v1/webhook-deliveries?endpoint_id=${endpointId}&limit=100`, headers: t.auth(tenant.testKey) })).json().data as { event_type: string }[])
        .map((d) => d.event_type)
        .sort();
    expect(await deliveries(signing.id)).toEqual(['shipment.delivered', 'signature.completed', 'signature.completed', 'signature.completed']);
    // `shipment.*` is every shipment event, not signature.completed.
    expect(await deliveries(family.id)).toEqual(['shipment.created', 'shipment.delivered', 'shipment.in_transit', 'shipment.issued']);
  });
});
