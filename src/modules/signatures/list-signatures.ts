/** GET /v1/shipments/{id}/signatures: a shipment's signatures, in the order they were given. */
import type { TenantContext } from '../../core/context.js';
import { listPage, type Page } from '../../core/pagination.js';
import { findShipment } from '../shipments/get-shipment.js';
import { signatureView, type SignatureView } from './signature-view.js';
import { selectSignatures } from './signatures.repository.js';

/** Raises `not_found` and `invalid_cursor`. */
export async function listSignatures(ctx: TenantContext, shipmentId: string, query: { limit?: number; cursor?: string }): Promise<Page<SignatureView>> {
  await findShipment(ctx.db, ctx, shipmentId);
  return listPage(ctx, `signatures:${shipmentId}`, { ...query, order: 'asc' }, (window) => selectSignatures(ctx.db, ctx, shipmentId, { after: window.after, limit: window.limit }), signatureView);
}
