import { AppError } from '../../core/errors.js';
import type { ActSource, Services } from '../../core/context.js';
import { withTransaction } from '../../ports/database.js';
import { recordAuditEvent } from '../audit-log/record-audit-event.js';
import { updateLiveEnabled } from './organizations.repository.js';

/**
 * Clears (or withdraws) an organisation for live mode. API processes cache the clearance with the
 * key for at most 5 seconds, so the change is in force everywhere within that time. Raises `not_found`.
 * Recorded in the audit log as `organization.live_enabled` (or `organization.live_disabled`) in the
 * live chain: the clearance is an organisation-wide act about live mode.
 */
export async function setLiveEnabled(
  services: Pick<Services, 'db' | 'clock'>,
  organizationId: string,
  liveEnabled: boolean,
  source: ActSource = { actor: { type: 'system' } },
): Promise<void> {
  await withTransaction(services.db, async (trx) => {
    if (!(await updateLiveEnabled(trx, organizationId, liveEnabled))) throw new AppError('not_found', `No organisation ${organizationId}.`);
    await recordAuditEvent(trx, {
      organizationId,
      mode: 'live',
      action: liveEnabled ? 'organization.live_enabled' : 'organization.live_disabled',
      target: { type: 'organization', id: organizationId },
      changes: { live_enabled: liveEnabled },
      source,
      clock: services.clock,
    });
  });
}
