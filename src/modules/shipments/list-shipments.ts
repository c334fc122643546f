/** Lists the tenant's shipments, newest first, with filters and a cursor. */
import type { TenantContext } from '../../core/context.js';
import type { Language } from '../../core/language.js';
import { listPage, type Page } from '../../core/pagination.js';
import type { ListShipmentsQuery } from './shipment.schema.js';
import { shipmentView, type ShipmentView } from './shipment-view.js';
import { selectShipments } from './shipments.repository.js';

export async function listShipments(ctx: TenantContext, query: ListShipmentsQuery, language: Language): Promise<Page<ShipmentView>> {
  return listPage(
    ctx,
    'shipments',
    query,
    (window) =>
      selectShipments(ctx.db, ctx, {
        status: query.status,
        reference: query.reference,
        transportType: query.transport_type,
        createdGte: query.created_gte ? new Date(query.created_gte) : undefined,
        createdLt: query.created_lt ? new Date(query.created_lt) : undefined,
        ...window,
      }),
    (row) => shipmentView(row, language, ctx),
  );
}
