/**
 * GET /v1/inspect/{token}/photos/{document_id}: the thumbnail of a remark's photo, for whoever holds
 * the inspection link. The token is judged as on the rest of the inspection door — the same budget
 * per address (429 `rate_limited`), 404 `not_found`, 410 `token_expired` — and then only the photos
 * of that link's shipment's remarks open (remark-photo.ts; any other id is 404 `not_found`).
 * Photos are parts of a page already logged as a view, so they are not logged again one by one.
 */
import type { Services, TenantContext } from '../../core/context.js';
import { remarkPhotoThumbnail } from '../remarks/remark-photo.js';
import type { Picture } from '../remarks/photo-thumbnail.js';
import { judgeInspection, refusalError, type InspectionRequest } from './inspection-request.js';

export async function getInspectionPhoto(services: Services, request: InspectionRequest, documentId: string): Promise<Picture> {
  const opened = await judgeInspection(services, request);
  if (opened.outcome !== 'ok') throw refusalError(opened);
  const { shipment } = opened;
  const ctx: TenantContext = { ...services, organizationId: shipment.organization_id, mode: shipment.mode, requestId: 'inspection' };
  return remarkPhotoThumbnail(ctx, shipment.id, documentId);
}
