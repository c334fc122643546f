/** Lists the webhook endpoints of the caller's organisation and mode, newest first. */
import type { TenantContext } from '../../core/context.js';
import { cursorScope, pageRequest, toPage, type Page, type SortOrder } from '../../core/pagination.js';
import { endpointView, type WebhookEndpointView } from './webhook-endpoint-view.js';
import { selectEndpoints } from './webhooks.repository.js';

export async function listWebhookEndpoints(ctx: TenantContext, query: { limit?: number; cursor?: string; order?: SortOrder }): Promise<Page<WebhookEndpointView>> {
  const scope = cursorScope(ctx, 'webhook_endpoints');
  const page = pageRequest(scope, query);
  const rows = await selectEndpoints(ctx.db, ctx, { after: page.after, order: page.order, limit: page.limit + 1 });
  return toPage(scope, page, rows.map(endpointView));
}
