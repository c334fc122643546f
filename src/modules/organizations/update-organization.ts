/**
 * PATCH /v1/auth/organization: the organisation's name, default language and whether every member
 * needs a second factor. Raises `forbidden` (organization:manage). Recorded as
 * `organization.updated` with `{field: {from, to}}` of what changed; a request that changes
 * nothing records nothing.
 */
import type { TenantContext } from '../../core/context.js';
import { withTransaction } from '../../ports/database.js';
import { fieldChanges, recordTenantAct } from '../audit-log/record-audit-event.js';
import type { MemberRole } from '../console-auth/console-auth.tables.js';
import { requirePermission } from '../console-auth/member-permissions.js';
import { findOrganization, updateOrganizationSettings, type Organization } from './organizations.repository.js';

export interface OrganizationChanges {
  name?: string;
  default_language?: Organization['default_language'];
  require_two_factor?: boolean;
}

const FIELDS = ['name', 'default_language', 'require_two_factor'] as const;

export function updateOrganization(ctx: TenantContext, actor: { role: MemberRole }, input: OrganizationChanges): Promise<Organization> {
  requirePermission(actor.role, 'organization:manage');
  const changes: OrganizationChanges = { ...input, ...(input.name !== undefined ? { name: input.name.trim() } : {}) };
  return withTransaction(ctx.db, async (trx) => {
    const before = await findOrganization(trx, ctx.organizationId);
    if (!before) throw new Error(`organisation ${ctx.organizationId} of a console session is missing`);
    const changed = fieldChanges(before, changes, FIELDS);
    if (Object.keys(changed).length === 0) return before;
    const after = await updateOrganizationSettings(trx, ctx.organizationId, changes);
    await recordTenantAct(trx, ctx, { action: 'organization.updated', target: { type: 'organization', id: ctx.organizationId }, changes: changed });
    return after!;
  });
}
