/**
 * A new set of ten recovery codes, shown this once; the old ones, used or not, stop working. Needs
 * an active factor (409 `conflict` otherwise); the console gate has made the session pass it.
 */
import type { ActSource, Services } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import { withTransaction } from '../../../ports/database.js';
import type { ConsoleSession } from '../authenticate-console-session.js';
import { recordTwoFactorAct } from './record-two-factor-act.js';
import { findCredential, replaceRecoveryCodes } from './two-factor.repository.js';
import { newRecoveryCodes, recoveryCodeHash } from './two-factor-policy.js';

export function regenerateRecoveryCodes(services: Pick<Services, 'db' | 'clock'>, session: ConsoleSession, source: ActSource): Promise<{ recovery_codes: string[] }> {
  const now = services.clock.now();
  return withTransaction(services.db, async (trx) => {
    const credential = await findCredential(trx, session.userId);
    if (!credential?.confirmed_at) throw new AppError('conflict', 'You have no active second factor, so no recovery codes: enrol and confirm one first.');
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(trx, session.userId, codes.map(recoveryCodeHash), now);
    await recordTwoFactorAct(trx, { userId: session.userId, action: 'two_factor.recovery_codes_regenerated', changes: { recovery_codes: codes.length }, source, clock: services.clock });
    return { recovery_codes: codes };
  });
}
