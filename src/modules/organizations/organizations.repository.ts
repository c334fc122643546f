/** Queries on `organizations`. Organisations are not tenant rows themselves: they are the tenants. */
import type { Database } from '../../ports/database.js';
import type { OrganizationLanguage } from './organizations.tables.js';

export interface Organization {
  id: string;
  name: string;
  live_enabled: boolean;
  created_at: string;
  /** Migration 0027: the console's default language, and whether members must use a second factor. */
  default_language: OrganizationLanguage;
  require_two_factor: boolean;
}

type OrganizationRow = Omit<Organization, 'created_at'> & { created_at: Date };

function toOrganization(row: OrganizationRow): Organization {
  return { ...row, created_at: row.created_at.toISOString() };
}

export async function insertOrganization(db: Database, org: { id: string; name: string; live_enabled: boolean; created_at: Date }): Promise<Organization> {
  const row = await db.insertInto('organizations').values(org).returningAll().executeTakeFirstOrThrow();
  return toOrganization(row);
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

/** Sets the console's organisation settings (migration 0027) and the name; the row after. */
export async function updateOrganizationSettings(db: Database, id: string, changes: Partial<Pick<Organization, 'name' | 'default_language' | 'require_two_factor'>>): Promise<Organization | undefined> {
  const row = await db.updateTable('organizations').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  return row && toOrganization(row);
}
