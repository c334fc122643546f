/**
 * After the retention duty of a record an erasure had to keep (retention-policy.ts) has passed,
 * erases it: a sealed document's bytes are deleted and the document marked deleted (the row, its
 * SHA-256 and the chain events naming it stay as proof of what existed; the shipment's chain is not
 * extended, as a delivered shipment is final); a drawn signature image's bytes are deleted; a
 * trust-service signature and its certificate are dropped. The bytes go first: a purge that stops
 * half-way runs again, and deleting bytes already gone is harmless. The bytes freed leave the
 * organisation's `storage_bytes` in the transaction that marks the item purged (usage is metered
 * with each act, docs/usage-billing.md).
 */
import type { Clock } from '../../core/clock.js';
import { withTransaction, type Database } from '../../ports/database.js';
import type { ObjectStore } from '../../ports/objects.js';
import { storageWrite } from '../usage/record-usage.js';
import { markRetainedPurged, objectKeyOfRetained, purgeRetainedRow, selectDueRetained } from './retained-items.repository.js';

const BATCH = 200;

/** Purges every retained item due at the clock's time; returns how many. */
export async function purgeRetainedPersonalData(services: { db: Database; objects: ObjectStore; clock: Clock }): Promise<number> {
  const now = services.clock.now();
  let purged = 0;
  for (;;) {
    const due = await selectDueRetained(services.db, now, BATCH);
    for (const item of due) {
      const key = await objectKeyOfRetained(services.db, item);
      // A document's size is on its row; a drawn image's only on the object, read before it goes.
      const imageSize = key && item.resource === 'signature_image' ? ((await services.objects.get(key))?.size ?? 0) : 0;
      if (key) await services.objects.delete(key);
      await withTransaction(services.db, async (trx) => {
        const freed = (await purgeRetainedRow(trx, item, now)) + imageSize;
        await markRetainedPurged(trx, item, now);
        if (freed > 0) await trx.executeQuery(storageWrite(trx, { organizationId: item.organization_id, mode: item.mode }, now, -freed).compile());
      });
      purged += 1;
    }
    if (due.length < BATCH) return purged;
  }
}
