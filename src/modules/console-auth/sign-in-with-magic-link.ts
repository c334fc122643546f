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
import { createOrganization } from '../organizations/create-organization.js';
import { newSecret, secretHash, type SessionLifetimes } from './console-auth-policy.js';
import { findUserByEmail, insertMembership, insertSession, insertUser, listMemberships, markSignedIn, spendMagicLink } from './console-auth.repository.js';

export type SignInResult = { secret: string; sessionId: string; expiresAt: Date } | { refused: 'used' | 'expired' | 'unknown' };

/** The user of the address, made at first sign-in together with the organisation they own. */
async function userOf(db: Database, clock: Services['clock'], email: string, now: Date): Promise<string> {
  const known = await findUserByEmail(db, email);
  if (known) return known.id;
  const id = await insertUser(db, { id: newId('user', now), email, created_at: now });
  // A concurrent first sign-in of the same address made the user (and its organisation) first.
  if (!id) return (await findUserByEmail(db, email))!.id;
  const organization = await createOrganization({ db, clock }, { name: `Organisation of ${email}`, liveEnabled: false });
  await insertMembership(db, { user_id: id, organization_id: organization.id, role: 'owner', created_at: now });
  return id;
}

export function signInWithMagicLink(services: Pick<Services, 'db' | 'clock'>, lifetimes: SessionLifetimes, input: { token: string; userAgent?: string }): Promise<SignInResult> {
  const now = services.clock.now();
  return withTransaction(services.db, async (trx) => {
    const spent = await spendMagicLink(trx, secretHash(input.token), now);
    if ('refused' in spent) return spent;
    const userId = await userOf(trx, services.clock, spent.email, now);
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
    return { secret, sessionId: session.id, expiresAt: session.expires_at };
  });
}
