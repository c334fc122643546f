/**
 * Row types of the usage module: the Kysely view of its tables, beside the code that queries them.
 * src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { ColumnType } from 'kysely';

export interface UsageCountersTable {
  organization_id: string;
  mode: 'test' | 'live';
  day: string;
  metric: string;
  /** The signature level or notification channel; '' for metrics without one. */
  dimension: ColumnType<string, string | undefined, string>;
  shard: number;
  value: ColumnType<string, number, number>;
}
