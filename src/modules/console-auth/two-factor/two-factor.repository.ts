/** Queries on the second-factor tables and on the sessions' `two_factor_at`. */
import type { Database } from '../../../ports/database.js';

export interface TwoFactorCredential {
  secret: string;
  confirmed_at: Date | null;
  last_step: number | null;
}

export function findCredential(db: Database, userId: string): Promise<TwoFactorCredential | undefined> {
  return db.selectFrom('two_factor_credentials').select(['secret', 'confirmed_at', 'last_step']).where('user_id', '=', userId).executeTakeFirst();
}

/** Stores a pending secret, replacing a pending one; false (nothing written) when the user's factor is active. */
export async function putPendingSecret(db: Database, userId: string, secret: string, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('two_factor_credentials')
    .values({ user_id: userId, secret, created_at: now, confirmed_at: null, last_step: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, created_at: now, last_step: null }).where('two_factor_credentials.confirmed_at', 'is', null))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Accepts the code of time step `step` if it is later than the last accepted one (one statement:
 * two requests with one code cannot both pass); for a pending secret it also turns the factor on.
 * Only for the secret the code was checked against: one replaced or reset meanwhile refuses it.
 */
export async function acceptStep(db: Database, userId: string, credential: TwoFactorCredential, step: number, now: Date): Promise<boolean> {
  const active = credential.confirmed_at !== null;
  const r = await db
    .updateTable('two_factor_credentials')
    .set(active ? { last_step: step } : { last_step: step, confirmed_at: now })
    .where('user_id', '=', userId)
    .where('secret', '=', credential.secret)
    .where('confirmed_at', active ? 'is not' : 'is', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Spends an unused recovery code of the user; false when it is unknown or used. */
export async function spendRecoveryCode(db: Database, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const r = await db.updateTable('two_factor_recovery_codes').set({ used_at: now }).where('user_id', '=', userId).where('code_hash', '=', codeHash).where('used_at', 'is', null).executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Replaces the user's recovery codes by these hashes: the old ones, used or not, stop working. */
export async function replaceRecoveryCodes(db: Database, userId: string, hashes: string[], now: Date): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now, used_at: null })))
    .execute();
}

export async function countUnusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const row = await db.selectFrom('two_factor_recovery_codes').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes the user's factor, pending or active, with its recovery codes; false when there was none. */
export async function deleteFactor(db: Database, userId: string): Promise<boolean> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  const r = await db.deleteFrom('two_factor_credentials').where('user_id', '=', userId).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

export async function markSessionPassed(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('console_sessions').set({ two_factor_at: now }).where('id', '=', sessionId).execute();
}

/** Every session of the user must pass the (next) factor again. */
export async function clearSessionsPassed(db: Database, userId: string): Promise<void> {
  await db.updateTable('console_sessions').set({ two_factor_at: null }).where('user_id', '=', userId).where('two_factor_at', 'is not', null).execute();
}

export interface SecondFactorStanding {
  /** When the session passed the factor, if it has. */
  passed_at: Date | null;
  /** When the user's factor was activated; null without an active factor. */
  active_since: Date | null;
  /** The session's organisation requires every member to use a second factor. */
  required_by_organization: boolean;
}

/** What the console gate judges for a session: one indexed read per console request. */
export function findStanding(db: Database, sessionId: string): Promise<SecondFactorStanding | undefined> {
  return db
    .selectFrom('console_sessions as s')
    .innerJoin('organizations as o', 'o.id', 's.organization_id')
    .leftJoin('two_factor_credentials as f', (j) => j.onRef('f.user_id', '=', 's.user_id').on('f.confirmed_at', 'is not', null))
    .select(['s.two_factor_at as passed_at', 'f.confirmed_at as active_since', 'o.require_two_factor as required_by_organization'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}
