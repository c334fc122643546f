import { AppError } from '../../core/errors.js';
import type { ActSource, Services } from '../../core/context.js';
import { withTransaction } from '../../ports/database.js';
import { recordAuditEvent } from '../audit-log/record-audit-event.js';
import { findApiKeyTenant, markRevoked } from './api-keys.repository.js';

/**
 * Revokes a key. Processes that cached it stop accepting it within the key cache's 5 seconds.
 * Revoking a revoked key is a no-op (and records nothing). Raises `not_found`. The revocation is
 * recorded in the audit log (`api_key.revoked`, in the key's mode) in the same transaction. With
 * `organizationId` (the console), a key of another organisation is `not_found` too.
 */
export async function revokeApiKey(services: Pick<Services, 'db' | 'clock'>, id: string, source: ActSource = { actor: { type: 'system' } }, organizationId?: string): Promise<void> {
  await withTransaction(services.db, async (trx) => {
    const key = await findApiKeyTenant(trx, id);
    if (!key || (organizationId !== undefined && key.organization_id !== organizationId)) throw new AppError('not_found', `No API key ${id}.`);
    if (!(await markRevoked(trx, id, services.clock.now()))) return;
    await recordAuditEvent(trx, { organizationId: key.organization_id, mode: key.mode, action: 'api_key.revoked', target: { type: 'api_key', id }, source, clock: services.clock });
  });
}
