import type { Services } from '../../core/context.js';
import { selectApiKeyHints, selectOrganizationApiKeys, type ApiKeyListing } from './api-keys.repository.js';

/** How many keys the console lists: an organisation has a handful; more is a sign to revoke some. */
export const API_KEY_LIST_LIMIT = 200;

/** The organisation's API keys of both modes, newest first, revoked ones included: hint, mode, scopes, times. */
export function listApiKeys(services: Pick<Services, 'db'>, organizationId: string): Promise<ApiKeyListing[]> {
  return selectOrganizationApiKeys(services.db, organizationId, API_KEY_LIST_LIMIT);
}

/** The hint (prefix and last four characters) of each of the organisation's keys among `ids`, as its list shows it: how the console names an API key that acted. */
export async function apiKeyHints(services: Pick<Services, 'db'>, organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
  return new Map((await selectApiKeyHints(services.db, organizationId, ids)).map((k) => [k.id, k.hint] as const));
}
