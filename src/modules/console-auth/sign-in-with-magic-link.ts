/**
 * Following a magic link (GET /console/magic/{token}): the link is spent, the address's user found
 * or made (with a new sandbox organisation it owns: live stays off until the organisation is
 * cleared, as for every organisation), and a console session opened in the user's oldest
 * organisation. One transaction: a link is never spent without its session, nor a user left
 * without an organisation.
 */
import type { Services } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { withTransaction, type Database } from '../../ports/database.js';
import { recordAuditEvent } from '../audit-log/record-audit-event.js';
import { createOrganization } from '../organizations/create-organization.js';
import { newSecret, secretHash, type SessionLifetimes } from './console-auth-policy.js';
import { findUserByEmail, insertMembership, insertSession, insertUser, listMemberships, markSignedIn, spendMagicLink } from './console-auth.repository.js';

export type SignInResult = { secret: string; sessionId: string; expiresAt: Date } | { refused: 'used' | 'expired' | 'unknown' };

/** The user of the address, made at first sign-in together with the organisation they own. */
async function userOf(db: Database, clock: Services['clock'], email: string, now: Date): Promise<{ id: string; created: boolean }> {
  const known = await findUserByEmail(db, email);
  if (known) return { id: known.id, created: false };
  const id = await insertUser(db, { id: newId('user', now), email, created_at: now });
  // A concurrent first sign-in of the same address made the user (and its organisation) first.
  if (!id) return { id: (await findUserByEmail(db, email))!.id, created: false };
  const organization = await createOrganization({ db, clock }, { name: `Organisation of ${email}`, liveEnabled: false });
  await insertMembership(db, { user_id: id, organization_id: organization.id, role: 'owner', created_at: now });
  return { id, created: true };
}

export function signInWithMagicLink(services: Pick<Services, 'db' | 'clock'>, lifetimes: SessionLifetimes, input: { token: string; userAgent?: string; ip?: string }): Promise<SignInResult> {
  const now = services.clock.now();
  return withTransaction(services.db, async (trx) => {
    const spent = await spendMagicLink(trx, secretHash(input.token), now);
    if ('refused' in spent) return spent;
    const user = await userOf(trx, services.clock, spent.email, now);
    const userId = user.id;
    const [first] = await listMemberships(trx, userId);
    // Every user is made with a membership, and memberships are not removed yet (point 2 will): none is a bug.
    if (!first) throw new Error(`user ${userId} has no organisation`);
    const secret = newSecret();
    const session = {
      id: newId('console_session', now),
      user_id: userId,
      secret_hash: secretHash(secret),
      organization_id: first.organization_id,
      user_agent: input.userAgent?.slice(0, 200) ?? null,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + lifetimes.maxMs),
      revoked_at: null,
    };
    await insertSession(trx, session);
    await markSignedIn(trx, userId, now);
    // In the audit log of the organisation signed in to (the console acts in its sandbox), with the
    // act that made the user its owner at first sign-in. Never the address's link or the cookie.
    const source = { actor: { type: 'user' as const, id: userId }, ip: input.ip, userAgent: input.userAgent };
    const act = { organizationId: first.organization_id, mode: 'test' as const, source, clock: services.clock };
    if (user.created) await recordAuditEvent(trx, { ...act, action: 'member.joined', target: { type: 'user', id: userId }, changes: { role: 'owner' } });
    await recordAuditEvent(trx, { ...act, action: 'user.signed_in', target: { type: 'console_session', id: session.id }, changes: { method: 'magic_link' } });
    return { secret, sessionId: session.id, expiresAt: session.expires_at };
  });
}
