/**
 * Documents over HTTP: the note's version 1 at issue, uploads (multipart and raw) with sniffed
 * media types and size limits, metadata without storage paths, deletion rules, signed download
 * links (no key, expiry, tampering, other tenants) and the storage meter. On PostgreSQL the bytes
 * go to an S3-speaking server (s3rver); embedded, to the file system.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { expectProblem } from '../../support/problems.js';
import { startS3rver, type RunningS3 } from '../../support/s3rver.js';
import { exe, heic, jpeg, multipart, pdf, png, webp } from '../../support/sample-files.js';
import { fullShipment, minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

describe.each(backends())('documents on $name', (backend) => {
  let t: TestApp;
  let s3: RunningS3 | undefined;
  beforeAll(async () => {
    s3 = backend.databaseUrl ? await startS3rver() : undefined;
    const env: Record<string, string> = s3 ? { S3_ENDPOINT: s3.endpoint, S3_REGION: s3.region, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: s3.accessKeyId!, S3_SECRET_ACCESS_KEY: s3.secretAccessKey! } : {};
    t = await buildTestApp(backend, { env });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const setup = async () => {
    const tenant = await t.newTenant();
    return { tenant, shipments: shipmentsApi(t, tenant), docs: documentsApi(t, tenant) };
  };

  it('issuing renders version 1 of the consignment note, caused by shipment.issued; a draft has none', async () => {
    const { shipments, docs } = await setup();
    const draft = await shipments.created(fullShipment());
    expect((await docs.list(draft.id)).json().data).toEqual([]);

    const issued = await shipments.created(fullShipment(), { issue: true });
    const list = (await docs.list(issued.id)).json();
    expect(list.data).toHaveLength(1);
    const note = list.data[0];
    expect(note).toMatchObject({ shipment_id: issued.id, kind: 'consignment_note', version: 1, content_type: 'application/pdf', filename: `cmr-${issued.id}-v1.pdf` });
    expect(note.id).toMatch(/^doc_[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    const events = (await shipments.events(issued.id)).json().data as { id: string; type: string }[];
    expect(note.cause).toEqual({ event_id: events.find((e) => e.type === 'shipment.issued')!.id, event_type: 'shipment.issued' });
    // Metadata never shows where the bytes are.
    expect(JSON.stringify(note)).not.toMatch(/object_key|org_|\/test\//);

    // Issuing a draft later does the same.
    expect((await shipments.post(draft.id, 'issue')).statusCode).toBe(200);
    const later = (await docs.list(draft.id)).json().data;
    expect(later.map((d: { kind: string; version: number }) => [d.kind, d.version])).toEqual([['consignment_note', 1]]);

    const file = await docs.download(note.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(sha256(file.rawPayload)).toBe(note.sha256);
    expect(file.rawPayload.length).toBe(note.size);
  });

  it('uploads a photo as multipart and an attachment as the raw body; the bytes decide the media type', async () => {
    const { tenant, shipments, docs } = await setup();
    const shipment = await shipments.created(minimalShipment(), { issue: true });
    const photo = await docs.upload(shipment.id, { kind: 'photo', filename: 'damage.png', contentType: 'image/png', bytes: png() });
    expect(photo.statusCode).toBe(201);
    expect(photo.headers.location).toBe(`/v1/documents/${photo.json().id}`);
    expect(photo.json()).toMatchObject({ kind: 'photo', version: 1, content_type: 'image/png', size: png().length, sha256: sha256(png()), filename: 'damage.png' });
    expect(photo.json().cause.event_type).toBe('shipment.document_added');
    // Stored under the tenant's own prefix: organisation, then mode.
    const stored = await t.runtime.services.db.selectFrom('documents').select('object_key').where('id', '=', photo.json().id).executeTakeFirstOrThrow();
    expect(stored.object_key).toBe(`${tenant.organizationId}/test/shipments/${shipment.id}/${photo.json().id}.png`);
    expect((await t.runtime.services.objects.get(stored.object_key))?.body.equals(png())).toBe(true);

    // A PDF declared as octet-stream is a PDF; a PNG declared as a PDF is a PNG.
    const raw = await docs.uploadRaw(shipment.id, { kind: 'attachment', filename: 'delivery-note.pdf', contentType: 'application/octet-stream', bytes: pdf() });
    expect(raw.statusCode).toBe(201);
    expect(raw.json()).toMatchObject({ kind: 'attachment', content_type: 'application/pdf', filename: 'delivery-note.pdf', sha256: sha256(pdf()) });
    const mislabelled = await docs.uploadRaw(shipment.id, { kind: 'attachment', contentType: 'application/pdf', bytes: png() });
    expect(mislabelled.json().content_type).toBe('image/png');

    // Phone pictures: HEIC and WebP are photos.
    expect((await docs.upload(shipment.id, { kind: 'photo', bytes: heic() })).json().content_type).toBe('image/heic');
    expect((await docs.upload(shipment.id, { kind: 'photo', bytes: webp() })).json().content_type).toBe('image/webp');
    expect((await docs.upload(shipment.id, { kind: 'photo', bytes: jpeg() })).json().content_type).toBe('image/jpeg');

    // The upload is in the chain with its digest.
    const events = (await shipments.events(shipment.id)).json().data as { type: string; data: Record<string, unknown> }[];
    expect(events.filter((e) => e.type === 'shipment.document_added').map((e) => e.data.sha256)).toContain(sha256(png()));

    const kinds = (await docs.list(shipment.id, '?kind=photo')).json().data.map((d: { kind: string }) => d.kind);
    expect(kinds).toEqual(['photo', 'photo', 'photo', 'photo']);
    const all = (await docs.list(shipment.id, '?limit=2')).json();
    expect(all.data).toHaveLength(2);
    expect(all.has_more).toBe(true);
    const next = (await docs.list(shipment.id, `?limit=10&cursor=${all.next_cursor}`)).json();
    expect(next.data).toHaveLength(5);
  });

  it('refuses by content, not by label: unsupported_media_type', async () => {
    const { tenant, shipments, docs } = await setup();
    const shipment = await shipments.created(minimalShipment());
    expectProblem(await docs.upload(shipment.id, { kind: 'attachment', filename: 'invoice.pdf', contentType: 'application/pdf', bytes: exe() }), 'unsupported_media_type');
    expectProblem(await docs.upload(shipment.id, { kind: 'attachment', contentType: 'text/plain', bytes: Buffer.from('just words') }), 'unsupported_media_type');
    // WebP and HEIC are photos, not attachments; a PDF is not a photo.
    expectProblem(await docs.upload(shipment.id, { kind: 'attachment', bytes: webp() }), 'unsupported_media_type');
    expectProblem(await docs.upload(shipment.id, { kind: 'photo', bytes: pdf() }), 'unsupported_media_type');
    // A body type the route does not take at all: the answer names the ones it does, not JSON.
    for (const [contentType, payload] of [['text/plain', 'hello'], ['application/xml', '<file/>'], ['application/json', '{"kind": "attachment"}']]) {
      const res = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/documents?kind=attachment`, headers: { ...t.auth(tenant.testKey), 'content-type': contentType! }, payload });
      const { detail } = expectProblem(res, 'unsupported_media_type');
      for (const named of ['multipart/form-data', 'application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/webp']) expect(detail, contentType).toContain(named);
      expect(detail, contentType).not.toContain('application/json');
    }
    expect((await docs.list(shipment.id)).json().data).toEqual([]);
    // A JSON route keeps saying JSON.
    const json = await t.app.inject({ method: 'POST', url: '/v1/shipments', headers: { ...t.auth(tenant.testKey), 'content-type': 'text/plain' }, payload: 'hello' });
    expect(expectProblem(json, 'unsupported_media_type').detail).toContain('application/json');
  });

  it('checks kind and file, and limits the size: validation_failed and payload_too_large', async () => {
    const { tenant, shipments, docs } = await setup();
    const shipment = await shipments.created(minimalShipment());
    const noKind = await docs.upload(shipment.id, { bytes: png() });
    expectProblem(noKind, 'validation_failed');
    expect(noKind.json().errors).toEqual([expect.objectContaining({ path: '$.kind', code: 'required', message: 'The field kind is required.' })]);
    const badKind = await docs.upload(shipment.id, { kind: 'selfie', bytes: png() });
    expectProblem(badKind, 'validation_failed');
    expect(badKind.json().errors).toEqual([expect.objectContaining({ path: '$.kind', code: 'invalid_value', message: 'Must be one of: attachment, photo.' })]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/v1/shipments/${shipment.id}/documents`,
      headers: { ...t.auth(tenant.testKey), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="kind"\r\n\r\nphoto\r\n--x--\r\n',
    });
    expectProblem(noFile, 'validation_failed');
    expect(noFile.json().errors.map((e: { path: string }) => e.path)).toEqual(['$.file']);
    // Found by the openapi fuzz: a multipart Content-Type without its boundary answered 500.
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=']) {
      const noBoundary = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/documents`, headers: { ...t.auth(tenant.testKey), 'content-type': contentType }, payload: '' });
      expectProblem(noBoundary, 'bad_request');
    }
    const two = multipart([
      { name: 'kind', value: 'photo' },
      { name: 'file', filename: 'a.png', contentType: 'image/png', bytes: png() },
      { name: 'file', filename: 'b.png', contentType: 'image/png', bytes: png() },
    ]);
    const twoFiles = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/documents`, headers: { ...t.auth(tenant.testKey), 'content-type': two.contentType }, payload: two.body });
    expectProblem(twoFiles, 'validation_failed');
    expect(twoFiles.json().errors).toEqual([expect.objectContaining({ path: '$.file', code: 'too_many_items' })]);
    const empty = await docs.upload(shipment.id, { kind: 'photo', bytes: Buffer.alloc(0) });
    expectProblem(empty, 'validation_failed');
    expect(empty.json().errors.map((e: { path: string }) => e.path)).toEqual(['$.file']);

    const tooBig = Buffer.concat([png(), Buffer.alloc(20 * 1024 * 1024)]);
    expectProblem(await docs.upload(shipment.id, { kind: 'photo', bytes: tooBig }), 'payload_too_large');
    expectProblem(await docs.uploadRaw(shipment.id, { kind: 'photo', contentType: 'image/png', bytes: tooBig }), 'payload_too_large');
    expect((await docs.list(shipment.id)).json().data).toEqual([]);
  });

  it('signed download links: no key needed, the right headers, 304 on the ETag, 410 when expired, 403 when edited', async () => {
    const { shipments, docs } = await setup();
    const shipment = await shipments.created(minimalShipment(), { issue: true });
    const photo = await docs.uploaded(shipment.id, { kind: 'photo', filename: 'Łódź dock 3.png', bytes: png() });
    const link = await docs.downloadUrl(photo.id, { expires_in: 120 });
    expect(link.statusCode).toBe(200);
    const { url, expires_at } = link.json();
    expect(url.startsWith(`${t.runtime.config.publicBaseUrl}/files/${photo.id}?`)).toBe(true);
    expect(Date.parse(expires_at) - t.clock.now().getTime()).toBeGreaterThan(115_000);

    const got = await docs.fetch(url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers.etag).toBe(`"${photo.sha256}"`);
    expect(got.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Łódź dock 3.png')}`);
    expect(got.rawPayload.equals(png())).toBe(true);
    expect((await docs.fetch(url, { 'if-none-match': `"${photo.sha256}"` })).statusCode).toBe(304);

    // Edited: the signature, the expiry, or the document.
    const edited = new URL(url);
    edited.searchParams.set('signature', `${edited.searchParams.get('signature')!.slice(0, -2)}AA`);
    expectProblem(await docs.fetch(edited.toString()), 'forbidden');
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 3600));
    expectProblem(await docs.fetch(later.toString()), 'forbidden');
    const note = (await docs.list(shipment.id, '?kind=consignment_note')).json().data[0];
    expectProblem(await docs.fetch(url.replace(photo.id, note.id)), 'forbidden');
    expectProblem(await docs.fetch(url.replace(photo.id, 'doc_01ARZ3NDEKTSV4RRFFQ69G5FAV')), 'not_found');
    expectProblem(await docs.fetch(`${t.runtime.config.publicBaseUrl}/files/${photo.id}`), 'forbidden');

    t.clock.advance(121_000);
    expectProblem(await docs.fetch(url), 'link_expired');
  });

  it('another organisation or mode sees none of it: not_found', async () => {
    const { shipments, docs, tenant } = await setup();
    const other = await setup();
    const shipment = await shipments.created(minimalShipment(), { issue: true });
    const photo = await docs.uploaded(shipment.id, { kind: 'photo', bytes: png() });
    expectProblem(await other.docs.get(photo.id), 'not_found');
    expectProblem(await other.docs.downloadUrl(photo.id), 'not_found');
    expectProblem(await other.docs.delete(photo.id), 'not_found');
    expectProblem(await other.docs.list(shipment.id), 'not_found');
    expectProblem(await other.docs.upload(shipment.id, { kind: 'photo', bytes: png() }), 'not_found');
    // The same organisation's live key is another mode.
    expectProblem(await docs.get(photo.id, tenant.liveKey), 'not_found');
    expect((await docs.get(photo.id)).json().id).toBe(photo.id);
  });

  it('deletes uploads while the shipment is open; notes never; a final shipment keeps everything', async () => {
    const { shipments, docs } = await setup();
    const shipment = await shipments.created(minimalShipment(), { issue: true });
    const photo = await docs.uploaded(shipment.id, { kind: 'photo', bytes: png() });
    const link = (await docs.downloadUrl(photo.id)).json().url;
    const deleted = await docs.delete(photo.id);
    expect(deleted.statusCode).toBe(204);
    expectProblem(await docs.get(photo.id), 'not_found');
    expectProblem(await docs.fetch(link), 'not_found');
    const events = (await shipments.events(shipment.id)).json().data as { type: string; data: Record<string, unknown> }[];
    expect(events.find((e) => e.type === 'shipment.document_deleted')?.data).toMatchObject({ document_id: photo.id, kind: 'photo' });

    const note = (await docs.list(shipment.id)).json().data[0];
    expect(note.kind).toBe('consignment_note');
    expectProblem(await docs.delete(note.id), 'conflict');

    const attachment = await docs.uploaded(shipment.id, { kind: 'attachment', bytes: pdf() });
    expect((await shipments.post(shipment.id, 'cancel', { reason: 'order withdrawn' })).statusCode).toBe(200);
    expectProblem(await docs.delete(attachment.id), 'shipment_immutable');
    expectProblem(await docs.upload(shipment.id, { kind: 'photo', bytes: png() }), 'shipment_immutable');
    expect((await docs.get(attachment.id)).statusCode).toBe(200);
  });

  it('meters stored bytes per UTC day in usage', async () => {
    const { tenant, shipments, docs } = await setup();
    const shipment = await shipments.created(minimalShipment(), { issue: true });
    const note = (await docs.list(shipment.id)).json().data[0];
    const photo = await docs.uploaded(shipment.id, { kind: 'photo', bytes: png() });
    const usage = await t.app.inject({ method: 'GET', url: '/v1/usage?metric=storage_bytes', headers: t.auth(tenant.testKey) });
    expect(usage.json().data).toEqual([{ date: t.clock.now().toISOString().slice(0, 10), metric: 'storage_bytes', value: note.size + photo.size }]);
  });

  it('honours Idempotency-Key on uploads: the same file again replays, another file with the key is refused', async () => {
    const { shipments, docs } = await setup();
    const shipment = await shipments.created(minimalShipment());
    const headers = { 'idempotency-key': 'upload-1' };
    const first = await docs.upload(shipment.id, { kind: 'photo', bytes: png() }, { headers });
    const again = await docs.upload(shipment.id, { kind: 'photo', bytes: png() }, { headers });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expectProblem(await docs.upload(shipment.id, { kind: 'photo', bytes: png(8, [0, 0, 255]) }, { headers }), 'idempotency_key_reused');
    expect((await docs.list(shipment.id)).json().data).toHaveLength(1);
  });

  it('answers invalid_id for a malformed document id', async () => {
    const { docs } = await setup();
    expectProblem(await docs.get('doc_123'), 'invalid_id');
    expectProblem(await docs.fetch(`${t.runtime.config.publicBaseUrl}/files/nope?expires=1&signature=x`), 'invalid_id');
  });
});
