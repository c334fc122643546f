/**
 * After the retention duty of a record an erasure had to keep (retention-policy.ts) has passed,
 * erases it: a sealed document's bytes are deleted and the document marked deleted (the row, its
 * SHA-256 and the chain events naming it stay as proof of what existed; the shipment's chain is not
 * extended, as a delivered shipment is final); a drawn signature image's bytes are deleted; a
 * trust-service signature and its certificate are dropped. The bytes go first: a purge that stops
 * half-way runs again, and deleting bytes already gone is harmless.
 */
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../ports/database.js';
import type { ObjectStore } from '../../ports/objects.js';
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
      if (key) await services.objects.delete(key);
      await purgeRetainedRow(services.db, item, now);
      await markRetainedPurged(services.db, item, now);
      purged += 1;
    }
    if (due.length < BATCH) return purged;
  }
}
