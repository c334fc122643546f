/** Lists the webhook endpoints of the caller's organisation and mode, newest first. */
import type { TenantContext } from '../../core/context.js';
import { listPage, type Page, type SortOrder } from '../../core/pagination.js';
import { endpointView, type WebhookEndpointView } from './webhook-endpoint-view.js';
import { selectEndpoints } from './webhooks.repository.js';

export async function listWebhookEndpoints(ctx: TenantContext, query: { limit?: number; cursor?: string; order?: SortOrder }): Promise<Page<WebhookEndpointView>> {
  return listPage(ctx, 'webhook_endpoints', query, (window) => selectEndpoints(ctx.db, ctx, window), endpointView);
}
