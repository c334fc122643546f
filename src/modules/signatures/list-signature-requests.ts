/** A shipment's signature requests (sign links), oldest first, as the API shows one: what the console's shipment page lists. */
import type { TenantContext } from '../../core/context.js';
import { findShipment } from '../shipments/get-shipment.js';
import { signatureRequestView, type SignatureRequestView } from './signature-request-view.js';
import { selectShipmentSignatureRequests } from './signature-requests.repository.js';

/** Raises `not_found` (no such shipment for the caller). */
export async function listShipmentSignatureRequests(ctx: TenantContext, shipmentId: string): Promise<SignatureRequestView[]> {
  await findShipment(ctx.db, ctx, shipmentId);
  const now = ctx.clock.now();
  return (await selectShipmentSignatureRequests(ctx.db, ctx, shipmentId)).map((row) => signatureRequestView(row, now));
}
