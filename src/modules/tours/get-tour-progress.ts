/**
 * A tour's progress as a dispatcher follows it (the console's tour page): each stop with its
 * shipment's reference and status and what it still misses — the signatures its kind needs
 * (stop-signatures.ts) and, at a delivery, the proof of delivery, which exists once the consignee
 * has signed and the shipment is `delivered`. A stop closed without its signatures keeps showing
 * them as missing. Raises `not_found` for a tour of another organisation or mode.
 */
import type { TenantContext } from '../../core/context.js';
import type { ShipmentStatus } from '../shipments/shipment-status.js';
import { selectShipment } from '../shipments/shipments.repository.js';
import { selectSignatures } from '../signatures/signatures.repository.js';
import { findTour } from './get-tour.js';
import { missingSigners, signedAtStop, type StopSigner } from './stop-signatures.js';
import { tourView, type TourView } from './tour-view.js';

export type StopMissing = StopSigner | 'proof_of_delivery';

export interface StopProgress {
  position: number;
  shipment: { id: string; reference: string | null; status: ShipmentStatus } | null;
  missing: StopMissing[];
}

export interface TourProgress {
  tour: TourView;
  stops: StopProgress[];
}

export async function getTourProgress(ctx: TenantContext, id: string): Promise<TourProgress> {
  const row = await findTour(ctx.db, ctx, id);
  const shipments = new Map<string, { id: string; reference: string | null; status: ShipmentStatus; signatures: { role: string; successive_index: number }[] } | null>();
  for (const stop of row.stops) {
    if (shipments.has(stop.shipment_id)) continue;
    const shipment = await selectShipment(ctx.db, ctx, stop.shipment_id);
    shipments.set(stop.shipment_id, shipment ? { id: shipment.id, reference: shipment.reference, status: shipment.status, signatures: await selectSignatures(ctx.db, ctx, shipment.id) } : null);
  }
  const stops = row.stops.map((stop, i): StopProgress => {
    const shipment = shipments.get(stop.shipment_id) ?? null;
    if (!shipment) return { position: i + 1, shipment: null, missing: [] };
    const missing: StopMissing[] = missingSigners(stop.kind, shipment.status, signedAtStop(stop, shipment.signatures));
    if (stop.kind === 'delivery' && shipment.status !== 'delivered' && shipment.status !== 'cancelled') missing.push('proof_of_delivery');
    return { position: i + 1, shipment: { id: shipment.id, reference: shipment.reference, status: shipment.status }, missing };
  });
  return { tour: tourView(row), stops };
}
