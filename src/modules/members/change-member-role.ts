/**
 * PATCH /v1/auth/members/{user_id}: gives a member another role. Raises `forbidden` (members:manage;
 * owners:manage to grant or take `owner`), `not_found` (not a member here) and `conflict` (the last
 * owner would be demoted: an organisation always keeps an owner). Member changes of one organisation
 * are serialised (lockOrganizationMembers), so the owner count read is the one written against.
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { withTransaction } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import type { MemberRole } from '../console-auth/console-auth.tables.js';
import { requirePermission } from '../console-auth/member-permissions.js';
import { memberView } from './list-members.js';
import type { MemberActor } from './member-actor.js';
import { countOwners, findMember, lockOrganizationMembers, setMemberRole } from './members.repository.js';
import type { Member } from './members.schema.js';

export const LAST_OWNER_DETAIL = 'is the last owner of this organisation, which must always keep one: make another member owner first.';

export function changeMemberRole(ctx: TenantContext, actor: MemberActor, userId: string, role: MemberRole): Promise<Member> {
  requirePermission(actor.role, 'members:manage');
  return withTransaction(ctx.db, async (trx) => {
    await lockOrganizationMembers(trx, ctx.organizationId);
    const member = await findMember(trx, ctx.organizationId, userId);
    if (!member) throw new AppError('not_found', `${userId} is not a member of this organisation.`);
    if (member.role === role) return memberView(member);
    if (member.role === 'owner' || role === 'owner') requirePermission(actor.role, 'owners:manage');
    if (member.role === 'owner' && (await countOwners(trx, ctx.organizationId)) === 1) throw new AppError('conflict', `${member.email} ${LAST_OWNER_DETAIL}`);
    await setMemberRole(trx, ctx.organizationId, userId, role);
    await recordTenantAct(trx, ctx, { action: 'member.role_changed', target: { type: 'user', id: userId }, changes: { role: { from: member.role, to: role } } });
    return memberView({ ...member, role });
  });
}
