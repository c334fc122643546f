/**
 * Changes an endpoint's url, events, description or active flag; a new url is checked like a new
 * endpoint's. Recorded in the audit log (`webhook_endpoint.updated`, each field's from and to).
 */
import type { TenantContext } from '../../core/context.js';
import { withTransaction } from '../../ports/database.js';
import { fieldChanges, recordTenantAct } from '../audit-log/record-audit-event.js';
import { checkEventSubscriptions } from './check-event-subscriptions.js';
import { checkWebhookTarget } from './check-webhook-target.js';
import { findEndpoint } from './get-webhook-endpoint.js';
import type { UpdateWebhookEndpoint } from './webhook-endpoint.schema.js';
import { endpointView, type WebhookEndpointView } from './webhook-endpoint-view.js';
import { updateEndpoint } from './webhooks.repository.js';

export async function updateWebhookEndpoint(ctx: TenantContext, id: string, input: UpdateWebhookEndpoint, allowPrivateTargets: boolean): Promise<WebhookEndpointView> {
  const current = await findEndpoint(ctx, id);
  const events = input.events ? checkEventSubscriptions(input.events) : undefined;
  if (input.url !== undefined && input.url !== current.url) await checkWebhookTarget(ctx.resolver, input.url, allowPrivateTargets);
  const changes = {
    // A new url is judged by this process: it carries this process's switch from now on.
    ...(input.url !== undefined && input.url !== current.url ? { url: input.url, allow_private_targets: allowPrivateTargets } : {}),
    ...(events ? { events } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    updated_at: ctx.clock.now(),
  };
  await withTransaction(ctx.db, async (trx) => {
    await updateEndpoint(trx, ctx, id, changes);
    await recordTenantAct(trx, ctx, {
      action: 'webhook_endpoint.updated',
      target: { type: 'webhook_endpoint', id },
      changes: fieldChanges(current, changes, ['url', 'events', 'description', 'active']),
    });
  });
  return endpointView({ ...current, ...changes });
}
