import type { Services } from '../../core/context.js';
import { createApiKey } from '../api-keys/create-api-key.js';
import { createOrganization } from './create-organization.js';
import { countOrganizations } from './organizations.repository.js';

/**
 * On the first start of an empty database, outside production: makes a sandbox organisation and a
 * test key with every scope, so a new user can call the API at once. Resolves undefined otherwise.
 */
export async function ensureSandbox(services: Pick<Services, 'db' | 'clock'>): Promise<{ organizationId: string; testKey: string } | undefined> {
  if ((await countOrganizations(services.db)) > 0) return undefined;
  const org = await createOrganization(services, { name: 'Sandbox organisation' });
  const key = await createApiKey(services, { organizationId: org.id, mode: 'test' });
  return { organizationId: org.id, testKey: key.key };
}
