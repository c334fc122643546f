/** GET /v1/shipments/{id}/remarks: a shipment's remarks, newest first unless `order=asc`. */
import type { TenantContext } from '../../core/context.js';
import { listPage, type Page } from '../../core/pagination.js';
import { findShipment } from '../shipments/get-shipment.js';
import type { ListRemarksQuery } from './remark.schema.js';
import { remarkView, type RemarkView } from './remark-view.js';
import { selectRemarks } from './remarks.repository.js';

export async function listRemarks(ctx: TenantContext, shipmentId: string, query: ListRemarksQuery): Promise<Page<RemarkView>> {
  await findShipment(ctx.db, ctx, shipmentId);
  // The cursor names the shipment and the filter: it cannot be replayed on another list.
  return listPage(ctx, `remarks:${shipmentId}:${query.phase ?? '*'}`, query, (window) => selectRemarks(ctx.db, ctx, shipmentId, { phase: query.phase, ...window }), remarkView);
}
