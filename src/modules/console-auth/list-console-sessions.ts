/** GET /v1/auth/sessions: the user's sessions that still sign them in (not revoked, not idle past the limit, not past their absolute expiry). */
import type { Services } from '../../core/context.js';
import { idleExpiry, type ConsoleSession } from './authenticate-console-session.js';
import type { SessionLifetimes } from './console-auth-policy.js';
import type { ConsoleSessionList } from './console-auth.schema.js';
import { listOpenSessions } from './console-auth.repository.js';

export async function listConsoleSessions(services: Pick<Services, 'db' | 'clock'>, lifetimes: SessionLifetimes, session: ConsoleSession): Promise<ConsoleSessionList> {
  const now = services.clock.now();
  const rows = await listOpenSessions(services.db, session.userId, now);
  const data = rows
    .map((r) => ({ ...r, ends: r.id === session.sessionId ? session.expiresAt : idleExpiry(r.last_seen_at, r.expires_at, lifetimes) }))
    .filter((r) => r.ends > now)
    .map((r) => ({
      id: r.id,
      current: r.id === session.sessionId,
      user_agent: r.user_agent,
      created_at: r.created_at.toISOString(),
      last_seen_at: r.last_seen_at.toISOString(),
      expires_at: r.ends.toISOString(),
    }));
  return { data };
}
