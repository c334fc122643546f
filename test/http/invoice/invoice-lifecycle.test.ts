/**
 * An invoice's life: not before delivery (`invoice_not_available`), issued once and immutable (a
 * second POST answers 200 with it, whatever its body), numbered without gaps per organisation and
 * mode, kept as a document of kind `invoice` with an `invoice.issued` event in the chain, read as
 * JSON or as the XML exactly as issued, and invisible to other organisations and modes.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { deliveredShipment, dutchDomestic, dutchProfile, germanPayer, INVOICE_CASES, invoicesApi, issueCase } from '../../support/invoices-api.js';
import { documentsApi } from '../../support/documents-api.js';
import { expectProblem } from '../../support/problems.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe.each(backends())('invoice lifecycle on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  it('before delivery: 404 invoice_not_available to POST and GET, in draft, issued and in transit', async () => {
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    expect((await api.putProfile(dutchProfile())).statusCode).toBe(200);
    const shipments = shipmentsApi(t, tenant);
    const draft = await shipments.created(dutchDomestic());
    expectProblem(await api.issue(draft.id), 'invoice_not_available');
    const issued = await shipments.created(dutchDomestic(), { issue: true });
    expectProblem(await api.issue(issued.id), 'invoice_not_available');
    expectProblem(await api.get(issued.id), 'invoice_not_available');
    for (const role of ['consignor', 'carrier']) await t.app.inject({ method: 'POST', url: `/v1/shipments/${issued.id}/signatures`, headers: t.auth(tenant.testKey), payload: { role, signer_name: 'x' } });
    expect((await shipments.get(issued.id)).json().status).toBe('in_transit');
    const problem = expectProblem(await api.issue(issued.id), 'invoice_not_available');
    expect(problem.detail).toContain('in_transit');
  });

  it('delivered but not invoiced yet: GET is invoice_not_available, saying how to issue', async () => {
    const tenant = await t.newTenant();
    const { id } = await deliveredShipment(t, tenant, dutchDomestic());
    const problem = expectProblem(await invoicesApi(t, tenant).get(id), 'invoice_not_available');
    expect(problem.detail).toContain('POST /v1/shipments/{id}/invoice');
  });

  it('issued once: a second POST answers 200 with the same invoice, ignoring a new body; a profile change leaves it as it was', async () => {
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    const { shipmentId, invoice, xml } = await issueCase(t, tenant, INVOICE_CASES.nlDomestic!());
    const again = await api.issue(shipmentId, { vat_rate: '9', order_reference: 'OTHER' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(invoice);
    expect((await api.putProfile({ ...dutchProfile(), legal_name: 'Renamed B.V.', invoice_number_prefix: 'NEW-' })).statusCode).toBe(200);
    expect((await api.get(shipmentId)).json()).toEqual(invoice);
    const served = await api.get(shipmentId, 'application/xml');
    expect(served.body).toBe(xml);
    expect(xml).toContain('Van den Berg Transport B.V.');
    expect(xml).not.toContain('Renamed');
  });

  it('the XML is served as issued: application/xml, its SHA-256 as ETag and in the document record, and in the invoice.issued event of the chain', async () => {
    const tenant = await t.newTenant();
    const { shipmentId, invoice, xml } = await issueCase(t, tenant, INVOICE_CASES.nlToGerman!());
    const served = await invoicesApi(t, tenant).get(shipmentId, 'application/xml');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/xml/);
    const sha256 = createHash('sha256').update(served.rawPayload).digest('hex');
    expect(served.headers.etag).toBe(`"${sha256}"`);
    expect(invoice.document).toEqual({ id: expect.stringMatching(/^doc_/), sha256, size: served.rawPayload.length });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    // JSON stays the default, also for a browser's Accept.
    expect((await invoicesApi(t, tenant).get(shipmentId, 'text/html,*/*;q=0.8')).json().id).toBe(invoice.id);

    const docs = documentsApi(t, tenant);
    const listed = (await docs.list(shipmentId, '?kind=invoice')).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: invoice.document.id, kind: 'invoice', content_type: 'application/xml', sha256, cause: { event_type: 'invoice.issued' } });
    expect((await docs.download(invoice.document.id)).body).toBe(xml);
    // The document cannot be deleted: the shipment is final.
    expectProblem(await t.app.inject({ method: 'DELETE', url: `/v1/documents/${invoice.document.id}`, headers: t.auth(tenant.testKey) }), 'shipment_immutable');

    const shipments = shipmentsApi(t, tenant);
    const events = (await shipments.events(shipmentId)).json().data as { id: string; type: string; data: Record<string, unknown> }[];
    const issued = events.at(-1)!;
    expect(issued).toMatchObject({ id: listed[0].cause.event_id, type: 'invoice.issued', data: { invoice_id: invoice.id, number: invoice.number, document_id: invoice.document.id, sha256, status: 'delivered' } });
    expect((await shipments.integrity(shipmentId)).json().valid).toBe(true);
  });

  it('an invoice stored before it had lines and on_behalf_of reads with its one carriage line and no carrier invoiced for', async () => {
    const tenant = await t.newTenant();
    const { shipmentId, invoice } = await issueCase(t, tenant, INVOICE_CASES.nlToGerman!());
    const older = { ...invoice };
    delete older.lines;
    delete older.on_behalf_of;
    await t.runtime.services.db.updateTable('invoices').set({ summary: JSON.stringify(older) }).where('id', '=', invoice.id).execute();
    const read = await invoicesApi(t, tenant).get(shipmentId);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...older, lines: [{ line: 1, kind: 'carriage', name: 'Road transport', amount: '1250.00', vat: invoice.vat }], on_behalf_of: null });
  });

  it('numbers without gaps per organisation and mode: …-0001, …-0002; another organisation and the live mode count on their own', async () => {
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    expect((await api.putProfile(dutchProfile())).statusCode).toBe(200);
    const first = await deliveredShipment(t, tenant, dutchDomestic());
    const refused = await deliveredShipment(t, tenant, germanPayer());
    const second = await deliveredShipment(t, tenant, dutchDomestic());
    expect((await api.issue(first.id)).json().number).toBe('VDB-2026-0001');
    expectProblem(await api.issue(refused.id), 'invoice_incomplete');
    expect((await api.issue(second.id)).json().number).toBe('VDB-2026-0002');
    expect((await api.issue(refused.id, { order_reference: 'RK-9' })).json().number).toBe('VDB-2026-0003');

    const other = await t.newTenant();
    const { invoice } = await issueCase(t, other, INVOICE_CASES.nlDomestic!());
    expect(invoice.number).toBe('VDB-2026-0001');
  });

  it('two concurrent POSTs for one shipment issue one invoice', async () => {
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    expect((await api.putProfile(dutchProfile())).statusCode).toBe(200);
    const { id } = await deliveredShipment(t, tenant, dutchDomestic());
    const [a, b] = await Promise.all([api.issue(id), api.issue(id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json()).toEqual(b.json());
    expect((await documentsApi(t, tenant).list(id, '?kind=invoice')).json().data).toHaveLength(1);
  });

  it('an Idempotency-Key replays the first answer byte for byte', async () => {
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    expect((await api.putProfile(dutchProfile())).statusCode).toBe(200);
    const { id } = await deliveredShipment(t, tenant, dutchDomestic());
    const first = await api.issue(id, {}, { 'idempotency-key': 'inv-1' });
    const replay = await api.issue(id, {}, { 'idempotency-key': 'inv-1' });
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
  });

  it('another organisation\'s or mode\'s shipment is not_found; a malformed id is invalid_id', async () => {
    const tenant = await t.newTenant();
    const { shipmentId } = await issueCase(t, tenant, INVOICE_CASES.nlDomestic!());
    const stranger = await t.newTenant();
    expectProblem(await invoicesApi(t, stranger).get(shipmentId), 'not_found');
    expectProblem(await invoicesApi(t, stranger).issue(shipmentId), 'not_found');
    expectProblem(await invoicesApi(t, tenant).get(shipmentId, undefined, tenant.liveKey), 'not_found');
    expectProblem(await invoicesApi(t, tenant).get('shp_nope'), 'invalid_id');
    expectProblem(await invoicesApi(t, tenant).issue('shp_nope'), 'invalid_id');
  });
});
