/** Reads one template of the caller's organisation and mode; any other is `not_found`. */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../ports/database.js';
import { shipmentTemplateView, type ShipmentTemplateView } from './shipment-template-view.js';
import { selectTemplate, type ShipmentTemplateRow } from './shipment-templates.repository.js';

/** The template row, or `not_found`; `forUpdate` locks it for the caller's transaction. */
export async function findShipmentTemplate(db: Database, ctx: TenantContext, id: string, options: { forUpdate?: boolean } = {}): Promise<ShipmentTemplateRow> {
  const row = await selectTemplate(db, ctx, id, options);
  if (!row) throw new AppError('not_found', `No shipment template ${id}.`);
  return row;
}

export async function getShipmentTemplate(ctx: TenantContext, id: string): Promise<ShipmentTemplateView> {
  return shipmentTemplateView(await findShipmentTemplate(ctx.db, ctx, id));
}
