/**
 * Photos are evidence in the PDFs. A note version with reservations says in box 18 (pickup) or 24
 * (delivery) how many photos each has and on which annex page, and carries that annex: downscaled
 * thumbnails with capture time, remark and SHA-256, inside the same sealed file. The proof of
 * delivery shows the same thumbnails on its photo page, and its JSON lists every photo. A HEIC
 * (which the renderer cannot decode) gets a labelled placeholder with its hash; the render goes on.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POD_PATH } from '../../../src/modules/pod/pod.routes.js';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { remarksApi } from '../../support/remarks-api.js';
import { heic, png } from '../../support/sample-files.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

const dir = mkdtempSync(join(tmpdir(), 'fds-photo-pdfs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

interface PdfImage {
  page: number;
  type: string;
  width: number;
  height: number;
  enc: string;
}

/** The text (whitespace folded), the images `pdfimages -list` finds, the page count and the seal report. */
function readPdf(bytes: Buffer): { path: string; pages: number; text: string; images: PdfImage[]; seal: string } {
  const path = join(dir, `file-${n++}.pdf`);
  writeFileSync(path, bytes);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))![1]);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  const images = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => line.trim().split(/\s+/))
    .map((c) => ({ page: Number(c[0]), type: c[2]!, width: Number(c[3]), height: Number(c[4]), enc: c[8]! }));
  const run = spawnSync('pdfsig', [path], { encoding: 'utf8' });
  return { path, pages, text, images, seal: `${run.stdout}${run.stderr}` };
}

/** A phone-sized JPEG (3000×2000) with something to see on it. */
async function cameraJpeg(label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000"><rect width="3000" height="2000" fill="#6b8fb5"/><rect x="600" y="700" width="1800" height="1100" fill="#b5884f" stroke="#3d2b14" stroke-width="40"/><text x="1500" y="1350" font-size="320" text-anchor="middle" fill="#fff" font-family="sans-serif">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

describe.each(backends())('remark photos in the PDFs on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const sign = (tenant: Tenant, shipmentId: string, body: object) => t.app.inject({ method: 'POST', url: `/v1/shipments/${shipmentId}/signatures`, headers: t.auth(tenant.testKey), payload: body });
  const pod = (tenant: Tenant, shipmentId: string, accept?: string) =>
    t.app.inject({ method: 'GET', url: POD_PATH.replace(':id', shipmentId), headers: { ...t.auth(tenant.testKey), ...(accept ? { accept } : {}) } });

  it('note versions count and place the photos in box 18 and 24 and carry them as thumbnails on a sealed annex; the POD shows and lists them', async () => {
    const tenant = await t.newTenant();
    const documents = documentsApi(t, tenant);
    const remarks = remarksApi(t, tenant);
    const shipment = await shipmentsApi(t, tenant).created({ ...fullShipment(), driver: { name: 'Pieter Jansen', language: 'en' } }, { issue: true });
    const upload = async (filename: string, bytes: Buffer) => documents.uploaded(shipment.id, { kind: 'photo', filename, bytes });
    const crushed = await upload('crushed.jpg', await cameraJpeg('PALLET 2'));
    const label = await upload('label.png', png(64, [30, 120, 60]));
    const wet = await upload('wet.heic', heic());
    const torn = await upload('torn.jpg', await cameraJpeg('CARTON 7'));

    const pickup = await remarks.created(shipment.id, { phase: 'pickup', type: 'damage', text: 'Pallet 2 corner crushed.', photo_document_ids: [crushed.id, label.id] });
    const pickupNote = await remarks.noteBoxes(pickup.rendered_document_id);
    expect(pickupNote[18]).toContain('2 photos, annex page 1');
    const noteFile = readPdf((await documents.download(pickup.rendered_document_id)).rawPayload);
    expect(noteFile.seal).toContain('Signature Validation: Signature is Valid.');
    const annexImages = noteFile.images.filter((i) => i.page === noteFile.pages);
    // The JPEG and the PNG, both as small JPEG thumbnails on the annex page: never the 3000×2000 original.
    expect(annexImages.map((i) => [i.width, i.height, i.enc])).toEqual([
      [540, 360, 'jpeg'],
      [64, 64, 'jpeg'],
    ]);
    const annexText = execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', String(noteFile.pages), '-l', String(noteFile.pages), noteFile.path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(annexText).toContain('Annex page 1 of 1: photos of the reservations');
    for (const photo of [crushed, label]) {
      expect(annexText).toContain(`SHA-256 ${photo.sha256}`);
      expect(annexText).toContain(photo.id);
    }
    expect(annexText).toContain(`18 · Damage · ${pickup.id}`);

    for (const role of ['consignor', 'carrier']) expect((await sign(tenant, shipment.id, { role, signer_name: role })).statusCode).toBe(201);
    const delivery = await remarks.created(shipment.id, { phase: 'delivery', type: 'damage', text: 'Cartons wet.', photo_document_ids: [wet.id, torn.id] });
    const deliveryNote = await remarks.noteBoxes(delivery.rendered_document_id);
    expect(deliveryNote[18]).toContain('2 photos, annex page 1');
    expect(deliveryNote[24]).toContain('2 photos, annex page 1');
    const later = readPdf((await documents.download(delivery.rendered_document_id)).rawPayload);
    expect(later.seal).toContain('Signature Validation: Signature is Valid.');
    // Three thumbnails; the HEIC has none, but a placeholder that names it and its hash.
    expect(later.images.filter((i) => i.page === later.pages)).toHaveLength(3);
    expect(later.text).toContain('No preview: image/heic');
    for (const photo of [crushed, label, wet, torn]) expect(later.text).toContain(`SHA-256 ${photo.sha256}`);
    expect(later.text).toContain(`24 · Damage · ${delivery.id}`);

    expect((await sign(tenant, shipment.id, { role: 'consignee', signer_name: 'Jonas Becker' })).statusCode).toBe(201);
    const json = (await pod(tenant, shipment.id)).json();
    expect(json.photos).toEqual([
      expect.objectContaining({ document_id: crushed.id, remark_id: pickup.id, content_type: 'image/jpeg', sha256: crushed.sha256, width: 3000, height: 2000 }),
      expect.objectContaining({ document_id: label.id, remark_id: pickup.id, content_type: 'image/png', sha256: label.sha256, width: 64, height: 64 }),
      expect.objectContaining({ document_id: wet.id, remark_id: delivery.id, content_type: 'image/heic', sha256: wet.sha256, width: null, height: null }),
      expect.objectContaining({ document_id: torn.id, remark_id: delivery.id, content_type: 'image/jpeg', sha256: torn.sha256, width: 3000, height: 2000 }),
    ]);
    for (const photo of json.photos) expect(Date.parse(photo.captured_at)).toBeGreaterThan(0);
    expect(json.remarks[0].photos).toEqual(json.photos.slice(0, 2));

    const podFile = readPdf((await pod(tenant, shipment.id, 'application/pdf')).rawPayload);
    expect(podFile.seal).toContain('Signature Validation: Signature is Valid.');
    expect(podFile.pages).toBe(2);
    expect(podFile.images.filter((i) => i.page === 2).map((i) => [i.width, i.height])).toEqual([
      [540, 360],
      [64, 64],
      [540, 360],
    ]);
    expect(podFile.text).toContain('Photos of the reservations (1 of 1)');
    expect(podFile.text).toContain('2 photos, photo page 1');
    expect(podFile.text).toContain('No preview: image/heic');
    for (const photo of json.photos) expect(podFile.text).toContain(`SHA-256 ${photo.sha256}`);
  });
});
