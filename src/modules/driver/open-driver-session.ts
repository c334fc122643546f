/**
 * POST /v1/driver/sessions: the phone and its code give a driver session of exactly 12 hours, with
 * one grant per organisation and mode that has open work for the phone. The code follows the
 * sign-link rules (one-time-passwords.ts): wrong, expired or spent is 422 `otp_invalid`, the fifth
 * wrong one in ten minutes locks the phone (429 `otp_locked`, Retry-After). In the sandbox `000000`
 * opens a session over the phone's test-mode work only. A phone without work has no code, so every
 * code is wrong for it, exactly as for a phone with work and a wrong code.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Services } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { withTransaction } from '../../ports/database.js';
import { assertRecipientNotLocked, countOtpFailure } from '../signatures/one-time-passwords.js';
import { DRIVER_SESSION_MS, newDriverToken, phoneHash, SANDBOX_CODE, tokenHash } from './driver-policy.js';
import { selectOpenWork } from './driver-sessions.repository.js';
import { codeHash } from './request-sign-in-code.js';

export interface OpenedDriverSession {
  token: string;
  expires_at: string;
  session_id: string;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function openDriverSession(services: Services, input: { phone: string; code: string }, source: { ip: string; userAgent?: string }): Promise<OpenedDriverSession> {
  const now = services.clock.now();
  const secret = services.secrets.urls;
  const lockKey = phoneHash(secret, input.phone);
  await assertRecipientNotLocked(services.db, lockKey, now);
  const work = await selectOpenWork(services.db, input.phone);
  const stored = await services.db.selectFrom('driver_sign_in_codes').selectAll().where('phone_hash', '=', lockKey).executeTakeFirst();
  const smsCode = stored !== undefined && stored.expires_at > now && same(stored.code_hash, codeHash(secret, input.phone, input.code));
  const sandbox = !smsCode && input.code === SANDBOX_CODE && work.some((w) => w.mode === 'test');
  const grants = [...new Map(work.filter((w) => smsCode || (sandbox && w.mode === 'test')).map((w) => [`${w.organization_id} ${w.mode}`, w])).values()];
  if (grants.length === 0) {
    await countOtpFailure(services.db, lockKey, now);
    throw new AppError('otp_invalid', 'The code is wrong, expired or already used: ask for a new one.');
  }
  const token = newDriverToken();
  const id = newId('driver_session', now);
  const expiresAt = new Date(now.getTime() + DRIVER_SESSION_MS);
  await withTransaction(services.db, async (trx) => {
    await trx.deleteFrom('otp_locks').where('recipient_hash', '=', lockKey).execute();
    // The SMS code is spent; the sandbox code stays what it is.
    if (smsCode) await trx.deleteFrom('driver_sign_in_codes').where('phone_hash', '=', lockKey).execute();
    await trx
      .insertInto('driver_sessions')
      .values({ id, token_hash: tokenHash(secret, token), phone: input.phone, created_at: now, expires_at: expiresAt, signed_out_at: null, ip: source.ip, user_agent: source.userAgent ?? null })
      .execute();
    await trx
      .insertInto('driver_session_grants')
      .values(grants.map((g) => ({ session_id: id, organization_id: g.organization_id, mode: g.mode, revoked_at: null })))
      .execute();
  });
  return { token, expires_at: expiresAt.toISOString(), session_id: id };
}
