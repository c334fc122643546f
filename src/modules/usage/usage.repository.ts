/** Queries on `usage_counters`: sharded per-day counters, summed when read. */
import { sql } from 'kysely';
import type { Database, Write } from '../../ports/database.js';
import type { Mode } from '../../core/mode.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

/** Spreads one tenant's increments over this many rows so concurrent transactions rarely wait on each other. */
export const USAGE_SHARDS = 8;

export function incrementUsageWrite(db: Database, t: Tenant, day: string, metric: string, dimension: string, by: number, shard: number): Write {
  return db
    .insertInto('usage_counters')
    .values({ organization_id: t.organizationId, mode: t.mode, day, metric, dimension, shard, value: by })
    .onConflict((oc) => oc.columns(['organization_id', 'mode', 'day', 'metric', 'dimension', 'shard']).doUpdateSet({ value: sql`usage_counters.value + excluded.value` }));
}

export interface UsageCount {
  day: string;
  metric: string;
  dimension: string;
  value: number;
}

/** The day totals per metric and dimension in the range, in no particular order. */
export async function selectUsageCounts(db: Database, t: Tenant, range: { from: string; to: string; metric?: string }): Promise<UsageCount[]> {
  let query = db
    .selectFrom('usage_counters')
    .select(['day', 'metric', 'dimension', (eb) => eb.fn.sum<string>('value').as('total')])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy(['day', 'metric', 'dimension']);
  if (range.metric) query = query.where('metric', '=', range.metric);
  return (await query.execute()).map((r) => ({ day: r.day, metric: r.metric, dimension: r.dimension, value: Number(r.total) }));
}

/** The stored bytes at the end of the day before `day` (every change before it), or undefined when nothing was ever stored before it. */
export async function selectStorageBefore(db: Database, t: Tenant, day: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('usage_counters')
    .select((eb) => [eb.fn.sum<string>('value').as('total'), eb.fn.countAll<string>().as('rows')])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('metric', '=', 'storage_bytes')
    .where('day', '<', day)
    .executeTakeFirst();
  return row && Number(row.rows) > 0 ? Number(row.total) : undefined;
}
