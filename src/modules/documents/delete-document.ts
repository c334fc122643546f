/**
 * DELETE /v1/documents/{id}: removes an attachment or photo while its shipment is open. Versions of
 * the consignment note are evidence and immutable (409 `conflict`), and so are the photos a remark
 * shows; a final shipment keeps everything (`shipment_immutable`). The deletion is an event of
 * the chain (`shipment.document_deleted`); the bytes are removed from the store once it is committed.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { withTransaction } from '../../ports/database.js';
import { assertPhotoNotInRemark } from '../remarks/remark-photos.js';
import { findShipment } from '../shipments/get-shipment.js';
import { recordShipmentChange } from '../shipments/record-shipment-change.js';
import { assertChangeable } from '../shipments/shipment-status.js';
import { storageWrite } from '../usage/record-usage.js';
import { markDocumentDeletedWrite } from './documents.repository.js';
import { findDocument } from './get-document.js';

export async function deleteDocument(ctx: TenantContext, id: string): Promise<void> {
  const document = await findDocument(ctx, id);
  if (document.kind === 'consignment_note') {
    throw new AppError('conflict', `Document ${id} is version ${document.version} of the consignment note: versions are immutable evidence and are never deleted.`);
  }
  const now = ctx.clock.now();
  await withTransaction(ctx.db, async (trx) => {
    const shipment = await findShipment(trx, ctx, document.shipment_id, { forUpdate: true });
    assertChangeable(shipment.id, shipment.status);
    if (document.kind === 'photo') await assertPhotoNotInRemark(trx, ctx, shipment.id, id);
    const fields = { document_id: id, kind: document.kind };
    await recordShipmentChange(trx, ctx, shipment, {}, [{ type: 'shipment.document_deleted', status: shipment.status, fields }], now, [markDocumentDeletedWrite(trx, ctx, id, now), storageWrite(trx, ctx, now, -document.size)]);
  });
  // After the commit: a crash here leaves unreferenced bytes, never a row without its bytes.
  await ctx.objects.delete(document.object_key).catch(() => undefined);
}
