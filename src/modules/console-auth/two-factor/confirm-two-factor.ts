/**
 * Activates a pending enrolment with its first code, and answers the ten recovery codes, shown this
 * once (only their hashes are kept). The session that confirms has passed the factor. Raises 409
 * `conflict` without a pending enrolment (none, or the factor is already on) and 422
 * `two_factor_invalid` for a code that does not pass.
 */
import type { ActSource, Services } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import { withTransaction } from '../../../ports/database.js';
import type { ConsoleSession } from '../authenticate-console-session.js';
import { recordTwoFactorAct } from './record-two-factor-act.js';
import { spendCode } from './spend-code.js';
import { findCredential, markSessionPassed, replaceRecoveryCodes } from './two-factor.repository.js';
import { newRecoveryCodes, recoveryCodeHash } from './two-factor-policy.js';

export function confirmTwoFactor(services: Pick<Services, 'db' | 'clock'>, session: ConsoleSession, code: string, source: ActSource): Promise<{ recovery_codes: string[] }> {
  const now = services.clock.now();
  return withTransaction(services.db, async (trx) => {
    const credential = await findCredential(trx, session.userId);
    if (!credential || credential.confirmed_at !== null) {
      throw new AppError('conflict', credential ? 'Your second factor is already on: there is no enrolment to confirm.' : 'There is no enrolment to confirm: enrol first (POST /v1/auth/two-factor/enrol).');
    }
    await spendCode(trx, session.userId, credential, code, now);
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(trx, session.userId, codes.map(recoveryCodeHash), now);
    await markSessionPassed(trx, session.sessionId, now);
    await recordTwoFactorAct(trx, { userId: session.userId, action: 'two_factor.enrolled', changes: { recovery_codes: codes.length }, source, clock: services.clock });
    return { recovery_codes: codes };
  });
}
