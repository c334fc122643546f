/**
 * A console session for tests that are not about sign-in: a magic link stored as the request for
 * one would store it, spent through the real sign-in use case. The headers a browser page of the
 * service sends with it (its cookie, and its own Origin for state-changing calls).
 */
import { randomUUID } from 'node:crypto';
import { newSecret, secretHash, SESSION_COOKIE, sessionLifetimes } from '../../src/modules/console-auth/console-auth-policy.js';
import { signInWithMagicLink } from '../../src/modules/console-auth/sign-in-with-magic-link.js';
import type { TestApp } from './test-app.js';
import { newId } from '../../src/core/ids.js';
import type { MemberRole } from '../../src/modules/console-auth/console-auth.tables.js';
import { acceptInvitation } from '../../src/modules/members/accept-invitation.js';

export async function consoleSessionHeaders(t: TestApp, email = `console-${randomUUID()}@transport.example`): Promise<{ cookie: string; origin: string }> {
  const services = t.runtime.services;
  const token = newSecret();
  const now = services.clock.now();
  await services.db.insertInto('magic_links').values({ token_hash: secretHash(token), email, created_at: now, expires_at: new Date(now.getTime() + 15 * 60_000), used_at: null }).execute();
  const session = await signInWithMagicLink(services, sessionLifetimes(t.runtime.config.console), { token });
  if ('refused' in session) throw new Error(`the test's magic link was refused: ${session.refused}`);
  return { cookie: `${SESSION_COOKIE}=${session.secret}`, origin: new URL(services.publicBaseUrl).origin };
}

/**
 * A console session of a new member of `organizationId` with `role`: an invitation stored as
 * POST /v1/auth/invitations would store it, accepted through the real use case.
 */
export async function memberSessionHeaders(t: TestApp, organizationId: string, invitedBy: string, role: MemberRole, email = `member-${randomUUID()}@transport.example`): Promise<{ cookie: string; origin: string; userId: string; email: string }> {
  const services = t.runtime.services;
  const token = newSecret();
  const now = services.clock.now();
  await services.db
    .insertInto('invitations')
    .values({ id: newId('invitation', now), organization_id: organizationId, email, role, token_hash: secretHash(token), invited_by: invitedBy, created_at: now, expires_at: new Date(now.getTime() + 60_000), accepted_at: null, accepted_by: null, revoked_at: null })
    .execute();
  const session = await acceptInvitation(services, sessionLifetimes(t.runtime.config.console), { token });
  if ('refused' in session) throw new Error(`the test's invitation was refused: ${session.refused}`);
  const user = await services.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { cookie: `${SESSION_COOKIE}=${session.secret}`, origin: new URL(services.publicBaseUrl).origin, userId: user.id, email };
}

/**
 * Follows a sign-in or invitation link as a person does: opens it (the page that says what it
 * does; opening spends nothing), then presses its button (a POST from the service's own origin).
 * The answer to the press, or to the opening when that was already a refusal.
 */
export async function followSignInLink(t: TestApp, link: string, userAgent = 'console-test') {
  // The page and its confirm form's POST (to the page's own address): the link's `?lang=` comes along, as in a browser.
  const { pathname, search } = new URL(link);
  const url = `${pathname}${search}`;
  const opened = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent } });
  if (opened.statusCode !== 200) return opened;
  if (!opened.body.includes('<form method="post">')) throw new Error(`the link's page has no confirm form: ${opened.body}`);
  const origin = new URL(t.runtime.services.publicBaseUrl).origin;
  return t.app.inject({ method: 'POST', url, headers: { 'user-agent': userAgent, origin, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
}
