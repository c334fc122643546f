/** One delivery of the caller's organisation and mode, with what was sent and every attempt. */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { selectDelivery } from './deliveries.repository.js';
import { deliveryDetailView, type WebhookDeliveryDetailView } from './webhook-delivery-view.js';

export async function getWebhookDelivery(ctx: TenantContext, id: string): Promise<WebhookDeliveryDetailView> {
  const found = await selectDelivery(ctx.db, ctx, id);
  if (!found) throw new AppError('not_found', `No webhook delivery ${id}.`);
  return deliveryDetailView(found.delivery, found.attempts, ctx.clock.now());
}
