/**
 * The scheduled checkpoint (CHECKPOINT_INTERVAL_MINUTES, docs/audit-log.md): one checkpoint for each
 * organisation and mode whose audit chain or a shipment chain moved since its last one; tenants
 * with nothing new get none. A tenant that fails does not hold up the others; the run then fails
 * and is retried, and the retry seals only what is still unsealed.
 */
import { defineJob } from '../../jobs/job-definition.js';
import { createCheckpoint } from './create-checkpoint.js';
import { selectTenantsWithChanges } from './checkpoints.repository.js';

export const createCheckpointsJob = defineJob<Record<string, never>>({
  kind: 'create-checkpoints',
  parse: () => ({}),
  retryDelaysMs: [60_000, 5 * 60_000],
  async handle(services) {
    const failures: string[] = [];
    for (const tenant of await selectTenantsWithChanges(services.db)) {
      try {
        await createCheckpoint(services, tenant);
      } catch (error) {
        failures.push(`${tenant.organizationId}/${tenant.mode}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (failures.length > 0) throw new Error(`checkpoints failed for ${failures.length} tenant(s): ${failures.slice(0, 5).join('; ')}`);
  },
});
