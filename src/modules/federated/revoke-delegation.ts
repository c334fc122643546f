/**
 * Revokes a delegation: from the commit on, the grantee's reads answer 410 `token_revoked`. The
 * row stays (its evidence was handed out; the revocation is part of the record) and the chain gets
 * `delegation.revoked`. Revoking a revoked delegation changes nothing and succeeds, so a retried
 * DELETE is harmless.
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { withTransaction } from '../../ports/database.js';
import { findShipment } from '../shipments/get-shipment.js';
import { recordShipmentChange } from '../shipments/record-shipment-change.js';
import { revokeDelegationWrite, selectDelegation } from './delegations.repository.js';

/** Raises `not_found`. */
export async function revokeDelegation(ctx: TenantContext, delegationId: string, keyId: string): Promise<void> {
  const now = ctx.clock.now();
  await withTransaction(ctx.db, async (trx) => {
    const found = await selectDelegation(trx, ctx, delegationId);
    if (!found) throw new AppError('not_found', `No delegation ${delegationId}.`);
    // The shipment's lock serialises its chain; read the row again under it, so two revokes make one event.
    const shipment = await findShipment(trx, ctx, found.shipment_id, { forUpdate: true });
    const row = (await selectDelegation(trx, ctx, delegationId))!;
    if (row.revoked_at) return;
    const event = { type: 'delegation.revoked' as const, status: shipment.status, fields: { delegation_id: row.id } };
    await recordShipmentChange(trx, ctx, shipment, {}, [event], now, async (_changed, [revoked]) => [
      revokeDelegationWrite(trx, ctx, row.id, { revoked_at: now, revoked_by_key_id: keyId, revoke_event_id: revoked!.event_id }),
    ]);
  });
}
