/**
 * The proof of delivery: none before delivery (404 `pod_not_available`, in both forms); after it,
 * JSON with the consignee's signature and its evidence, the time and place, every remark with its
 * photos as working signed links, the final note version and the chain head; and with
 * `Accept: application/pdf` one sealed file (its page, then the photos' page), kept as a document of kind `pod` and served unchanged.
 */
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POD_PATH } from '../../../src/modules/pod/pod.routes.js';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { expectProblem } from '../../support/problems.js';
import { remarksApi } from '../../support/remarks-api.js';
import { png } from '../../support/sample-files.js';
import { fullShipment, minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

const dir = mkdtempSync(join(tmpdir(), 'fds-pod-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

/** Pages, text (whitespace folded) and the seal report of a PDF. */
function readPdf(bytes: Buffer): { pages: number; text: string; seal: string } {
  const path = join(dir, `pod-${n++}.pdf`);
  writeFileSync(path, bytes);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))![1]);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  const run = spawnSync('pdfsig', [path], { encoding: 'utf8' });
  return { pages, text, seal: `${run.stdout}${run.stderr}` };
}

describe.each(backends())('proof of delivery on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const pod = (tenant: Tenant, shipmentId: string, accept?: string, key = tenant.testKey) =>
    t.app.inject({ method: 'GET', url: POD_PATH.replace(':id', shipmentId), headers: { ...t.auth(key), ...(accept ? { accept } : {}) } });
  const sign = (tenant: Tenant, shipmentId: string, body: object) => t.app.inject({ method: 'POST', url: `/v1/shipments/${shipmentId}/signatures`, headers: t.auth(tenant.testKey), payload: body });

  async function delivered(tenant: Tenant): Promise<{ id: string; photo: { id: string; sha256: string }; remarks: { id: string }[] }> {
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const photo = await documentsApi(t, tenant).uploaded(shipment.id, { kind: 'photo', filename: 'pallet.png', bytes: png(48) });
    const remarks = remarksApi(t, tenant);
    const pickup = await remarks.created(shipment.id, { phase: 'pickup', type: 'damage', text: 'Pallet 2 corner crushed.', photo_document_ids: [photo.id] });
    await sign(tenant, shipment.id, { role: 'consignor', signer_name: 'Sanne de Vries' });
    await sign(tenant, shipment.id, { role: 'carrier', signer_name: 'Pieter Jansen' });
    const delivery = await remarks.created(shipment.id, { phase: 'delivery', type: 'shortage', text: 'One carton missing.' });
    const signed = await sign(tenant, shipment.id, { role: 'consignee', signer_name: 'Jonas Becker', location: { lat: 51.4344, lng: 6.7623 } });
    expect(signed.statusCode).toBe(201);
    return { id: shipment.id, photo, remarks: [pickup, delivery] };
  }

  it('before delivery there is none: pod_not_available, as JSON and as PDF; another organisation gets not_found', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const draft = await shipments.created(minimalShipment());
    const issued = await shipments.created(minimalShipment(), { issue: true });
    const moving = await shipments.created(minimalShipment(), { issue: true });
    for (const role of ['consignor', 'carrier']) await sign(tenant, moving.id, { role, signer_name: role });
    const cancelled = await shipments.created(minimalShipment(), { issue: true });
    await shipments.post(cancelled.id, 'cancel', {});
    for (const shipment of [draft, issued, moving, cancelled]) {
      const problem = expectProblem(await pod(tenant, shipment.id), 'pod_not_available');
      expect(problem.detail).toContain(shipment.id);
      expectProblem(await pod(tenant, shipment.id, 'application/pdf'), 'pod_not_available');
    }
    const other = await t.newTenant();
    expectProblem(await pod(other, issued.id), 'not_found');
    expectProblem(await pod(tenant, issued.id, undefined, tenant.liveKey), 'not_found');
    expectProblem(await pod(tenant, 'shp_42'), 'invalid_id');
    const noScope = await t.newTenant({ scopes: ['shipments:read'] });
    expectProblem(await pod(noScope, issued.id), 'insufficient_scope');
  });

  it('after delivery, as JSON: consignee and signature evidence, time and place, remarks with photo links, final note, chain head', async () => {
    const tenant = await t.newTenant();
    const { id, photo, remarks } = await delivered(tenant);
    const res = await pod(tenant, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    const shipment = (await shipmentsApi(t, tenant).get(id)).json();
    const notes = (await documentsApi(t, tenant).list(id, '?kind=consignment_note')).json().data;
    expect(body).toMatchObject({
      shipment_id: id,
      reference: shipment.reference,
      delivered_at: shipment.delivered_at,
      delivery: { address: shipment.delivery.address, coordinates: { lat: 51.4344, lng: 6.7623 } },
      consignee: { name: shipment.consignee.name, signature: { role: 'consignee', signer_name: 'Jonas Becker', phase: 'delivery', evidence: { location: { lat: 51.4344, lng: 6.7623 } } } },
      consignment_note: { document_id: notes[0].id, version: notes[0].version, sha256: notes[0].sha256 },
      document_id: null,
    });
    // The signature names the version it signed: the one before the final, which prints it.
    expect(body.consignee.signature.rendered_document_id).toBe(notes[0].id);
    expect(body.consignee.signature.evidence.document_id).toBe(notes[1].id);
    // The chain head is the shipment's last event.
    const events = (await shipmentsApi(t, tenant).events(id)).json().data;
    expect(body.integrity).toEqual({ seq: events.at(-1).seq, hash: (await shipmentsApi(t, tenant).integrity(id)).json().head_hash });
    expect(body.integrity.seq).toBe(events.length);

    expect(body.remarks.map((r: { id: string; phase: string }) => [r.id, r.phase])).toEqual([[remarks[0]!.id, 'pickup'], [remarks[1]!.id, 'delivery']]);
    expect(body.remarks[1].photos).toEqual([]);
    const [link] = body.remarks[0].photos;
    expect(link).toMatchObject({ document_id: photo.id, content_type: 'image/png', sha256: photo.sha256 });
    const file = await documentsApi(t, tenant).fetch(link.url);
    expect(file.statusCode).toBe(200);
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(photo.sha256);
  });

  it('as PDF: one sealed file — the page with the same facts, then a page with the photo — kept as a pod document and served unchanged after', async () => {
    const tenant = await t.newTenant();
    const { id } = await delivered(tenant);
    const json = (await pod(tenant, id)).json();
    const res = await pod(tenant, id, 'application/pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = readPdf(res.rawPayload);
    expect(pdf.pages).toBe(2);
    // The driver's language is Dutch.
    for (const fact of ['Afleverbewijs', id, 'Rheinstahl Komponenten GmbH', 'Getekend door', 'Jonas Becker', 'Pallet 2 corner crushed.', 'One carton missing.', json.remarks[0].photos[0].document_id, json.consignment_note.sha256, json.integrity.hash, json.consignee.signature.evidence.document_sha256]) {
      expect(pdf.text).toContain(fact);
    }
    expect(pdf.seal).toContain('Signature Validation: Signature is Valid.');

    const docs = (await documentsApi(t, tenant).list(id, '?kind=pod')).json().data;
    expect(docs).toEqual([expect.objectContaining({ kind: 'pod', content_type: 'application/pdf', cause: { event_id: json.consignee.signature.event_id, event_type: 'signature.completed' } })]);
    expect(docs[0].sha256).toBe(createHash('sha256').update(res.rawPayload).digest('hex'));
    expect(res.headers.etag).toBe(`"${docs[0].sha256}"`);
    expect((await pod(tenant, id)).json().document_id).toBe(docs[0].id);

    // Rendered once: later requests, hours on, get the same bytes.
    t.clock.advance(3 * 3600_000);
    const again = await pod(tenant, id, 'application/pdf;q=1, application/json;q=0.5');
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
    expect((await documentsApi(t, tenant).list(id, '?kind=pod')).json().data).toHaveLength(1);
    // JSON wins when asked first, or for anything else.
    expect((await pod(tenant, id, 'application/json, application/pdf;q=0.9')).headers['content-type']).toMatch(/^application\/json/);
    expect((await pod(tenant, id, '*/*')).headers['content-type']).toMatch(/^application\/json/);
  });

  it('two first requests at once store one pod document and answer the same bytes', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    for (const role of ['consignor', 'carrier', 'consignee']) await sign(tenant, shipment.id, { role, signer_name: role });
    const [a, b] = await Promise.all([pod(tenant, shipment.id, 'application/pdf'), pod(tenant, shipment.id, 'application/pdf')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
    const docs = (await documentsApi(t, tenant).list(shipment.id, '?kind=pod')).json().data;
    expect(docs).toHaveLength(1);
    expect(a.headers.etag).toBe(`"${docs[0].sha256}"`);
  });

  it('long reservations are shortened on the page, saying so, and the page stays one', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const remarks = remarksApi(t, tenant);
    const shipment = await shipments.created(minimalShipment(), { issue: true });
    for (let i = 0; i < 4; i++) await remarks.created(shipment.id, { phase: 'pickup', type: 'other', text: `Remark ${i}: ${'the tarpaulin was torn along the left side '.repeat(45)}`.slice(0, 2000) });
    for (const role of ['consignor', 'carrier', 'consignee']) await sign(tenant, shipment.id, { role, signer_name: role });
    const pdf = readPdf((await pod(tenant, shipment.id, 'application/pdf')).rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('Remark 0:');
    expect(pdf.text).toContain('Shortened: the full text is in the consignment note');
    expect(pdf.text).toContain((await pod(tenant, shipment.id)).json().integrity.hash);
  });
});
