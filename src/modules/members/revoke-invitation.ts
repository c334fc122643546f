/**
 * DELETE /v1/auth/invitations/{id}: cancels an open invitation; its link stops working. Raises
 * `forbidden` (members:manage, and owners:manage for an owner's invitation) and `not_found` (no
 * open invitation of that id in this organisation: accepted, cancelled, or another's).
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { withTransaction } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { requirePermission } from '../console-auth/member-permissions.js';
import type { MemberActor } from './member-actor.js';
import { findOpenInvitation, revokeInvitation as revokeInvitationRow } from './members.repository.js';

export async function revokeInvitation(ctx: TenantContext, actor: MemberActor, id: string): Promise<void> {
  requirePermission(actor.role, 'members:manage');
  const open = await findOpenInvitation(ctx.db, ctx.organizationId, id);
  if (!open) throw new AppError('not_found', `No open invitation ${id} in this organisation.`);
  if (open.role === 'owner') requirePermission(actor.role, 'owners:manage');
  await withTransaction(ctx.db, async (trx) => {
    const revoked = await revokeInvitationRow(trx, ctx.organizationId, id, ctx.clock.now());
    // Accepted or cancelled since it was read.
    if (!revoked) throw new AppError('not_found', `No open invitation ${id} in this organisation.`);
    await recordTenantAct(trx, ctx, { action: 'invitation.revoked', target: { type: 'invitation', id }, changes: { email: revoked.email, role: revoked.role } });
  });
}
