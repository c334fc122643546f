/**
 * Photos on the signing page: a signer's remark carries camera photos (`POST /v1/sign/{token}/remarks`
 * with `photos`), judged as the driver's are and stored as the shipment's photo documents; the sign
 * context lists each remark's photos, and `GET /v1/sign/{token}/photos/{document_id}` opens their
 * thumbnails for the pending link only, and only photos of remarks the page lists.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMARK_PATHS } from '../../../src/modules/remarks/remarks.routes.js';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { cameraJpeg, pixelSize } from '../../support/photos.js';
import { expectProblem } from '../../support/problems.js';
import { remarksApi } from '../../support/remarks-api.js';
import { dataUrl, hugePng, pdf, png } from '../../support/sample-files.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { signLinksApi } from '../../support/sign-links-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

describe.each(backends())('photos of sign-link remarks on $name', (backend) => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    photo = await cameraJpeg(1200, 900);
  });
  afterAll(() => t.close());

  const photoPath = (token: string, id: string) => REMARK_PATHS.signPhoto.replace(':token', token).replace(':document_id', encodeURIComponent(id));
  const getPhoto = (token: string, id: string) => t.app.inject({ method: 'GET', url: photoPath(token, id) });

  /** A shipment in transit (consignor and carrier signed through the API) with a pending consignee link; `beforePickup` runs while it is issued. */
  async function inTransit(tenant: Tenant, beforePickup?: (shipmentId: string) => Promise<void>) {
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    await beforePickup?.(shipment.id);
    for (const [role, signer_name] of [['consignor', 'Sanne de Vries'], ['carrier', 'Pieter Jansen']]) {
      const res = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signatures`, headers: t.auth(tenant.testKey), payload: { role, signer_name } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const consignee = await signLinksApi(t, tenant).link(shipment.id, { role: 'consignee' });
    return { shipment, consignee };
  }

  const photoDocuments = async (tenant: Tenant, shipmentId: string) => ((await documentsApi(t, tenant).list(shipmentId, '?kind=photo')).json().data as { id: string }[]).map((d) => d.id);

  describe('201 and 200', () => {
    it("the consignee's remark stores its photos as the shipment's documents; the context lists them with time and hash; the link opens their thumbnails", async () => {
      const tenant = await t.newTenant();
      const { shipment, consignee } = await inTransit(tenant);
      const res = await remarksApi(t, tenant).fromLink(consignee.token, { type: 'damage', text: 'Carton 4 wet', photos: [dataUrl(photo, 'image/jpeg'), dataUrl(png(32))] });
      expect(res.statusCode, res.body).toBe(201);
      const remark = res.json();
      expect(remark).toMatchObject({ phase: 'delivery', source: 'sign_link', role: 'consignee' });
      expect(remark.photo_document_ids).toHaveLength(2);
      expect((await photoDocuments(tenant, shipment.id)).sort()).toEqual([...remark.photo_document_ids].sort());

      const listed = (await signLinksApi(t, tenant).context(consignee.token)).json().remarks;
      expect(listed).toEqual([
        expect.objectContaining({
          id: remark.id,
          photos: [
            { document_id: remark.photo_document_ids[0], content_type: 'image/jpeg', sha256: createHash('sha256').update(photo).digest('hex'), captured_at: remark.created_at, thumbnail_url: expect.stringMatching(new RegExp(`/v1/sign/${consignee.token}/photos/${remark.photo_document_ids[0]}$`)) },
            expect.objectContaining({ document_id: remark.photo_document_ids[1], content_type: 'image/png' }),
          ],
        }),
      ]);
      const thumb = await getPhoto(consignee.token, remark.photo_document_ids[0]);
      expect(thumb.statusCode, thumb.body).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      expect(thumb.headers['cache-control']).toBe('no-store');
      expect(await pixelSize(thumb.rawPayload)).toMatchObject({ width: 480, height: 360, format: 'jpeg' });
    });
  });

  describe('422 validation_failed and 415 unsupported_media_type', () => {
    it('a photo over the pixel limit is refused in the signer\'s language, and none of the photos is stored', async () => {
      const tenant = await t.newTenant();
      const { shipment, consignee } = await inTransit(tenant);
      const body = expectProblem(await remarksApi(t, tenant).fromLink(consignee.token, { type: 'damage', photos: [dataUrl(png(16)), dataUrl(hugePng())] }, { 'accept-language': 'nl' }), 'validation_failed');
      expect(body.errors).toEqual([expect.objectContaining({ path: '$.photos[1]', code: 'image_too_large', message: expect.stringContaining('De afbeelding is 10000×10000 pixels') })]);
      expect(await photoDocuments(tenant, shipment.id)).toEqual([]);
      expect((await remarksApi(t, tenant).list(shipment.id)).json().data).toEqual([]);
    });

    it('a file that is not an image is 415; a data URL that is not an image one is a finding on the photo; six photos are too many', async () => {
      const tenant = await t.newTenant();
      const { shipment, consignee } = await inTransit(tenant);
      const remarks = remarksApi(t, tenant);
      expectProblem(await remarks.fromLink(consignee.token, { type: 'damage', photos: [dataUrl(pdf(), 'image/jpeg')] }), 'unsupported_media_type');
      const odd = expectProblem(await remarks.fromLink(consignee.token, { type: 'damage', photos: ['data:text/plain;base64,aGVsbG8='] }), 'validation_failed');
      expect(odd.errors[0].path).toBe('$.photos[0]');
      expectProblem(await remarks.fromLink(consignee.token, { type: 'damage', photos: Array.from({ length: 6 }, () => dataUrl(png(8))) }), 'validation_failed');
      expect(await photoDocuments(tenant, shipment.id)).toEqual([]);
    });

    it('a delivery remark while the shipment is only issued is 409 invalid_state, with no photo stored', async () => {
      const tenant = await t.newTenant();
      const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
      const consignee = await signLinksApi(t, tenant).link(shipment.id, { role: 'consignee' });
      expectProblem(await remarksApi(t, tenant).fromLink(consignee.token, { type: 'damage', photos: [dataUrl(png(8))] }), 'invalid_state');
      expect(await photoDocuments(tenant, shipment.id)).toEqual([]);
    });
  });

  describe('404 not_found and the token errors', () => {
    it("a sign link opens only photos of the remarks its page lists: not the other phase's, not another shipment's, not a loose photo", async () => {
      const tenant = await t.newTenant();
      const docs = documentsApi(t, tenant);
      let pickupPhoto = '';
      const { shipment, consignee } = await inTransit(tenant, async (shipmentId) => {
        pickupPhoto = (await docs.uploaded(shipmentId, { kind: 'photo', bytes: png(8) })).id;
        await remarksApi(t, tenant).created(shipmentId, { phase: 'pickup', type: 'damage', photo_document_ids: [pickupPhoto] });
      });
      const loose = await docs.uploaded(shipment.id, { kind: 'photo', bytes: png(12) });
      const other = await inTransit(tenant);
      const otherRemark = (await remarksApi(t, tenant).fromLink(other.consignee.token, { type: 'damage', photos: [dataUrl(png(8))] })).json();

      for (const id of [pickupPhoto, loose.id, otherRemark.photo_document_ids[0], 'doc_01JAAAAAAAAAAAAAAAAAAAAAAA', 'x', '\u0000', 'doc_\u0000x', '€']) expectProblem(await getPhoto(consignee.token, id), 'not_found');
      expect((await getPhoto(other.consignee.token, otherRemark.photo_document_ids[0])).statusCode).toBe(200);
      expectProblem(await getPhoto('no-such-token', otherRemark.photo_document_ids[0]), 'not_found');
    });

    it('a used or withdrawn link opens no photo', async () => {
      const tenant = await t.newTenant();
      const { consignee } = await inTransit(tenant);
      const remark = (await remarksApi(t, tenant).fromLink(consignee.token, { type: 'damage', photos: [dataUrl(png(8))] })).json();
      expect((await signLinksApi(t, tenant).submit(consignee.token)).statusCode).toBe(201);
      expectProblem(await getPhoto(consignee.token, remark.photo_document_ids[0]), 'already_signed');

      const second = await inTransit(tenant);
      const made = (await remarksApi(t, tenant).fromLink(second.consignee.token, { type: 'damage', photos: [dataUrl(png(8))] })).json();
      expect((await t.app.inject({ method: 'POST', url: `/v1/signature-requests/${second.consignee.id}/revoke`, headers: t.auth(tenant.testKey) })).statusCode).toBe(200);
      expectProblem(await getPhoto(second.consignee.token, made.photo_document_ids[0]), 'token_revoked');
    });
  });
});
