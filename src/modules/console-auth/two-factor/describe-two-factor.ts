/** The second factor of the session's user as GET /v1/auth/two-factor and the console page show it. */
import type { Services } from '../../../core/context.js';
import type { ConsoleSession } from '../authenticate-console-session.js';
import { countUnusedRecoveryCodes, findCredential, findStanding } from './two-factor.repository.js';

export interface TwoFactorStatus {
  state: 'off' | 'pending' | 'on';
  confirmed_at: string | null;
  session_passed: boolean;
  recovery_codes_left: number;
  required_by_organization: boolean;
}

export async function describeTwoFactor(services: Pick<Services, 'db'>, session: ConsoleSession): Promise<TwoFactorStatus> {
  const [credential, standing, left] = await Promise.all([
    findCredential(services.db, session.userId),
    findStanding(services.db, session.sessionId),
    countUnusedRecoveryCodes(services.db, session.userId),
  ]);
  const state = !credential ? 'off' : credential.confirmed_at ? 'on' : 'pending';
  return {
    state,
    confirmed_at: credential?.confirmed_at?.toISOString() ?? null,
    session_passed: state === 'on' && Boolean(standing?.passed_at),
    recovery_codes_left: state === 'on' ? left : 0,
    required_by_organization: standing?.required_by_organization ?? false,
  };
}
