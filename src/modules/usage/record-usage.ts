/**
 * Meters usage per UTC day (service description, usage). Every write here runs in the statement or
 * transaction of the act it counts, so a rolled-back act is never metered and a committed one always is.
 */
import type { Mode } from '../../core/mode.js';
import type { Database, FoldableWrite, Write } from '../../ports/database.js';
import { incrementUsageWrite, USAGE_SHARDS } from './usage.repository.js';

export const USAGE_METRICS = ['exports', 'notifications', 'shipments_issued', 'signatures', 'storage_bytes'] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The write that meters usage; run it in the statement or transaction of the act it counts.
 * `dimension`: the signature level or the notification channel, '' for metrics without one.
 */
export function usageWrite(db: Database, tenant: Tenant, metric: UsageMetric, at: Date, by = 1, dimension = ''): Write {
  return usageIncrement(db, tenant, utcDay(at), metric, dimension, by, Math.floor(Math.random() * USAGE_SHARDS));
}

/**
 * Stored bytes changed by `delta` (negative for a deletion). Kept as the day's net change in the
 * sharded counters rather than one running-total row per tenant: concurrent uploads then never
 * queue on one row, and the write fits a one-statement act. The end-of-day total is the sum of
 * every change up to that day (list-usage.ts).
 */
export function storageWrite(db: Database, tenant: Tenant, at: Date, delta: number): Write {
  return usageWrite(db, tenant, 'storage_bytes', at, delta);
}

/**
 * One completed export. The export job runs this write in the transaction that
 * marks the export `completed`, with the stored zip's bytes as a storage change beside it.
 */
export function recordExport(db: Database, tenant: Tenant, at: Date): Write {
  return usageWrite(db, tenant, 'exports', at);
}

interface UsageIncrement extends FoldableWrite {
  readonly by: number;
}

/**
 * One counter increment, foldable with others of its tenant, day, metric and dimension in one
 * statement (a signature meters its note version's bytes and its drawn image's both as
 * `storage_bytes`): two upserts of one shard there would fail the statement.
 */
function usageIncrement(db: Database, tenant: Tenant, day: string, metric: UsageMetric, dimension: string, by: number, shard: number): UsageIncrement {
  return {
    by,
    foldKey: `usage|${tenant.organizationId}|${tenant.mode}|${day}|${metric}|${dimension}`,
    compile: () => incrementUsageWrite(db, tenant, day, metric, dimension, by, shard).compile(),
    fold: (other) => usageIncrement(db, tenant, day, metric, dimension, by + (other as UsageIncrement).by, shard),
  };
}
