import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { ActSource, Services } from '../../core/context.js';
import { withTransaction } from '../../ports/database.js';
import { recordAuditEvent } from '../audit-log/record-audit-event.js';
import type { Mode } from '../../core/mode.js';
import { SCOPES, isScope, type Scope } from '../../core/scopes.js';
import { findOrganization } from '../organizations/organizations.repository.js';
import { generateApiKey, hashApiKey, keyHint } from './api-key-secret.js';
import { insertApiKey } from './api-keys.repository.js';

export interface CreatedApiKey {
  id: string;
  /** The secret, shown this once. */
  key: string;
  mode: Mode;
  scopes: Scope[];
}

/**
 * Makes an API key for an organisation and mode; without `scopes` it gets every scope. A live key
 * may be made before the organisation is cleared for live: it then answers `live_not_enabled`.
 * Raises `not_found` (organisation) and `validation_failed` (unknown scope). Recorded in the audit
 * log (`api_key.created`, in the key's mode) with `source` as actor: the CLI, or the service itself.
 */
export async function createApiKey(
  services: Pick<Services, 'db' | 'clock'>,
  input: { organizationId: string; mode: Mode; scopes?: string[] },
  source: ActSource = { actor: { type: 'system' } },
): Promise<CreatedApiKey> {
  const unknown = (input.scopes ?? []).filter((s) => !isScope(s));
  if (unknown.length > 0) throw new AppError('validation_failed', `Unknown scopes: ${unknown.join(', ')}. Known scopes: ${SCOPES.join(', ')}.`);
  if (!(await findOrganization(services.db, input.organizationId))) throw new AppError('not_found', `No organisation ${input.organizationId}.`);
  const scopes = input.scopes ? [...new Set(input.scopes as Scope[])] : [...SCOPES];
  const now = services.clock.now();
  const key = generateApiKey(input.mode);
  const id = newId('api_key', now);
  await withTransaction(services.db, async (trx) => {
    await insertApiKey(trx, { id, organization_id: input.organizationId, mode: input.mode, key_hash: hashApiKey(key), hint: keyHint(key), scopes, created_at: now });
    await recordAuditEvent(trx, {
      organizationId: input.organizationId,
      mode: input.mode,
      action: 'api_key.created',
      target: { type: 'api_key', id },
      changes: { mode: input.mode, scopes },
      source,
      clock: services.clock,
    });
  });
  return { id, key, mode: input.mode, scopes };
}
