/**
 * Passes the second factor for this session: a TOTP code or an unused recovery code (spent). Raises
 * 409 `conflict` when the user has no active factor and 422 `two_factor_invalid` otherwise. A spent
 * recovery code is audited in the sandbox log of the organisation the session acts in: admins should
 * see a sign-in that went round the authenticator. (A reset confirmed with one says so itself.)
 */
import type { ActSource, Services } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import { withTransaction } from '../../../ports/database.js';
import { recordAuditEvent } from '../../audit-log/record-audit-event.js';
import type { ConsoleSession } from '../authenticate-console-session.js';
import { spendCode } from './spend-code.js';
import { countUnusedRecoveryCodes, findCredential, markSessionPassed } from './two-factor.repository.js';

export function verifyTwoFactor(services: Pick<Services, 'db' | 'clock'>, session: ConsoleSession, code: string, source: ActSource): Promise<void> {
  const now = services.clock.now();
  return withTransaction(services.db, async (trx) => {
    const credential = await findCredential(trx, session.userId);
    if (!credential?.confirmed_at) throw new AppError('conflict', 'You have no second factor to verify: enrol one first (POST /v1/auth/two-factor/enrol).');
    const spent = await spendCode(trx, session.userId, credential, code, now);
    await markSessionPassed(trx, session.sessionId, now);
    if (spent === 'recovery_code') {
      const left = await countUnusedRecoveryCodes(trx, session.userId);
      await recordAuditEvent(trx, { organizationId: session.organizationId, mode: 'test', action: 'two_factor.recovery_code_used', target: { type: 'user', id: session.userId }, changes: { recovery_codes_left: left }, source, clock: services.clock });
    }
  });
}
