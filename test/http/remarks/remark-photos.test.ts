/**
 * The photos of a remark: documents of kind `photo` already uploaded to the same shipment. A
 * well-shaped id that names anything else — another shipment's photo, an attachment, nothing, a
 * deleted photo, another organisation's photo — is a finding on `$.photo_document_ids[i]` naming
 * the id; a wrong shape is `invalid_id`; more than five is refused. A remark's photo stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { expectProblem } from '../../support/problems.js';
import { remarksApi } from '../../support/remarks-api.js';
import { jpeg, pdf, png } from '../../support/sample-files.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe.each(backends())('remark photos on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  it('names each id that is not a photo of this shipment, in the requested language; a wrong shape is invalid_id', async () => {
    const tenant = await t.newTenant();
    const other = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const docs = documentsApi(t, tenant);
    const remarks = remarksApi(t, tenant);
    const shipment = await shipments.created(minimalShipment(), { issue: true });
    const neighbour = await shipments.created(minimalShipment(), { issue: true });
    const photo = await docs.uploaded(shipment.id, { kind: 'photo', bytes: jpeg() });
    const theirs = await docs.uploaded(neighbour.id, { kind: 'photo', bytes: png() });
    const attachment = await docs.uploaded(shipment.id, { kind: 'attachment', bytes: pdf() });
    const deleted = await docs.uploaded(shipment.id, { kind: 'photo', bytes: png(12) });
    expect((await docs.delete(deleted.id)).statusCode).toBe(204);
    const foreignShipment = await shipmentsApi(t, other).created(minimalShipment(), { issue: true });
    const foreign = await documentsApi(t, other).uploaded(foreignShipment.id, { kind: 'photo', bytes: png() });
    const unknown = 'doc_01JDB8X4V5N2K7Q9R3T6W8Y0ZB';
    const note = (await docs.list(shipment.id, '?kind=consignment_note')).json().data[0].id as string;

    const ids = [photo.id, theirs.id, attachment.id, unknown, deleted.id];
    const res = await remarks.create(shipment.id, { phase: 'pickup', type: 'damage', photo_document_ids: ids });
    const problem = expectProblem(res, 'validation_failed');
    expect(problem.errors).toEqual([
      expect.objectContaining({ path: '$.photo_document_ids[1]', code: 'photo_of_other_shipment', message: expect.stringContaining(theirs.id) }),
      expect.objectContaining({ path: '$.photo_document_ids[2]', code: 'not_a_photo', message: `Document ${attachment.id} is a(n) attachment, not a photo.` }),
      expect.objectContaining({ path: '$.photo_document_ids[3]', code: 'photo_not_found', message: expect.stringContaining(unknown) }),
      expect.objectContaining({ path: '$.photo_document_ids[4]', code: 'photo_not_found', message: expect.stringContaining(deleted.id) }),
    ]);
    // Another organisation's photo is as unknown as one that never existed; so is a note version.
    const foreignRes = await remarks.create(shipment.id, { phase: 'pickup', type: 'damage', photo_document_ids: [foreign.id, note] }, { headers: { 'accept-language': 'nl' } });
    expect(expectProblem(foreignRes, 'validation_failed').errors).toEqual([
      expect.objectContaining({ path: '$.photo_document_ids[0]', code: 'photo_not_found', message: `Er is geen document ${foreign.id}: upload de foto eerst bij deze zending.` }),
      expect.objectContaining({ path: '$.photo_document_ids[1]', code: 'not_a_photo', message: expect.stringContaining(note) }),
    ]);
    // Nothing was made by the refused tries.
    expect((await remarks.list(shipment.id)).json().data).toEqual([]);

    const shape = expectProblem(await remarks.create(shipment.id, { phase: 'pickup', type: 'damage', photo_document_ids: [photo.id, 'doc_123'] }), 'invalid_id');
    expect(shape.errors[0].path).toBe('$.photo_document_ids[1]');
    const six = await Promise.all(Array.from({ length: 6 }, (_, i) => docs.uploaded(shipment.id, { kind: 'photo', bytes: png(8 + i) })));
    const tooMany = expectProblem(await remarks.create(shipment.id, { phase: 'pickup', type: 'damage', photo_document_ids: six.map((p) => p.id) }), 'validation_failed');
    expect(tooMany.errors[0]).toMatchObject({ path: '$.photo_document_ids', code: 'too_many_items' });
    expectProblem(await remarks.create(shipment.id, { phase: 'pickup', type: 'damage', photo_document_ids: [photo.id, photo.id] }), 'validation_failed');

    const made = await remarks.created(shipment.id, { phase: 'pickup', type: 'damage', photo_document_ids: six.slice(0, 5).map((p) => p.id) });
    expect(made.photo_document_ids).toEqual(six.slice(0, 5).map((p) => p.id));
  });

  it("a remark's photo cannot be deleted (conflict); other photos can", async () => {
    const tenant = await t.newTenant();
    const docs = documentsApi(t, tenant);
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const shown = await docs.uploaded(shipment.id, { kind: 'photo', bytes: png(20) });
    const spare = await docs.uploaded(shipment.id, { kind: 'photo', bytes: png(24) });
    const remark = await remarksApi(t, tenant).created(shipment.id, { phase: 'pickup', type: 'damage', text: 'Dent in the side panel.', photo_document_ids: [shown.id] });
    const refused = expectProblem(await docs.delete(shown.id), 'conflict');
    expect(refused.detail).toContain(remark.id);
    expect((await docs.get(shown.id)).statusCode).toBe(200);
    expect((await docs.delete(spare.id)).statusCode).toBe(204);
  });
});
