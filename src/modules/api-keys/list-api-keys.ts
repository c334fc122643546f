import type { Services } from '../../core/context.js';
import { selectOrganizationApiKeys, type ApiKeyListing } from './api-keys.repository.js';

/** How many keys the console lists: an organisation has a handful; more is a sign to revoke some. */
export const API_KEY_LIST_LIMIT = 200;

/** The organisation's API keys of both modes, newest first, revoked ones included: hint, mode, scopes, times. */
export function listApiKeys(services: Pick<Services, 'db'>, organizationId: string): Promise<ApiKeyListing[]> {
  return selectOrganizationApiKeys(services.db, organizationId, API_KEY_LIST_LIMIT);
}
