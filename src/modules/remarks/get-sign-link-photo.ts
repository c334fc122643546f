/**
 * GET /v1/sign/{token}/photos/{document_id}: the thumbnail of a photo of a remark the signing page
 * lists — one of the link's phase on the link's shipment (remark-photo.ts; any other id is 404
 * `not_found`) — for whoever holds the pending link.
 */
import type { OpenSignLink } from '../signatures/sign-link.js';
import type { Picture } from './photo-thumbnail.js';
import { remarkPhotoThumbnail } from './remark-photo.js';
import { remarkScopeOf } from './remark-rules.js';

export async function getSignLinkPhoto(link: OpenSignLink, documentId: string): Promise<Picture> {
  return remarkPhotoThumbnail(link.ctx, link.request.shipment_id, documentId, remarkScopeOf(link.request));
}
