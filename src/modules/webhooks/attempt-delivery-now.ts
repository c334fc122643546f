/**
 * A retry that is never refused for a delivery that has not succeeded: a pending delivery (its
 * attempts are failing and the next one is scheduled) gets that next attempt now instead of on its
 * schedule, which then goes on from it; a delivery that failed, died or succeeded is replayed as a
 * new delivery (retry-webhook-delivery.ts, the API's retry). Each is recorded in the audit log.
 */
import { sql } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { withTransaction } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { getWebhookDelivery } from './get-webhook-delivery.js';
import { retryWebhookDelivery } from './retry-webhook-delivery.js';
import type { WebhookDeliveryDetailView } from './webhook-delivery-view.js';

/**
 * Makes a pending delivery due now. Refused with `conflict` while an attempt of it is under way
 * (its lease holds) and when it is no longer pending. Due now by the endpoint's sandbox test clock
 * when it follows one, as a replay is.
 */
export async function attemptDeliveryNow(ctx: TenantContext, id: string): Promise<WebhookDeliveryDetailView> {
  const now = ctx.clock.now();
  const moved = await withTransaction(ctx.db, async (trx) => {
    const result = await sql<{ next_attempt_at: Date; was_due_at: Date }>`
      update webhook_deliveries d set next_attempt_at = coalesce(k.frozen_time, ${now}), updated_at = ${now}
      from webhook_deliveries before_update join webhook_endpoints e on e.id = before_update.endpoint_id
        left join test_clocks k on k.id = e.test_clock_id and k.deleted_at is null
      where d.id = ${id} and before_update.id = d.id and d.organization_id = ${ctx.organizationId} and d.mode = ${ctx.mode}
        and d.status = 'pending' and (d.locked_until is null or d.locked_until < ${now})
      returning d.next_attempt_at, before_update.next_attempt_at as was_due_at`.execute(trx);
    const row = result.rows[0];
    if (!row) return undefined;
    await recordTenantAct(trx, ctx, {
      action: 'webhook_delivery.attempted_now',
      target: { type: 'webhook_delivery', id },
      changes: { next_attempt_at: { from: new Date(row.was_due_at).toISOString(), to: new Date(row.next_attempt_at).toISOString() } },
    });
    return row;
  });
  if (moved) return getWebhookDelivery(ctx, id);
  const current = await getWebhookDelivery(ctx, id);
  if (current.status !== 'pending') throw new AppError('conflict', `Delivery ${id} is ${current.status}: replay it instead.`);
  throw new AppError('conflict', 'An attempt of this delivery is under way right now; its outcome shows here in a few seconds.');
}

/** The console's retry: now for a pending delivery, a replay for any other. Says which it was. */
export async function retryDeliveryNow(ctx: TenantContext, id: string): Promise<{ delivery: WebhookDeliveryDetailView; replayed: boolean }> {
  const current = await getWebhookDelivery(ctx, id);
  if (current.status === 'pending') return { delivery: await attemptDeliveryNow(ctx, id), replayed: false };
  return { delivery: await retryWebhookDelivery(ctx, id), replayed: true };
}
