import type { ActSource, Services } from '../../core/context.js';
import { createApiKey } from '../api-keys/create-api-key.js';
import { createOrganization } from './create-organization.js';
import { findOldestOrganization } from './organizations.repository.js';
import { setLiveEnabled } from './set-live-enabled.js';

/**
 * For scripts and CI: the oldest organisation (made if there is none), cleared for live, with a
 * fresh test and live key with every scope. Keys are stored hashed, so each run makes new ones.
 */
export async function bootstrapOrganization(services: Pick<Services, 'db' | 'clock'>, source?: ActSource): Promise<{ organization_id: string; test_key: string; live_key: string }> {
  const org = (await findOldestOrganization(services.db)) ?? (await createOrganization(services, { name: 'Bootstrap organisation' }));
  await setLiveEnabled(services, org.id, true, source);
  const test = await createApiKey(services, { organizationId: org.id, mode: 'test' }, source);
  const live = await createApiKey(services, { organizationId: org.id, mode: 'live' }, source);
  return { organization_id: org.id, test_key: test.key, live_key: live.key };
}
