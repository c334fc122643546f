/**
 * The console's second-factor rule (service description, Authentication 11; docs/console-auth.md,
 * "Second factor"), applied by src/modules/console-auth/console-access.ts to every console route that does not
 * serve the way to the factor itself:
 * - a user with an active factor: the session must have passed it (verify) since sign-in;
 * - a user without one, in an organisation that requires it: nothing but enrolment.
 * Both are 403 `two_factor_required`; the detail says which step is missing.
 */
import type { Services } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import type { ConsoleSession } from '../authenticate-console-session.js';
import { findStanding } from './two-factor.repository.js';

/** Raises `two_factor_required` when the session may not act yet. */
export async function requireSecondFactor(services: Pick<Services, 'db'>, session: ConsoleSession): Promise<void> {
  const standing = await findStanding(services.db, session.sessionId);
  if (!standing) return;
  if (standing.active_since) {
    if (!standing.passed_at) throw new AppError('two_factor_required', 'Enter a code of your second factor first: POST /v1/auth/two-factor/verify, or the page /console/two-factor.');
  } else if (standing.required_by_organization) {
    throw new AppError('two_factor_required', 'This organisation requires a second factor of every member: set one up first (POST /v1/auth/two-factor/enrol, then /confirm), or on the page /console/two-factor.');
  }
}

/** Whether the session may act (the gate would let it through). */
export async function hasPassedSecondFactor(services: Pick<Services, 'db'>, session: ConsoleSession): Promise<boolean> {
  try {
    await requireSecondFactor(services, session);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'two_factor_required') return false;
    throw error;
  }
}
