/** GET /v1/shipments/{id}/signatures: a shipment's signatures, in the order they were given. */
import type { TenantContext } from '../../core/context.js';
import { findShipment } from '../shipments/get-shipment.js';
import { signatureView, type SignatureView } from './signature-view.js';
import { selectSignatures } from './signatures.repository.js';

export async function listSignatures(ctx: TenantContext, shipmentId: string): Promise<{ data: SignatureView[]; has_more: false; next_cursor: null }> {
  await findShipment(ctx.db, ctx, shipmentId);
  const rows = await selectSignatures(ctx.db, ctx, shipmentId);
  return { data: rows.map(signatureView), has_more: false, next_cursor: null };
}
