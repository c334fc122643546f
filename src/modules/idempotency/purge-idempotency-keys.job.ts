/** Deletes idempotency records past their 24 hours. */
import { defineJob } from '../../jobs/job-definition.js';
import { deleteExpiredKeys } from './idempotency.repository.js';

export const purgeIdempotencyKeysJob = defineJob<Record<string, never>>({
  kind: 'purge-idempotency-keys',
  parse: () => ({}),
  retryDelaysMs: [60_000, 5 * 60_000],
  async handle({ db, clock }) {
    await deleteExpiredKeys(db, clock.now());
  },
});
