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

export function incrementUsageWrite(db: Database, t: Tenant, day: string, metric: string, by: number, shard: number): Write {
  return db
    .insertInto('usage_counters')
    .values({ organization_id: t.organizationId, mode: t.mode, day, metric, shard, value: by })
    .onConflict((oc) => oc.columns(['organization_id', 'mode', 'day', 'metric', 'shard']).doUpdateSet({ value: sql`usage_counters.value + excluded.value` }));
}

export interface UsageRow {
  date: string;
  metric: string;
  value: number;
}

/** Rows newest day first, metrics in name order; `after` is the last row of the previous page. */
export async function selectUsage(db: Database, t: Tenant, range: { from?: string; to?: string; metric?: string; after?: { day: string; metric: string }; limit?: number }): Promise<UsageRow[]> {
  let query = db
    .selectFrom('usage_counters')
    .select(['day', 'metric', (eb) => eb.fn.sum<string>('value').as('total')])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .groupBy(['day', 'metric'])
    .orderBy('day', 'desc')
    .orderBy('metric', 'asc');
  if (range.from) query = query.where('day', '>=', range.from);
  if (range.to) query = query.where('day', '<=', range.to);
  if (range.metric) query = query.where('metric', '=', range.metric);
  const after = range.after;
  if (after) query = query.where((eb) => eb.or([eb('day', '<', after.day), eb.and([eb('day', '=', after.day), eb('metric', '>', after.metric)])]));
  if (range.limit !== undefined) query = query.limit(range.limit);
  return (await query.execute()).map((r) => ({ date: r.day, metric: r.metric, value: Number(r.total) }));
}
