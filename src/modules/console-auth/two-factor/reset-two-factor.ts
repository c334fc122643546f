/**
 * Removes the user's second factor and its recovery codes. An active factor is removed only with a
 * fresh code (TOTP or recovery) in the same request, not on the strength of the session alone: a
 * browser left signed in must not be able to take the factor off. A pending enrolment is dropped
 * without one. Every session of the user then has to pass the next factor anew. Raises 404
 * `not_found` when there is nothing to remove and 422 `two_factor_invalid` for a code that does not pass.
 */
import type { ActSource, Services } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import { withTransaction } from '../../../ports/database.js';
import type { ConsoleSession } from '../authenticate-console-session.js';
import { recordTwoFactorAct } from './record-two-factor-act.js';
import { spendCode } from './spend-code.js';
import { clearSessionsPassed, deleteFactor, findCredential } from './two-factor.repository.js';

export function resetTwoFactor(services: Pick<Services, 'db' | 'clock'>, session: ConsoleSession, code: string | undefined, source: ActSource): Promise<void> {
  const now = services.clock.now();
  return withTransaction(services.db, async (trx) => {
    const credential = await findCredential(trx, session.userId);
    if (!credential) throw new AppError('not_found', 'You have no second factor to reset.');
    const active = credential.confirmed_at !== null;
    const spent = active ? await spendCode(trx, session.userId, credential, code, now) : undefined;
    await deleteFactor(trx, session.userId);
    await clearSessionsPassed(trx, session.userId);
    if (spent) await recordTwoFactorAct(trx, { userId: session.userId, action: 'two_factor.reset', changes: { confirmed_with: spent }, source, clock: services.clock });
  });
}
