/**
 * POST /v1/auth/invitations: e-mails a single-use link (PUBLIC_BASE_URL/console/invitations/{token},
 * valid 7 days, only its SHA-256 stored) that makes the address a member with the role. Inviting
 * again replaces the address's open invitation (its link stops working). Raises `forbidden` (role
 * lacks members:manage, or owners:manage for an owner), `conflict` (already a member) and
 * `service_unavailable` (the mail server refused). The mail goes
 * before the row is committed: a mail server that refuses leaves no invitation behind (only the refused
 * message in the notifications list), and a link whose row then fails to commit is merely unknown.
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { withTransaction, writeAsOneStatement } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { newSecret, normalizedEmail, secretHash } from '../console-auth/console-auth-policy.js';
import { requirePermission } from '../console-auth/member-permissions.js';
import { deliverNotification, notificationWrites } from '../notifications/send-notification.js';
import { findOrganization } from '../organizations/organizations.repository.js';
import { invitationView } from './list-members.js';
import type { MemberActor } from './member-actor.js';
import { INVITATION_PATH, INVITATION_TTL_MS } from './members-policy.js';
import { invitationMail } from './invitation-mail.js';
import { insertInvitation, isMemberByEmail, revokeOpenInvitationOf } from './members.repository.js';
import type { CreateInvitation, Invitation } from './members.schema.js';

export async function inviteMember(ctx: TenantContext, actor: MemberActor & { email: string }, input: CreateInvitation): Promise<Invitation> {
  requirePermission(actor.role, 'members:manage');
  if (input.role === 'owner') requirePermission(actor.role, 'owners:manage');
  const email = normalizedEmail(input.email);
  if (await isMemberByEmail(ctx.db, ctx.organizationId, email)) throw new AppError('conflict', `${email} is a member of this organisation already: change their role instead.`);
  const organization = await findOrganization(ctx.db, ctx.organizationId);
  if (!organization) throw new Error(`organisation ${ctx.organizationId} of a console session is missing`);
  const now = ctx.clock.now();
  const token = newSecret();
  const row = {
    id: newId('invitation', now),
    organization_id: ctx.organizationId,
    email,
    role: input.role,
    token_hash: secretHash(token),
    invited_by: actor.userId,
    created_at: now,
    expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
    accepted_at: null,
    accepted_by: null,
    revoked_at: null,
  };
  const mail = invitationMail(email, `${ctx.publicBaseUrl}${INVITATION_PATH}/${token}`, { inviter: actor.email, organization: organization.name, role: input.role }, organization.default_language);
  // Listed in GET /v1/notifications like every message the organisation sends, a refused one too.
  const sent = await deliverNotification(ctx, { channel: 'email', to: email, template: 'member_invitation', language: organization.default_language }, mail);
  if (sent.error !== undefined) {
    await writeAsOneStatement(ctx.db, notificationWrites(ctx.db, ctx, sent.row));
    throw new AppError('service_unavailable', 'The invitation e-mail could not be sent; no invitation was stored. Invite again shortly.', { cause: sent.error });
  }
  await withTransaction(ctx.db, async (trx) => {
    await writeAsOneStatement(trx, notificationWrites(trx, ctx, sent.row));
    const replaced = await revokeOpenInvitationOf(trx, ctx.organizationId, email, now);
    if (!(await insertInvitation(trx, row))) throw new AppError('conflict', `Another invitation of ${email} is being sent right now.`);
    // The address, not the link: the token lives only in the mail.
    await recordTenantAct(trx, ctx, { action: 'member.invited', target: { type: 'invitation', id: row.id }, changes: { email, role: input.role, ...(replaced ? { replaces: replaced } : {}) } });
  });
  return invitationView(row, now);
}
