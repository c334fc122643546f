/** The sign links of one shipment, oldest first, as the API shows each; raises `not_found` for a shipment of another organisation or mode. */
import type { TenantContext } from '../../core/context.js';
import { findShipment } from '../shipments/get-shipment.js';
import { signatureRequestView, type SignatureRequestView } from './signature-request-view.js';
import { selectShipmentSignatureRequests } from './signature-requests.repository.js';

export async function listShipmentSignatureRequests(ctx: TenantContext, shipmentId: string): Promise<SignatureRequestView[]> {
  const shipment = await findShipment(ctx.db, ctx, shipmentId);
  const now = ctx.clock.now();
  return (await selectShipmentSignatureRequests(ctx.db, ctx, shipment.id)).map((row) => signatureRequestView(row, now));
}
