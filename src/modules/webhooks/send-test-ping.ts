/**
 * The test ping (service description, Webhooks): one attempt, made while the caller waits, no
 * retries, recorded in the delivery log like any delivery. Its body is an envelope of type
 * `webhook.ping` — a type no subscription receives, so receivers skip it unless they look for it —
 * signed like every delivery. An inactive endpoint can be pinged: that is how one is tried out
 * before it is switched on.
 */
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { attemptDelivery } from './attempt-delivery.js';
import { insertClaimedPing } from './deliveries.repository.js';
import { recordAttempts } from './delivery-queue.repository.js';
import { DELIVERY_LEASE_MS } from './delivery-policy.js';
import { envelopeBody } from './event-envelope.js';
import { realClockOf } from '../../core/clock.js';
import { findEndpoint } from './get-webhook-endpoint.js';
import { getWebhookDelivery } from './get-webhook-delivery.js';
import type { WebhookDeliveryDetailView } from './webhook-delivery-view.js';

export const PING_EVENT_TYPE = 'webhook.ping';

export async function sendTestPing(ctx: TenantContext, endpointId: string): Promise<WebhookDeliveryDetailView> {
  const endpoint = await findEndpoint(ctx, endpointId);
  const now = ctx.clock.now();
  const event = { id: newId('event', now), type: PING_EVENT_TYPE, created_at: now, mode: ctx.mode, data: { endpoint_id: endpoint.id } };
  const ping = { id: newId('webhook_delivery', now), endpoint_id: endpoint.id, event_id: event.id, event_type: event.type, body: envelopeBody(event), now };
  // On a sandbox test clock the ping happens at the clock's time; its lease and signature stay in real time.
  const real = realClockOf(ctx.clock);
  await insertClaimedPing(ctx.db, ctx, ping, new Date(real.now().getTime() + DELIVERY_LEASE_MS));
  const claimed = { ...ping, ...endpoint, id: ping.id, attempts: 1, failures: 0, max_attempts: 1, endpoint_active: true, endpoint_deleted: false, clock_time: ctx.testClockId ? now : null };
  await recordAttempts(ctx.db, [await attemptDelivery(claimed, ctx.webhookTransport, real)]);
  return getWebhookDelivery(ctx, ping.id);
}
