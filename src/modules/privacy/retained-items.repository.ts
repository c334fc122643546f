/** Queries on `privacy_retained_items` and the records they keep, for the purge job (each scoped by the item's organisation and mode). */
import type { Database } from '../../ports/database.js';
import type { RetainedResourceColumn } from './privacy.tables.js';

export interface DueItem {
  organization_id: string;
  mode: 'test' | 'live';
  resource: RetainedResourceColumn;
  resource_id: string;
}

export function selectDueRetained(db: Database, now: Date, limit: number): Promise<DueItem[]> {
  return db
    .selectFrom('privacy_retained_items')
    .select(['organization_id', 'mode', 'resource', 'resource_id'])
    .where('purged_at', 'is', null)
    .where('erase_after', '<=', now)
    .orderBy('erase_after')
    .limit(limit)
    .execute();
}

/** The object holding the item's bytes: a document's, or a signature's drawn image; none for trust-service evidence. */
export async function objectKeyOfRetained(db: Database, item: DueItem): Promise<string | null> {
  if (item.resource === 'signature_evidence') return null;
  if (item.resource === 'document') {
    const row = await db.selectFrom('documents').select('object_key').where('organization_id', '=', item.organization_id).where('mode', '=', item.mode).where('id', '=', item.resource_id).executeTakeFirst();
    return row?.object_key ?? null;
  }
  const row = await db.selectFrom('signatures').select('image_object_key').where('organization_id', '=', item.organization_id).where('mode', '=', item.mode).where('id', '=', item.resource_id).executeTakeFirst();
  return row?.image_object_key ?? null;
}

/** Marks the record purged; returns the bytes of a document this deleted (0 if it was deleted already). */
export async function purgeRetainedRow(db: Database, item: DueItem, now: Date): Promise<number> {
  if (item.resource === 'document') {
    const deleted = await db
      .updateTable('documents')
      .set({ deleted_at: now })
      .where('organization_id', '=', item.organization_id)
      .where('mode', '=', item.mode)
      .where('id', '=', item.resource_id)
      .where('deleted_at', 'is', null)
      .returning('size')
      .executeTakeFirst();
    return deleted ? Number(deleted.size) : 0;
  }
  await db
    .updateTable('signatures')
    .set(item.resource === 'signature_image' ? { image_object_key: null } : { trust_signature: null })
    .where('organization_id', '=', item.organization_id)
    .where('mode', '=', item.mode)
    .where('id', '=', item.resource_id)
    .execute();
  return 0;
}

export async function markRetainedPurged(db: Database, item: DueItem, now: Date): Promise<void> {
  await db.updateTable('privacy_retained_items').set({ purged_at: now }).where('resource', '=', item.resource).where('resource_id', '=', item.resource_id).execute();
}
