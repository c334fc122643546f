/** The delivery log of the caller's organisation and mode, newest first, with its filters. */
import type { TenantContext } from '../../core/context.js';
import { cursorScope, pageRequest, toPage, type Page } from '../../core/pagination.js';
import { selectDeliveries } from './deliveries.repository.js';
import { deliveryView, type WebhookDeliveryView } from './webhook-delivery-view.js';
import type { ListWebhookDeliveriesQuery } from './webhook-delivery.schema.js';

export async function listWebhookDeliveries(ctx: TenantContext, query: ListWebhookDeliveriesQuery): Promise<Page<WebhookDeliveryView>> {
  const scope = cursorScope(ctx, 'webhook_deliveries');
  const page = pageRequest(scope, query);
  const rows = await selectDeliveries(ctx.db, ctx, {
    endpointId: query.endpoint_id,
    status: query.status,
    eventType: query.event_type,
    after: page.after,
    order: page.order,
    limit: page.limit + 1,
  });
  return toPage(scope, page, rows.map(deliveryView));
}
