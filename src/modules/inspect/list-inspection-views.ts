/** GET /v1/shipments/{id}/inspection-views: who read the note through its link, the gate or a delegation; newest first unless `order=asc`. */
import type { TenantContext } from '../../core/context.js';
import { listPage, type Page } from '../../core/pagination.js';
import { findShipment } from '../shipments/get-shipment.js';
import type { ListInspectionViewsQuery } from './inspect.schema.js';
import { selectInspectionViews, type InspectionViewRow } from './inspect.repository.js';

function inspectionViewView(row: InspectionViewRow) {
  return {
    id: row.id,
    shipment_id: row.shipment_id,
    viewed_at: row.viewed_at.toISOString(),
    channel: row.channel,
    ip: row.ip,
    user_agent: row.user_agent,
    language: row.language,
    outcome: row.outcome,
    viewer: row.viewer,
    details: row.details,
    event_id: row.event_id,
  };
}

export type InspectionViewView = ReturnType<typeof inspectionViewView>;

/** Raises `not_found` (no such shipment for the caller) and `invalid_cursor`. */
export async function listInspectionViews(ctx: TenantContext, shipmentId: string, query: ListInspectionViewsQuery): Promise<Page<InspectionViewView>> {
  await findShipment(ctx.db, ctx, shipmentId);
  return listPage(ctx, `inspection-views:${shipmentId}`, query, (window) => selectInspectionViews(ctx.db, ctx, shipmentId, window), inspectionViewView);
}
