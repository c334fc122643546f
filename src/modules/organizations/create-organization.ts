import { newId } from '../../core/ids.js';
import type { Services } from '../../core/context.js';
import { insertOrganization, type Organization } from './organizations.repository.js';

/** Creates an organisation, not yet cleared for live unless `liveEnabled` says so. */
export function createOrganization(services: Pick<Services, 'db' | 'clock'>, input: { name: string; liveEnabled?: boolean }): Promise<Organization> {
  const now = services.clock.now();
  return insertOrganization(services.db, { id: newId('organization', now), name: input.name, live_enabled: input.liveEnabled ?? false, created_at: now });
}
