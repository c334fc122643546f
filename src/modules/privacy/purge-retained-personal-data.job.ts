/** Erases what erasures kept under a retention duty once the duty has ended (docs/privacy.md); daily. */
import { defineJob } from '../../jobs/job-definition.js';
import { purgeRetainedPersonalData } from './purge-retained-personal-data.js';

export const purgeRetainedPersonalDataJob = defineJob<Record<string, never>>({
  kind: 'purge-retained-personal-data',
  parse: () => ({}),
  retryDelaysMs: [60_000, 5 * 60_000, 30 * 60_000],
  async handle(services) {
    await purgeRetainedPersonalData(services);
  },
});
