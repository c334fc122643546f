/** GET /v1/auth/sessions: the user's sessions that still sign them in (not revoked, not idle past the limit, not past their absolute expiry). */
import type { Services } from '../../core/context.js';
import { holderCursorContext, listPage, type SortOrder } from '../../core/pagination.js';
import { idleExpiry, type ConsoleSession } from './authenticate-console-session.js';
import type { SessionLifetimes } from './console-auth-policy.js';
import type { ConsoleSessionList } from './console-auth.schema.js';
import { listOpenSessions } from './console-auth.repository.js';

export interface ListConsoleSessionsQuery {
  limit?: number;
  cursor?: string;
  order?: SortOrder;
}

/** A page of them, newest first by default; the cursors are the user's own. */
export async function listConsoleSessions(
  services: Pick<Services, 'db' | 'clock' | 'secrets'>,
  lifetimes: SessionLifetimes,
  session: ConsoleSession,
  query: ListConsoleSessionsQuery = {},
): Promise<ConsoleSessionList> {
  const now = services.clock.now();
  const idleSince = new Date(now.getTime() - lifetimes.idleMs);
  return listPage(
    holderCursorContext(services, session.userId),
    'console_sessions',
    query,
    (window) => listOpenSessions(services.db, session.userId, now, idleSince, window),
    (r) => ({
      id: r.id,
      current: r.id === session.sessionId,
      user_agent: r.user_agent,
      created_at: r.created_at.toISOString(),
      last_seen_at: r.last_seen_at.toISOString(),
      expires_at: (r.id === session.sessionId ? session.expiresAt : idleExpiry(r.last_seen_at, r.expires_at, lifetimes)).toISOString(),
    }),
  );
}
