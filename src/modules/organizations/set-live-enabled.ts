import { AppError } from '../../core/errors.js';
import type { Services } from '../../core/context.js';
import { updateLiveEnabled } from './organizations.repository.js';

/**
 * Clears (or withdraws) an organisation for live mode. API processes cache the clearance with the
 * key for at most 5 seconds, so the change is in force everywhere within that time. Raises `not_found`.
 */
export async function setLiveEnabled(services: Pick<Services, 'db'>, organizationId: string, liveEnabled: boolean): Promise<void> {
  if (!(await updateLiveEnabled(services.db, organizationId, liveEnabled))) {
    throw new AppError('not_found', `No organisation ${organizationId}.`);
  }
}
