/** GET /v1/delegations/{id}: one delegation, with its status now. */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { delegationView, type DelegationView } from './delegation-view.js';
import { selectDelegation } from './delegations.repository.js';

/** Raises `not_found`. */
export async function getDelegation(ctx: TenantContext, delegationId: string): Promise<DelegationView> {
  const row = await selectDelegation(ctx.db, ctx, delegationId);
  if (!row) throw new AppError('not_found', `No delegation ${delegationId}.`);
  return delegationView(row, ctx.clock.now(), ctx.efti);
}
