/**
 * Passes the second factor for this session: a TOTP code or an unused recovery code (spent). Raises
 * 409 `conflict` when the user has no active factor and 422 `two_factor_invalid` otherwise.
 */
import type { Services } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import { withTransaction } from '../../../ports/database.js';
import type { ConsoleSession } from '../authenticate-console-session.js';
import { spendCode } from './spend-code.js';
import { findCredential, markSessionPassed } from './two-factor.repository.js';

export function verifyTwoFactor(services: Pick<Services, 'db' | 'clock'>, session: ConsoleSession, code: string): Promise<void> {
  const now = services.clock.now();
  return withTransaction(services.db, async (trx) => {
    const credential = await findCredential(trx, session.userId);
    if (!credential?.confirmed_at) throw new AppError('conflict', 'You have no second factor to verify: enrol one first (POST /v1/auth/two-factor/enrol).');
    await spendCode(trx, session.userId, credential, code, now);
    await markSessionPassed(trx, session.sessionId, now);
  });
}
