/**
 * The organisation's side of driver sessions (API key, tours scopes; the console's drivers page):
 * list the sessions holding a grant of its organisation and mode, read one, and revoke its grant. A revocation touches that grant only:
 * the session keeps what other organisations (or the other mode) granted it, and stops working
 * altogether only when no grant is left. A revocation is an administrative act, audited with it.
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { withTransaction } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { listPage, type Page, type SortOrder } from '../../core/pagination.js';
import { driverSessionView, type DriverSessionView } from './driver-session-view.js';
import { selectTenantSession, selectTenantSessions } from './driver-sessions.repository.js';

export interface ListDriverSessionsQuery {
  phone?: string;
  limit?: number;
  cursor?: string;
  order?: SortOrder;
}

export async function listDriverSessions(ctx: TenantContext, query: ListDriverSessionsQuery): Promise<Page<DriverSessionView>> {
  const now = ctx.clock.now();
  return listPage(ctx, 'driver_sessions', query, (window) => selectTenantSessions(ctx.db, ctx, { phone: query.phone, ...window }), (r) => driverSessionView(r, now));
}

/** One session holding a grant of the tenant (revoked or not); any other is `not_found`. */
export async function getDriverSession(ctx: TenantContext, id: string): Promise<DriverSessionView> {
  const row = await selectTenantSession(ctx.db, ctx, id);
  if (!row) throw new AppError('not_found', `No driver session ${id}.`);
  return driverSessionView(row, ctx.clock.now());
}

export async function revokeDriverSession(ctx: TenantContext, id: string): Promise<DriverSessionView> {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (trx) => {
    const row = await selectTenantSession(trx, ctx, id);
    if (!row) throw new AppError('not_found', `No driver session ${id}.`);
    if (!row.revoked_at) {
      const revoked = await trx
        .updateTable('driver_session_grants')
        .set({ revoked_at: now })
        .where('session_id', '=', id)
        .where('organization_id', '=', ctx.organizationId)
        .where('mode', '=', ctx.mode)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      // Only the request that revoked the grant records it (a repeat is no act); never the phone number.
      const from = driverSessionView(row, now).status;
      if (revoked.numUpdatedRows > 0n) await recordTenantAct(trx, ctx, { action: 'driver_session.revoked', target: { type: 'driver_session', id }, changes: { status: { from, to: 'revoked' } } });
    }
    return driverSessionView((await selectTenantSession(trx, ctx, id))!, now);
  });
}
