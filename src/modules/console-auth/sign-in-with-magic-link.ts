/**
 * Following a magic link (the button of /console/magic/{token}, a POST): the link is spent, the address's user found
 * or made, and a console session opened in the user's oldest organisation. A user without any
 * organisation (a first sign-in, or one who has left or been removed from all of theirs) gets a new
 * sandbox organisation they own, named in the language they sign in with (the sign-in page's, which
 * the mailed link carries as `?lang=`): live stays off until it is cleared, as for every organisation.
 * One transaction: a link is never spent without its session, nor a user left without an organisation.
 */
import type { Services } from '../../core/context.js';
import { withTransaction } from '../../ports/database.js';
import { recordAuditEvent } from '../audit-log/record-audit-event.js';
import { createOrganization } from '../organizations/create-organization.js';
import type { ConsoleLanguage } from '../console/console-words.js';
import { secretHash, type SessionLifetimes } from './console-auth-policy.js';
import { insertMembership, listMemberships, peekMagicLink, spendMagicLink } from './console-auth.repository.js';
import { SIGN_IN_LINK_WORDS } from './sign-in-link-words.js';
import { findOrMakeUser, openConsoleSession, signInAudit, type OpenedSession, type SignInSource } from './open-console-session.js';

export type LinkRefusal = { refused: 'used' | 'expired' | 'unknown' };
export type SignInResult = OpenedSession | LinkRefusal;

export function signInWithMagicLink(services: Pick<Services, 'db' | 'clock'>, lifetimes: SessionLifetimes, input: { token: string; language?: ConsoleLanguage } & SignInSource): Promise<SignInResult> {
  const now = services.clock.now();
  return withTransaction(services.db, async (trx) => {
    const spent = await spendMagicLink(trx, secretHash(input.token), now);
    if ('refused' in spent) return spent;
    const user = await findOrMakeUser(trx, spent.email, now);
    let [first] = await listMemberships(trx, user.id);
    if (!first) {
      const organization = await createOrganization({ db: trx, clock: services.clock }, { name: SIGN_IN_LINK_WORDS[input.language ?? 'en'].firstOrganization(spent.email), liveEnabled: false });
      await insertMembership(trx, { user_id: user.id, organization_id: organization.id, role: 'owner', created_at: now });
      // The act that made the user its owner, in the organisation's sandbox audit log.
      await recordAuditEvent(trx, { ...signInAudit(services, user.id, organization.id, input), action: 'member.joined', target: { type: 'user', id: user.id }, changes: { role: 'owner' } });
      [first] = await listMemberships(trx, user.id);
    }
    return openConsoleSession(trx, services, lifetimes, { userId: user.id, organizationId: first!.organization_id, method: 'magic_link', userAgent: input.userAgent, ip: input.ip });
  });
}

/** Whom the link would sign in, without spending it (its confirm page). */
export function previewMagicLink(services: Pick<Services, 'db' | 'clock'>, token: string): Promise<{ email: string } | LinkRefusal> {
  return peekMagicLink(services.db, secretHash(token), services.clock.now());
}
