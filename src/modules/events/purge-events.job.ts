/** Drops feed events past the 90-day retention (service description, Limits); shipment chains stay. */
import { defineJob } from '../../jobs/job-definition.js';
import { deleteClockedFeedEventsOlderThan, deleteFeedEventsBefore } from './events.repository.js';
import { EVENT_RETENTION_MS } from './list-events.js';

export const purgeEventsJob = defineJob<Record<string, never>>({
  kind: 'purge-events',
  parse: () => ({}),
  retryDelaysMs: [60_000, 5 * 60_000],
  async handle({ db, clock }) {
    await deleteFeedEventsBefore(db, new Date(clock.now().getTime() - EVENT_RETENTION_MS));
    await deleteClockedFeedEventsOlderThan(db, EVENT_RETENTION_MS);
  },
});
