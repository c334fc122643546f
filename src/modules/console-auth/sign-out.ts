/** Ending console sessions: this one (sign out), one of the user's others, or all of them (sign out everywhere). */
import type { Services } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { ConsoleSession } from './authenticate-console-session.js';
import { revokeAllSessions, revokeSession } from './console-auth.repository.js';

export async function signOut(services: Pick<Services, 'db' | 'clock'>, session: ConsoleSession): Promise<void> {
  await revokeSession(services.db, session.userId, session.sessionId, services.clock.now());
}

/** Ends every session of the user, this one included; the number ended. */
export function signOutEverywhere(services: Pick<Services, 'db' | 'clock'>, session: ConsoleSession): Promise<number> {
  return revokeAllSessions(services.db, session.userId, services.clock.now());
}

/** Ends one of the user's sessions; another user's, or one already ended, is `not_found`. */
export async function endSession(services: Pick<Services, 'db' | 'clock'>, session: ConsoleSession, id: string): Promise<void> {
  if (!(await revokeSession(services.db, session.userId, id, services.clock.now()))) throw new AppError('not_found', `No active console session ${id} of yours.`);
}
