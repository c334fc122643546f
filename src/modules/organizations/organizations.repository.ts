/** Queries on `organizations`. Organisations are not tenant rows themselves: they are the tenants. */
import type { Database } from '../../ports/database.js';

export interface Organization {
  id: string;
  name: string;
  live_enabled: boolean;
  created_at: string;
}

function toOrganization(row: { id: string; name: string; live_enabled: boolean; created_at: Date }): Organization {
  return { ...row, created_at: row.created_at.toISOString() };
}

export async function insertOrganization(db: Database, org: { id: string; name: string; live_enabled: boolean; created_at: Date }): Promise<Organization> {
  await db.insertInto('organizations').values(org).execute();
  return toOrganization(org);
}

export async function findOrganization(db: Database, id: string): Promise<Organization | undefined> {
  const row = await db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toOrganization(row);
}

export async function findOldestOrganization(db: Database): Promise<Organization | undefined> {
  const row = await db.selectFrom('organizations').selectAll().orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
  return row && toOrganization(row);
}

export async function updateLiveEnabled(db: Database, id: string, liveEnabled: boolean): Promise<boolean> {
  const result = await db.updateTable('organizations').set({ live_enabled: liveEnabled }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countOrganizations(db: Database): Promise<number> {
  const row = await db.selectFrom('organizations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
