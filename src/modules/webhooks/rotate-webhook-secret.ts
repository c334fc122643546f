/**
 * Rotates an endpoint's signing secret. The new secret signs from the next attempt on; the old one
 * keeps signing beside it (a second `v1` in `service-signature`) for the grace period, 24 hours
 * unless told, so receivers can switch without dropping deliveries.
 */
import type { TenantContext } from '../../core/context.js';
import { findEndpoint } from './get-webhook-endpoint.js';
import { endpointView, type WebhookEndpointView } from './webhook-endpoint-view.js';
import { newWebhookSecret } from './webhook-secret.js';
import { updateEndpoint } from './webhooks.repository.js';

export const DEFAULT_GRACE_PERIOD_HOURS = 24;

export async function rotateWebhookSecret(ctx: TenantContext, id: string, gracePeriodHours = DEFAULT_GRACE_PERIOD_HOURS): Promise<WebhookEndpointView & { secret: string }> {
  const current = await findEndpoint(ctx, id);
  const now = ctx.clock.now();
  const graceEnds = gracePeriodHours > 0 ? new Date(now.getTime() + gracePeriodHours * 60 * 60 * 1000) : null;
  const changes = { secret: newWebhookSecret(), previous_secret: graceEnds ? current.secret : null, previous_secret_expires_at: graceEnds, updated_at: now };
  await updateEndpoint(ctx.db, ctx, id, changes);
  return { ...endpointView({ ...current, ...changes }), secret: changes.secret };
}
