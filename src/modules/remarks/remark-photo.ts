/**
 * The photo a page asks for by id, and only if it is one the page shows: a `photo` document of
 * this shipment named by one of its remarks (of one phase and carrier, when the page shows only those). Anything
 * else — another shipment's or organisation's document, an attachment, a photo no remark names,
 * an id of any shape — is 404 `not_found`, so a link to one shipment's page opens nothing else.
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { idPattern } from '../../core/ids.js';
import { selectDocument } from '../documents/documents.repository.js';
import { photoThumbnail, type Picture } from './photo-thumbnail.js';
import type { RemarkScope } from './remark-rules.js';
import { selectRemarks } from './remarks.repository.js';

/** The thumbnail of the photo; raises `not_found` (see above). */
const DOCUMENT_ID = new RegExp(idPattern('document'));

export async function remarkPhotoThumbnail(ctx: TenantContext, shipmentId: string, documentId: string, scope?: RemarkScope): Promise<Picture> {
  const notFound = new AppError('not_found', `No photo ${documentId} of a remark of this shipment.`);
  // The sign page's route takes any string: one that is no document id names no photo, and never
  // reaches the database (a NUL byte is no text PostgreSQL can compare).
  if (!DOCUMENT_ID.test(documentId)) throw new AppError('not_found', 'No photo of a remark of this shipment has this id.');
  const document = await selectDocument(ctx.db, ctx, documentId);
  if (!document || document.shipment_id !== shipmentId || document.kind !== 'photo') throw notFound;
  const remarks = await selectRemarks(ctx.db, ctx, shipmentId, { order: 'asc', ...scope });
  if (!remarks.some((remark) => remark.photo_document_ids.includes(documentId))) throw notFound;
  const stored = await ctx.objects.get(document.object_key);
  if (!stored) throw new Error(`document ${documentId}: object ${document.object_key} is missing from the store`);
  return photoThumbnail({ body: stored.body, contentType: document.content_type });
}
