/**
 * What every way into the console shares (a magic link, an invitation link): the address's user
 * found or made, and a console session opened in one organisation, recorded as `user.signed_in` in
 * that organisation's sandbox audit log. Run inside the caller's transaction, with the link spent.
 */
import type { Services } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import type { Database } from '../../ports/database.js';
import { recordAuditEvent } from '../audit-log/record-audit-event.js';
import { newSecret, secretHash, type SessionLifetimes } from './console-auth-policy.js';
import { findUserByEmail, insertSession, insertUser, markSignedIn } from './console-auth.repository.js';

export interface OpenedSession {
  secret: string;
  sessionId: string;
  expiresAt: Date;
}

/** Where the request came from: the audit row's IP and user agent, and the session's user agent. */
export interface SignInSource {
  userAgent?: string;
  ip?: string;
}

/** The user of the address; `created` when this call made it (a concurrent first sign-in may have made it first). */
export async function findOrMakeUser(db: Database, email: string, now: Date): Promise<{ id: string; created: boolean }> {
  const known = await findUserByEmail(db, email);
  if (known) return { id: known.id, created: false };
  const id = await insertUser(db, { id: newId('user', now), email, created_at: now });
  if (!id) return { id: (await findUserByEmail(db, email))!.id, created: false };
  return { id, created: true };
}

export function signInAudit(services: Pick<Services, 'clock'>, userId: string, organizationId: string, source: SignInSource) {
  return { organizationId, mode: 'test' as const, source: { actor: { type: 'user' as const, id: userId }, ip: source.ip, userAgent: source.userAgent }, clock: services.clock };
}

export async function openConsoleSession(
  trx: Database,
  services: Pick<Services, 'clock'>,
  lifetimes: SessionLifetimes,
  input: { userId: string; organizationId: string; method: 'magic_link' | 'invitation' } & SignInSource,
): Promise<OpenedSession> {
  const now = services.clock.now();
  const secret = newSecret();
  const session = {
    id: newId('console_session', now),
    user_id: input.userId,
    secret_hash: secretHash(secret),
    organization_id: input.organizationId,
    user_agent: input.userAgent?.slice(0, 200) ?? null,
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + lifetimes.maxMs),
    revoked_at: null,
  };
  await insertSession(trx, session);
  await markSignedIn(trx, input.userId, now);
  // Never the link's token or the cookie's secret.
  const act = signInAudit(services, input.userId, input.organizationId, input);
  await recordAuditEvent(trx, { ...act, action: 'user.signed_in', target: { type: 'console_session', id: session.id }, changes: { method: input.method } });
  return { secret, sessionId: session.id, expiresAt: session.expires_at };
}
