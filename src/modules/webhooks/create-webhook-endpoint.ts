/**
 * Creates a webhook endpoint in the caller's mode; the response is the only one that shows its
 * secret. Raises `validation_failed` for an unsafe url (private ones only under the switch).
 * Recorded in the audit log (`webhook_endpoint.created`, without the secret) in the same transaction.
 */
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { withTransaction } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { checkEventSubscriptions } from './check-event-subscriptions.js';
import { checkWebhookTarget } from './check-webhook-target.js';
import type { CreateWebhookEndpoint } from './webhook-endpoint.schema.js';
import { endpointView, type WebhookEndpointView } from './webhook-endpoint-view.js';
import { newWebhookSecret } from './webhook-secret.js';
import { insertEndpoint } from './webhooks.repository.js';

export async function createWebhookEndpoint(ctx: TenantContext, input: CreateWebhookEndpoint, allowPrivateTargets: boolean): Promise<WebhookEndpointView & { secret: string }> {
  const events = checkEventSubscriptions(input.events);
  await checkWebhookTarget(ctx.resolver, input.url, allowPrivateTargets);
  const now = ctx.clock.now();
  const row = {
    id: newId('webhook_endpoint', now),
    organization_id: ctx.organizationId,
    mode: ctx.mode,
    url: input.url,
    description: input.description ?? null,
    events,
    active: input.active ?? true,
    secret: newWebhookSecret(),
    previous_secret: null,
    previous_secret_expires_at: null,
    created_at: now,
    updated_at: now,
    // Recorded so that every worker on the database, strict or not, judges the target alike.
    allow_private_targets: allowPrivateTargets,
    simulated_failure: false,
    // Sandbox: `?test_clock=` (src/modules/test-clocks/test-clock-access.ts).
    test_clock_id: ctx.testClockId ?? null,
  };
  await withTransaction(ctx.db, async (trx) => {
    await insertEndpoint(trx, row);
    await recordTenantAct(trx, ctx, {
      action: 'webhook_endpoint.created',
      target: { type: 'webhook_endpoint', id: row.id },
      changes: { url: row.url, events: row.events, description: row.description, active: row.active },
    });
  });
  return { ...endpointView(row), secret: row.secret };
}
