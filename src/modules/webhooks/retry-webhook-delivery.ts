/**
 * Replay (service description, webhook delivery states): the same event id and body again, as a
 * new delivery with a new id and a fresh schedule of eight attempts, due at once. Refused with
 * `conflict` while the original is still pending (it is being retried already) and when its
 * endpoint is inactive or deleted. Recorded in the audit log (`webhook_delivery.replayed`, naming
 * the new delivery) in the same transaction.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { withTransaction } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { insertReplay, selectDelivery } from './deliveries.repository.js';
import { MAX_ATTEMPTS } from './delivery-policy.js';
import { getWebhookDelivery } from './get-webhook-delivery.js';
import { selectEndpointIncludingDeleted } from './webhooks.repository.js';
import type { WebhookDeliveryDetailView } from './webhook-delivery-view.js';

export async function retryWebhookDelivery(ctx: TenantContext, id: string): Promise<WebhookDeliveryDetailView> {
  const now = ctx.clock.now();
  const replayId = newId('webhook_delivery', now);
  const queued = await withTransaction(ctx.db, async (trx) => {
    if (!(await insertReplay(trx, ctx, { id: replayId, replay_of: id, max_attempts: MAX_ATTEMPTS, now }))) return false;
    await recordTenantAct(trx, ctx, { action: 'webhook_delivery.replayed', target: { type: 'webhook_delivery', id }, changes: { replay_id: replayId } });
    return true;
  });
  if (!queued) throw await refusal(ctx, id);
  return getWebhookDelivery(ctx, replayId);
}

/** Why a replay was not queued, read after the refusal so the answer names the actual reason. */
async function refusal(ctx: TenantContext, id: string): Promise<AppError> {
  const found = await selectDelivery(ctx.db, ctx, id);
  if (!found) return new AppError('not_found', `No webhook delivery ${id}.`);
  if (found.delivery.status === 'pending') {
    return new AppError('conflict', 'This delivery is still pending: it will be attempted again on its schedule. Replay it once it has succeeded or failed.');
  }
  const endpoint = await selectEndpointIncludingDeleted(ctx.db, ctx, found.delivery.endpoint_id);
  return endpoint?.deleted_at
    ? new AppError('conflict', `Endpoint ${found.delivery.endpoint_id} was deleted; its deliveries cannot be replayed.`)
    : new AppError('conflict', `Endpoint ${found.delivery.endpoint_id} is inactive; activate it (PATCH active: true) to replay its deliveries.`);
}
