/**
 * Ending console sessions: this one (sign out), one of the user's others, or all of them (sign out
 * everywhere). Each is audited, in the same transaction, in the sandbox log of the organisation the
 * session acts in (where console sign-in is recorded); a session that had already ended is no act.
 */
import type { ActSource, Services } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { withTransaction, type Database } from '../../ports/database.js';
import { recordAuditEvent } from '../audit-log/record-audit-event.js';
import type { ConsoleSession } from './authenticate-console-session.js';
import { revokeAllSessions, revokeSession } from './console-auth.repository.js';

type SignOutServices = Pick<Services, 'db' | 'clock'>;

function recordSessionAct(trx: Database, services: SignOutServices, session: ConsoleSession, source: ActSource, act: { action: string; target: { type: string; id: string }; changes?: Record<string, unknown> }) {
  return recordAuditEvent(trx, { organizationId: session.organizationId, mode: 'test', ...act, source, clock: services.clock });
}

export function signOut(services: SignOutServices, session: ConsoleSession, source: ActSource): Promise<void> {
  return withTransaction(services.db, async (trx) => {
    if (await revokeSession(trx, session.userId, session.sessionId, services.clock.now())) {
      await recordSessionAct(trx, services, session, source, { action: 'user.signed_out', target: { type: 'console_session', id: session.sessionId } });
    }
  });
}

/** Ends every session of the user, this one included; the number ended. */
export function signOutEverywhere(services: SignOutServices, session: ConsoleSession, source: ActSource): Promise<number> {
  return withTransaction(services.db, async (trx) => {
    const ended = await revokeAllSessions(trx, session.userId, services.clock.now());
    await recordSessionAct(trx, services, session, source, { action: 'user.signed_out_everywhere', target: { type: 'user', id: session.userId }, changes: { sessions: ended } });
    return ended;
  });
}

/** Ends one of the user's sessions; another user's, or one already ended, is `not_found`. */
export function endSession(services: SignOutServices, session: ConsoleSession, id: string, source: ActSource): Promise<void> {
  return withTransaction(services.db, async (trx) => {
    if (!(await revokeSession(trx, session.userId, id, services.clock.now()))) throw new AppError('not_found', `No active console session ${id} of yours.`);
    await recordSessionAct(trx, services, session, source, { action: 'console_session.revoked', target: { type: 'console_session', id } });
  });
}
