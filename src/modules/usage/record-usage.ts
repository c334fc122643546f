/**
 * Meters usage per UTC day (service description, usage). Written with the act it counts, in one
 * statement or transaction, so a rolled-back issue is never billed.
 */
import type { Mode } from '../../core/mode.js';
import type { Database, Write } from '../../ports/database.js';
import { incrementUsageWrite, USAGE_SHARDS } from './usage.repository.js';

/** `shipments_issued` now; `signatures`, `notifications` and `storage_bytes` join with their areas. */
export const USAGE_METRICS = ['shipments_issued', 'signatures', 'notifications', 'storage_bytes'] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The write that meters usage; run it in the statement or transaction of the act it counts. */
export function usageWrite(db: Database, tenant: { organizationId: string; mode: Mode }, metric: UsageMetric, at: Date, by = 1): Write {
  return incrementUsageWrite(db, tenant, utcDay(at), metric, by, Math.floor(Math.random() * USAGE_SHARDS));
}
