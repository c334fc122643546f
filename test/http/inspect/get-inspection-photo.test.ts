/**
 * GET /v1/inspect/{token}/photos/{document_id}: the thumbnail of a remark's photo, opened only by
 * the inspection link of that photo's shipment — not by another shipment's link, not after the
 * link expired, not for a document that is not a remark photo of the shipment — on the same
 * per-address budget as the rest of the inspection door; and the inspection JSON names each
 * photo with its SHA-256, time and thumbnail link.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSPECT_PATHS } from '../../../src/modules/inspect/inspect.routes.js';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { freshAddress, inspectApi } from '../../support/inspect-api.js';
import { cameraJpeg, pixelSize } from '../../support/photos.js';
import { expectProblem } from '../../support/problems.js';
import { remarksApi } from '../../support/remarks-api.js';
import { pdf, png } from '../../support/sample-files.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends())('GET /v1/inspect/{token}/photos/{document_id} on $name', (backend) => {
  let t: TestApp;
  let api: ReturnType<typeof inspectApi>;
  let photo: Buffer;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    api = inspectApi(t);
    photo = await cameraJpeg();
  });
  afterAll(() => t.close());

  const photoUrl = (token: string, documentId: string) => INSPECT_PATHS.photo.replace(':token', encodeURIComponent(token)).replace(':document_id', encodeURIComponent(documentId));
  const get = (token: string, documentId: string, from = freshAddress()) => t.app.inject({ method: 'GET', url: photoUrl(token, documentId), remoteAddress: from });

  /** An issued shipment with a delivery remark showing one camera photo. */
  async function withPhoto(tenant: Tenant) {
    const issued = await api.issued(tenant);
    const docs = documentsApi(t, tenant);
    const uploaded = await docs.uploaded(issued.shipment.id, { kind: 'photo', filename: 'pallet.jpg', bytes: photo });
    const remark = await remarksApi(t, tenant).created(issued.shipment.id, { phase: 'pickup', type: 'damage', text: 'Pallet 3 crushed', photo_document_ids: [uploaded.id] });
    return { ...issued, photo: uploaded, remark };
  }

  describe('200', () => {
    it('the JSON names the photo with its SHA-256, time and link; the link answers a small upright JPEG without metadata, never cached', async () => {
      const tenant = await t.newTenant();
      const { token, photo: uploaded, remark } = await withPhoto(tenant);
      const body = (await api.json(token)).json();
      const [listed] = body.remarks;
      expect(listed.photos).toBe(1);
      expect(listed.photo_files).toEqual([
        {
          document_id: uploaded.id,
          content_type: 'image/jpeg',
          sha256: createHash('sha256').update(photo).digest('hex'),
          captured_at: remark.created_at,
          thumbnail_url: expect.stringMatching(new RegExp(`^http://localhost:\\d+/v1/inspect/${token}/photos/${uploaded.id}$`)),
        },
      ]);

      const res = await get(token, uploaded.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      const size = await pixelSize(res.rawPayload);
      expect(size).toEqual({ width: 480, height: 360, format: 'jpeg', exif: false });
      expect(res.rawPayload.length).toBeLessThan(photo.length / 4);
    });

    it('a photo smaller than a thumbnail is not enlarged', async () => {
      const tenant = await t.newTenant();
      const issued = await api.issued(tenant);
      const small = await documentsApi(t, tenant).uploaded(issued.shipment.id, { kind: 'photo', bytes: png(64) });
      await remarksApi(t, tenant).created(issued.shipment.id, { phase: 'pickup', type: 'other', photo_document_ids: [small.id] });
      const res = await get(issued.token, small.id);
      expect(res.statusCode).toBe(200);
      expect(await pixelSize(res.rawPayload)).toMatchObject({ width: 64, height: 64, format: 'jpeg' });
    });
  });

  describe('404 not_found', () => {
    it("another shipment's link does not open this shipment's photo, even of the same organisation", async () => {
      const tenant = await t.newTenant();
      const { photo: uploaded } = await withPhoto(tenant);
      const other = await api.issued(tenant);
      const body = expectProblem(await get(other.token, uploaded.id), 'not_found');
      expect(body.detail).toContain(uploaded.id);
    });

    it('the link opens no document that is not a photo of one of its remarks: an attachment, a photo no remark shows, an unknown or odd id', async () => {
      const tenant = await t.newTenant();
      const { shipment, token } = await withPhoto(tenant);
      const docs = documentsApi(t, tenant);
      const attachment = await docs.uploaded(shipment.id, { kind: 'attachment', bytes: pdf() });
      const loose = await docs.uploaded(shipment.id, { kind: 'photo', bytes: png(16) });
      for (const id of [attachment.id, loose.id, 'doc_01JAAAAAAAAAAAAAAAAAAAAAAA', '..%2F..%2Fetc', shipment.id]) expectProblem(await get(token, id), 'not_found');
    });

    it('an unknown token is not_found before any photo is looked at', async () => {
      const tenant = await t.newTenant();
      const { photo: uploaded } = await withPhoto(tenant);
      expectProblem(await get('A'.repeat(32), uploaded.id), 'not_found');
    });
  });

  describe('410 token_expired', () => {
    it('once the link expired (30 days after delivery), its photos no longer open', async () => {
      const tenant = await t.newTenant();
      const { shipment, token, photo: uploaded } = await withPhoto(tenant);
      await api.deliver(tenant, shipment.id);
      t.clock.advance(30 * DAY - 1000);
      expect((await get(token, uploaded.id)).statusCode).toBe(200);
      t.clock.advance(1000);
      expectProblem(await get(token, uploaded.id), 'token_expired');
    });
  });

  describe('429 rate_limited', () => {
    it('photos count against the same 60 requests a minute per address as the page and the JSON', async () => {
      const tenant = await t.newTenant();
      const { token, photo: uploaded } = await withPhoto(tenant);
      const from = freshAddress();
      for (let i = 0; i < 59; i++) expect((await api.json(token, { from })).statusCode).toBe(200);
      expect((await get(token, uploaded.id, from)).statusCode).toBe(200);
      const refused = await get(token, uploaded.id, from);
      expectProblem(refused, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
