/**
 * Meters usage per UTC day (service description, usage). Called inside the transaction of the act
 * it counts, so a rolled-back issue is never billed.
 */
import type { Mode } from '../../core/mode.js';
import type { Database } from '../../ports/database.js';
import { incrementUsage, USAGE_SHARDS } from './usage.repository.js';

/** `shipments_issued` now; `signatures`, `notifications` and `storage_bytes` join with their areas. */
export const USAGE_METRICS = ['shipments_issued', 'signatures', 'notifications', 'storage_bytes'] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export async function recordUsage(db: Database, tenant: { organizationId: string; mode: Mode }, metric: UsageMetric, at: Date, by = 1): Promise<void> {
  await incrementUsage(db, tenant, utcDay(at), metric, by, Math.floor(Math.random() * USAGE_SHARDS));
}
