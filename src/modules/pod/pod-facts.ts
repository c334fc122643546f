/**
 * What a proof of delivery is made of, read once for both its forms (JSON and PDF): the delivered
 * shipment, the consignee's signature, every signature (the legs), every remark, the final note version and the chain head.
 * Before delivery there is none: 404 `pod_not_available` (service description, States).
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { selectCurrentNote, selectDocuments, type DocumentRow } from '../documents/documents.repository.js';
import { unsignedStops } from '../remarks/note-reservations.js';
import { selectRemarks, type RemarkRow } from '../remarks/remarks.repository.js';
import { findShipment } from '../shipments/get-shipment.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import { selectSignatures, type SignatureRow } from '../signatures/signatures.repository.js';

export interface PodFacts {
  shipment: ShipmentRow;
  signature: SignatureRow;
  /** Every signature, in the order given: the carriers' ones make the legs (pod-legs.ts). */
  signatures: SignatureRow[];
  remarks: RemarkRow[];
  /** Stops closed without their signatures, and why (`stop.closed_unsigned`). */
  unsignedStops: Awaited<ReturnType<typeof unsignedStops>>;
  note: DocumentRow;
  /** The PDF, once rendered. */
  pdf: DocumentRow | undefined;
}

/** Raises `not_found` and `pod_not_available`. */
export async function podFacts(ctx: TenantContext, shipmentId: string): Promise<PodFacts> {
  const shipment = await findShipment(ctx.db, ctx, shipmentId);
  if (shipment.status !== 'delivered') {
    throw new AppError('pod_not_available', `Shipment ${shipment.id} is ${shipment.status}: its proof of delivery exists once the consignee has signed at delivery.`);
  }
  const signatures = await selectSignatures(ctx.db, ctx, shipment.id);
  const signature = signatures.find((s) => s.role === 'consignee');
  const note = await selectCurrentNote(ctx.db, ctx, shipment.id);
  if (!signature || !note) throw new Error(`delivered shipment ${shipment.id} lacks the consignee's signature or a note`);
  const remarks = await selectRemarks(ctx.db, ctx, shipment.id, { order: 'asc' });
  const [pdf] = await selectDocuments(ctx.db, ctx, { shipmentId: shipment.id, kind: 'pod', order: 'asc', limit: 1 });
  return { shipment, signature, signatures, remarks, unsignedStops: await unsignedStops(ctx.db, ctx, shipment.id), note, pdf };
}

/** The consignee's name and the delivery address as the shipment states them. */
export function deliveryParties(shipment: ShipmentRow): { consignee: string; address: Record<string, unknown> } {
  const data = shipment.data as { consignee?: { name?: string }; delivery?: { address?: Record<string, unknown> } };
  return { consignee: data.consignee?.name ?? '', address: data.delivery?.address ?? {} };
}
