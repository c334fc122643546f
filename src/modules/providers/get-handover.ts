/**
 * The hand-over of one shipment; a shipment of another tenant is `not_found`. A shipment no
 * routing rule handed over answers `status: "none"`: its note is held here.
 */
import type { TenantContext } from '../../core/context.js';
import { findShipment } from '../shipments/get-shipment.js';
import { handoverView, noHandoverView, type HandoverView } from './handover-view.js';
import { selectShipmentHandover, type HandoverRow } from './handovers.repository.js';

/** The shipment's hand-over row, or undefined when it has none; raises `not_found` for a shipment the tenant does not have. */
export async function findHandover(ctx: TenantContext, shipmentId: string): Promise<{ shipmentId: string; updatedAt: Date; row?: HandoverRow }> {
  const shipment = await findShipment(ctx.db, ctx, shipmentId);
  return { shipmentId: shipment.id, updatedAt: shipment.updated_at, row: await selectShipmentHandover(ctx.db, ctx, shipment.id) };
}

export async function getHandover(ctx: TenantContext, shipmentId: string): Promise<HandoverView | ReturnType<typeof noHandoverView>> {
  const found = await findHandover(ctx, shipmentId);
  return found.row ? handoverView(found.row) : noHandoverView(found.shipmentId, found.updatedAt);
}
