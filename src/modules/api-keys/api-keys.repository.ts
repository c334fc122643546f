/** Queries on `api_keys`. Keys are found by hash only; the secret is never stored. */
import type { Database } from '../../ports/database.js';
import type { Mode } from '../../core/mode.js';
import type { Scope } from '../../core/scopes.js';

export interface ApiKeyRecord {
  id: string;
  organization_id: string;
  mode: Mode;
  scopes: Scope[];
  revoked: boolean;
  live_enabled: boolean;
}

export async function insertApiKey(
  db: Database,
  row: { id: string; organization_id: string; mode: Mode; key_hash: string; hint: string; scopes: Scope[]; created_at: Date },
): Promise<void> {
  await db.insertInto('api_keys').values({ ...row, scopes: JSON.stringify(row.scopes) }).execute();
}

/** The key with this hash and its organisation's live clearance, in one query (it runs on cache misses). */
export async function findApiKeyByHash(db: Database, keyHash: string): Promise<ApiKeyRecord | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('organizations', 'organizations.id', 'api_keys.organization_id')
    .select(['api_keys.id', 'api_keys.organization_id', 'api_keys.mode', 'api_keys.scopes', 'api_keys.revoked_at', 'organizations.live_enabled'])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    organization_id: row.organization_id,
    mode: row.mode,
    scopes: row.scopes as Scope[],
    revoked: row.revoked_at !== null,
    live_enabled: row.live_enabled,
  };
}

export async function markRevoked(db: Database, id: string, at: Date): Promise<boolean> {
  const result = await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The organisation and mode of a key, if it exists. */
export async function findApiKeyTenant(db: Database, id: string): Promise<{ organization_id: string; mode: Mode } | undefined> {
  return db.selectFrom('api_keys').select(['organization_id', 'mode']).where('id', '=', id).executeTakeFirst();
}

/** What the console lists of a key: never its hash. */
export interface ApiKeyListing {
  id: string;
  mode: Mode;
  hint: string;
  scopes: Scope[];
  created_at: Date;
  revoked_at: Date | null;
}

/** An organisation's keys, newest first (at most `limit`). */
export async function selectOrganizationApiKeys(db: Database, organizationId: string, limit: number): Promise<ApiKeyListing[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(['id', 'mode', 'hint', 'scopes', 'created_at', 'revoked_at'])
    .where('organization_id', '=', organizationId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, scopes: r.scopes as Scope[], created_at: new Date(r.created_at), revoked_at: r.revoked_at === null ? null : new Date(r.revoked_at) }));
}

/** The hints of the organisation's keys (revoked ones too) among `ids`. */
export async function selectApiKeyHints(db: Database, organizationId: string, ids: readonly string[]): Promise<{ id: string; hint: string }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('api_keys').select(['id', 'hint']).where('organization_id', '=', organizationId).where('id', 'in', [...ids]).execute();
}
