/** GET /v1/auth/members: the organisation's members and its open invitations. */
import type { TenantContext } from '../../core/context.js';
import { listMemberRows, listOpenInvitations, type InvitationRow, type MemberRow } from './members.repository.js';
import type { Invitation, Member, MemberList } from './members.schema.js';

export function memberView(row: MemberRow): Member {
  return { user_id: row.user_id, email: row.email, role: row.role, joined_at: row.joined_at.toISOString(), last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null };
}

export function invitationView(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: row.invited_by,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    expired: row.expires_at <= now,
  };
}

export async function listMembers(ctx: Pick<TenantContext, 'db' | 'clock' | 'organizationId'>): Promise<MemberList> {
  const [members, invitations] = await Promise.all([listMemberRows(ctx.db, ctx.organizationId), listOpenInvitations(ctx.db, ctx.organizationId)]);
  const now = ctx.clock.now();
  return { data: members.map(memberView), invitations: invitations.map((i) => invitationView(i, now)) };
}
