import { AppError } from '../../core/errors.js';
import type { Services } from '../../core/context.js';
import { apiKeyExists, markRevoked } from './api-keys.repository.js';

/**
 * Revokes a key. Processes that cached it stop accepting it within the key cache's 5 seconds.
 * Revoking a revoked key is a no-op. Raises `not_found`.
 */
export async function revokeApiKey(services: Pick<Services, 'db' | 'clock'>, id: string): Promise<void> {
  if (await markRevoked(services.db, id, services.clock.now())) return;
  if (!(await apiKeyExists(services.db, id))) throw new AppError('not_found', `No API key ${id}.`);
}
