/** The tenant's inbound provider events kept for review, newest first, with a cursor. */
import type { TenantContext } from '../../core/context.js';
import { listPage, type Page } from '../../core/pagination.js';
import type { ListProviderWebhookReviewsQuery } from './provider-webhook.schema.js';
import { selectReviews, type ReviewRow } from './provider-webhooks.repository.js';

function reviewView(row: ReviewRow) {
  return {
    id: row.id,
    provider_id: row.provider_id,
    shipment_id: row.shipment_id,
    event_id: row.event_id,
    event_type: row.event_type,
    reason: row.reason,
    detail: row.detail,
    payload: row.payload,
    received_at: row.received_at.toISOString(),
  };
}

export async function listProviderWebhookReviews(ctx: TenantContext, query: ListProviderWebhookReviewsQuery): Promise<Page<ReturnType<typeof reviewView>>> {
  return listPage(ctx, 'provider_webhook_reviews', query, (window) => selectReviews(ctx.db, ctx, window), reviewView);
}
