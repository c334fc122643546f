/**
 * Outside production, the first start names an owner for the sandbox organisation it makes
 * (DEV_OWNER_EMAIL): signing in to the console with that address then lands in the organisation
 * whose key the start printed, with its shipments, webhooks and tours, instead of a new empty one.
 * The user is made now (or found, if the address signed in before); the act is in the
 * organisation's sandbox audit log, by the system.
 */
import type { Services } from '../../core/context.js';
import { withTransaction } from '../../ports/database.js';
import { recordAuditEvent } from '../audit-log/record-audit-event.js';
import { normalizedEmail } from '../console-auth/console-auth-policy.js';
import { findOrMakeUser } from '../console-auth/open-console-session.js';
import { addMember } from './members.repository.js';

export function nameFirstOwner(services: Pick<Services, 'db' | 'clock'>, input: { organizationId: string; email: string }): Promise<void> {
  const now = services.clock.now();
  return withTransaction(services.db, async (trx) => {
    const user = await findOrMakeUser(trx, normalizedEmail(input.email), now);
    if (!(await addMember(trx, { user_id: user.id, organization_id: input.organizationId, role: 'owner', created_at: now }))) return;
    await recordAuditEvent(trx, {
      organizationId: input.organizationId,
      mode: 'test',
      source: { actor: { type: 'system' } },
      clock: services.clock,
      action: 'member.joined',
      target: { type: 'user', id: user.id },
      changes: { role: 'owner' },
    });
  });
}
