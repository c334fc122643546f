/**
 * GET /v1/driver/shipments/{id}/photos/{document_id}: a photo of a remark on a shipment of the
 * driver's tours, for the stop's checklist. Any other document (another shipment's, a PDF, an
 * attachment, a deleted photo) is `not_found`, as a foreign id is.
 */
import type { Services } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { selectDocument, type DocumentRow } from '../documents/documents.repository.js';
import { findDriverShipment, type DriverRequest } from './driver-work.js';

/** Raises `not_found`. */
export async function getDriverPhoto(services: Services, request: DriverRequest, shipmentId: string, documentId: string): Promise<{ document: DocumentRow; body: Buffer }> {
  const { ctx } = await findDriverShipment(services, request, shipmentId);
  const document = await selectDocument(ctx.db, ctx, documentId);
  if (!document || document.kind !== 'photo' || document.shipment_id !== shipmentId || document.deleted_at) throw new AppError('not_found', `No photo ${documentId} on shipment ${shipmentId}.`);
  const stored = await ctx.objects.get(document.object_key);
  if (!stored) throw new Error(`document ${documentId}: object ${document.object_key} is missing from the store`);
  return { document, body: stored.body };
}
