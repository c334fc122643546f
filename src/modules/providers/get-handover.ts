/** The hand-over of one shipment; a shipment of another tenant, or one that was never handed over, is `not_found`. */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { findShipment } from '../shipments/get-shipment.js';
import { handoverView, type HandoverView } from './handover-view.js';
import { selectShipmentHandover, type HandoverRow } from './handovers.repository.js';

export async function findHandover(ctx: TenantContext, shipmentId: string): Promise<HandoverRow> {
  const shipment = await findShipment(ctx.db, ctx, shipmentId);
  const row = await selectShipmentHandover(ctx.db, ctx, shipment.id);
  if (!row) throw new AppError('not_found', `Shipment ${shipment.id} was not handed to a provider: no routing rule chose one at issue.`);
  return row;
}

export async function getHandover(ctx: TenantContext, shipmentId: string): Promise<HandoverView> {
  return handoverView(await findHandover(ctx, shipmentId));
}
