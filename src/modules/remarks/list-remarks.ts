/** GET /v1/shipments/{id}/remarks: a shipment's remarks, newest first unless `order=asc`. */
import type { TenantContext } from '../../core/context.js';
import { cursorScope, pageRequest, toPage, type Page } from '../../core/pagination.js';
import { findShipment } from '../shipments/get-shipment.js';
import type { ListRemarksQuery } from './remark.schema.js';
import { remarkView, type RemarkView } from './remark-view.js';
import { selectRemarks } from './remarks.repository.js';

export async function listRemarks(ctx: TenantContext, shipmentId: string, query: ListRemarksQuery): Promise<Page<RemarkView>> {
  await findShipment(ctx.db, ctx, shipmentId);
  // The cursor names the shipment and the filter: it cannot be replayed on another list.
  const scope = cursorScope(ctx, `remarks:${shipmentId}:${query.phase ?? '*'}`);
  const page = pageRequest(scope, query);
  const rows = await selectRemarks(ctx.db, ctx, shipmentId, { phase: query.phase, after: page.after, order: page.order, limit: page.limit + 1 });
  return toPage(scope, page, rows.map(remarkView));
}
