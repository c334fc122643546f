/**
 * Spends a code of a user's active factor: a TOTP code of a time step in the window and later than
 * the last one accepted, or an unused recovery code. Anything else is the one `two_factor_invalid`.
 */
import type { Database } from '../../../ports/database.js';
import { acceptStep, spendRecoveryCode, type TwoFactorCredential } from './two-factor.repository.js';
import { asTotpCode, invalidCode, matchingStep, recoveryCodeHash } from './two-factor-policy.js';

export type SpentCode = 'totp' | 'recovery_code';

/** Raises `two_factor_invalid` unless `code` passes; which kind of code passed. */
export async function spendCode(db: Database, userId: string, credential: TwoFactorCredential, code: string | undefined, now: Date): Promise<SpentCode> {
  if (code === undefined) throw invalidCode();
  const digits = asTotpCode(code);
  if (digits !== undefined) {
    const step = matchingStep(credential.secret, digits, now);
    if (step !== undefined && (await acceptStep(db, userId, credential, step, now))) return 'totp';
    throw invalidCode();
  }
  if (credential.confirmed_at !== null && (await spendRecoveryCode(db, userId, recoveryCodeHash(code), now))) return 'recovery_code';
  throw invalidCode();
}
