/**
 * Lists the tenant's shipments, newest first, with filters and a cursor: the API's list, and the
 * console's search, which adds one text matched against the id, the reference, the parties' names
 * and the plates (shipments.repository.ts `searchCondition`).
 */
import type { TenantContext } from '../../core/context.js';
import type { Language } from '../../core/language.js';
import { listPage, type Page } from '../../core/pagination.js';
import type { ListShipmentsQuery } from './shipment.schema.js';
import { shipmentView, type ShipmentView } from './shipment-view.js';
import { selectShipments } from './shipments.repository.js';

export type SearchShipmentsQuery = ListShipmentsQuery & { search?: string };

function shipmentsPage(ctx: TenantContext, list: string, query: SearchShipmentsQuery, language: Language): Promise<Page<ShipmentView>> {
  return listPage(
    ctx,
    list,
    query,
    (window) =>
      selectShipments(ctx.db, ctx, {
        status: query.status,
        reference: query.reference,
        transportType: query.transport_type,
        createdGte: query.created_gte ? new Date(query.created_gte) : undefined,
        createdLt: query.created_lt ? new Date(query.created_lt) : undefined,
        search: query.search,
        ...window,
      }),
    (row) => shipmentView(row, language, ctx),
  );
}

export function listShipments(ctx: TenantContext, query: ListShipmentsQuery, language: Language): Promise<Page<ShipmentView>> {
  return shipmentsPage(ctx, 'shipments', query, language);
}

/** Raises `invalid_cursor`; the cursor names the search text, so it pages that search only. */
export function searchShipments(ctx: TenantContext, query: SearchShipmentsQuery, language: Language): Promise<Page<ShipmentView>> {
  const search = query.search?.trim() || undefined;
  return shipmentsPage(ctx, `shipments:search:${search ?? ''}`, { ...query, search }, language);
}
