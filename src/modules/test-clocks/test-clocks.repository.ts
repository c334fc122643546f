/** Queries on test clocks: always of one organisation's sandbox, never of live (there are none). */
import type { Selectable } from 'kysely';
import type { Database } from '../../ports/database.js';
import type { SortOrder } from '../../core/pagination.js';
import type { TestClocksTable } from './test-clocks.tables.js';
import { keysetWindow } from '../../ports/database-keyset.js';

export type TestClockRow = Selectable<TestClocksTable>;

export async function insertTestClock(db: Database, row: TestClockRow): Promise<void> {
  await db.insertInto('test_clocks').values(row).execute();
}

/** The organisation's clock, unless deleted. */
export async function selectTestClock(db: Database, organizationId: string, id: string): Promise<TestClockRow | undefined> {
  return db.selectFrom('test_clocks').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function selectTestClocks(db: Database, organizationId: string, f: { after?: string; order: SortOrder; limit: number }): Promise<TestClockRow[]> {
  let query = db.selectFrom('test_clocks').selectAll().where('organization_id', '=', organizationId).where('deleted_at', 'is', null);
  query = keysetWindow(query, 'id', f);
  return query.execute();
}

/** Moves the clock forward only: a concurrent advance past `to` wins, and this one changes nothing. */
export async function advanceTestClock(db: Database, organizationId: string, id: string, to: Date): Promise<TestClockRow | undefined> {
  return db
    .updateTable('test_clocks')
    .set({ frozen_time: to })
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('frozen_time', '<', to)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTestClock(db: Database, organizationId: string, id: string, now: Date): Promise<boolean> {
  const result = await db.updateTable('test_clocks').set({ deleted_at: now }).where('id', '=', id).where('organization_id', '=', organizationId).where('deleted_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The clock a resource is attached to, if it is attached to one not deleted; `null` when the
 * resource follows no clock (which stays so: a clock is attached only at creation, and a deleted
 * one is never restored), `undefined` when there is no such resource.
 */
export async function selectAttachedClockTime(
  db: Database,
  table: 'shipments' | 'signature_requests' | 'webhook_endpoints',
  organizationId: string,
  resourceId: string,
): Promise<{ id: string; frozenTime: Date } | null | undefined> {
  const row = await db
    // One shape for the three tables (each has id, organization_id, mode, test_clock_id).
    .selectFrom(`${table} as r` as 'shipments as r')
    .leftJoin('test_clocks as c', (join) => join.onRef('c.id', '=', 'r.test_clock_id').on('c.deleted_at', 'is', null))
    .select(['c.id', 'c.frozen_time'])
    .where('r.id', '=', resourceId)
    .where('r.organization_id', '=', organizationId)
    .where('r.mode', '=', 'test')
    .executeTakeFirst();
  if (!row) return undefined;
  return row.id !== null && row.frozen_time !== null ? { id: row.id, frozenTime: row.frozen_time } : null;
}
