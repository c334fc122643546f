/** POST /v1/auth/session/organization: the console acts in another of the user's organisations from now on. */
import type { Services } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { ConsoleSession } from './authenticate-console-session.js';
import { listMemberships, setSessionOrganization } from './console-auth.repository.js';

export async function switchOrganization(services: Pick<Services, 'db'>, session: ConsoleSession, organizationId: string): Promise<ConsoleSession> {
  const membership = (await listMemberships(services.db, session.userId)).find((m) => m.organization_id === organizationId);
  // The same answer for an organisation that does not exist and one the user is not in.
  if (!membership) throw new AppError('not_found', `You are not a member of ${organizationId}.`);
  await setSessionOrganization(services.db, session.sessionId, organizationId);
  return { ...session, organizationId, role: membership.role };
}
