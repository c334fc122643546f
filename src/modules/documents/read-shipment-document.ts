/**
 * The bytes of one document of one shipment, for a page that opens it in the member's own session
 * (the console's shipment page): a document of another shipment, organisation or mode is
 * `not_found`, so a link on one shipment's page opens nothing else.
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { DocumentRow } from './documents.repository.js';
import { findDocument } from './get-document.js';

/** Raises `not_found`. */
export async function readShipmentDocument(ctx: TenantContext, shipmentId: string, documentId: string): Promise<{ document: DocumentRow; body: Buffer }> {
  const document = await findDocument(ctx, documentId);
  if (document.shipment_id !== shipmentId) throw new AppError('not_found', `No document ${documentId} of shipment ${shipmentId}.`);
  const stored = await ctx.objects.get(document.object_key);
  if (!stored) throw new Error(`document ${documentId}: object ${document.object_key} is missing from the store`);
  return { document, body: stored.body };
}
