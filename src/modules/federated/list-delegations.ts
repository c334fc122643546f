/** GET /v1/shipments/{id}/delegations: the grantor's delegations of one note. */
import type { TenantContext } from '../../core/context.js';
import { listPage, type Page } from '../../core/pagination.js';
import { findShipment } from '../shipments/get-shipment.js';
import type { ListDelegationsQuery } from './delegation.schema.js';
import { delegationView, type DelegationView } from './delegation-view.js';
import { selectDelegations } from './delegations.repository.js';

/** Newest first unless `order=asc`; raises `not_found`, `invalid_cursor`. */
export async function listDelegations(ctx: TenantContext, shipmentId: string, query: ListDelegationsQuery): Promise<Page<DelegationView>> {
  await findShipment(ctx.db, ctx, shipmentId);
  const now = ctx.clock.now();
  return listPage(ctx, `delegations:${shipmentId}`, query, (window) => selectDelegations(ctx.db, ctx, shipmentId, window), (row) => delegationView(row, now, ctx.efti));
}
