import type { Services } from '../../core/context.js';
import { createApiKey } from '../api-keys/create-api-key.js';
import { nameFirstOwner } from '../members/name-first-owner.js';
import { createOrganization } from './create-organization.js';
import { countOrganizations } from './organizations.repository.js';

/**
 * On the first start of an empty database, outside production: makes a sandbox organisation and a
 * test key with every scope, so a new user can call the API at once, and names `ownerEmail` its owner
 * in the console. Resolves undefined otherwise.
 */
export async function ensureSandbox(services: Pick<Services, 'db' | 'clock'>, ownerEmail?: string): Promise<{ organizationId: string; testKey: string; ownerEmail?: string } | undefined> {
  if ((await countOrganizations(services.db)) > 0) return undefined;
  const org = await createOrganization(services, { name: 'Sandbox organisation' });
  const key = await createApiKey(services, { organizationId: org.id, mode: 'test' });
  if (ownerEmail) await nameFirstOwner(services, { organizationId: org.id, email: ownerEmail });
  return { organizationId: org.id, testKey: key.key, ownerEmail };
}
