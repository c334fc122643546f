/**
 * Images are judged by the pixels their header declares before anything decodes them (docs/
 * signatures.md, docs/remarks.md): a 12 KB PNG of 10,000×10,000 pixels — which a PDF render
 * would expand to hundreds of megabytes and half a minute of a render thread — is refused 422
 * `validation_failed` with an `image_too_large` finding naming the limit, on every way a drawn
 * signature or a photo comes in, and nothing of the request is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_LIMIT, SIGNATURE_IMAGE_LIMIT } from '../../src/core/image-limits.js';
import { DRIVER_PATHS } from '../../src/modules/driver/driver.routes.js';
import { backends } from '../support/backends.js';
import { documentsApi } from '../support/documents-api.js';
import { signedInDriver } from '../support/driver-session.js';
import { expectProblem } from '../support/problems.js';
import { dataUrl, hugePng, png } from '../support/sample-files.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { signLinksApi } from '../support/sign-links-api.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const path = (template: string, id: string) => template.replace(/:id\b/, id);

describe.each(backends())('image pixel limits on $name', (backend) => {
  let t: TestApp;
  const huge = hugePng();
  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { RATE_LIMIT_REQUESTS: '1000000' } });
  }, 60_000);
  afterAll(() => t.close());

  function expectTooLarge(res: Awaited<ReturnType<TestApp['app']['inject']>>, at: string, limit: { maxPixels: number; maxSide: number }) {
    const problem = expectProblem(res, 'validation_failed');
    expect(res.statusCode).toBe(422);
    expect(problem.errors).toEqual([expect.objectContaining({ path: at, code: 'image_too_large', params: { width: 10_000, height: 10_000, max_pixels: limit.maxPixels, max_side: limit.maxSide } })]);
    expect(problem.errors[0].message).toContain(String(limit.maxPixels));
  }

  it('a huge drawn signature through a sign link: 422 naming the limit, nothing recorded; a normal drawing signs', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const links = signLinksApi(t, tenant);
    const { token } = await links.link(shipment.id, { role: 'carrier' });
    expect(huge.length).toBeLessThan(16 * 1024);

    expectTooLarge(await links.submit(token, { signature: { type: 'drawn', image: dataUrl(huge) } }), '$.signature.image', SIGNATURE_IMAGE_LIMIT);
    expect((await links.signatures(shipment.id)).json().data).toEqual([]);
    const signed = await links.submit(token, { signature: { type: 'drawn', image: dataUrl(png(64)) } });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json().evidence.has_image).toBe(true);
  });

  it('a huge drawn signature and a huge photo through the driver app: 422 naming the limit, nothing stored', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const drive = await signedInDriver(t, tenant, [{ shipment_id: shipment.id, kind: 'pickup' }, { shipment_id: shipment.id, kind: 'delivery' }]);

    const [note] = (await documentsApi(t, tenant).list(shipment.id)).json().data;
    const signature = await drive(path(DRIVER_PATHS.signatures, shipment.id), { signature: { type: 'drawn', image: dataUrl(huge) }, document_id: note.id, document_sha256: note.sha256 });
    expectTooLarge(signature, '$.signature.image', SIGNATURE_IMAGE_LIMIT);

    const remark = await drive(path(DRIVER_PATHS.remarks, shipment.id), { phase: 'pickup', type: 'damage', photos: [dataUrl(png(16)), dataUrl(huge)] });
    expectTooLarge(remark, '$.photos[1]', PHOTO_LIMIT);
    // Judged before the first is stored: only the note is there.
    expect((await documentsApi(t, tenant).list(shipment.id)).json().data.map((d: { kind: string }) => d.kind)).toEqual(['consignment_note']);
    expect((await t.app.inject({ method: 'GET', url: `/v1/shipments/${shipment.id}/signatures`, headers: t.auth(tenant.testKey) })).json().data).toEqual([]);
  });

  it('a huge photo or image attachment through the documents API, multipart or raw: 422 naming the limit, nothing stored', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment());
    const documents = documentsApi(t, tenant);
    expectTooLarge(await documents.upload(shipment.id, { kind: 'photo', filename: 'damage.png', contentType: 'image/png', bytes: huge }), '$.file', PHOTO_LIMIT);
    expectTooLarge(await documents.uploadRaw(shipment.id, { kind: 'attachment', filename: 'scan.png', contentType: 'image/png', bytes: huge }), '$.file', PHOTO_LIMIT);
    expect((await documents.list(shipment.id)).json().data).toEqual([]);
    const photo = await documents.upload(shipment.id, { kind: 'photo', filename: 'damage.png', contentType: 'image/png', bytes: png(64) });
    expect(photo.statusCode, photo.body).toBe(201);
  });
});
