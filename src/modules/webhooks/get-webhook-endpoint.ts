/** Reads one webhook endpoint of the caller's organisation and mode; any other is `not_found`. */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { endpointView, type WebhookEndpointView } from './webhook-endpoint-view.js';
import { selectEndpoint, type WebhookEndpointRow } from './webhooks.repository.js';

export async function findEndpoint(ctx: TenantContext, id: string): Promise<WebhookEndpointRow> {
  const row = await selectEndpoint(ctx.db, ctx, id);
  if (!row) throw new AppError('not_found', `No webhook endpoint ${id}.`);
  return row;
}

export async function getWebhookEndpoint(ctx: TenantContext, id: string): Promise<WebhookEndpointView> {
  return endpointView(await findEndpoint(ctx, id));
}
