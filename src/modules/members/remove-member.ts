/**
 * DELETE /v1/auth/members/{user_id}: ends a membership; the user's console sessions in this
 * organisation end with it (a session is found through its membership). A member may always remove
 * themself (leave); removing another needs members:manage, and owners:manage for an owner. Raises
 * `forbidden`, `not_found` (not a member here) and `conflict` (the last owner cannot go).
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { withTransaction } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { requirePermission } from '../console-auth/member-permissions.js';
import { LAST_OWNER_DETAIL } from './change-member-role.js';
import type { MemberActor } from './member-actor.js';
import { countOwners, deleteMember, findMember, lockOrganizationMembers } from './members.repository.js';

export function removeMember(ctx: TenantContext, actor: MemberActor, userId: string): Promise<void> {
  const leaving = userId === actor.userId;
  if (!leaving) requirePermission(actor.role, 'members:manage');
  return withTransaction(ctx.db, async (trx) => {
    await lockOrganizationMembers(trx, ctx.organizationId);
    const member = await findMember(trx, ctx.organizationId, userId);
    if (!member) throw new AppError('not_found', `${userId} is not a member of this organisation.`);
    if (member.role === 'owner' && !leaving) requirePermission(actor.role, 'owners:manage');
    if (member.role === 'owner' && (await countOwners(trx, ctx.organizationId)) === 1) throw new AppError('conflict', `${member.email} ${LAST_OWNER_DETAIL}`);
    await deleteMember(trx, ctx.organizationId, userId);
    await recordTenantAct(trx, ctx, { action: 'member.removed', target: { type: 'user', id: userId }, changes: { email: member.email, role: member.role, ...(leaving ? { left: true } : {}) } });
  });
}
