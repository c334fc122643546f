/** Deletes finished job rows after a week: long enough to inspect a failure, short enough to keep the table small. */
import { defineJob } from './job-definition.js';
import { purgeFinishedJobs } from './job-queue.js';

export const JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export const purgeJobsJob = defineJob<Record<string, never>>({
  kind: 'purge-jobs',
  parse: () => ({}),
  retryDelaysMs: [60_000],
  async handle({ db, clock }) {
    await purgeFinishedJobs(db, new Date(clock.now().getTime() - JOB_RETENTION_MS));
  },
});
