/** Queries on the driver's sign-in codes, sessions and their per-organisation grants. */
import type { Selectable } from 'kysely';
import type { Mode } from '../../core/mode.js';
import { withTransaction, type Database } from '../../ports/database.js';
import type { DriverSessionGrantsTable, DriverSessionsTable } from './driver.tables.js';
import { keysetWindow } from '../../ports/database-keyset.js';

export type DriverSessionRow = Selectable<DriverSessionsTable>;
export type DriverGrantRow = Selectable<DriverSessionGrantsTable>;

export interface Tenant {
  organizationId: string;
  mode: Mode;
}

/** The organisations and modes with a `planned` or `in_progress` tour for this phone, newest tour first. */
export async function selectOpenWork(db: Database, phone: string): Promise<{ organization_id: string; mode: Mode; language: string | null }[]> {
  const rows = await db
    .selectFrom('tours')
    .select(['organization_id', 'mode', 'driver', 'id'])
    .where('driver_phone', '=', phone)
    .where('status', 'in', ['planned', 'in_progress'])
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ organization_id: r.organization_id, mode: r.mode, language: ((r.driver as { language?: string }).language ?? null) }));
}

export async function selectSessionByTokenHash(db: Database, hash: string): Promise<DriverSessionRow | undefined> {
  return db.selectFrom('driver_sessions').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

export async function selectActiveGrants(db: Database, sessionId: string): Promise<DriverGrantRow[]> {
  return db.selectFrom('driver_session_grants').selectAll().where('session_id', '=', sessionId).where('revoked_at', 'is', null).orderBy('organization_id').orderBy('mode').execute();
}

/** Sets `last_seen_at` to `now` unless it was set less than `everyMs` ago. */
export async function markSessionSeen(db: Database, id: string, now: Date, everyMs: number): Promise<void> {
  await db
    .updateTable('driver_sessions')
    .set({ last_seen_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', new Date(now.getTime() - everyMs))]))
    .execute();
}

export interface SessionWithGrant extends DriverSessionRow {
  revoked_at: Date | null;
}

const withGrant = (db: Database, t: Tenant) =>
  db
    .selectFrom('driver_sessions as s')
    .innerJoin('driver_session_grants as g', 'g.session_id', 's.id')
    .selectAll('s')
    .select('g.revoked_at')
    .where('g.organization_id', '=', t.organizationId)
    .where('g.mode', '=', t.mode);

/** One session holding a grant of the tenant (revoked or not). */
export async function selectTenantSession(db: Database, t: Tenant, id: string): Promise<SessionWithGrant | undefined> {
  return withGrant(db, t).where('s.id', '=', id).executeTakeFirst();
}

export async function selectTenantSessions(db: Database, t: Tenant, f: { phone?: string; after?: string; order: 'asc' | 'desc'; limit: number }): Promise<SessionWithGrant[]> {
  let query = withGrant(db, t);
  if (f.phone) query = query.where('s.phone', '=', f.phone);
  query = keysetWindow(query, 's.id', f);
  return query.execute();
}

/** Deletes sign-in codes that expired before `cutoff`. */
export async function deleteSignInCodesExpiredBefore(db: Database, cutoff: Date): Promise<void> {
  await db.deleteFrom('driver_sign_in_codes').where('expires_at', '<', cutoff).execute();
}

/** Deletes sessions (and their grants) that expired or were signed out before `cutoff`. */
export async function deleteSessionsEndedBefore(db: Database, cutoff: Date): Promise<void> {
  await withTransaction(db, async (trx) => {
    const gone = trx.selectFrom('driver_sessions').select('id').where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('signed_out_at', '<', cutoff)]));
    await trx.deleteFrom('driver_session_grants').where('session_id', 'in', gone).execute();
    await trx.deleteFrom('driver_sessions').where('id', 'in', gone).execute();
  });
}
