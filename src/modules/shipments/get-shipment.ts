/** Reads one shipment of the caller's organisation and mode; any other is `not_found`. */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import type { Language } from '../../core/language.js';
import type { Database } from '../../ports/database.js';
import { shipmentView, type ShipmentView } from './shipment-view.js';
import { selectShipment, type ShipmentRow } from './shipments.repository.js';

/** The shipment row, or `not_found`; `forUpdate` locks it for the caller's transaction. */
export async function findShipment(db: Database, ctx: TenantContext, id: string, options: { forUpdate?: boolean } = {}): Promise<ShipmentRow> {
  const row = await selectShipment(db, ctx, id, options);
  if (!row) throw new AppError('not_found', `No shipment ${id}.`);
  return row;
}

export async function getShipment(ctx: TenantContext, id: string, language: Language): Promise<ShipmentView> {
  return shipmentView(await findShipment(ctx.db, ctx, id), language, ctx);
}
