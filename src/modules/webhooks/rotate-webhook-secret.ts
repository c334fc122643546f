/**
 * Rotates an endpoint's signing secret. The new secret signs from the next attempt on; the old one
 * keeps signing beside it (a second `v1` in `service-signature`) for the grace period, 24 hours
 * unless told, so receivers can switch without dropping deliveries. Recorded in the audit log
 * (`webhook_endpoint.secret_rotated`: the grace period, never a secret).
 */
import type { TenantContext } from '../../core/context.js';
import { withTransaction } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
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
  await withTransaction(ctx.db, async (trx) => {
    await updateEndpoint(trx, ctx, id, changes);
    await recordTenantAct(trx, ctx, {
      action: 'webhook_endpoint.secret_rotated',
      target: { type: 'webhook_endpoint', id },
      changes: { grace_period_hours: gracePeriodHours, previous_secret_expires_at: graceEnds?.toISOString() ?? null },
    });
  });
  return { ...endpointView({ ...current, ...changes }), secret: changes.secret };
}
