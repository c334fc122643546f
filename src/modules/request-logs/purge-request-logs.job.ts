/**
 * Deletes request-log rows older than 30 days (service description, Limits: request-log retention),
 * and with them the redacted bodies of the failed calls among them.
 */
import { defineJob } from '../../jobs/job-definition.js';
import { deleteFailuresBefore } from './request-log-failures.repository.js';
import { deleteRequestLogsBefore } from './request-logs.repository.js';

export const REQUEST_LOG_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export const purgeRequestLogsJob = defineJob<Record<string, never>>({
  kind: 'purge-request-logs',
  parse: () => ({}),
  retryDelaysMs: [60_000, 5 * 60_000],
  async handle({ db, clock }) {
    const cutoff = new Date(clock.now().getTime() - REQUEST_LOG_RETENTION_MS);
    await deleteRequestLogsBefore(db, cutoff);
    await deleteFailuresBefore(db, cutoff);
  },
});
