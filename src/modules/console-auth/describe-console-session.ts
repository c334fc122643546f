/** GET /v1/auth/session: who is signed in, the organisation the console acts in, and the user's other organisations. */
import type { Services } from '../../core/context.js';
import type { ConsoleSession } from './authenticate-console-session.js';
import type { ConsoleSessionView } from './console-auth.schema.js';
import { listMemberships } from './console-auth.repository.js';

export async function describeConsoleSession(services: Pick<Services, 'db'>, session: ConsoleSession): Promise<ConsoleSessionView> {
  const memberships = await listMemberships(services.db, session.userId);
  const current = memberships.find((m) => m.organization_id === session.organizationId);
  // The session was just found through this membership (findSession joins it).
  if (!current) throw new Error(`session ${session.sessionId} has no membership in ${session.organizationId}`);
  return {
    user: { id: session.userId, email: session.email, language: session.preferences.language, time_zone: session.preferences.timeZone },
    organization: { id: current.organization_id, name: current.organization_name, role: current.role, live_enabled: current.live_enabled },
    memberships: memberships.map((m) => ({ organization_id: m.organization_id, name: m.organization_name, role: m.role })),
    session: { id: session.sessionId, expires_at: session.expiresAt.toISOString(), absolute_expires_at: session.absoluteExpiresAt.toISOString() },
  };
}
