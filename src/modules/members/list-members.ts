/** GET /v1/auth/members: the organisation's members and its open invitations. */
import type { TenantContext } from '../../core/context.js';
import { listPage, MAX_LIMIT, oldestFirst, type SortOrder } from '../../core/pagination.js';
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

export interface ListMembersQuery {
  limit?: number;
  cursor?: string;
  order?: SortOrder;
}

/** A page of members, longest-standing first unless `order` says otherwise; every page carries all open invitations. */
export async function listMembers(ctx: Pick<TenantContext, 'db' | 'clock' | 'organizationId' | 'mode' | 'secrets'>, query: ListMembersQuery = {}): Promise<MemberList> {
  const page = await listPage(ctx, 'members', oldestFirst(query), (window) => listMemberRows(ctx.db, ctx.organizationId, window), memberView, (row) => row.sort_key);
  const now = ctx.clock.now();
  const invitations = await listOpenInvitations(ctx.db, ctx.organizationId);
  return { ...page, invitations: invitations.map((i) => invitationView(i, now)) };
}

/** Every member, page after page (the console's members page shows them all). */
export async function listAllMembers(ctx: Parameters<typeof listMembers>[0]): Promise<MemberList> {
  let list = await listMembers(ctx, { limit: MAX_LIMIT });
  const data = [...list.data];
  while (list.next_cursor !== null) {
    list = await listMembers(ctx, { limit: MAX_LIMIT, cursor: list.next_cursor });
    data.push(...list.data);
  }
  return { ...list, data };
}
