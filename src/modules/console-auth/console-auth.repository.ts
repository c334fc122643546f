/** Queries on the console sign-in tables: users, memberships, magic links and console sessions. */
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../ports/database.js';
import { keysetWindow, type KeysetWindow } from '../../ports/database-keyset.js';
import type { ConsoleSessionsTable, MagicLinksTable, MemberRole } from './console-auth.tables.js';

export async function insertMagicLink(db: Database, link: Selectable<MagicLinksTable>): Promise<void> {
  await db.insertInto('magic_links').values(link).execute();
}

/** Spends the link if it is unused and unexpired (one statement: two followers cannot both win); else says why not. */
export async function spendMagicLink(db: Database, tokenHash: string, now: Date): Promise<{ email: string } | { refused: 'used' | 'expired' | 'unknown' }> {
  const spent = await db.updateTable('magic_links').set({ used_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).where('expires_at', '>', now).returning('email').executeTakeFirst();
  if (spent) return spent;
  const row = await db.selectFrom('magic_links').select(['used_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  return { refused: !row ? 'unknown' : row.used_at ? 'used' : 'expired' };
}

/** What following the link would do, without spending it (the confirm page of a sign-in link). */
export async function peekMagicLink(db: Database, tokenHash: string, now: Date): Promise<{ email: string } | { refused: 'used' | 'expired' | 'unknown' }> {
  const row = await db.selectFrom('magic_links').select(['email', 'used_at', 'expires_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return { refused: 'unknown' };
  if (row.used_at) return { refused: 'used' };
  return row.expires_at > now ? { email: row.email } : { refused: 'expired' };
}

export function findUserByEmail(db: Database, email: string): Promise<{ id: string; email: string } | undefined> {
  return db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
}

/** The new user's id, or undefined when a concurrent first sign-in of the same address made it first. */
export async function insertUser(db: Database, user: { id: string; email: string; created_at: Date }): Promise<string | undefined> {
  const row = await db.insertInto('users').values({ ...user, last_sign_in_at: null }).onConflict((oc) => oc.column('email').doNothing()).returning('id').executeTakeFirst();
  return row?.id;
}

export async function markSignedIn(db: Database, userId: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', userId).execute();
}

export async function insertMembership(db: Database, m: { user_id: string; organization_id: string; role: MemberRole; created_at: Date }): Promise<void> {
  await db.insertInto('memberships').values(m).execute();
}

export interface MembershipView {
  organization_id: string;
  organization_name: string;
  role: MemberRole;
  live_enabled: boolean;
}

/** The user's organisations, oldest membership first (the one a new session starts in). */
export function listMemberships(db: Database, userId: string): Promise<MembershipView[]> {
  return db
    .selectFrom('memberships')
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .select(['memberships.organization_id', 'organizations.name as organization_name', 'memberships.role', 'organizations.live_enabled'])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.created_at')
    .orderBy('memberships.organization_id')
    .execute();
}

export async function insertSession(db: Database, s: Insertable<ConsoleSessionsTable>): Promise<void> {
  await db.insertInto('console_sessions').values(s).execute();
}

export interface ActiveSession {
  id: string;
  user_id: string;
  email: string;
  organization_id: string;
  role: MemberRole;
  last_seen_at: Date;
  expires_at: Date;
  console_language: string | null;
  time_zone: string | null;
}

/**
 * The unrevoked session of this secret, with its user and role in the session's organisation,
 * whatever its times (the caller judges idle and absolute expiry against its clock). A session
 * whose membership is gone finds nothing: removing a member ends their sessions there.
 */
export function findSession(db: Database, secretHash: string): Promise<ActiveSession | undefined> {
  return db
    .selectFrom('console_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('memberships as m', (j) => j.onRef('m.user_id', '=', 's.user_id').onRef('m.organization_id', '=', 's.organization_id'))
    .select(['s.id', 's.user_id', 'u.email', 's.organization_id', 'm.role', 's.last_seen_at', 's.expires_at', 'u.console_language', 'u.time_zone'])
    .where('s.secret_hash', '=', secretHash)
    .where('s.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function touchSession(db: Database, id: string, now: Date): Promise<void> {
  await db.updateTable('console_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

/** Revokes one of the user's sessions; false when it is not theirs or already ended. */
export async function revokeSession(db: Database, userId: string, id: string, now: Date): Promise<boolean> {
  const r = await db.updateTable('console_sessions').set({ revoked_at: now }).where('id', '=', id).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function revokeAllSessions(db: Database, userId: string, now: Date): Promise<number> {
  const r = await db.updateTable('console_sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The user's unrevoked sessions that have not passed their absolute expiry, newest first (idle ones are filtered by the caller). */
/** The user's sessions that still sign in at `now` (not revoked, last seen after `idleSince`, before their absolute expiry), in the window by id (sign-in order). */
export function listOpenSessions(db: Database, userId: string, now: Date, idleSince: Date, window: KeysetWindow) {
  const open = db
    .selectFrom('console_sessions')
    .select(['id', 'organization_id', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince);
  return keysetWindow(open, 'id', window).execute();
}

export async function setSessionOrganization(db: Database, id: string, organizationId: string): Promise<void> {
  await db.updateTable('console_sessions').set({ organization_id: organizationId }).where('id', '=', id).execute();
}

/** Deletes magic links that expired before `cutoff` (used or not): past expiry they sign no one in. */
export async function deleteMagicLinksExpiredBefore(db: Database, cutoff: Date): Promise<number> {
  const r = await db.deleteFrom('magic_links').where('expires_at', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Deletes sessions that ended before `cutoff`: past their absolute expiry, or revoked. */
export async function deleteSessionsEndedBefore(db: Database, cutoff: Date): Promise<number> {
  const r = await db
    .deleteFrom('console_sessions')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Keeps the member's console preferences (null: not chosen). */
export async function updateUserPreferences(db: Database, userId: string, preferences: { console_language: string | null; time_zone: string | null }): Promise<void> {
  await db.updateTable('users').set(preferences).where('id', '=', userId).execute();
}
