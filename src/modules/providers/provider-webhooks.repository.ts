/** Queries on the inbound webhook tables: replay receipts and the events kept for review. */
import type { Selectable } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { Database } from '../../ports/database.js';
import type { ProviderWebhookReviewsTable } from './providers.tables.js';
import { keysetWindow } from '../../ports/database-keyset.js';

export type ReviewRow = Selectable<ProviderWebhookReviewsTable>;

/** Takes the event id once; false when the provider sent it before. */
export async function takeReceipt(db: Database, providerId: string, eventId: string, now: Date): Promise<boolean> {
  const result = await db.insertInto('provider_webhook_receipts').values({ provider_id: providerId, event_id: eventId, received_at: now }).onConflict((oc) => oc.columns(['provider_id', 'event_id']).doNothing()).executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Gives the event id back, so the provider's retry of an event we failed on is taken. */
export async function releaseReceipt(db: Database, providerId: string, eventId: string): Promise<void> {
  await db.deleteFrom('provider_webhook_receipts').where('provider_id', '=', providerId).where('event_id', '=', eventId).execute();
}

export async function insertReview(db: Database, row: ReviewRow): Promise<void> {
  await db.insertInto('provider_webhook_reviews').values({ ...row, payload: JSON.stringify(row.payload) }).execute();
}

export async function selectReviews(db: Database, t: { organizationId: string; mode: Mode }, f: { after?: string; order: SortOrder; limit: number }): Promise<ReviewRow[]> {
  let query = db.selectFrom('provider_webhook_reviews').selectAll().where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);
  query = keysetWindow(query, 'id', f);
  return query.execute();
}

/** Forgets event ids received before `cutoff`: a replay that old fails the timestamp check anyway. */
export async function deleteReceiptsBefore(db: Database, cutoff: Date): Promise<void> {
  await db.deleteFrom('provider_webhook_receipts').where('received_at', '<', cutoff).execute();
}
