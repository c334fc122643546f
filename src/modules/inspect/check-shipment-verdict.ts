/**
 * The integrity verdict an inspector reads on the note's page (inspection-integrity.ts), for the
 * shipment's own organisation: the chain, the current note's SHA-256 and its seal, kept or checked now.
 */
import type { TenantContext } from '../../core/context.js';
import { selectDocuments } from '../documents/documents.repository.js';
import { erasureCount } from '../privacy/privacy.repository.js';
import { findShipment } from '../shipments/get-shipment.js';
import { inspectionIntegrity, type InspectionIntegrity } from './inspection-integrity.js';

/** Raises `not_found` (no such shipment for the caller). */
export async function checkShipmentVerdict(ctx: TenantContext, shipmentId: string): Promise<InspectionIntegrity> {
  // The erasures are counted before the checks read the chain, as inspection-integrity.ts asks.
  const erasures = await erasureCount(ctx.db, ctx);
  const shipment = await findShipment(ctx.db, ctx, shipmentId);
  const [current] = await selectDocuments(ctx.db, ctx, { shipmentId, kind: 'consignment_note', order: 'desc', limit: 1 });
  return inspectionIntegrity(ctx, shipment, current, erasures);
}
