/**
 * POST /v1/driver/sessions: the phone and its code give a driver session of exactly 12 hours, with
 * one grant per organisation and mode that has open work for the phone. The code follows the
 * sign-link rules (one-time-passwords.ts): wrong, expired or spent is 422 `otp_invalid`, the fifth
 * wrong one in ten minutes locks the phone (429 `otp_locked`, Retry-After). There is no code that
 * works without the SMS, not even in the sandbox: a guessable one would let anyone who knows a phone
 * number into every organisation's sandbox work for it (the sandbox's own door is
 * open-sandbox-driver-session.ts, behind a test key). A phone without work has no code, so every
 * code is wrong for it, exactly as for a phone with work and a wrong code.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Services } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Mode } from '../../core/mode.js';
import { withTransaction, type DatabaseTransaction } from '../../ports/database.js';
import { assertRecipientNotLocked, countOtpFailure } from '../signatures/one-time-passwords.js';
import { DRIVER_SESSION_MS, newDriverToken, phoneHash, tokenHash } from './driver-policy.js';
import { selectOpenWork } from './driver-sessions.repository.js';
import { codeHash } from './request-sign-in-code.js';

export interface OpenedDriverSession {
  token: string;
  expires_at: string;
  session_id: string;
}

export interface SessionSource {
  ip: string;
  userAgent?: string;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function openDriverSession(services: Services, input: { phone: string; code: string }, source: SessionSource): Promise<OpenedDriverSession> {
  const now = services.clock.now();
  const secret = services.secrets.urls;
  const lockKey = phoneHash(secret, input.phone);
  await assertRecipientNotLocked(services.db, lockKey, now);
  const work = await selectOpenWork(services.db, input.phone);
  const stored = await services.db.selectFrom('driver_sign_in_codes').selectAll().where('phone_hash', '=', lockKey).executeTakeFirst();
  const smsCode = stored !== undefined && stored.expires_at > now && same(stored.code_hash, codeHash(secret, input.phone, input.code));
  if (!smsCode || work.length === 0) {
    await countOtpFailure(services.db, lockKey, now);
    throw new AppError('otp_invalid', 'The code is wrong, expired or already used: ask for a new one.');
  }
  return withTransaction(services.db, async (trx) => {
    // The lock's count starts again, and the SMS code is spent.
    await trx.deleteFrom('otp_locks').where('recipient_hash', '=', lockKey).execute();
    await trx.deleteFrom('driver_sign_in_codes').where('phone_hash', '=', lockKey).execute();
    return insertDriverSession(trx, services, input.phone, work, source);
  });
}

/** Writes a session of exactly 12 hours for the phone with one grant per organisation and mode of `work`, and returns its token (kept only as a hash). */
export async function insertDriverSession(
  trx: DatabaseTransaction,
  services: Pick<Services, 'clock' | 'secrets'>,
  phone: string,
  work: { organization_id: string; mode: Mode }[],
  source: SessionSource,
): Promise<OpenedDriverSession> {
  const now = services.clock.now();
  const grants = [...new Map(work.map((w) => [`${w.organization_id} ${w.mode}`, w])).values()];
  const token = newDriverToken();
  const id = newId('driver_session', now);
  const expiresAt = new Date(now.getTime() + DRIVER_SESSION_MS);
  await trx
    .insertInto('driver_sessions')
    .values({ id, token_hash: tokenHash(services.secrets.urls, token), phone, created_at: now, expires_at: expiresAt, signed_out_at: null, ip: source.ip, user_agent: source.userAgent ?? null })
    .execute();
  await trx
    .insertInto('driver_session_grants')
    .values(grants.map((g) => ({ session_id: id, organization_id: g.organization_id, mode: g.mode, revoked_at: null })))
    .execute();
  return { token, expires_at: expiresAt.toISOString(), session_id: id };
}
