/** The delivery log of the caller's organisation and mode, newest first, with its filters. */
import type { TenantContext } from '../../core/context.js';
import { listPage, type Page } from '../../core/pagination.js';
import { selectDeliveries } from './deliveries.repository.js';
import { deliveryView, type WebhookDeliveryView } from './webhook-delivery-view.js';
import type { ListWebhookDeliveriesQuery } from './webhook-delivery.schema.js';

export async function listWebhookDeliveries(ctx: TenantContext, query: ListWebhookDeliveriesQuery): Promise<Page<WebhookDeliveryView>> {
  return listPage(
    ctx,
    'webhook_deliveries',
    query,
    (window) => selectDeliveries(ctx.db, ctx, { endpointId: query.endpoint_id, status: query.status, eventType: query.event_type, ...window }),
    deliveryView,
  );
}
