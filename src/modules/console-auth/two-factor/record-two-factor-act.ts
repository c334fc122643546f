/**
 * A change to a user's second factor goes on the audit log of every organisation the user belongs
 * to (in its sandbox log, where console acts are recorded): the factor guards the user's access to
 * all of them, and each organisation's admins read only their own log.
 */
import type { Clock } from '../../../core/clock.js';
import type { ActSource } from '../../../core/context.js';
import type { Database } from '../../../ports/database.js';
import { recordAuditEvent } from '../../audit-log/record-audit-event.js';
import { listMemberships } from '../console-auth.repository.js';

export type TwoFactorAction = 'two_factor.enrolled' | 'two_factor.reset' | 'two_factor.recovery_codes_regenerated';

export async function recordTwoFactorAct(trx: Database, input: { userId: string; action: TwoFactorAction; changes?: Record<string, unknown>; source: ActSource; clock: Clock }): Promise<void> {
  for (const membership of await listMemberships(trx, input.userId)) {
    await recordAuditEvent(trx, {
      organizationId: membership.organization_id,
      mode: 'test',
      action: input.action,
      target: { type: 'user', id: input.userId },
      changes: input.changes ?? {},
      source: input.source,
      clock: input.clock,
    });
  }
}
