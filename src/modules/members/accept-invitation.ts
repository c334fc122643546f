/**
 * Following an invitation link (the button of /console/invitations/{token}, a POST): signs the invited address in
 * exactly as a magic link does, but into the inviting organisation: the link is spent, the user
 * found or made (a new user gets no sandbox organisation of their own), the membership added with
 * the invited role (`member.joined`), and the session opened there. One transaction, so a link is
 * never spent without its membership and session.
 */
import type { Services } from '../../core/context.js';
import { withTransaction } from '../../ports/database.js';
import { recordAuditEvent } from '../audit-log/record-audit-event.js';
import { secretHash, type SessionLifetimes } from '../console-auth/console-auth-policy.js';
import { findOrMakeUser, openConsoleSession, signInAudit, type OpenedSession, type SignInSource } from '../console-auth/open-console-session.js';
import { addMember, lockOrganizationMembers, peekInvitation, setInvitationAcceptedBy, spendInvitation } from './members.repository.js';

export type InvitationRefusal = { refused: 'used' | 'expired' | 'revoked' | 'unknown' };

export function acceptInvitation(services: Pick<Services, 'db' | 'clock'>, lifetimes: SessionLifetimes, input: { token: string } & SignInSource): Promise<OpenedSession | InvitationRefusal> {
  const now = services.clock.now();
  return withTransaction(services.db, async (trx) => {
    const invitation = await spendInvitation(trx, secretHash(input.token), now);
    if ('refused' in invitation) return invitation;
    const organizationId = invitation.organization_id;
    await lockOrganizationMembers(trx, organizationId);
    const user = await findOrMakeUser(trx, invitation.email, now);
    await setInvitationAcceptedBy(trx, invitation.id, user.id);
    // Already a member (another invitation got there first): the link still signs in, the role stays.
    if (await addMember(trx, { user_id: user.id, organization_id: organizationId, role: invitation.role, created_at: now })) {
      await recordAuditEvent(trx, { ...signInAudit(services, user.id, organizationId, input), action: 'member.joined', target: { type: 'user', id: user.id }, changes: { role: invitation.role, invitation_id: invitation.id } });
    }
    return openConsoleSession(trx, services, lifetimes, { userId: user.id, organizationId, method: 'invitation', userAgent: input.userAgent, ip: input.ip });
  });
}

/** What accepting would do, without spending the link (its confirm page). */
export function previewInvitation(services: Pick<Services, 'db' | 'clock'>, token: string): ReturnType<typeof peekInvitation> {
  return peekInvitation(services.db, secretHash(token), services.clock.now());
}
