/** GET /v1/audit-log: this organisation and mode's administrative acts, newest first, cursor and filters. */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { finding } from '../../core/findings.js';
import { listPage, type Page } from '../../core/pagination.js';
import { AUDIT_ACTIONS } from './audit-actions.js';
import { selectAuditRows, type StoredAuditRow } from './audit-log.repository.js';
import type { AuditEventView, ListAuditLogQuery } from './audit-log.schema.js';

export function auditEventView(r: StoredAuditRow): AuditEventView {
  return { id: r.id, action: r.action, actor: r.actor, target: r.target, created_at: r.created_at.toISOString(), ip: r.ip, user_agent: r.user_agent, changes: r.changes };
}

function checkAction(action: string | undefined): void {
  if (action === undefined || (AUDIT_ACTIONS as readonly string[]).includes(action)) return;
  throw new AppError('bad_request', `No audit action ${action}.`, { errors: [finding('query.action', 'invalid_value', { allowed: [...AUDIT_ACTIONS] })] });
}

export async function listAuditLog(ctx: TenantContext, query: ListAuditLogQuery): Promise<Page<AuditEventView>> {
  checkAction(query.action);
  return listPage(
    ctx,
    'audit-log',
    query,
    (window) =>
      selectAuditRows(ctx.db, ctx, {
        action: query.action,
        actorId: query.actor,
        targetId: query.target,
        createdGte: query.created_gte ? new Date(query.created_gte) : undefined,
        createdLt: query.created_lt ? new Date(query.created_lt) : undefined,
        ...window,
      }),
    auditEventView,
  );
}
