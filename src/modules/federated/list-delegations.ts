/** GET /v1/shipments/{id}/delegations: the grantor's delegations of one note. */
import type { TenantContext } from '../../core/context.js';
import { cursorScope, pageRequest, toPage, type Page } from '../../core/pagination.js';
import { findShipment } from '../shipments/get-shipment.js';
import type { ListDelegationsQuery } from './delegation.schema.js';
import { delegationView, type DelegationView } from './delegation-view.js';
import { selectDelegations } from './delegations.repository.js';

/** Newest first unless `order=asc`; raises `not_found`, `invalid_cursor`. */
export async function listDelegations(ctx: TenantContext, shipmentId: string, query: ListDelegationsQuery): Promise<Page<DelegationView>> {
  await findShipment(ctx.db, ctx, shipmentId);
  const scope = cursorScope(ctx, `delegations:${shipmentId}`);
  const page = pageRequest(scope, query);
  const rows = await selectDelegations(ctx.db, ctx, shipmentId, { after: page.after, order: page.order, limit: page.limit + 1 });
  const now = ctx.clock.now();
  return toPage(scope, page, rows.map((row) => delegationView(row, now, ctx.efti)));
}
