/** GET /v1/shipments/{id}/delegations/{delegation_id}: one delegation, with its status now. */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { findShipment } from '../shipments/get-shipment.js';
import { delegationView, type DelegationView } from './delegation-view.js';
import { selectDelegation } from './delegations.repository.js';

/** Raises `not_found` for an unknown shipment or a delegation not of it. */
export async function getDelegation(ctx: TenantContext, shipmentId: string, delegationId: string): Promise<DelegationView> {
  const shipment = await findShipment(ctx.db, ctx, shipmentId);
  const row = await selectDelegation(ctx.db, ctx, shipment.id, delegationId);
  if (!row) throw new AppError('not_found', `No delegation ${delegationId} on shipment ${shipment.id}.`);
  return delegationView(row, ctx.clock.now());
}
